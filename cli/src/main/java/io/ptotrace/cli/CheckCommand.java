package io.ptotrace.cli;

import io.ptotrace.check.CheckJob;
import io.ptotrace.check.HazardCheck;
import io.ptotrace.check.ReportFormat;
import io.ptotrace.check.Severity;
import io.ptotrace.convert.ConvertJob;
import io.ptotrace.convert.ConvertOptions;
import io.ptotrace.convert.overlays.HazardOverlay;
import io.ptotrace.io.InputProblem;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace check}: write-after-read hazards of a run's graph, and the races its timing shows. Logic lives in the check module. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:no finding at or above --fail-on",
            "1:findings at or above --fail-on, or accesses that could not be checked",
            "2:bad input; nothing was written"
        },
        name = "check",
        description = {
            "Check a run's deps.json for unprotected accesses: readers a later overlapping write does not wait for "
                    + "(untracked_reader: declare them TRACKED_INPUT), WAR and RAW edges the runtime lost, overwrites of an "
                    + "INOUT's bytes and writers with no order between them, and tensormap edges whose regions do not overlap.",
            "RUN_OR_DEPS is a deps.json or a run folder holding one; without it, the newest deps.json under ./outputs/. "
                    + "With swimlane records (--records, or the run folder's, found as convert finds them) each finding also "
                    + "says what happened in this run: race (the later task started before the earlier one ended, and by how much) or apart. "
                    + "A raced finding is one level more severe than its kind (info -> warning -> error; edge_without_overlap "
                    + "keeps its level), so the default --fail-on error fails a run that really raced.",
            "The report goes to stdout, or to the -o file; --trace also writes the run's Perfetto trace with every finding marked.",
            ""
        },
        footer = {"", "CI gate: ptotrace check outputs/<run>/ --format json -o check.json   (exit 1 on any error)"})
