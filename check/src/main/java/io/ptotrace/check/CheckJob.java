package io.ptotrace.check;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * {@code ptotrace check} as a library call: find the run's deps.json (and its records and name map), read them,
 * check, write the report.
 */
public final class CheckJob {
    /** What the user asked for. */
    public static final class Request {
        /** deps.json or the run folder holding it; null: the newest deps.json under ./outputs/. */
        public Path input;
        /** Swimlane records; null: the run folder's, when it has them. */
        public Path records;
        /** Name map; null: the only name_map*.json beside the deps.json. */
        public Path funcNames;

        public ReportFormat format = ReportFormat.TEXT;
        /** Report file; null: {@code stdout}. */
        public Path output;
        /** Findings at or above this make exit status 1; null: never. */
        public Severity failOn = Severity.ERROR;

        public Path cwd = Path.of("");
        /** Say on the warning stream how long reading and checking took. */
        public boolean timings;
    }

    /** What was checked and found. */
    public record Outcome(Path deps, Path records, TaskGraph graph, HazardCheck.Result result, boolean failed) {}

    private CheckJob() {}

    /** The deps.json a request names (refused when there is none). */
    public static Path depsOf(Request r) throws IOException {
        if (r.input != null) {
            Path graph = Files.isDirectory(r.input) ? RunLocator.graphPassOf(r.input) : null;
            if (graph != null) return graph.resolve(RunLocator.DEPS_NAME);
            return RunLocator.depsOf(r.input);
        }
        Path newest = RunLocator.newestDepsUnderOutputs(r.cwd);
        if (newest == null)
            throw new InputProblem((Path) null, "no deps.json given and none found under ./outputs/", null);
        return newest;
    }

