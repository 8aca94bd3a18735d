package io.ptotrace.diff;

import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import java.nio.file.Path;

/**
 * One deps.json held column-wise: primitive arrays, with texts and shape/stride arrays as codes of its
 * {@link Values}, so a 1M-task / 5M-edge graph fits in a few hundred MB. Built by {@link GraphLoader}.
 *
 * <p>Index spaces: <b>nodes</b> are every task id the file mentions (a {@code tasks[]} entry or an
 * edge endpoint — alloc tasks appear only as the latter), numbered in unsigned id order; <b>task
 * rows</b> are the {@code tasks[]} entries in file order (duplicates dropped); <b>tensors</b> are
 * every tensor id the file mentions ({@code tensors[]}, args, edges), numbered in unsigned id order;
 * <b>tensor rows</b> are the {@code tensors[]} entries; <b>edges</b> are the {@code edges[]} entries
 * in file order. Absent members are −1 (codes, indices) or flagged in a bits column.
 */
public final class Graph {
    static final int ABSENT_INT = Integer.MIN_VALUE;

    final Path file;
    NameMap names = NameMap.EMPTY;
    Values values;

    // nodes, sorted by unsigned id
    int nodeCount;
    long[] nodeId;
    int[] nodeTask; // task row or −1 (id only seen as an edge endpoint)
    LongIntMap provNode; // id → provisional index
    int[] provToNode;

    // task rows (file order)
    int taskCount;
    int[] taskNode;
    int[] taskScope;
    int[] taskKernels; // 3 per row
    int[] taskBlock;
    byte[] taskEarly; // −1 absent, 0 false, 1 true
    int[] argStart; // taskCount + 1

    // args
    int argCount;
    int[] argIdx; // ABSENT_INT when absent
    int[] argType;
    int[] argTensor; // tensor index or −1
    int[] argDtype;
    int[] argShape;
    int[] argStrides;
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
    int[] tDtype;
    long[] tNumel;
    byte[] tBits; // 1 addr ok, 2 version present, 4 numel ok
    static final int T_ADDR = 1, T_VERSION = 2, T_NUMEL = 4;

    // edges (file order)
    int edgeCount;
    int[] ePred, eSucc; // node indices
    int[] eArg; // ABSENT_INT when absent
    int[] eSource, eFlags, eOverlap, eHazard, eAccess, eCDtype;
    int[] eTensor; // tensor index or −1
    int[] eCShape, eCStrides, ePShape, ePStrides;
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

    /** Rewrites every text and array code of this graph into {@code target}'s codes. */
    void adoptValues(Values target) {
        if (target == values) return;
        int[] s = values.textsInto(target);
        int[] a = values.arraysInto(target);
        GrowableColumns.remap(taskScope, taskCount, s);
        GrowableColumns.remap(argType, argCount, s);
        GrowableColumns.remap(argDtype, argCount, s);
        GrowableColumns.remap(tDtype, tensorRowCount, s);
        GrowableColumns.remap(eSource, edgeCount, s);
        GrowableColumns.remap(eFlags, edgeCount, s);
        GrowableColumns.remap(eOverlap, edgeCount, s);
        GrowableColumns.remap(eHazard, edgeCount, s);
        GrowableColumns.remap(eAccess, edgeCount, s);
        GrowableColumns.remap(eCDtype, edgeCount, s);
        GrowableColumns.remap(argShape, argCount, a);
        GrowableColumns.remap(argStrides, argCount, a);
        GrowableColumns.remap(eCShape, edgeCount, a);
        GrowableColumns.remap(eCStrides, edgeCount, a);
        GrowableColumns.remap(ePShape, edgeCount, a);
        GrowableColumns.remap(ePStrides, edgeCount, a);
        values = target;
    }
}
