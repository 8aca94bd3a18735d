package io.ptotrace.cli;

import io.ptotrace.diff.DiffOptions;
import io.ptotrace.diff.DiffTool;
import io.ptotrace.diff.Field;
import io.ptotrace.diff.Format;
import io.ptotrace.diff.GraphDiff;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace diff OLD NEW}: compare two dependency graphs (deps.json). Logic lives in the diff module. */
@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {
        "Compare two deps.json dependency graphs: tasks only in OLD / NEW and changed; dependency edges (pred -> succ) "
            + "removed / added; annotated edges removed / added / changed; tensors removed / added / changed. "
            + "OLD and NEW are deps.json files or run folders holding one.",
        "Exit status: 0 identical, 1 differences, 2 trouble (bad input, unwritable output).", ""},
    footer = {"",
        "Fields for --ignore: scope, kernel_ids, block_num, early_dispatch, arg_count, arg_idx, arg_type, arg_dtype, "
            + "arg_shape, arg_offset, arg_strides, arg_tensor, overlap, hazard, access_kind, flags, consumer_dtype, "
            + "consumer_shape, consumer_offset, consumer_strides, producer_shape, producer_offset, producer_strides, "
            + "tensor_dtype, buffer_numel; groups: args, type, tensor, dtype, shape, offset, strides, consumer, producer, "
            + "geometry, annotations.",
        "",
        "CI gate: ptotrace diff golden/deps.json outputs/<run>/deps.json --projected"})
public final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OLD", description = "deps.json or run folder (the reference).")
    Path oldPath;

    @Parameters(index = "1", paramLabel = "NEW", description = "deps.json or run folder (the candidate).")
    Path newPath;

    @Option(names = "--projected", description = "Compare only the (pred, succ) edge set.")
    boolean projected;

    @Option(names = "--align", description = "Match the tasks of each ring in submit order by signature (kernel_ids, block_num, "
        + "arg types/dtypes/shapes) instead of by id, so an inserted or removed submit shows as one task.")
    boolean align;

    @Option(names = "--ignore", split = ",", paramLabel = "FIELD", description = "Leave fields out of the comparison (see below).")
    List<String> ignore = new ArrayList<>();

    @Option(names = "--match-tensors", paramLabel = "address|structure", defaultValue = "address",
        description = "Pair tensors by tensor_id (address, default) or by their role: first task and arg that touch them, "
            + "and version (structure).")
    String matchTensors;

    @Option(names = "--format", paramLabel = "text|json|markdown", defaultValue = "text", description = "Report format (default: text).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path output;

    @Option(names = "--func-names", paramLabel = "PATH", description = "Name map JSON for both sides (default: newest sibling name_map*.json of each).")
    Path funcNames;

    @Option(names = "--max-list", paramLabel = "N", defaultValue = "0",
        description = "Show at most N entries per category in text/markdown (0 = all; JSON always lists all).")
    int maxList;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto",
        description = "Colour the text report (auto: only on a terminal and when NO_COLOR is unset).")
    String color;

    @Option(names = {"-v", "--verbose"}, description = "Timings on stderr; stack traces on failure.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        DiffTool.Request r = new DiffTool.Request();
        r.oldPath = oldPath;
        r.newPath = newPath;
        DiffOptions o = r.options;
        o.projected = projected;
        o.align = align;
        try {
            o.ignore(Field.parse(ignore));
            o.matchTensors = DiffOptions.TensorMatch.valueOf(matchTensors.trim().toUpperCase(Locale.ROOT));
            r.format = Format.parse(format);
            r.color = DiffTool.Color.valueOf(color.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            if (msg != null && msg.startsWith("No enum constant")) {
                msg = msg.contains("TensorMatch") ? "--match-tensors: expected address or structure, not '" + matchTensors + "'"
                    : "--color: expected auto, always or never, not '" + color + "'";
            } else if (msg != null && msg.startsWith("expected text")) {
                msg = "--format: " + msg;
            }
            throw new CommandLine.ParameterException(spec.commandLine(), msg);
        }
        if (maxList < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--max-list must be >= 0");
        r.output = output;
        r.funcNames = funcNames;
        r.maxList = maxList;
        r.verbose = verbose;
        java.io.PrintWriter err = spec.commandLine().getErr();
        GraphDiff d = DiffTool.run(r, System.out, System.console() != null, line -> { err.println(line); err.flush(); });
        return d.identical() ? ExitCodes.OK : ExitCodes.DIFFERENCES;
    }
}