public final class CheckCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "RUN_OR_DEPS", description = "deps.json or run folder.")
    Path input;

    @Option(
            names = "--records",
            paramLabel = "FILE",
            description =
                    "Swimlane records (chip_swimlane_records.json / l2_swimlane_records.json) for the observed races "
                            + "(default: the run folder's, when present).")
    Path records;

    @Option(
            names = "--func-names",
            paramLabel = "PATH",
            description = "Name map JSON (default: the unique sibling name_map*.json).")
    Path funcNames;

    @Option(
            names = "--format",
            paramLabel = "text|json|markdown",
            defaultValue = "text",
            converter = Formats.class,
            completionCandidates = Formats.class,
            description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Mixin
    OutputOption output;

    @Option(
            names = "--fail-on",
            paramLabel = "error|warning|never",
            defaultValue = "error",
            converter = FailOn.class,
            completionCandidates = FailOn.class,
            description =
                    "Exit with status 1 when a finding is this severe or worse (default: ${DEFAULT-VALUE}; never: always 0).")
    FailOnLevel failOn;

    @Option(
            names = "--trace",
            paramLabel = "OUT.pftrace",
            description =
                    "Also write the run's Perfetto trace (needs the records) with every finding marked: a slice of "
                            + "category hazard on both tasks and an arrow between them.")
    Path trace;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code --fail-on} levels: a severity, or never. */
    enum FailOnLevel {
        ERROR(Severity.ERROR),
        WARNING(Severity.WARNING),
        NEVER(null);

        final Severity severity;

        FailOnLevel(Severity s) {
            severity = s;
        }
    }

    @Override
    public Integer call() throws Exception {
        CheckJob.Request r = new CheckJob.Request();
        r.input = input;
        r.records = records;
        r.funcNames = funcNames;
        r.format = format;
        r.output = output.file;
        r.failOn = failOn.severity;
        r.timings = verbose.verbose;
        PrintWriter err = spec.commandLine().getErr();
        java.util.Set<String> said = new java.util.HashSet<>();
        java.util.function.Consumer<String> warn = line -> {
            said.add(line);
            err.println(line);
            err.flush();
        };
        if (trace != null) {
            if (!trace.getFileName().toString().endsWith(".pftrace")
                    && !trace.getFileName().toString().endsWith(".perfetto-trace"))
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--trace: the trace is a .pftrace (name it OUT.pftrace)");
            Path deps = CheckJob.depsOf(r);
            Path rec = records != null ? records : CheckJob.recordsBeside(deps);
            if (rec == null)
                throw new InputProblem(
                        deps.resolveSibling("chip_swimlane_records.json"),
                        "no swimlane records beside " + deps.getFileName() + " for --trace; pass --records FILE",
                        null);
            java.util.List<Path> outs =
                    output.file != null ? java.util.List.of(output.file, trace) : java.util.List.of(trace);
            java.util.List<Path> ins = new java.util.ArrayList<>(java.util.List.of(deps, rec));
            ins.addAll(io.ptotrace.model.RunLocator.nameMapsBeside(deps));
            io.ptotrace.io.Outputs.plan(outs, ins); // refuse before anything is reported
        }
        if (trace == null || output.file == null) {
            CheckJob.Outcome o = CheckJob.run(r, System.out, warn);
            if (trace != null) writeTrace(o, warn, said, null);
            return o.failed() ? ExitCodes.DIFFERENCES : ExitCodes.OK;
        }
        // a report file and a trace: the report is rendered first and committed with the trace, both or neither
        r.output = null;
        java.io.ByteArrayOutputStream report = new java.io.ByteArrayOutputStream();
        CheckJob.Outcome o = CheckJob.run(r, report, warn);
        byte[] bytes = report.toByteArray();
        writeTrace(o, warn, said, new io.ptotrace.io.Outputs.Job(output.file, false, s -> s.write(bytes)));
        return o.failed() ? ExitCodes.DIFFERENCES : ExitCodes.OK;
    }

    /** Converts the run with the findings marked; of convert's warnings, those the check already printed are left out. */
    private void writeTrace(
            CheckJob.Outcome o,
            java.util.function.Consumer<String> warn,
            java.util.Set<String> said,
            io.ptotrace.io.Outputs.Job reportFile)
            throws Exception {
        ConvertOptions c = new ConvertOptions();
        c.input = o.records();
        c.depsJson = o.deps();
        c.funcNames = funcNames;
        c.output = trace;
        c.format = ConvertOptions.Format.PFTRACE;
        if (reportFile != null) c.alongside.add(reportFile);
        int[] drawn = new int[1];
        HazardCheck.Result result = o.result();
        c.overlays.add(HazardOverlay.producer(result.findings(), drawn));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        PrintStream unsaid =
                new PrintStream(new NewLines(System.err, said), true, java.nio.charset.StandardCharsets.UTF_8);
        new ConvertJob(c, quiet, unsaid, Progress.wanted()).run();
        unsaid.flush();
        warn.accept("Wrote " + trace + " (" + drawn[0] + " of "
                + result.findings().size() + " finding(s) marked, category hazard)");
    }

    static final class Formats extends Choices<ReportFormat> {
        Formats() {
            add(ReportFormat.TEXT, "text", "txt");
            add(ReportFormat.JSON, "json");
            add(ReportFormat.MARKDOWN, "markdown", "md");
        }
    }

    static final class FailOn extends Choices<FailOnLevel> {
        FailOn() {
            add(FailOnLevel.ERROR, "error", "errors");
            add(FailOnLevel.WARNING, "warning", "warnings");
            add(FailOnLevel.NEVER, "never", "none");
        }
    }

    /** Passes on whole lines to {@code to}, except those in {@code said}. */
    private static final class NewLines extends OutputStream {
        private final PrintStream to;
        private final java.util.Set<String> said;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        NewLines(PrintStream to, java.util.Set<String> said) {
            this.to = to;
            this.said = said;
        }

        @Override
        public void write(int b) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String text = line.toString(java.nio.charset.StandardCharsets.UTF_8);
            line.reset();
            if (said.contains(text)) return;
            to.println(text);
            to.flush();
        }

        @Override
        public void flush() {
            if (line.size() == 0) return;
            to.print(line.toString(java.nio.charset.StandardCharsets.UTF_8));
            line.reset();
            to.flush();
        }
    }
}
