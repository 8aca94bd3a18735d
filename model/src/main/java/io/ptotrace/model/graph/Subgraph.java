package io.ptotrace.model.graph;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A task graph restricted to some of its nodes: those tasks with their args, the annotated edges and unique pairs
 * among them, and the tensors those args and edges name (with their {@code tensors[]} rows). Everything keeps its
 * order, and strings and arrays keep their codes; what the reader saw (entry counts, skipped and duplicate
 * entries) stays that of the whole file.
 */
public final class Subgraph {
    /** The restricted graph. */
    public final TaskGraph graph;
    /** Node of {@link #graph} → node of the whole graph. */
    public final int[] fullNode;
    /** Pair of {@link #graph} → pair of the whole graph. */
    public final int[] fullPair;

    private Subgraph(TaskGraph graph, int[] fullNode, int[] fullPair) {
        this.graph = graph;
        this.fullNode = fullNode;
        this.fullPair = fullPair;
    }

    /** The pairs of {@link #graph} whose pair in the whole graph is in {@code fullPairs}. */
    public BitSet pairs(BitSet fullPairs) {
        BitSet s = new BitSet(fullPair.length);
        for (int p = 0; p < fullPair.length; p++) if (fullPairs.get(fullPair[p])) s.set(p);
        return s;
    }

    /** {@code g} restricted to {@code nodes}. */
    public static Subgraph of(TaskGraph g, BitSet nodes) {
        TaskGraph s = new TaskGraph(g.file, g.detail);
        s.strings = g.strings;
        s.arrays = g.arrays;
        s.taskEntries = g.taskEntries;
        s.tensorEntries = g.tensorEntries;
        s.edgeEntries = g.edgeEntries;
        s.skippedTasks = g.skippedTasks;
        s.skippedTensors = g.skippedTensors;
        s.skippedEdges = g.skippedEdges;
        s.duplicateTasks = g.duplicateTasks;
        s.duplicateTensors = g.duplicateTensors;
        s.edgesListed = g.edgesListed;
        s.unexpected = g.unexpected;

        int[] newNode = new int[g.nodeCount];
        Arrays.fill(newNode, -1);
        int nn = 0;
        for (int v = nodes.nextSetBit(0); v >= 0 && v < g.nodeCount; v = nodes.nextSetBit(v + 1)) newNode[v] = nn++;
        int[] fullNode = new int[nn];
        for (int v = 0; v < g.nodeCount; v++) if (newNode[v] >= 0) fullNode[newNode[v]] = v;

        // task rows and their args
        int[] rows = select(g.taskRows, r -> g.taskNode[r] >= 0 && newNode[g.taskNode[r]] >= 0);
        int[] newRow = inverse(rows, g.taskRows);
        s.taskRows = rows.length;
        s.taskNode = remapped(pick(g.taskNode, rows), newNode);
        s.taskKernels = new int[rows.length * 3];
        for (int i = 0; i < rows.length; i++) System.arraycopy(g.taskKernels, rows[i] * 3, s.taskKernels, i * 3, 3);
        s.taskBlock = pick(g.taskBlock, rows);
        s.taskScope = pick(g.taskScope, rows);
        s.taskEarly = pick(g.taskEarly, rows);
        s.taskKernelsExact = pick(g.taskKernelsExact, rows);
        s.argStart = new int[rows.length + 1];
        int argN = 0;
        for (int i = 0; i < rows.length; i++) {
            argN += g.argStart[rows[i] + 1] - g.argStart[rows[i]];
            s.argStart[i + 1] = argN;
        }
        int[] args = new int[argN];
        for (int i = 0, k = 0; i < rows.length; i++)
            for (int a = g.argStart[rows[i]]; a < g.argStart[rows[i] + 1]; a++) args[k++] = a;
        s.argCount = argN;
        s.argIdx = pick(g.argIdx, args);
        s.argType = pick(g.argType, args);
        s.argTensor = pick(g.argTensor, args);
        s.argDtype = pick(g.argDtype, args);
        s.argShape = pick(g.argShape, args);
        s.argStrides = pick(g.argStrides, args);
        s.argOffset = pick(g.argOffset, args);
        s.argOffsetOk = pick(g.argOffsetOk, args);

        // edges among the nodes
        int[] edges = select(g.edgeCount, e -> newNode[g.ePred[e]] >= 0 && newNode[g.eSucc[e]] >= 0);
        s.edgeCount = edges.length;
        s.ePred = remapped(pick(g.ePred, edges), newNode);
        s.eSucc = remapped(pick(g.eSucc, edges), newNode);
        s.eArg = pick(g.eArg, edges);
        s.eSource = pick(g.eSource, edges);
        s.eFlags = pick(g.eFlags, edges);
        s.eOverlap = pick(g.eOverlap, edges);
        s.eHazard = pick(g.eHazard, edges);
        s.eAccess = pick(g.eAccess, edges);
        s.eTensor = pick(g.eTensor, edges);
        s.eCDtype = pick(g.eCDtype, edges);
        s.eCShape = pick(g.eCShape, edges);
        s.eCStrides = pick(g.eCStrides, edges);
        s.ePShape = pick(g.ePShape, edges);
        s.ePStrides = pick(g.ePStrides, edges);
        s.eCOff = pick(g.eCOff, edges);
        s.ePOff = pick(g.ePOff, edges);
        s.eBits = pick(g.eBits, edges);

        // the tensors the kept args and edges name
        BitSet named = new BitSet(g.tensorCount);
        for (int t : s.argTensor) if (t >= 0) named.set(t);
        for (int t : s.eTensor) if (t >= 0) named.set(t);
        int[] tensors = named.stream().toArray();
        int[] newTensor = inverse(tensors, g.tensorCount);
        s.tensorCount = tensors.length;
        s.tensorId = pick(g.tensorId, tensors);
        remapped(s.argTensor, newTensor);
        remapped(s.eTensor, newTensor);
        int[] tRows = select(g.tensorRows, r -> g.tRowTensor[r] >= 0 && newTensor[g.tRowTensor[r]] >= 0);
        int[] newTRow = inverse(tRows, g.tensorRows);
        s.tensorRow = remapped(pick(g.tensorRow, tensors), newTRow);
        s.tensorRows = tRows.length;
        s.tRowTensor = remapped(pick(g.tRowTensor, tRows), newTensor);
        s.tRowIndex = pick(g.tRowIndex, tRows);
        s.tDtype = pick(g.tDtype, tRows);
        s.tAddr = pick(g.tAddr, tRows);
        s.tVersion = pick(g.tVersion, tRows);
        s.tNumel = pick(g.tNumel, tRows);
        s.tBits = pick(g.tBits, tRows);

        s.nodeCount = nn;
        s.nodeId = new long[nn];
        s.nodeTask = new int[nn];
        for (int i = 0; i < nn; i++) {
            s.nodeId[i] = g.nodeId[fullNode[i]];
            int r = g.nodeTask[fullNode[i]];
            s.nodeTask[i] = r < 0 ? -1 : newRow[r];
        }
        TaskGraphBuilder.pairs(s);
        int[] fullPair = new int[s.pairCount];
        for (int p = 0; p < s.pairCount; p++) fullPair[p] = g.pair(fullNode[s.pairPred[p]], fullNode[s.pairSucc[p]]);
        return new Subgraph(s, fullNode, fullPair);
    }

