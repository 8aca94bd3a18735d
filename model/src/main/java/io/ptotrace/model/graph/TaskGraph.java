package io.ptotrace.model.graph;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * One deps.json as a task graph, held in primitive columns: the tasks, tensors and annotated edges as the file
 * lists them, and the unique (pred, succ) task pairs with both adjacency directions in compressed-row form.
 * Read once, streaming, by {@link #read}.
 *
 * <p>Index spaces:
 * <ul>
 *   <li><b>nodes</b>: every task id the file mentions (a {@code tasks[]} entry or an edge endpoint), numbered in
 *       unsigned id order;</li>
 *   <li><b>task rows</b>: the {@code tasks[]} entries with a usable id, in file order; a row replaced by a later
 *       entry with the same id (or, keeping the first, a later duplicate) has {@link #taskNode} −1;</li>
 *   <li><b>tensors</b>: every tensor id the file mentions ({@code tensors[]}, args, edges), in unsigned id
 *       order; <b>tensor rows</b>: the {@code tensors[]} entries, in file order;</li>
 *   <li><b>edges</b>: the {@code edges[]} entries whose endpoints are usable, in file order (the annotation
 *       rows);</li>
 *   <li><b>pairs</b>: the unique (pred, succ) node pairs, sorted by pred then succ; the pairs of one pred are
 *       the range {@link #outFrom}..{@link #outTo}.</li>
 * </ul>
 * Absent members read as −1 (codes, references), {@link #ABSENT} (small ints) or a false {@code …Ok} flag.
 */
public final class TaskGraph extends GraphColumns {
    /** A small int member ({@code idx}, {@code arg}) that is absent. */
    public static final int ABSENT = Integer.MIN_VALUE;

    /**
     * Which of several entries with one id counts: the last, for every command (as the runtime's own deps viewer
     * reads the file), reported in one warning by {@link #read}.
     */
    public enum Duplicates {
        LAST
    }

    private int[] topo;
    private boolean topoDone;

    TaskGraph(Path file, DepsReader.Detail detail) {
        super(file, detail);
    }

    /** Structure the schema does not allow, as the reader reported it: {@code member} null for the top level. */
    public record Unexpected(String member, String where) {}

    /**
     * Streams {@code file} into a graph. Unusable input throws {@link io.ptotrace.io.InputProblem}; the reader's
     * warnings go to {@code warn}, one line each.
     *
     * @param detail how much of each entry to keep ({@link DepsReader.Detail#PROJECTION}: no tensors, no edge
     *     members beyond the endpoints; {@link DepsReader.Detail#ANNOTATIONS}: no args and no slice geometry)
     */
    public static TaskGraph read(Path file, DepsReader.Detail detail, Duplicates duplicates, Consumer<String> warn) {
        return read(file, detail, warn);
    }

    /** Reads a deps.json; repeated ids keep their last entry, counted in one warning. */
    public static TaskGraph read(Path file, DepsReader.Detail detail, Consumer<String> warn) {
        TaskGraphBuilder b = new TaskGraphBuilder(file, detail, estimate(file));
        DepsReader.read(file, detail, b, warn);
        TaskGraph g = b.finish();
        String dup = DepsReader.duplicatesWarning(file, g.duplicateTasks, g.duplicateTensors);
        if (dup != null) warn.accept(dup);
        return g;
    }

    private static long estimate(Path f) {
        try {
            return java.nio.file.Files.size(f);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    public Path file() {
        return file;
    }

    /** The runtime that built the graph (deps.json's top-level {@code runtime}), or null when the file names none. */
    public String runtime() {
        return runtime;
    }

    String runtime;

    public DepsReader.Detail detail() {
        return detail;
    }

    // ---- what the reader saw

    /** The top level had an {@code edges} list (it may be empty). */
    public boolean edgesListed() {
        return edgesListed;
    }

    /** Structure the schema does not allow, in file order (the first of each member only). */
    public List<Unexpected> unexpected() {
        return unexpected;
    }

    /**
     * This graph, unless its file has structure the schema does not allow where the caller reads it: a top level
     * that is not an object, or one of {@code members} ({@code tasks}, {@code tensors}, {@code edges}, {@code args})
     * that is neither a list nor null. The first such place is refused as bad input, in one line.
     */
    public TaskGraph refuseUnexpected(String... members) {
        for (Unexpected u : unexpected) {
            if (u.member() == null) throw new InputProblem(file, "top level is not a JSON object", u.where());
            for (String m : members)
                if (m.equals(u.member()))
                    throw new InputProblem(
                            file, m.equals("args") ? "a task's args is not a list" : m + " is not a list", u.where());
        }
        return this;
    }

    public int taskEntries() {
        return taskEntries;
    }

    public int tensorEntries() {
        return tensorEntries;
    }

    public int edgeEntries() {
        return edgeEntries;
    }

    public int skippedTasks() {
        return skippedTasks;
    }

    public int skippedTensors() {
        return skippedTensors;
    }

    public int skippedEdges() {
        return skippedEdges;
    }

    public int duplicateTasks() {
        return duplicateTasks;
    }

    public int duplicateTensors() {
        return duplicateTensors;
    }

    // ---- nodes

    public int nodeCount() {
        return nodeCount;
    }

    public long nodeId(int node) {
        return nodeId[node];
    }

    /** The node of a task id, or −1. */
    public int nodeOf(long id) {
        return unsignedSearch(nodeId, nodeCount, id);
    }

    /** The task row of a node, or −1 when no {@code tasks[]} entry has its id. */
    public int taskRow(int node) {
        return nodeTask[node];
    }

    // ---- task rows

    public int taskRowCount() {
        return taskRows;
    }

    /** The node of a task row, or −1 for a row another entry with the same id replaced. */
    public int taskNode(int row) {
        return taskNode[row];
    }

    /**
     * Kernel id of slot 0..2: the first three entries of {@code kernel_ids}, −1 for inactive, unusable or missing
     * slots.
     */
    public int kernelId(int row, int slot) {
        return taskKernels[row * 3 + slot];
    }

    /** {@code kernel_ids} was a list of exactly three entries. */
    public boolean kernelIdsExact(int row) {
        return taskKernelsExact[row] != 0;
    }

    /** SPMD block count (missing, invalid or below 1: 1). */
    public int blockNum(int row) {
        return taskBlock[row];
    }

    /** {@code early_dispatch}: −1 absent, 0 false, 1 true. */
    public int earlyDispatch(int row) {
        return taskEarly[row];
    }

    public String scope(int row) {
        return strings.get(taskScope[row]);
    }

    /** Code of the scope: see {@link #string}. */
    public int scopeCode(int row) {
        return taskScope[row];
    }

    /** The args of a task row are {@code argFrom(row) .. argTo(row) - 1} (none below full detail). */
    public int argFrom(int row) {
        return argStart[row];
    }

    public int argTo(int row) {
        return argStart[row + 1];
    }

    // ---- args

    public int argCount() {
        return argCount;
    }

    /** {@code idx}, or {@link #ABSENT}. */
    public int argIdx(int arg) {
        return argIdx[arg];
    }

    public String argType(int arg) {
        return strings.get(argType[arg]);
    }

    /** The arg's tensor, or −1. */
    public int argTensor(int arg) {
        return argTensor[arg];
    }

    public String argDtype(int arg) {
        return strings.get(argDtype[arg]);
    }

    public long[] argShape(int arg) {
        return arrays.get(argShape[arg]);
    }

    public boolean argOffsetOk(int arg) {
        return argOffsetOk[arg] != 0;
    }

    public long argOffset(int arg) {
        return argOffset[arg];
    }

    public long[] argStrides(int arg) {
        return arrays.get(argStrides[arg]);
    }

    public int argTypeCode(int arg) {
        return argType[arg];
    }

    public int argDtypeCode(int arg) {
        return argDtype[arg];
    }

    /** Code of the shape: see {@link #array}. */
    public int argShapeCode(int arg) {
        return argShape[arg];
    }

    public int argStridesCode(int arg) {
        return argStrides[arg];
    }

    // ---- tensors

    /** Distinct tensor ids the file mentions anywhere. */
    public int tensorCount() {
        return tensorCount;
    }

    public long tensorId(int tensor) {
        return tensorId[tensor];
    }

    /** The tensor of an id, or −1. */
    public int tensorOf(long id) {
        return unsignedSearch(tensorId, tensorCount, id);
    }

    /** The {@code tensors[]} row that counts for a tensor, or −1. */
    public int tensorRow(int tensor) {
        return tensorRow[tensor];
    }

    /** Distinct tensor ids with a {@code tensors[]} entry. */
    public int tensorTableSize() {
        int n = 0;
        for (int t = 0; t < tensorCount; t++) if (tensorRow[t] >= 0) n++;
        return n;
    }

    public int tensorRowCount() {
        return tensorRows;
    }

    /** The tensor of a {@code tensors[]} row, or −1 for a row replaced by a later entry with the same id. */
    public int rowTensor(int row) {
        return tRowTensor[row];
    }

    /** Position of the row's entry in the raw {@code tensors} array (skipped entries counted). */
    public int rowIndex(int row) {
        return tRowIndex[row];
    }

    public boolean bufferAddrOk(int row) {
        return (tBits[row] & T_ADDR) != 0;
    }

    public long bufferAddr(int row) {
        return tAddr[row];
    }

    public boolean versionPresent(int row) {
        return (tBits[row] & T_VERSION) != 0;
    }

    public long version(int row) {
        return tVersion[row];
    }

    public String tensorDtype(int row) {
        return strings.get(tDtype[row]);
    }

    public int tensorDtypeCode(int row) {
        return tDtype[row];
    }

    public boolean bufferNumelOk(int row) {
        return (tBits[row] & T_NUMEL) != 0;
    }

    public long bufferNumel(int row) {
        return tNumel[row];
    }

    // ---- edges (annotation rows)

    public int edgeCount() {
        return edgeCount;
    }

    public int edgePred(int e) {
        return ePred[e];
    }

    public int edgeSucc(int e) {
        return eSucc[e];
    }

    public int edgePair(int e) {
        return ePair[e];
    }

    /** {@code arg}, or {@link #ABSENT}. */
    public int edgeArg(int e) {
        return eArg[e];
    }

    public String edgeSource(int e) {
        return strings.get(eSource[e]);
    }

    /** Code of the edge's source, comparable with {@link #code}. */
    public int edgeSourceCode(int e) {
        return eSource[e];
    }

    /** The flags joined with commas, or null when absent. */
    public String edgeFlags(int e) {
        return strings.get(eFlags[e]);
    }

    public String edgeOverlap(int e) {
        return strings.get(eOverlap[e]);
    }

    public String edgeHazard(int e) {
        return strings.get(eHazard[e]);
    }

    public String edgeAccessKind(int e) {
        return strings.get(eAccess[e]);
    }

    /** The edge's tensor, or −1. */
    public int edgeTensor(int e) {
        return eTensor[e];
    }

    public String consumerDtype(int e) {
        return strings.get(eCDtype[e]);
    }

    public long[] consumerShape(int e) {
        return arrays.get(eCShape[e]);
    }

    public boolean consumerOffsetOk(int e) {
        return (eBits[e] & E_COFF) != 0;
    }

    public long consumerOffset(int e) {
        return consumerOffsetOk(e) ? eCOff[e] : 0;
    }

    public long[] consumerStrides(int e) {
        return arrays.get(eCStrides[e]);
    }

    public long[] producerShape(int e) {
        return arrays.get(ePShape[e]);
    }

    public boolean producerOffsetOk(int e) {
        return (eBits[e] & E_POFF) != 0;
    }

    public long producerOffset(int e) {
        return producerOffsetOk(e) ? ePOff[e] : 0;
    }

    public long[] producerStrides(int e) {
        return arrays.get(ePStrides[e]);
    }

    public int edgeFlagsCode(int e) {
        return eFlags[e];
    }

    public int edgeOverlapCode(int e) {
        return eOverlap[e];
    }

    public int edgeHazardCode(int e) {
        return eHazard[e];
    }

    public int edgeAccessKindCode(int e) {
        return eAccess[e];
    }

    public int consumerDtypeCode(int e) {
        return eCDtype[e];
    }

    public int consumerShapeCode(int e) {
        return eCShape[e];
    }

    public int consumerStridesCode(int e) {
        return eCStrides[e];
    }

    public int producerShapeCode(int e) {
        return ePShape[e];
    }

    public int producerStridesCode(int e) {
        return ePStrides[e];
    }

    // ---- codes: every string member (scope, type, dtype, source, flags, …) and every shape or strides array is
    // held as a code of the graph; equal values have equal codes, −1 is absent

    /** The code the graph gives a string member value (source, type, dtype, …), or −1 when no entry has it. */
    public int code(String text) {
        return strings.find(text);
    }

    /** The string of a code, or null for −1. */
    public String string(int code) {
        return strings.get(code);
    }

    /** A copy of the array of a code, or null for −1. */
    public long[] array(int code) {
        return arrays.get(code);
    }

    public int stringCount() {
        return strings.size();
    }

    public int arrayCount() {
        return arrays.size();
    }

    /**
     * This graph's string codes translated into {@code other}'s: entry c is the code {@code other} gives the
     * string of code c, or, when {@code other} has no such string, {@code other.stringCount() + c} — so a
     * translated code equals one of {@code other}'s exactly when the strings are equal.
     */
    public int[] stringCodesIn(TaskGraph other) {
        return strings.codesIn(other.strings);
    }

    /** As {@link #stringCodesIn}, for the shape and strides arrays. */
    public int[] arrayCodesIn(TaskGraph other) {
        return arrays.codesIn(other.arrays);
    }

    // ---- pairs

    public int pairCount() {
        return pairCount;
    }

    public int pairPred(int pair) {
        return pairPred[pair];
    }

    public int pairSucc(int pair) {
        return pairSucc[pair];
    }

    /** The pairs out of a node are {@code outFrom(node) .. outTo(node) - 1}, by ascending succ. */
    public int outFrom(int node) {
        return outStart[node];
    }

    public int outTo(int node) {
        return outStart[node + 1];
    }

    /** The pairs into a node are listed at {@code inFrom(node) .. inTo(node) - 1}, by ascending pred. */
    public int inFrom(int node) {
        return inStart[node];
    }

    public int inTo(int node) {
        return inStart[node + 1];
    }

    /** The pred of the k-th entry of the into-lists. */
    public int inPred(int k) {
        return inPred[k];
    }

    /** The pair of the k-th entry of the into-lists. */
    public int inPair(int k) {
        return inPair[k];
    }

    /** The annotation rows of a pair are {@code pairRow(k)} for k in {@code pairRowFrom .. pairRowTo - 1}, in file order. */
    public int pairRowFrom(int pair) {
        return pairRowStart[pair];
    }

    public int pairRowTo(int pair) {
        return pairRowStart[pair + 1];
    }

    public int pairRow(int k) {
        return pairRows[k];
    }

    /** The pair (pred, succ), or −1. */
    public int pair(int pred, int succ) {
        int lo = outStart[pred], hi = outStart[pred + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int s = pairSucc[mid];
            if (s < succ) lo = mid + 1;
            else if (s > succ) hi = mid - 1;
            else return mid;
        }
        return -1;
    }

    /** This graph restricted to some of its nodes ({@link Subgraph#of}); e.g. a {@link Neighbourhood}. */
    public Subgraph restrictTo(java.util.BitSet nodes) {
        return Subgraph.of(this, nodes);
    }

    // ---- order

    /**
     * A topological order of the nodes (position → node), the one closest to id order: of the nodes ready at each
     * step the smallest comes first. Null when the pairs form a cycle (a self-loop counts). Computed once.
     */
    public synchronized int[] topologicalOrder() {
        if (!topoDone) {
            topo = Topology.order(this);
            topoDone = true;
        }
        return topo;
    }

    public boolean hasCycle() {
        return topologicalOrder() == null;
    }
}
