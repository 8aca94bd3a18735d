package io.ptotrace.cli;

import io.ptotrace.diff.DiffOptions;
import io.ptotrace.diff.DiffTool;
import io.ptotrace.diff.Field;
import io.ptotrace.diff.Format;
import io.ptotrace.diff.GraphDiff;
import io.ptotrace.viewer.DiffPage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace diff OLD NEW}: compare two dependency graphs (deps.json). Logic lives in the diff module. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the graphs are identical",
            "1:the graphs differ",
            "2:trouble: bad input or an output that cannot be written"
        },
        name = "diff",
        description = {
            "Compare two deps.json dependency graphs: tasks only in OLD / NEW and changed; dependency edges (pred -> succ) "
                    + "removed / added; annotated edges removed / added / changed; tensors removed / added / changed. "
                    + "OLD and NEW are deps.json files or run folders holding one.",
            "The report goes to stdout, or to the -o file. --format html writes an interactive page of the union graph "
                    + "(tasks and edges only in OLD, only in NEW and changed, coloured; n / p step through the changes) to the -o "
                    + "file, by default deps_diff.html next to NEW's deps.json.",
            ""
        },
        footer = {
            "",
            "Fields for --ignore: scope, kernel_ids, block_num, early_dispatch, arg_count, arg_idx, arg_type, arg_dtype, "
                    + "arg_shape, arg_offset, arg_strides, arg_tensor, overlap, hazard, access_kind, flags, consumer_dtype, "
                    + "consumer_shape, consumer_offset, consumer_strides, producer_shape, producer_offset, producer_strides, "
                    + "tensor_dtype, buffer_numel; groups: args, type, tensor, dtype, shape, offset, strides, consumer, producer, "
                    + "geometry, annotations.",
            "",
            "CI gate: ptotrace diff golden/deps.json outputs/<run>/deps.json --projected"
        })
public final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OLD", description = "deps.json or run folder (the reference).")
    Path oldPath;

    @Parameters(index = "1", paramLabel = "NEW", description = "deps.json or run folder (the candidate).")
    Path newPath;

    @Option(names = "--projected", description = "Compare only the (pred, succ) edge set.")
    boolean projected;

    @Option(
            names = "--align",
            description = "Match the tasks of each ring in submit order by signature (kernel_ids, block_num, "
                    + "arg types/dtypes/shapes) instead of by id, so an inserted or removed submit shows as one task.")
    boolean align;

    @Option(
            names = "--ignore",
            split = ",",
            paramLabel = "FIELD",
            converter = FieldNames.class,
            description = "Leave fields out of the comparison (see below).")
    List<String> ignore = new ArrayList<>();

    @Option(
            names = "--match-tensors",
            paramLabel = "address|structure",
            defaultValue = "address",
            converter = TensorMatches.class,
            completionCandidates = TensorMatches.class,
            description =
                    "Pair tensors by tensor_id (address, default) or by their role: first task and arg that touch them, "
                            + "and version (structure).")
    DiffOptions.TensorMatch matchTensors;

    @Option(
            names = "--format",
            paramLabel = "text|json|markdown|html",
            defaultValue = "text",
            converter = ReportFormats.class,
            completionCandidates = ReportFormats.class,
            description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Mixin
    OutputOption output;

    @Option(
            names = "--func-names",
            paramLabel = "PATH",
            description = "Name map JSON for both sides (default: newest sibling name_map*.json of each).")
    Path funcNames;

    @Option(
            names = "--max-list",
            paramLabel = "N",
            defaultValue = "0",
            description = "Show at most N entries per category in text/markdown (0 = all; JSON always lists all).")
    int maxList;

    @Option(
            names = "--color",
            paramLabel = "auto|always|never",
            defaultValue = "auto",
            converter = Colors.class,
            completionCandidates = Colors.class,
            description = "Colour the text report (auto: only on a terminal and when NO_COLOR is unset).")
    DiffTool.Color color;

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (maxList < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--max-list must be >= 0");
        DiffTool.Request r = new DiffTool.Request();
        r.oldPath = oldPath;
        r.newPath = newPath;
        DiffOptions o = r.options;
        o.projected = projected;
        o.align = align;
        o.ignore(Field.parse(ignore));
        o.matchTensors = matchTensors;
        r.format = format;
        r.color = color;
        r.output = output.file;
        r.funcNames = funcNames;
        r.maxList = maxList;
        r.verbose = verbose.verbose;
        r.page = DiffPage::write;
        PrintWriter err = spec.commandLine().getErr();
        // the report is bytes (UTF-8 whatever the locale), so it goes to the stream rather than picocli's writer
        GraphDiff d = DiffTool.run(r, System.out, System.console() != null, line -> {
            err.println(line);
            err.flush();
        });
        return d.identical() ? ExitCodes.OK : ExitCodes.DIFFERENCES;
    }

    /** A field or group name of --ignore, checked while the command line is parsed. */
    static final class FieldNames implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String name) {
            try {
                Field.parse(List.of(name));
                return name;
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class ReportFormats extends Choices<Format> {
        ReportFormats() {
            add(Format.TEXT, "text", "txt");
            add(Format.JSON, "json");
            add(Format.MARKDOWN, "markdown", "md");
            add(Format.HTML, "html");
        }
    }

    static final class Colors extends Choices<DiffTool.Color> {
        Colors() {
            add(DiffTool.Color.AUTO, "auto");
            add(DiffTool.Color.ALWAYS, "always");
            add(DiffTool.Color.NEVER, "never");
        }
    }

    static final class TensorMatches extends Choices<DiffOptions.TensorMatch> {
        TensorMatches() {
            add(DiffOptions.TensorMatch.ADDRESS, "address");
            add(DiffOptions.TensorMatch.STRUCTURE, "structure");
        }
    }
}
