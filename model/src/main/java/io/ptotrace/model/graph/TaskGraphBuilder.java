package io.ptotrace.model.graph;

import io.ptotrace.model.deps.DepsArg;
import io.ptotrace.model.deps.DepsEdge;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.deps.DepsTask;
import io.ptotrace.model.deps.DepsTensor;
import io.ptotrace.model.deps.DepsVisitor;
import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.util.GrowableColumns.Bytes;
import io.ptotrace.model.util.GrowableColumns.Ints;
import io.ptotrace.model.util.GrowableColumns.Longs;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.RadixSort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Copies the streamed entries of a deps.json into the columns of a {@link TaskGraph}, then indexes them. */
final class TaskGraphBuilder implements DepsVisitor {
    private final TaskGraph g;
    private final boolean annotated, full;
    private final StringCodes strings = new StringCodes();
    private final LongArrayPool arrays = new LongArrayPool();

    // provisional node and tensor numbers, in order of first mention
    private LongIntMap nodes;
    private final Longs nodeIds;
    private int[] nodeTaskProv = new int[1024];
    private LongIntMap tensors;
    private final Longs tensorIds;
    private int[] tensorRowProv = new int[1024];

    private final Ints taskNode, taskKernels, taskBlock, taskScope, argStart;
    private final Bytes taskEarly, taskExact;
    private final Ints argIdx, argType, argTensor, argDtype, argShape, argStrides;
    private final Longs argOffset;
    private final Bytes argOffsetOk;
    private final Ints tRowTensor, tRowIndex, tDtype;
    private final Longs tAddr, tVersion, tNumel;
    private final Bytes tBits;
    private final Ints ePred, eSucc;
    private Ints eArg, eSource, eFlags, eOverlap, eHazard, eAccess, eTensor;
    private Ints eCDtype, eCShape, eCStrides, ePShape, ePStrides;
    private Longs eCOff, ePOff;
    private Bytes eBits;

    private boolean edgesListed = true;
    private final List<TaskGraph.Unexpected> unexpected = new ArrayList<>();
    private final Map<List<String>, Integer> flagCodes = new IdentityHashMap<>();

    @Override
    public void runtime(String name) {
        g.runtime = name;
    }

    TaskGraphBuilder(Path file, DepsReader.Detail detail, long fileSize) {
        g = new TaskGraph(file, detail);
        annotated = detail != DepsReader.Detail.PROJECTION;
        full = detail == DepsReader.Detail.FULL;
        int edges = (int) Math.min(1 << 26, fileSize / 360);
        int tasks = Math.max(1024, edges / 5);
        nodes = new LongIntMap(tasks);
        nodeIds = new Longs(tasks);
        tensors = new LongIntMap(1024);
        tensorIds = new Longs(1024);
        taskNode = new Ints(tasks);
        taskKernels = new Ints(tasks * 3);
        taskBlock = new Ints(tasks);
        taskScope = new Ints(tasks);
        taskEarly = new Bytes(tasks);
        taskExact = new Bytes(tasks);
        argStart = new Ints(tasks + 1);
        argStart.add(0);
        int args = full ? tasks * 3 : 16;
        argIdx = new Ints(args);
        argType = new Ints(args);
        argTensor = new Ints(args);
        argDtype = new Ints(args);
        argShape = new Ints(args);
        argStrides = new Ints(args);
        argOffset = new Longs(args);
        argOffsetOk = new Bytes(args);
        int rows = annotated ? tasks : 16;
        tRowTensor = new Ints(rows);
        tRowIndex = new Ints(rows);
        tDtype = new Ints(rows);
        tAddr = new Longs(rows);
        tVersion = new Longs(rows);
        tNumel = new Longs(rows);
        tBits = new Bytes(rows);
        ePred = new Ints(edges);
        eSucc = new Ints(edges);
        if (annotated) {
            eArg = new Ints(edges);
            eSource = new Ints(edges);
            eFlags = new Ints(edges);
            eOverlap = new Ints(edges);
            eHazard = new Ints(edges);
            eAccess = new Ints(edges);
            eTensor = new Ints(edges);
        }
        if (full) {
            eCDtype = new Ints(edges);
            eCShape = new Ints(edges);
            eCStrides = new Ints(edges);
            ePShape = new Ints(edges);
            ePStrides = new Ints(edges);
            eCOff = new Longs(edges);
            ePOff = new Longs(edges);
            eBits = new Bytes(edges);
        }
    }