    private interface IntTest {
        boolean test(int i);
    }

    private static int[] select(int n, IntTest keep) {
        int[] out = new int[16];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!keep.test(i)) continue;
            if (m == out.length) out = Arrays.copyOf(out, m * 2);
            out[m++] = i;
        }
        return Arrays.copyOf(out, m);
    }

    /** old index → position in {@code picked}, or −1. */
    private static int[] inverse(int[] picked, int n) {
        int[] inv = new int[n];
        Arrays.fill(inv, -1);
        for (int i = 0; i < picked.length; i++) inv[picked[i]] = i;
        return inv;
    }

    /** Replaces each entry c ≥ 0 by {@code map[c]}, in place; returns the column. */
    private static int[] remapped(int[] col, int[] map) {
        for (int i = 0; i < col.length; i++) if (col[i] >= 0) col[i] = map[col[i]];
        return col;
    }

    // a column read only where a flag says it holds a value may be empty: it stays empty
    private static int[] pick(int[] col, int[] idx) {
        if (col.length == 0) return col;
        int[] out = new int[idx.length];
        for (int i = 0; i < idx.length; i++) out[i] = col[idx[i]];
        return out;
    }

    private static long[] pick(long[] col, int[] idx) {
        if (col.length == 0) return col;
        long[] out = new long[idx.length];
        for (int i = 0; i < idx.length; i++) out[i] = col[idx[i]];
        return out;
    }

    private static byte[] pick(byte[] col, int[] idx) {
        if (col.length == 0) return col;
        byte[] out = new byte[idx.length];
        for (int i = 0; i < idx.length; i++) out[i] = col[idx[i]];
        return out;
    }
}
