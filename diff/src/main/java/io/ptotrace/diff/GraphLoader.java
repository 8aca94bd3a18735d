package io.ptotrace.diff;

import io.ptotrace.model.util.RadixSort;
import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.TensorIds;
import io.ptotrace.model.U64;
import io.ptotrace.model.deps.DepsArg;
import io.ptotrace.model.deps.DepsEdge;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.deps.DepsTask;
import io.ptotrace.model.deps.DepsTensor;
import io.ptotrace.model.deps.DepsVisitor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Reads one side of a diff: a deps.json (or a run folder holding one) plus its name map. */
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
        Path shown = depsFile.getParent() == null ? best.getFileName() : depsFile.getParent().resolve(best.getFileName());
        try {
            return NameMap.read(best);
        } catch (InputProblem e) {
            warn.accept("Warning: couldn't read " + shown + ": " + e.getMessage());
            return NameMap.EMPTY;
        }
    }

    /**
     * Streams a deps.json into a {@link Graph}. Problems that make the file unusable throw
     * {@link InputProblem}; recoverable oddities (skipped entries, duplicate ids, tensor ids that are
     * not FNV-1a of their address and version) are reported through {@code warn}, one line each.
     */
    public static Graph read(Path depsFile, Consumer<String> warn) { return read(depsFile, warn, true); }

    /**
     * @param full false reads only what a projected diff needs (no args, edge annotations or tensors, so no
     *     tensor-id check); the
     *     graph then compares only by its (pred, succ) pairs
     */
    public static Graph read(Path depsFile, Consumer<String> warn, boolean full) {
        Builder b = new Builder(depsFile, estimate(depsFile));
        DepsReader.read(depsFile, full ? DepsReader.Detail.FULL : DepsReader.Detail.PROJECTION, b, warn);
        return checked(b.finish(), depsFile, warn);
    }

    private static Graph checked(Graph g, Path depsFile, Consumer<String> warn) {
        if (!g.edgesListed && g.taskEntries == 0 && g.tensorEntries == 0) {
            throw new InputProblem(depsFile, "not a deps.json: no tasks, tensors or edges array", null);
        }
        report(g, warn);
        return g;
    }

    private static long estimate(Path f) {
        try { return Files.size(f); } catch (IOException e) { return 0; }
    }

    private static void report(Graph g, Consumer<String> warn) {
        String f = g.file.toString();
        if (!g.edgesListed) warn.accept("Warning: " + f + " has no 'edges' array; compared as a graph without edges");
        if (g.skippedTasks + g.skippedEdges + g.skippedTensors > 0) {
            warn.accept("Warning: " + f + ": skipped entries whose id is not an unsigned integer: "
                + g.skippedTasks + " task(s), " + g.skippedEdges + " edge(s), " + g.skippedTensors + " tensor(s)");
        }
        if (g.duplicateTasks + g.duplicateTensors > 0) {
            warn.accept("Warning: " + f + ": kept the first of repeated ids: " + g.duplicateTasks
                + " duplicate task_id(s), " + g.duplicateTensors + " duplicate tensor_id(s)");
        }
        if (g.fnvMismatches > 0) {
            warn.accept("Warning: " + f + ": " + g.fnvMismatches + " of " + g.fnvChecked
                + " tensor(s) have a tensor_id that is not FNV-1a(buffer_addr, version), e.g. " + g.fnvExamples);
        }
    }

    /** The visitor: copies each streamed entry into columns. */
    static final class Builder implements DepsVisitor {
        private final Graph g;
        private final Values values = new Values();
        private final LongIntMap nodes;
        private final GrowableColumns.Longs nodeIds;
        private final LongIntMap tensors;
        private final GrowableColumns.Longs tensorIds;

        private final GrowableColumns.Ints taskNode, taskScope, taskKernels, taskBlock, argStart;
        private final GrowableColumns.Bytes taskEarly;
        private final GrowableColumns.Ints argIdx, argType, argTensor, argDtype, argShape, argStrides;
        private final GrowableColumns.Longs argOffset;
        private final GrowableColumns.Bytes argOffsetOk;
        private final GrowableColumns.Ints tRowTensor, tDtype;
        private final GrowableColumns.Longs tAddr, tVersion, tNumel;
        private final GrowableColumns.Bytes tBits;
        private final GrowableColumns.Ints ePred, eSucc, eArg, eSource, eFlags, eOverlap, eHazard, eAccess, eCDtype, eTensor,
            eCShape, eCStrides, ePShape, ePStrides;
        private final GrowableColumns.Longs eCOff, ePOff;
        private final GrowableColumns.Bytes eBits;
        private int[] nodeTaskProv = new int[1024];
        private int[] tensorRowProv = new int[1024];
        private boolean edgesListed = true;

        Builder(Path file, long fileSize) {
            g = new Graph(file);
            int edges = (int) Math.min(1 << 26, fileSize / 360);
            int tasks = Math.max(16, edges / 5);
            nodes = new LongIntMap(tasks);
            nodeIds = new GrowableColumns.Longs(tasks);
            tensors = new LongIntMap(tasks);
            tensorIds = new GrowableColumns.Longs(tasks);
            taskNode = new GrowableColumns.Ints(tasks); taskScope = new GrowableColumns.Ints(tasks); taskKernels = new GrowableColumns.Ints(tasks * 3);
            taskBlock = new GrowableColumns.Ints(tasks); taskEarly = new GrowableColumns.Bytes(tasks); argStart = new GrowableColumns.Ints(tasks + 1);
            argStart.add(0);
            int args = tasks * 3;
            argIdx = new GrowableColumns.Ints(args); argType = new GrowableColumns.Ints(args); argTensor = new GrowableColumns.Ints(args);
            argDtype = new GrowableColumns.Ints(args); argShape = new GrowableColumns.Ints(args); argStrides = new GrowableColumns.Ints(args);
            argOffset = new GrowableColumns.Longs(args); argOffsetOk = new GrowableColumns.Bytes(args);
            tRowTensor = new GrowableColumns.Ints(tasks); tDtype = new GrowableColumns.Ints(tasks);
            tAddr = new GrowableColumns.Longs(tasks); tVersion = new GrowableColumns.Longs(tasks); tNumel = new GrowableColumns.Longs(tasks);
            tBits = new GrowableColumns.Bytes(tasks);
            ePred = new GrowableColumns.Ints(edges); eSucc = new GrowableColumns.Ints(edges); eArg = new GrowableColumns.Ints(edges);
            eSource = new GrowableColumns.Ints(edges); eFlags = new GrowableColumns.Ints(edges); eOverlap = new GrowableColumns.Ints(edges);
            eHazard = new GrowableColumns.Ints(edges); eAccess = new GrowableColumns.Ints(edges); eCDtype = new GrowableColumns.Ints(edges);
            eTensor = new GrowableColumns.Ints(edges); eCShape = new GrowableColumns.Ints(edges); eCStrides = new GrowableColumns.Ints(edges);
            ePShape = new GrowableColumns.Ints(edges); ePStrides = new GrowableColumns.Ints(edges);
            eCOff = new GrowableColumns.Longs(edges); ePOff = new GrowableColumns.Longs(edges); eBits = new GrowableColumns.Bytes(edges);
        }

        private int node(long id) {
            int n = nodes.putIfAbsent(id, nodeIds.n);
            if (n >= 0) return n;
            n = nodeIds.n;
            nodeIds.add(id);
            if (n == nodeTaskProv.length) nodeTaskProv = java.util.Arrays.copyOf(nodeTaskProv, n * 2);
            nodeTaskProv[n] = -1;
            return n;
        }

        private int tensor(long id) {
            int t = tensors.putIfAbsent(id, tensorIds.n);
            if (t >= 0) return t;
            t = tensorIds.n;
            tensorIds.add(id);
            if (t == tensorRowProv.length) tensorRowProv = java.util.Arrays.copyOf(tensorRowProv, t * 2);
            tensorRowProv[t] = -1;
            return t;
        }

        /** Args of the task being read, held until the task is accepted. */
        static final class ArgBuf {
            int n;
            int[] idx = new int[8], type = new int[8], dtype = new int[8], shape = new int[8], strides = new int[8];
            boolean[] tensorOk = new boolean[8], offOk = new boolean[8];
            long[] tensor = new long[8], off = new long[8];

            void add(int idx0, int type0, boolean tOk, long t, int dtype0, int shape0, boolean oOk, long o, int strides0) {
                if (n == idx.length) {
                    int m = n * 2;
                    idx = java.util.Arrays.copyOf(idx, m); type = java.util.Arrays.copyOf(type, m); dtype = java.util.Arrays.copyOf(dtype, m);
                    shape = java.util.Arrays.copyOf(shape, m); strides = java.util.Arrays.copyOf(strides, m);
                    tensorOk = java.util.Arrays.copyOf(tensorOk, m); offOk = java.util.Arrays.copyOf(offOk, m);
                    tensor = java.util.Arrays.copyOf(tensor, m); off = java.util.Arrays.copyOf(off, m);
                }
                idx[n] = idx0; type[n] = type0; tensorOk[n] = tOk; tensor[n] = t; dtype[n] = dtype0; shape[n] = shape0;
                offOk[n] = oOk; off[n] = o; strides[n] = strides0;
                n++;
            }
        }

        /** One edge's members as codes, refs and raw ids. */
        static final class EdgeBuf {
            boolean endpointsOk, tensorOk, cOffOk, pOffOk;
            long pred, succ, tensor, cOff, pOff;
            int arg = Graph.ABSENT_INT, source = -1, flags = -1, overlap = -1, hazard = -1, access = -1, cDtype = -1;
            int cShape = -1, cStrides = -1, pShape = -1, pStrides = -1;

            void clear() {
                endpointsOk = tensorOk = cOffOk = pOffOk = false;
                pred = succ = tensor = cOff = pOff = 0;
                arg = Graph.ABSENT_INT;
                source = flags = overlap = hazard = access = cDtype = -1;
                cShape = cStrides = pShape = pStrides = -1;
            }
        }

        /** A tasks[] entry; {@code blockRaw} is used only when {@code blockPresent}. */
        void task(boolean idOk, long id, int scope, int k0, int k1, int k2, boolean blockPresent, long blockRaw, int early, ArgBuf args) {
            g.taskEntries++;
            if (!idOk) { g.skippedTasks++; return; }
            int n = node(id);
            if (nodeTaskProv[n] >= 0) { g.duplicateTasks++; return; }
            int row = taskNode.n;
            nodeTaskProv[n] = row;
            taskNode.add(n);
            taskScope.add(scope);
            taskKernels.add(k0);
            taskKernels.add(k1);
            taskKernels.add(k2);
            int block = !blockPresent || blockRaw < 1 ? 1 : blockRaw > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) blockRaw;
            taskBlock.add(block);
            taskEarly.add(early);
            for (int i = 0; i < args.n; i++) {
                argIdx.add(args.idx[i]);
                argType.add(args.type[i]);
                argTensor.add(args.tensorOk[i] ? tensor(args.tensor[i]) : -1);
                argDtype.add(args.dtype[i]);
                argShape.add(args.shape[i]);
                argStrides.add(args.strides[i]);
                argOffset.add(args.offOk[i] ? args.off[i] : 0);
                argOffsetOk.add(args.offOk[i] ? 1 : 0);
            }
            argStart.add(argIdx.n);
        }

        /** A tensors[] entry. */
        void tensor(boolean idOk, long id, boolean addrOk, long addr, boolean versionPresent, long version, int dtype,
                    boolean numelOk, long numel) {
            g.tensorEntries++;
            if (!idOk) { g.skippedTensors++; return; }
            int ti = tensor(id);
            if (tensorRowProv[ti] >= 0) { g.duplicateTensors++; return; }
            tensorRowProv[ti] = tRowTensor.n;
            tRowTensor.add(ti);
            tAddr.add(addrOk ? addr : 0);
            tVersion.add(versionPresent ? version : 0);
            tDtype.add(dtype);
            tNumel.add(numelOk ? numel : 0);
            tBits.add((addrOk ? Graph.T_ADDR : 0) | (versionPresent ? Graph.T_VERSION : 0) | (numelOk ? Graph.T_NUMEL : 0));
            if (addrOk && versionPresent) {
                g.fnvChecked++;
                long expect = TensorIds.fnv1a(addr, (int) version);
                if (expect != id) {
                    if (g.fnvMismatches < 3) {
                        if (g.fnvMismatches > 0) g.fnvExamples.append(", ");
                        g.fnvExamples.append(U64.str(id)).append(" (buffer_addr ").append(U64.str(addr))
                            .append(", version ").append(version).append(", expected ").append(U64.str(expect)).append(')');
                    }
                    g.fnvMismatches++;
                }
            }
        }

        /** An edges[] entry. */
        void edge(EdgeBuf e) {
            g.edgeEntries++;
            if (!e.endpointsOk) { g.skippedEdges++; return; }
            ePred.add(node(e.pred));
            eSucc.add(node(e.succ));
            eArg.add(e.arg);
            eSource.add(e.source);
            eFlags.add(e.flags);
            if (e.flags >= 0) g.edgesWithFlags++;
            eOverlap.add(e.overlap);
            eHazard.add(e.hazard);
            eAccess.add(e.access);
            eCDtype.add(e.cDtype);
            eTensor.add(e.tensorOk ? tensor(e.tensor) : -1);
            eCShape.add(e.cShape);
            eCStrides.add(e.cStrides);
            ePShape.add(e.pShape);
            ePStrides.add(e.pStrides);
            eCOff.add(e.cOffOk ? e.cOff : 0);
            ePOff.add(e.pOffOk ? e.pOff : 0);
            eBits.add((e.cOffOk ? Graph.E_COFF : 0) | (e.pOffOk ? Graph.E_POFF : 0));
        }

        // ---- the model's DepsReader

        private final ArgBuf argBuf = new ArgBuf();
        private final EdgeBuf edgeBuf = new EdgeBuf();

        @Override
        public void task(DepsTask t) {
            argBuf.n = 0;
            List<DepsArg> args = t.args;
            for (int i = 0, m = args.size(); i < m; i++) {
                DepsArg a = args.get(i);
                argBuf.add(a.idx == null ? Graph.ABSENT_INT : a.idx, values.text(a.type), a.tensorIdOk, a.tensorId,
                    values.text(a.dtype), values.array(a.shape), a.startOffsetOk, a.startOffset, values.array(a.strides));
            }
            int[] k = t.kernelIds;
            task(t.idOk, t.id, values.text(t.scope), k == null ? -1 : k[0], k == null ? -1 : k[1], k == null ? -1 : k[2],
                t.blockNumRaw != null, t.blockNumRaw == null ? 0 : t.blockNumRaw,
                t.earlyDispatch == null ? -1 : t.earlyDispatch ? 1 : 0, argBuf);
        }

        @Override
        public void tensor(DepsTensor t) {
            tensor(t.idOk, t.id, t.bufferAddrOk, t.bufferAddr, t.version != null, t.version == null ? 0 : t.version,
                values.text(t.dtype), t.bufferNumelOk, t.bufferNumel);
        }

        @Override
        public void edge(DepsEdge e) {
            EdgeBuf b = edgeBuf;
            b.clear();
            b.endpointsOk = e.endpointsOk;
            b.pred = e.pred;
            b.succ = e.succ;
            b.arg = e.arg == null ? Graph.ABSENT_INT : e.arg;
            b.source = values.text(e.source);
            b.flags = flagsCode(e.flags);
            b.overlap = values.text(e.overlap);
            b.hazard = values.text(e.hazard);
            b.access = values.text(e.accessKind);
            b.cDtype = values.text(e.consumerDtype);
            b.tensorOk = e.tensorIdOk;
            b.tensor = e.tensorId;
            b.cShape = values.array(e.consumerShape);
            b.cStrides = values.array(e.consumerStrides);
            b.pShape = values.array(e.producerShape);
            b.pStrides = values.array(e.producerStrides);
            b.cOffOk = e.consumerStartOffsetOk;
            b.cOff = e.consumerStartOffset;
            b.pOffOk = e.producerStartOffsetOk;
            b.pOff = e.producerStartOffset;
            edge(b);
        }

        private final java.util.Map<List<String>, Integer> flagCodes = new java.util.HashMap<>();

        private int flagsCode(List<String> flags) {
            if (flags == null) return -1;
            Integer c = flagCodes.get(flags);
            if (c == null) {
                c = values.text(String.join(",", flags));
                if (flagCodes.size() < 4096) flagCodes.put(List.copyOf(flags), c);
            }
            return c;
        }

        @Override
        public void noEdgesList() { edgesListed = false; }

        Graph finish() {
            g.values = values;
            g.edgesListed = edgesListed;
            // nodes in unsigned id order
            int nn = nodeIds.n;
            long[] ids = java.util.Arrays.copyOf(nodeIds.a, nn);
            int[] perm = sortUnsigned(ids, nn);
            int[] provToNode = inverse(perm);
            int[] nodeTask = new int[nn];
            for (int i = 0; i < nn; i++) nodeTask[i] = nodeTaskProv[perm[i]];
            g.nodeCount = nn;
            g.nodeId = ids;
            g.nodeTask = nodeTask;
            g.provNode = nodes;
            g.provToNode = provToNode;
            nodeIds.a = null;
            nodeTaskProv = null;

            g.taskCount = taskNode.n;
            g.taskNode = taskNode.a;
            GrowableColumns.remap(g.taskNode, g.taskCount, provToNode);
            g.taskScope = taskScope.a; g.taskKernels = taskKernels.a; g.taskBlock = taskBlock.a; g.taskEarly = taskEarly.a;
            g.argStart = argStart.a;

            // tensors in unsigned id order
            int tn = tensorIds.n;
            long[] tids = java.util.Arrays.copyOf(tensorIds.a, tn);
            int[] tperm = sortUnsigned(tids, tn);
            int[] provToTensor = inverse(tperm);
            int[] tensorRow = new int[tn];
            for (int i = 0; i < tn; i++) tensorRow[i] = tensorRowProv[tperm[i]];
            g.tensorCount = tn;
            g.tensorId = tids;
            g.tensorRow = tensorRow;
            g.provTensor = tensors;
            g.provToTensor = provToTensor;
            tensorIds.a = null;
            tensorRowProv = null;

            g.argCount = argIdx.n;
            g.argIdx = argIdx.a; g.argType = argType.a; g.argTensor = argTensor.a; g.argDtype = argDtype.a;
            g.argShape = argShape.a; g.argStrides = argStrides.a; g.argOffset = argOffset.a; g.argOffsetOk = argOffsetOk.a;
            GrowableColumns.remap(g.argTensor, g.argCount, provToTensor);

            g.tensorRowCount = tRowTensor.n;
            g.tRowTensor = tRowTensor.a;
            GrowableColumns.remap(g.tRowTensor, g.tensorRowCount, provToTensor);
            g.tAddr = tAddr.a; g.tVersion = tVersion.a; g.tDtype = tDtype.a; g.tNumel = tNumel.a; g.tBits = tBits.a;

            g.edgeCount = ePred.n;
            g.ePred = ePred.a; g.eSucc = eSucc.a;
            GrowableColumns.remap(g.ePred, g.edgeCount, provToNode);
            GrowableColumns.remap(g.eSucc, g.edgeCount, provToNode);
            g.eArg = eArg.a; g.eSource = eSource.a; g.eFlags = eFlags.a; g.eOverlap = eOverlap.a;
            g.eHazard = eHazard.a; g.eAccess = eAccess.a; g.eCDtype = eCDtype.a; g.eTensor = eTensor.a;
            GrowableColumns.remap(g.eTensor, g.edgeCount, provToTensor);
            g.eCShape = eCShape.a; g.eCStrides = eCStrides.a; g.ePShape = ePShape.a; g.ePStrides = ePStrides.a;
            g.eCOff = eCOff.a; g.ePOff = ePOff.a; g.eBits = eBits.a;
            return g;
        }
    }

    /** Sorts {@code ids[0, n)} unsigned in place; returns the permutation (sorted position → original position). */
    private static int[] sortUnsigned(long[] ids, int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        if (!sortedUnsigned(ids, n)) RadixSort.sort(ids, perm, n, 64);
        return perm;
    }

    private static int[] inverse(int[] perm) {
        int[] inv = new int[perm.length];
        for (int i = 0; i < perm.length; i++) inv[perm[i]] = i;
        return inv;
    }

    private static boolean sortedUnsigned(long[] a, int n) {
        for (int i = 1; i < n; i++) if (Long.compareUnsigned(a[i - 1], a[i]) > 0) return false;
        return true;
    }

}