    private int node(long id) {
        int n = nodes.putIfAbsent(id, nodeIds.n);
        if (n >= 0) return n;
        n = nodeIds.n;
        nodeIds.add(id);
        if (n == nodeTaskProv.length) nodeTaskProv = Arrays.copyOf(nodeTaskProv, n * 2);
        nodeTaskProv[n] = -1;
        return n;
    }

    private int tensor(long id) {
        int t = tensors.putIfAbsent(id, tensorIds.n);
        if (t >= 0) return t;
        t = tensorIds.n;
        tensorIds.add(id);
        if (t == tensorRowProv.length) tensorRowProv = Arrays.copyOf(tensorRowProv, t * 2);
        tensorRowProv[t] = -1;
        return t;
    }

    @Override
    public void task(DepsTask t) {
        g.taskEntries++;
        if (!t.idOk) {
            g.skippedTasks++;
            return;
        }
        int n = node(t.id);
        int earlier = nodeTaskProv[n];
        if (earlier >= 0) {
            g.duplicateTasks++;
            taskNode.a[earlier] = -1;
        }
        nodeTaskProv[n] = taskNode.n;
        taskNode.add(n);
        int[] k = t.kernelSlots;
        for (int s = 0; s < 3; s++) taskKernels.add(k == null ? -1 : k[s]);
        taskExact.add(t.kernelIds != null ? 1 : 0);
        taskBlock.add(t.blockNum());
        taskScope.add(strings.code(t.scope));
        taskEarly.add(t.earlyDispatch == null ? -1 : t.earlyDispatch ? 1 : 0);
        if (full) {
            List<DepsArg> args = t.args;
            for (int i = 0, m = args.size(); i < m; i++) {
                DepsArg a = args.get(i);
                argIdx.add(a.idx == null ? TaskGraph.ABSENT : a.idx);
                argType.add(strings.code(a.type));
                argTensor.add(a.tensorIdOk ? tensor(a.tensorId) : -1);
                argDtype.add(strings.code(a.dtype));
                argShape.add(arrays.intern(a.shape));
                argStrides.add(arrays.intern(a.strides));
                argOffset.add(a.startOffsetOk ? a.startOffset : 0);
                argOffsetOk.add(a.startOffsetOk ? 1 : 0);
            }
        }
        argStart.add(argIdx.n);
    }

    @Override
    public void tensor(DepsTensor t) {
        g.tensorEntries++;
        if (!t.idOk) {
            g.skippedTensors++;
            return;
        }
        int ti = tensor(t.id);
        int earlier = tensorRowProv[ti];
        if (earlier >= 0) {
            g.duplicateTensors++;
            tRowTensor.a[earlier] = -1;
        }
        tensorRowProv[ti] = tRowTensor.n;
        tRowTensor.add(ti);
        tRowIndex.add(t.index);
        tAddr.add(t.bufferAddrOk ? t.bufferAddr : 0);
        tVersion.add(t.version != null ? t.version : 0);
        tDtype.add(strings.code(t.dtype));
        tNumel.add(t.bufferNumelOk ? t.bufferNumel : 0);
        tBits.add((t.bufferAddrOk ? TaskGraph.T_ADDR : 0)
                | (t.version != null ? TaskGraph.T_VERSION : 0)
                | (t.bufferNumelOk ? TaskGraph.T_NUMEL : 0));
    }

    @Override
    public void edge(DepsEdge e) {
        g.edgeEntries++;
        if (!e.endpointsOk) {
            g.skippedEdges++;
            return;
        }
        ePred.add(node(e.pred));
        eSucc.add(node(e.succ));
        if (annotated) {
            eArg.add(e.arg == null ? TaskGraph.ABSENT : e.arg);
            eSource.add(strings.code(e.source));
            eFlags.add(flagsCode(e.flags));
            eOverlap.add(strings.code(e.overlap));
            eHazard.add(strings.code(e.hazard));
            eAccess.add(strings.code(e.accessKind));
            eTensor.add(e.tensorIdOk ? tensor(e.tensorId) : -1);
        }
        if (full) {
            eCDtype.add(strings.code(e.consumerDtype));
            eCShape.add(arrays.intern(e.consumerShape));
            eCStrides.add(arrays.intern(e.consumerStrides));
            ePShape.add(arrays.intern(e.producerShape));
            ePStrides.add(arrays.intern(e.producerStrides));
            eCOff.add(e.consumerStartOffsetOk ? e.consumerStartOffset : 0);
            ePOff.add(e.producerStartOffsetOk ? e.producerStartOffset : 0);
            eBits.add((e.consumerStartOffsetOk ? TaskGraph.E_COFF : 0)
                    | (e.producerStartOffsetOk ? TaskGraph.E_POFF : 0));
        }
    }

