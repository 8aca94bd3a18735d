package io.ptotrace.diff;

import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import java.nio.file.Path;

/**
 * One deps.json held column-wise: primitive arrays, and texts and shape/stride arrays as the instances the
 * model's interners hand out while reading (equal values are one instance), so a 1M-task / 5M-edge graph
 * fits in a few hundred MB. Built by {@link GraphLoader}.
 *
 * <p>Index spaces: <b>nodes</b> are every task id the file mentions (a {@code tasks[]} entry or an
 * edge endpoint — alloc tasks appear only as the latter), numbered in unsigned id order; <b>task
 * rows</b> are the {@code tasks[]} entries in file order (duplicates dropped); <b>tensors</b> are
 * every tensor id the file mentions ({@code tensors[]}, args, edges), numbered in unsigned id order;
 * <b>tensor rows</b> are the {@code tensors[]} entries; <b>edges</b> are the {@code edges[]} entries
 * in file order. Absent members are null (texts, arrays), −1 (indices) or flagged in a bits column.
 */
public final class Graph {
    static final int ABSENT_INT = Integer.MIN_VALUE;

    final Path file;
    NameMap names = NameMap.EMPTY;

    // nodes, sorted by unsigned id
    int nodeCount;
    long[] nodeId;
    int[] nodeTask; // task row or −1 (id only seen as an edge endpoint)
    LongIntMap provNode; // id → provisional index
    int[] provToNode;

    // task rows (file order)
    int taskCount;
    int[] taskNode;
    String[] taskScope;
    int[] taskKernels; // 3 per row
    int[] taskBlock;
    byte[] taskEarly; // −1 absent, 0 false, 1 true
    int[] argStart; // taskCount + 1

    // args
    int argCount;
    int[] argIdx; // ABSENT_INT when absent
    String[] argType;
    int[] argTensor; // tensor index or −1
    String[] argDtype;
    long[][] argShape;
    long[][] argStrides;
    long[] argOffset;
    byte[] argOffsetOk;

    // tensors, sorted by unsigned id
    int tensorCount;
    long[] tensorId;
    int[] tensorRow; // tensors[] row or −1
    LongIntMap provTensor;
    int[] provToTensor;

    // tensor rows (file order)
    int tensorRowCount;
    int[] tRowTensor;
    long[] tAddr;
    long[] tVersion;
    String[] tDtype;
    long[] tNumel;
    byte[] tBits; // 1 addr ok, 2 version present, 4 numel ok
    static final int T_ADDR = 1, T_VERSION = 2, T_NUMEL = 4;

    // edges (file order)
    int edgeCount;
    int[] ePred, eSucc; // node indices
    int[] eArg; // ABSENT_INT when absent
    String[] eSource, eOverlap, eHazard, eAccess, eCDtype;
    String[] eFlags; // the flags joined by commas
    int[] eTensor; // tensor index or −1
    long[][] eCShape, eCStrides, ePShape, ePStrides;
    long[] eCOff, ePOff;
    byte[] eBits; // 1 consumer offset ok, 2 producer offset ok
    static final int E_COFF = 1, E_POFF = 2;

    // what the loader saw
    int taskEntries, tensorEntries, edgeEntries;
    int skippedTasks, skippedTensors, skippedEdges, duplicateTasks, duplicateTensors;
    boolean edgesListed;
    int edgesWithFlags;
    int fnvChecked, fnvMismatches;
    final StringBuilder fnvExamples = new StringBuilder();

    Graph(Path file) { this.file = file; }

    /** The deps.json this graph was read from. */
    public Path file() { return file; }

    /** Number of {@code tasks[]} entries kept. */
    public int taskCount() { return taskCount; }

    /** Number of {@code tensors[]} entries kept. */
    public int tensorCount() { return tensorRowCount; }

    /** Number of annotated {@code edges[]} entries kept. */
    public int edgeCount() { return edgeCount; }

    /** Number of distinct task ids (tasks and edge endpoints). */
    public int nodeCount() { return nodeCount; }

    /** Number of edges carrying the newer-era {@code flags} member. */
    public int edgesWithFlags() { return edgesWithFlags; }

    public NameMap names() { return names; }

    /** Node index of a task id, or −1. */
    int node(long id) {
        int p = provNode.get(id);
        return p < 0 ? -1 : provToNode[p];
    }

    /** Tensor index of a tensor id, or −1. */
    int tensor(long id) {
        int p = provTensor.get(id);
        return p < 0 ? -1 : provToTensor[p];
    }

    /**
     * Function name of a node: its first kernel id other than −1, looked up in the name map; or null. (The
     * converter's slices take the first id ≥ 0: the two differ only for kernel ids below −1.)
     */
    String funcName(int node) {
        int row = nodeTask[node];
        if (row < 0 || names.size() == 0) return null;
        for (int s = 0; s < 3; s++) {
            int k = taskKernels[row * 3 + s];
            if (k != -1) return names.name(k);
        }
        return null;
    }

    /** {@code t5} / {@code r1t3}, with the function name when known: {@code QK(t5)} ({@link TaskDisplay#of}). */
    String display(int node) {
        String[] c = displays;
        if (c == null) c = displays = new String[nodeCount];
        String s = c[node];
        if (s == null) s = c[node] = TaskDisplay.of(nodeId[node], funcName(node));
        return s;
    }

    private String[] displays; // filled lazily while reports are written
}
