package io.ptotrace.cli;

import io.ptotrace.compare.CompareJob;
import io.ptotrace.compare.ReportFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace compare OLD NEW}: what changed in time between two runs, and whether it is real. Logic lives in the compare module. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:no significant change",
            "1:a significant change",
            "2:trouble: bad input, runs that cannot be compared, an output that cannot be written"
        },
        name = "compare",
        description = {
            "Compare the timing of two runs, or two sets of repeated runs: the makespan and where its change came from "
                    + "(the observed critical path's compute and stalls, which add up to it), the static floor, each kernel's "
                    + "AICore execution time, core utilisation, scheduler phases, the orchestrator's submit span, hb_violation "
                    + "pairs, and the tasks that moved most.",
            "OLD and NEW are each a run folder (records, deps.json, name map; any capture era), a dfx_outputs tree, or a "
                    + "folder whose sub-folders are repeated runs of one test. A change is called significant only when it is "
                    + "beyond run-to-run noise: one run a side is judged on its task-level samples (within-run), repeated runs "
                    + "on their run-level figures (Mann-Whitney U, as benchstat does, and the same sign in every pair of runs).",
            "The report goes to stdout, or to the -o file; --trace also writes both runs as one Perfetto trace.",
            ""
        },
        footer = {
            "",
            "CI gate: ptotrace compare baseline/ candidate/ --format json -o compare.json   (exit 1 on a significant change)"
        })
public final class CompareCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "OLD",
            description = "The reference: a run folder, a tree or a folder of runs.")
    Path oldPath;

    @Parameters(index = "1", paramLabel = "NEW", description = "The candidate, in the same forms.")
    Path newPath;

    @Option(
            names = "--align",
            description = "Match tasks as diff --align does (per ring, submit order and signature) instead of by id: "
                    + "for runs whose graphs differ (an inserted or removed submit).")
    boolean align;

    @Option(
            names = "--format",
            paramLabel = "text|markdown|json|html",
            defaultValue = "text",
            converter = Formats.class,
            completionCandidates = Formats.class,
            description =
                    "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); html is one self-contained page.")
    ReportFormat format;

    @Mixin
    OutputOption output;

    @Option(
            names = "--trace",
            paramLabel = "FILE.pftrace",
            description = "Also write both runs (the first of each side) as one Perfetto trace, OLD above NEW, "
                    + "aligned at their first AICore start, each kernel slice carrying its matched task's change.")
    Path trace;

    @Option(
            names = "--alpha",
            paramLabel = "A",
            defaultValue = "0.05",
            description = "Significance level of the rank tests (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(
            names = "--min-change",
            paramLabel = "PCT",
            defaultValue = "3",
            description = "Smallest relative change called significant, in percent (default: ${DEFAULT-VALUE}).")
    double minChangePct;

    @Option(
            names = "--min-us",
            paramLabel = "US",
            defaultValue = "0.1",
            description = "Smallest absolute change called significant, in \u00b5s (default: ${DEFAULT-VALUE}).")
    double floorUs;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "10",
            description = "Tasks listed per list (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(
            names = "--dispatch",
            paramLabel = "dN",
            description =
                    "For dfx_outputs trees: the dispatch folder of every rank to compare (default: the only one).")
    String dispatch;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        if (!(alpha > 0 && alpha < 1))
            throw new CommandLine.ParameterException(cl, "--alpha: expected a number between 0 and 1, not " + alpha);
        if (!(minChangePct >= 0 && minChangePct < 1000))
            throw new CommandLine.ParameterException(
                    cl, "--min-change: expected a percentage of 0 or more, not " + minChangePct);
        if (!(floorUs >= 0 && floorUs < 1e12))
            throw new CommandLine.ParameterException(cl, "--min-us: expected 0 or more, not " + floorUs);
        if (top < 0) throw new CommandLine.ParameterException(cl, "--top: expected 0 or more, not " + top);
        if (dispatch != null && !dispatch.matches("d[0-9]+"))
            throw new CommandLine.ParameterException(cl, "--dispatch must name dN (for example, --dispatch d0)");
        CompareJob.Options o = new CompareJob.Options();
        o.oldPath = oldPath;
        o.newPath = newPath;
        o.align = align;
        o.format = format;
        o.output = output.file;
        o.trace = trace;
        o.alpha = alpha;
        o.minChange = minChangePct / 100;
        o.floorUs = floorUs;
        o.top = top;
        o.dispatch = dispatch;
        o.timings = verbose.verbose;
        PrintWriter err = cl.getErr();
        CompareJob.Outcome done = CompareJob.run(o, System.out, line -> {
            err.println(line);
            err.flush();
        });
        return done.comparison().anySignificant() ? ExitCodes.DIFFERENCES : ExitCodes.OK;
    }

    static final class Formats extends Choices<ReportFormat> {
        Formats() {
            add(ReportFormat.TEXT, "text", "txt");
            add(ReportFormat.MARKDOWN, "markdown", "md");
            add(ReportFormat.JSON, "json");
            add(ReportFormat.HTML, "html");
        }
    }
}