    /** The reader hands over one list instance per distinct flag list (up to a bound), so identity mostly hits. */
    private int flagsCode(List<String> flags) {
        if (flags == null) return -1;
        Integer c = flagCodes.get(flags);
        if (c == null) {
            c = strings.code(String.join(",", flags));
            if (flagCodes.size() < 4096) flagCodes.put(flags, c);
        }
        return c;
    }

    @Override
    public void noEdgesList() {
        edgesListed = false;
    }

    @Override
    public void unexpected(String member, String where) {
        for (TaskGraph.Unexpected u : unexpected) if (java.util.Objects.equals(u.member(), member)) return;
        unexpected.add(new TaskGraph.Unexpected(member, where));
    }

    TaskGraph finish() {
        nodes = tensors = null; // the id lookups are the visit's only
        g.strings = strings;
        g.arrays = arrays;
        g.edgesListed = edgesListed;
        g.unexpected = List.copyOf(unexpected);

        int nn = nodeIds.n;
        long[] ids = Arrays.copyOf(nodeIds.a, nn);
        int[] perm = sortUnsigned(ids, nn);
        int[] provToNode = inverse(perm);
        int[] nodeTask = new int[nn];
        for (int i = 0; i < nn; i++) nodeTask[i] = nodeTaskProv[perm[i]];
        g.nodeCount = nn;
        g.nodeId = ids;
        g.nodeTask = nodeTask;
        nodeIds.a = null;
        nodeTaskProv = null;

        g.taskRows = taskNode.n;
        g.taskNode = trim(taskNode);
        GrowableColumns.remap(g.taskNode, g.taskRows, provToNode);
        g.taskKernels = trim(taskKernels);
        g.taskBlock = trim(taskBlock);
        g.taskScope = trim(taskScope);
        g.taskEarly = trim(taskEarly);
        g.taskKernelsExact = trim(taskExact);
        g.argStart = trim(argStart);

        int tn = tensorIds.n;
        long[] tids = Arrays.copyOf(tensorIds.a, tn);
        int[] tperm = sortUnsigned(tids, tn);
        int[] provToTensor = inverse(tperm);
        int[] tensorRow = new int[tn];
        for (int i = 0; i < tn; i++) tensorRow[i] = tensorRowProv[tperm[i]];
        g.tensorCount = tn;
        g.tensorId = tids;
        g.tensorRow = tensorRow;
        tensorIds.a = null;
        tensorRowProv = null;

        g.argCount = argIdx.n;
        g.argIdx = trim(argIdx);
        g.argType = trim(argType);
        g.argTensor = trim(argTensor);
        g.argDtype = trim(argDtype);
        g.argShape = trim(argShape);
        g.argStrides = trim(argStrides);
        g.argOffset = trim(argOffset);
        g.argOffsetOk = trim(argOffsetOk);
        GrowableColumns.remap(g.argTensor, g.argCount, provToTensor);

        g.tensorRows = tRowTensor.n;
        g.tRowTensor = trim(tRowTensor);
        GrowableColumns.remap(g.tRowTensor, g.tensorRows, provToTensor);
        g.tRowIndex = trim(tRowIndex);
        g.tDtype = trim(tDtype);
        g.tAddr = trim(tAddr);
        g.tVersion = trim(tVersion);
        g.tNumel = trim(tNumel);
        g.tBits = trim(tBits);

        int en = ePred.n;
        g.edgeCount = en;
        g.ePred = trim(ePred);
        g.eSucc = trim(eSucc);
        GrowableColumns.remap(g.ePred, en, provToNode);
        GrowableColumns.remap(g.eSucc, en, provToNode);
        int[] none = annotated && full ? null : filled(en, -1);
        if (annotated) {
            g.eArg = trim(eArg);
            g.eSource = trim(eSource);
            g.eFlags = trim(eFlags);
            g.eOverlap = trim(eOverlap);
            g.eHazard = trim(eHazard);
            g.eAccess = trim(eAccess);
            g.eTensor = trim(eTensor);
            GrowableColumns.remap(g.eTensor, en, provToTensor);
        } else {
            g.eArg = filled(en, TaskGraph.ABSENT);
            g.eSource = g.eFlags = g.eOverlap = g.eHazard = g.eAccess = g.eTensor = none;
        }
        if (full) {
            g.eCDtype = trim(eCDtype);
            g.eCShape = trim(eCShape);
            g.eCStrides = trim(eCStrides);
            g.ePShape = trim(ePShape);
            g.ePStrides = trim(ePStrides);
            g.eCOff = trim(eCOff);
            g.ePOff = trim(ePOff);
            g.eBits = trim(eBits);
        } else {
            g.eCDtype = g.eCShape = g.eCStrides = g.ePShape = g.ePStrides = none;
            g.eCOff = g.ePOff = new long[0]; // read only where eBits says an offset is there, and it never does
            g.eBits = new byte[en];
        }
        eArg = eSource = eFlags = eOverlap = eHazard = eAccess = eTensor = null;
        eCDtype = eCShape = eCStrides = ePShape = ePStrides = null;
        pairs(g);
        return g;
    }

