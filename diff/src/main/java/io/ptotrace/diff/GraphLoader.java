package io.ptotrace.diff;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.TensorIds;
import io.ptotrace.model.U64;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Reads one side of a diff: a deps.json into the model's task graph, plus its name map. */
public final class GraphLoader {
    private GraphLoader() {}

    /**
     * The name map for a deps.json: {@code explicit} when given (it must be readable), else the
     * newest one beside the file ({@link RunLocator#newestNameMapBeside}), else none. An unreadable
     * sibling map is a warning, not an error.
     */
    public static NameMap nameMap(Path depsFile, Path explicit, Consumer<String> warn) {
        if (explicit != null) {
            if (!Files.exists(explicit)) throw new InputProblem(explicit, "name map not found", null);
            return NameMap.read(explicit);
        }
        Path best = RunLocator.newestNameMapBeside(depsFile);
        if (best == null) return NameMap.EMPTY;
        Path shown = depsFile.getParent() == null
                ? best.getFileName()
                : depsFile.getParent().resolve(best.getFileName());
        try {
            return NameMap.read(best);
        } catch (InputProblem e) {
            warn.accept("Warning: couldn't read " + shown + ": " + e.getMessage());
            return NameMap.EMPTY;
        }
    }

    /**
     * Streams a deps.json into a {@link TaskGraph} (the last of repeated ids counts, as for every command). Problems that make the file
     * unusable throw {@link InputProblem}; recoverable oddities (skipped entries, duplicate ids, tensor ids that are
     * not FNV-1a of their address and version) are reported through {@code warn}, one line each.
     *
     * @param full false reads only what a projected diff needs (no args, edge annotations or tensors, so no
     *     tensor-id check); the graph then compares only by its (pred, succ) pairs
     */
    public static TaskGraph read(Path depsFile, Consumer<String> warn, boolean full) {
        TaskGraph g = TaskGraph.read(depsFile, full ? DepsReader.Detail.FULL : DepsReader.Detail.PROJECTION, warn);
        if (!g.edgesListed() && g.taskEntries() == 0 && g.tensorEntries() == 0) {
            throw new InputProblem(depsFile, "not a deps.json: no tasks, tensors or edges array", null);
        }
        report(g, warn);
        return g;
    }

    private static void report(TaskGraph g, Consumer<String> warn) {
        String f = g.file().toString();
        if (!g.edgesListed()) warn.accept("Warning: " + f + " has no 'edges' array; compared as a graph without edges");
        if (g.skippedTasks() + g.skippedEdges() + g.skippedTensors() > 0) {
            warn.accept("Warning: " + f + ": skipped entries whose id is not an unsigned integer: " + g.skippedTasks()
                    + " task(s), " + g.skippedEdges() + " edge(s), " + g.skippedTensors() + " tensor(s)");
        }
        checkTensorIds(g, warn);
    }

    /**
     * A tensor id is FNV-1a of its buffer address and version; the rows that say otherwise, in file order. A row
     * replaced by a later entry of its id does not count.
     */
    private static void checkTensorIds(TaskGraph g, Consumer<String> warn) {
        int checked = 0, mismatches = 0;
        StringBuilder examples = new StringBuilder();
        for (int r = 0, n = g.tensorRowCount(); r < n; r++) {
            if (g.rowTensor(r) < 0 || !g.bufferAddrOk(r) || !g.versionPresent(r)) continue;
            checked++;
            long id = g.tensorId(g.rowTensor(r)), addr = g.bufferAddr(r), version = g.version(r);
            long expect = TensorIds.fnv1a(addr, (int) version);
            if (expect == id) continue;
            if (mismatches < 3) {
                if (mismatches > 0) examples.append(", ");
                examples.append(U64.str(id))
                        .append(" (buffer_addr ")
                        .append(U64.str(addr))
                        .append(", version ")
                        .append(version)
                        .append(", expected ")
                        .append(U64.str(expect))
                        .append(')');
            }
            mismatches++;
        }
        if (mismatches > 0) {
            warn.accept("Warning: " + g.file() + ": " + mismatches + " of " + checked
                    + " tensor(s) have a tensor_id that is not FNV-1a(buffer_addr, version), e.g. " + examples);
        }
    }
}