    /**
     * Checks and reports ({@code stdout} when {@code r.output} is null); extra outputs (a trace) are planned by the
     * caller. Throws {@link InputProblem} on bad input, with nothing written.
     */
    public static Outcome run(Request r, OutputStream stdout, Consumer<String> warn) throws IOException {
        Path deps = depsOf(r);
        Path timingPass = r.records != null || r.input == null || !Files.isDirectory(r.input)
                ? null
                : RunLocator.graphPassOf(r.input) != null ? r.input : RunLocator.timingPassOf(r.input);
        Path records = r.records != null
                ? r.records
                : timingPass != null ? RunLocator.recordsIn(timingPass) : recordsBeside(deps);
        Path names = r.funcNames != null ? r.funcNames : RunLocator.uniqueNameMapBeside(deps, warn);
        List<Path> inputs = new ArrayList<>(List.of(deps));
        if (records != null) inputs.add(records);
        if (names != null) inputs.add(names);
        inputs.addAll(RunLocator.nameMapsBeside(deps));
        if (r.output != null) Outputs.plan(List.of(r.output), inputs); // refuse before the work

        List<String> recordWarnings = new ArrayList<>();
        CompletableFuture<java.util.function.Function<TaskGraph, TaskSpans>> timeline =
                records == null ? null : CompletableFuture.supplyAsync(() -> timing(records, recordWarnings::add));
        TaskGraph g;
        long t0 = System.nanoTime();
        try {
            g = read(deps, warn);
        } catch (RuntimeException e) {
            if (timeline != null) timeline.cancel(true);
            throw e;
        }
        long t1 = System.nanoTime();
        java.util.function.Function<TaskGraph, TaskSpans> spans = timeline == null ? null : join(timeline);
        recordWarnings.forEach(warn);
        NameMap nameMap = names == null ? NameMap.EMPTY : NameMap.readWithFlatFallback(names);
        long t2 = System.nanoTime();
        TaskSpans timing = spans == null ? null : spans.apply(g);
        if (timingPass != null) {
            Path graphPass = deps.getParent();
            if (timing != null && timing.strangers() > 0) {
                warn.accept("Warning: "
                        + RunLocator.passesDiffer(
                                graphPass,
                                timingPass,
                                timing.strangers(),
                                io.ptotrace.model.TaskIds.display(timing.firstStranger()))
                        + "; the graph is checked without timing");
                timing = null;
            } else {
                warn.accept(timingPass.getFileName() + ": " + RunLocator.passesJoined(graphPass, timingPass, records));
            }
        }
        if (timing != null && g.taskRowCount() > 0 && timing.timed() * 2 < g.taskRowCount())
            warn.accept("Warning: only " + timing.timed() + " of the " + g.taskRowCount() + " tasks of " + deps
                    + " have timing in " + records + " (records of another run?): findings between untimed tasks say "
                    + "nothing of what happened");
        HazardCheck.Result result = HazardCheck.run(g, nameMap, timing, warn);
        long t3 = System.nanoTime();
        String shown = deps.toString();
        if (r.output == null) {
            CheckReport.write(result, r.format, shown, stdout);
            stdout.flush();
        } else {
            Outputs.write(r.output, inputs, false, out -> CheckReport.write(result, r.format, shown, out));
        }
        if (r.timings)
            warn.accept(String.format(
                    java.util.Locale.ROOT,
                    "check: read deps.json %.2f s (%d tasks, %d pairs), records and names %.2f s, check %.2f s (sweep %.2f s: %d accesses, %d path "
                            + "searches, %d nodes expanded; edges %.2f s), report %.2f s",
                    (t1 - t0) / 1e9,
                    g.taskRowCount(),
                    g.pairCount(),
                    (t2 - t1) / 1e9,
                    (t3 - t2) / 1e9,
                    result.sweepSeconds(),
                    result.accesses(),
                    result.searches(),
                    result.expanded(),
                    result.edgeSeconds(),
                    (System.nanoTime() - t3) / 1e9));
        if (result.unplaced() > 0)
            warn.accept(
                    "Warning: " + result.unplaced() + " access(es) of " + deps + " not checked: their tensor_id names "
                            + "no tensor with a usable buffer_addr in tensors[], so nothing places their bytes"
                            + (r.failOn == null ? "" : " (exit status 1)"));
        Severity worst = result.worst();
        boolean failed = r.failOn != null && (result.unplaced() > 0 || worst != null && worst.atLeast(r.failOn));
        return new Outcome(deps, timing == null ? null : records, g, result, failed);
    }

    /**
     * The run's timing as the check needs it, each task's span. A capture damaged where the check does not read
     * (an unknown level, a host record without its end, …) is read for its AICore rows and clock alone, and the
     * damage is named in one warning.
     */
    static java.util.function.Function<TaskGraph, TaskSpans> timing(Path records, Consumer<String> warn) {
        try {
            Timeline tl = RecordsReader.read(records, warn);
            return g -> TaskSpans.of(tl, g);
        } catch (InputProblem whole) {
            io.ptotrace.model.AicoreRows rows = io.ptotrace.model.AicoreRows.read(records);
            warn.accept("Warning: " + whole.oneLine()
                    + "; check needs only the AICore rows and clock_freq_hz for the timing, and read those");
            return g -> TaskSpans.of(rows, g);
        }
    }

    /** Reads a deps.json with every member the check needs; structure the schema does not allow is refused. */
    public static TaskGraph read(Path deps, Consumer<String> warn) {
        return TaskGraph.read(deps, DepsReader.Detail.FULL, TaskGraph.Duplicates.LAST, warn)
                .refuseUnexpected("edges", "tasks", "tensors", "args");
    }

    /** The records file in the folder of a deps.json, as convert finds a run's records. */
    public static Path recordsBeside(Path deps) {
        Path dir = deps.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) return null;
        Path f = RunLocator.recordsIn(dir);
        return f == null ? null : deps.resolveSibling(f.getFileName().toString());
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) throw (RuntimeException) e.getCause();
            if (e.getCause() instanceof Error) throw (Error) e.getCause();
            throw e;
        }
    }
}
