package io.ptotrace.cli;

import io.ptotrace.convert.ConvertJob;
import io.ptotrace.convert.ConvertOptions;
import io.ptotrace.convert.overlays.CriticalPathOverlay;
import io.ptotrace.critpath.CriticalPathJob;
import io.ptotrace.critpath.Discovery;
import io.ptotrace.critpath.RunAnalysis;
import io.ptotrace.model.Timeline;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace critical-path}: what bounded each run's makespan. The analysis lives in the critpath module. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every run analysed",
            "2:a run or a trace could not be read (the others are still analysed), or bad usage"
        },
        name = "critical-path",
        description = {
            "Find what limited each run under BUILD_DIR: the static CPM path (the longest duration-weighted chain of the "
                    + "happens-before graph, the floor with unlimited cores) and the observed blame path (walked back from the last "
                    + "task through whichever producer or core predecessor released it last; its compute and stall tile the makespan).",
            "A run folder holds chip_swimlane_records.json or l2_swimlane_records.json (or l2_perf_records.json), deps.json "
                    + "and a name_map*.json. Each gets a Markdown report; with a merged_swimlane*.json beside it, CPM_static.json and "
                    + "CPM_observed.json (copies of that trace with every Worker View task off the path renamed \u00b7(t<id>)).",
            "Prints a one-line summary per run.",
            ""
        })
public final class CriticalPathCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "BUILD_DIR", description = "Folder to search (a file: its folder).")
    Path root;

    @Option(
            names = "--report",
            paramLabel = "NAME",
            defaultValue = "critical_path_report.md",
            description =
                    "Report file name written in each run folder (default: ${DEFAULT-VALUE}); a bare name, not a path.")
    String report;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "25",
            description = "Rows of the kernel-family table (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(
            names = "--tol",
            paramLabel = "TICKS",
            defaultValue = "2",
            converter = Ticks.class,
            description = "Tolerance in clock ticks for \"finished before\" (default: ${DEFAULT-VALUE}).")
    long tol;

    @Option(
            names = "--stdout",
            description =
                    "Also print the full report of all runs to stdout (the one-line summaries are always printed).")
    boolean stdout;

    @Option(
            names = "--extended",
            description =
                    "Append ptotrace's own sections to each report: slack and near-critical tasks, "
                            + "what-if per kernel family, observed stalls split by scheduler phase (where the capture has AICPU records).")
    boolean extended;

    @Option(
            names = "--format",
            paramLabel = "markdown|json",
            converter = ReportFormats.class,
            completionCandidates = ReportFormats.class,
            defaultValue = "markdown",
            description =
                    "Report format: ${COMPLETION-CANDIDATES} (json: <report stem>.json with both paths, families, slack, what-if).")
    String format;

    @Option(
            names = "--near-us",
            paramLabel = "US",
            defaultValue = "1.0",
            description =
                    "Near-critical threshold: tasks with at most this much slack in \u00b5s are listed (default: ${DEFAULT-VALUE}).")
    double nearUs;

    @Option(
            names = "--speedup",
            paramLabel = "PCT",
            defaultValue = "10",
            description = "What-if: how much faster each kernel family runs, in percent (default: ${DEFAULT-VALUE}).")
    double speedupPct;

    @Option(
            names = "--gap-threshold",
            paramLabel = "US",
            description =
                    "With --extended: mark the observed-path tasks whose gap before them is longer than US \u00b5s.")
    Double gapThresholdUs;

    @Option(
            names = "--trace",
            description = "Also write each run's merged_swimlane.pftrace with the critical paths marked "
                    + "(category critical_path) and a Critical path track.")
    boolean trace;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (top < 0)
            throw new CommandLine.ParameterException(spec.commandLine(), "--top: expected 0 or more, not " + top);
        if (!(nearUs >= 0 && Double.isFinite(nearUs)))
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--near-us: expected a finite number of 0 or more, not " + nearUs);
        if (!(speedupPct > 0 && speedupPct <= 100))
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--speedup: expected a percentage above 0 and at most 100, not " + speedupPct);
        if (gapThresholdUs != null && !(gapThresholdUs >= 0 && Double.isFinite(gapThresholdUs)))
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--gap-threshold: expected a finite number of 0 or more, not " + gapThresholdUs);
        if (gapThresholdUs != null && !extended)
            throw new CommandLine.ParameterException(spec.commandLine(), "--gap-threshold needs --extended");
        CriticalPathJob.Options o = new CriticalPathJob.Options();
        if (gapThresholdUs != null) o.gapThresholdUs = gapThresholdUs;
        o.root = root;
        o.report = report;
        o.top = top;
        o.tol = tol;
        o.stdout = stdout;
        o.extended = extended;
        o.json = format.equals("json");
        o.nearUs = nearUs;
        o.speedup = speedupPct / 100;
        o.timings = verbose.verbose;
        if (trace) o.overlay = CriticalPathCommand::writeTrace;
        try {
            return new CriticalPathJob(o, System.out, System.err).run();
        } catch (CriticalPathJob.Refused e) {
            System.out.flush();
            System.err.println(e.getMessage());
            return ExitCodes.TROUBLE;
        }
    }

    /** {@code --trace}: converts the run to its .pftrace with the overlay drawn in; the converter's own report is not printed. */
    static Path writeTrace(Discovery.RunFolder run, RunAnalysis a, Timeline tl, PrintStream err) {
        ConvertOptions c = new ConvertOptions();
        c.input = run.records();
        c.depsJson = run.deps();
        c.funcNames = run.nameMap();
        c.format = ConvertOptions.Format.PFTRACE;
        c.output = run.dir().resolve("merged_swimlane.pftrace");
        c.overlays.add(CriticalPathOverlay.producer(ctx -> a));
        try {
            new ConvertJob(c, new PrintStream(OutputStream.nullOutputStream()), err, false).run();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return c.output;
    }

    /** {@code --tol}: a whole number of clock ticks, 0 or more, in words a user reads. */
    static final class Ticks implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                long v = Long.parseLong(value.trim());
                if (v >= 0) return v;
            } catch (NumberFormatException e) {
                // said below
            }
            throw new CommandLine.TypeConversionException(
                    "expected a whole number of clock ticks, 0 or more, not '" + value + "'");
        }
    }

    static final class ReportFormats extends Choices<String> {
        ReportFormats() {
            add("markdown", "markdown", "md");
            add("json", "json");
        }
    }
}
