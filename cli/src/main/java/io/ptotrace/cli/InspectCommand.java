package io.ptotrace.cli;

import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace inspect}: summary and structural problems of a trace (Chrome JSON or .pftrace). */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:no problems", "1:problems found", "2:unreadable input"},
        name = "inspect",
        description = {
            "Summarise a trace (Chrome JSON or Perfetto protobuf, either may be gzip-compressed).",
            "Lists every structural problem that makes Perfetto lose or misplace data: arrows "
                    + "without a start or an end, arrows whose end lies before their start, arrow ends with "
                    + "no slice to bind to, slices overlapping without nesting.",
        })
public final class InspectCommand implements Callable<Integer> {
    /** Report formats. */
    enum ReportFormat {
        TEXT,
        JSON
    }

    @Parameters(
            index = "0",
            paramLabel = "TRACE",
            description = "merged_swimlane.json, a .pftrace, or either gzip-compressed.")
    Path trace;

    @Option(
            names = "--format",
            paramLabel = "text|json",
            defaultValue = "text",
            converter = ReportFormats.class,
            completionCandidates = ReportFormats.class,
            description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (java.nio.file.Files.isDirectory(trace))
            throw new io.ptotrace.io.InputProblem(
                    trace,
                    "is a folder, not a trace; inspect reads a trace file (convert a run folder or tree first: ptotrace"
                            + " convert " + trace + ")",
                    null);
        Summary s = TraceInspector.inspect(trace);
        out.print(format == ReportFormat.JSON ? s.toJson() + "\n" : s.toText());
        out.flush();
        return s.clean() ? ExitCodes.OK : ExitCodes.DIFFERENCES;
    }

    static final class ReportFormats extends Choices<ReportFormat> {
        ReportFormats() {
            add(ReportFormat.TEXT, "text");
            add(ReportFormat.JSON, "json");
        }
    }
}
