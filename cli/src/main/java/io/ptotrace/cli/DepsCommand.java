package io.ptotrace.cli;

import io.ptotrace.viewer.DepsViewer;
import io.ptotrace.viewer.EdgeMode;
import io.ptotrace.viewer.Focus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace deps}: a deps.json → a text view or an interactive HTML page of its task graph. Logic lives in the viewer module. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the view written",
            "2:trouble: bad input, bad usage, or an output that cannot be written; nothing was written"
        },
        name = "deps",
        description = {
            "View a deps.json task graph: a grep- and diff-friendly text file (summary, task index, each task's "
                    + "predecessors and successors), with all dependency edges or the ones an edge mode selects; or, with "
                    + "--format html, one self-contained page (no Graphviz, no network) drawing the whole graph on a canvas, "
                    + "with search, pan and zoom, and a panel of each task's neighbours, args and annotated edges.",
            "INPUT is a deps.json or a run folder holding one; without it, the newest deps.json anywhere under "
                    + "./outputs/ is used. The output goes next to it as deps_viewer.txt or .html (deps_viewer_<mode>.txt or "
                    + ".html for a reduction). A name map (name_map*.json) and a perf sidecar (chip_swimlane_records.json or "
                    + "l2_swimlane_records.json) beside the deps.json are read when present.",
            ""
        })
public final class DepsCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "INPUT", description = "deps.json or run folder.")
    Path input;

    @Mixin
    OutputOption output;

    @Option(
            names = "--format",
            paramLabel = "text|html",
            defaultValue = "text",
            converter = Formats.class,
            completionCandidates = Formats.class,
            description = "Output format (default: text).")
    String format;

    @Option(
            names = "--edge-mode",
            paramLabel = "MODE",
            defaultValue = "full",
            converter = EdgeModes.class,
            completionCandidates = EdgeModes.class,
            description = {
                "full (default): every dependency edge; reduced: the transitive reduction, keeping every edge that "
                        + "keeps a tensor alive (creator); omitted: only the edges reduced drops; reduced_dataflow: drops a "
                        + "tensor-lifetime edge too when the slices' byte ranges prove it redundant; omitted_dataflow: only the "
                        + "edges reduced_dataflow drops. A cyclic graph is shown in full, with a warning."
            })
    EdgeMode edgeMode;

    @Option(
            names = "--func-names",
            paramLabel = "PATH",
            description = "Name map JSON (default: the newest sibling name_map*.json).")
    Path funcNames;

    @Option(
            names = "--show-tensor-info",
            description = "HTML only: the tasks' argument slots as input and output compartments (tensor, storage, "
                    + "shape, strides, offset) in the detail panel.")
    boolean showTensorInfo;

    @Option(
            names = "--direction",
            paramLabel = "LR|TB|RL|BT",
            defaultValue = "LR",
            converter = Directions.class,
            completionCandidates = Directions.class,
            description = "HTML only: layout direction (default: LR).")
    String direction;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "dot",
            converter = Engines.class,
            completionCandidates = Engines.class,
            description =
                    "HTML only, accepted for scripts written for Graphviz: dot (default) means the layered layout; "
                            + "neato, sfdp, fdp, circo and twopi mean the large-graph layout.")
    String engine;

    @Option(
            names = "--focus",
            paramLabel = "TASK[,TASK...]",
            description = {
                "Only the neighbourhood of these tasks: each with its predecessors and successors up to --hops "
                        + "hops. TASK as the view prints it (42, or (1, 42) with rings; g7t3 or r0t5 for a graph that names its runtime), or the raw decimal id. The edge mode is "
                        + "applied to the whole graph first."
            })
    String focus;

    @Option(
            names = "--hops",
            paramLabel = "N",
            description = "With --focus: hops in each direction (default: " + Focus.DEFAULT_HOPS
                    + "; 0: the focus tasks alone).")
    Integer hops;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        EdgeMode mode = edgeMode;
        PrintWriter err = spec.commandLine().getErr();
        if (!format.equals("html")) {
            // a usage error like any other: picocli's one handler prints it
            for (String o : new String[] {"--engine", "--direction", "--show-tensor-info"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(o))
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), o + " is only valid with --format html");
            }
        }
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = input;
        r.output = output.file;
        r.edgeMode = mode;
        r.funcNames = funcNames;
        r.timings = verbose.verbose;
        r.html = format.equals("html");
        r.direction = direction;
        r.engine = engine;
        r.showTensorInfo = showTensorInfo;
        r.focus = focus(focus, hops);
        DepsViewer.run(r, System.out, line -> {
            err.println(line);
            err.flush();
        });
        return ExitCodes.OK;
    }

    private Focus focus(String tasks, Integer n) {
        if (tasks == null) {
            if (n != null) throw new CommandLine.ParameterException(spec.commandLine(), "--hops needs --focus");
            return null;
        }
        try {
            return Focus.parse(tasks, n == null ? Focus.DEFAULT_HOPS : n);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The words of the reference tool's choices, spelt exactly as it spells them. */
    static final class Formats extends Choices<String> {
        Formats() {
            exact();
            add("text", "text");
            add("html", "html");
        }
    }

    static final class EdgeModes extends Choices<EdgeMode> {
        EdgeModes() {
            exact();
            for (EdgeMode m : EdgeMode.values()) add(m, m.cliName);
        }
    }

    static final class Engines extends Choices<String> {
        Engines() {
            exact();
            for (String e : new String[] {"dot", "neato", "sfdp", "fdp", "circo", "twopi"}) add(e, e);
        }
    }

    static final class Directions extends Choices<String> {
        Directions() {
            exact();
            for (String d : new String[] {"TB", "LR", "BT", "RL"}) add(d, d);
        }
    }
}
