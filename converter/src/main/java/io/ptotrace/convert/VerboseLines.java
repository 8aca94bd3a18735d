package io.ptotrace.convert;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** What {@code convert -v} prints about the run it read and the trace it drew, in the reference converter's words. */
final class VerboseLines {
    private VerboseLines() {}

    /** The name map's entries, under -v. */
    static void names(PrintStream out, NameMap m, String suffix) {
        out.println("  Loaded " + m.size() + " function name mappings" + suffix + ":");
        for (Map.Entry<String, String> e : m.sortedEntries())
            out.println("    func_id=" + e.getKey() + ": " + e.getValue());
        if (m.orchestratorName() != null) out.println("  Orchestrator: " + m.orchestratorName());
        out.println();
    }

    /** The records' summary, as the Python converter prints it under -v. */
    static void summary(PrintStream out, Timeline tl) {
        out.println();
        out.println("=== Performance Data ===");
        out.println("  L2 perf level: " + tl.level);
        out.println("  Task Count: " + tl.rows);
        if (tl.rows > 0) {
            double mn = Double.POSITIVE_INFINITY, mx = Double.NEGATIVE_INFINITY;
            for (int r = 0; r < tl.rows; r++) {
                mn = Math.min(mn, tl.start[r]);
                mx = Math.max(mx, tl.end[r]);
            }
            out.println(String.format(
                    "  Time Range: %s us - %s us (span: %s us)",
                    StatisticsReport.f(mn, 3), StatisticsReport.f(mx, 3), StatisticsReport.f(mx - mn, 3)));
        }
        out.println();
        if (tl.schedulerPhases != null) {
            int n = 0;
            for (var l : tl.schedulerPhases) n += l.size();
            out.println("  Scheduler threads: " + tl.schedulerPhases.size());
            out.println("  Total phase records: " + n);
        }
        if (tl.orchestratorPhases != null) {
            int n = 0;
            for (var l : tl.orchestratorPhases) n += l.size();
            out.println("  Orchestrator threads: " + tl.orchestratorPhases.size());
            out.println("  Total orchestrator phase records: " + n);
            if (n > 0) out.println("  Orchestrator: " + n + " tasks submitted");
        }
        if (tl.coreToThread.length > 0) out.println("  Core-to-thread mapping: " + tl.coreToThread.length + " cores");
    }

    /** The arrows and events drawn, as the Python converter prints them under -v. */
    static void flows(PrintStream out, DepsProjection deps, TraceBuilder.Result r, List<String> mappingLine) {
        if (deps.edgesLoaded()) {
            out.println("  Dependency flow events: " + r.stats.workerPairs + " edges (source: deps.json)");
            if (r.stats.spmdTasks > 0)
                out.println(
                        "  SPMD tasks: " + r.stats.spmdTasks
                                + " logical task(s); dependency arrows independently anchor on each view's earliest visible slice per function");
        } else {
            out.println("  Flow events: 0 (no deps.json \u2014 re-run dep_gen and pass --deps-json to add arrows)");
        }
        if (r.stats.workerViolations > 0)
            out.println(
                    "  Happens-before violations: " + r.stats.workerViolations + " edge(s) flagged as 'hb_violation'");
        mappingLine.forEach(out::println);
        out.println("  Total events: "
                + (r.picture.meta.size()
                        + r.picture.sliceCount()
                        + r.picture.counterCount()
                        - r.stats.overheadSamples));
        out.println("  Flow events: " + r.picture.flowCount());
        if (r.stats.overheadSamples > 0)
            out.println("  Overhead Analysis: " + r.stats.overheadSamples + " counter points (8 tracks)");
        if (r.stats.skippedPhaseRecords > 0)
            out.println("  Skipped scheduler records of legacy/unknown phases: " + r.stats.skippedPhaseRecords);
    }
}