    /** Groups the edges by (pred, succ): the pairs in order, each pair's rows in file order, both adjacencies. */
    static void pairs(TaskGraph g) {
        int n = g.nodeCount, en = g.edgeCount;
        int[] start = new int[n + 1];
        for (int e = 0; e < en; e++) start[g.ePred[e] + 1]++;
        for (int v = 0; v < n; v++) start[v + 1] += start[v];
        long[] keys = new long[en];
        int[] cursor = Arrays.copyOf(start, n);
        for (int e = 0; e < en; e++) keys[cursor[g.ePred[e]]++] = (long) g.eSucc[e] << 32 | e;
        cursor = null;
        int pairs = 0;
        for (int v = 0; v < n; v++) {
            int from = start[v], to = start[v + 1];
            if (!ascending(keys, from, to)) Arrays.sort(keys, from, to);
            for (int k = from; k < to; k++) if (k == from || (keys[k] >>> 32) != (keys[k - 1] >>> 32)) pairs++;
        }
        int[] outStart = new int[n + 1],
                pairPred = new int[pairs],
                pairSucc = new int[pairs],
                rowStart = new int[pairs + 1];
        int[] rows = new int[en], ePair = new int[en];
        int p = -1;
        for (int v = 0; v < n; v++) {
            outStart[v] = p + 1;
            for (int k = start[v], to = start[v + 1]; k < to; k++) {
                int succ = (int) (keys[k] >>> 32), row = (int) keys[k];
                if (k == start[v] || succ != (int) (keys[k - 1] >>> 32)) {
                    p++;
                    pairPred[p] = v;
                    pairSucc[p] = succ;
                    rowStart[p] = k;
                }
                rows[k] = row;
                ePair[row] = p;
            }
        }
        outStart[n] = pairs;
        rowStart[pairs] = en;
        int[] inStart = new int[n + 1];
        for (int q = 0; q < pairs; q++) inStart[pairSucc[q] + 1]++;
        for (int v = 0; v < n; v++) inStart[v + 1] += inStart[v];
        int[] inPred = new int[pairs], inPair = new int[pairs];
        int[] fill = Arrays.copyOf(inStart, n);
        for (int q = 0; q < pairs; q++) {
            int k = fill[pairSucc[q]]++;
            inPred[k] = pairPred[q];
            inPair[k] = q;
        }
        g.pairCount = pairs;
        g.outStart = outStart;
        g.pairPred = pairPred;
        g.pairSucc = pairSucc;
        g.pairRowStart = rowStart;
        g.pairRows = rows;
        g.ePair = ePair;
        g.inStart = inStart;
        g.inPred = inPred;
        g.inPair = inPair;
    }

    private static boolean ascending(long[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) if (a[i - 1] > a[i]) return false;
        return true;
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        if (v != 0) Arrays.fill(a, v);
        return a;
    }

    // Each column is dropped from the builder as it is trimmed: the graph is then never held twice.

    private static int[] trim(Ints c) {
        int[] a = c.a.length == c.n ? c.a : Arrays.copyOf(c.a, c.n);
        c.a = null;
        return a;
    }

    private static long[] trim(Longs c) {
        long[] a = c.a.length == c.n ? c.a : Arrays.copyOf(c.a, c.n);
        c.a = null;
        return a;
    }

    private static byte[] trim(Bytes c) {
        byte[] a = c.a.length == c.n ? c.a : Arrays.copyOf(c.a, c.n);
        c.a = null;
        return a;
    }

    /** Sorts {@code ids[0, n)} unsigned in place; returns the permutation (sorted position → original position). */
    private static int[] sortUnsigned(long[] ids, int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) sorted = Long.compareUnsigned(ids[i - 1], ids[i]) <= 0;
        if (!sorted) RadixSort.sort(ids, perm, n, 64);
        return perm;
    }

    private static int[] inverse(int[] perm) {
        int[] inv = new int[perm.length];
        for (int i = 0; i < perm.length; i++) inv[perm[i]] = i;
        return inv;
    }
}
