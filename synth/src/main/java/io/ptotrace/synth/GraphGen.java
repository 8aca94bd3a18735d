package io.ptotrace.synth;

import io.ptotrace.model.TensorIds;

/**
 * Deterministic, replayable generator of the task graph in submit order.
 *
 * <p>Each call of {@link #next(TaskSpec)} describes the next submitted task. The generator keeps
 * only bounded state (rings of recent buffers, tasks and task ids), so a fresh instance with the
 * same options replays exactly the same sequence; the writers replay it once per output section
 * instead of holding the graph in memory.
 *
 * <p>Tensor model (a TensorMap in miniature): every kernel task creates at least one fresh OUTPUT
 * buffer; later tasks read recent buffers (mostly of their own dataflow stream) as INPUT,
 * TRACKED_INPUT or NO_DEP, update them as INOUT, or overwrite buffers of {@code alloc_tensors()}
 * tasks as OUTPUT_EXISTING (whole, or in four row quarters by consecutive tasks). A read yields a
 * {@code creator} edge from the buffer's creator and one {@code tensormap} edge per overlapping
 * writer slice (RAW); writes yield {@code tensormap} WAR edges from the tracked reader. Dummy
 * tasks are wired with {@code explicit} edges. All predecessors precede their successor in submit
 * order, so the graph is a DAG.
 */
final class GraphGen {
    static final byte K_KERNEL = 0;
    static final byte K_ALLOC = 1;
    static final byte K_DUMMY = 2;
    static final byte K_PRED = 3;

    static final byte C_AIC = 0;
    static final byte C_AIV = 1;
    static final byte C_MIX = 2;
    static final byte C_NONE = 3;

    static final byte A_INPUT = 0;
    static final byte A_TRACKED = 1;
    static final byte A_NODEP = 2;
    static final byte A_INOUT = 3;
    static final byte A_OUTEX = 4;
    static final byte A_OUTPUT = 5;
    static final String[] ARG_NAMES = {"INPUT", "TRACKED_INPUT", "NO_DEP", "INOUT", "OUTPUT_EXISTING", "OUTPUT"};

    static final byte S_CREATOR = 0;
    static final byte S_TENSORMAP = 1;
    static final byte S_EXPLICIT = 2;

    static final byte OV_NONE = 0;
    static final byte OV_COVERED = 1;
    static final byte OV_OTHER = 2;

    static final byte H_NONE = 0;
    static final byte H_RAW = 1;
    static final byte H_WAR = 3;
    static final String[] HAZARD_NAMES = {null, "RAW", "WAW", "WAR"};

    static final byte AK_NONE = 0;
    static final byte AK_WRITER = 1;
    static final byte AK_READER = 2;
    static final String[] ACCESS_NAMES = {null, "WRITER", "READER"};

    static final String[] DTYPE_NAMES = {"FLOAT32", "FLOAT16", "BFLOAT16", "INT32", "INT8"};
    static final byte DT_F32 = 0;
    static final byte DT_F16 = 1;
    static final byte DT_BF16 = 2;
    static final byte DT_I32 = 3;
    static final byte DT_I8 = 4;

    /** Device heap of fresh/alloc buffers: 16384 slots of 256 KiB, reused with a bumped version. */
    static final long HEAP_BASE = 29_204_938_752L;

    static final long SLOT_BYTES = 0x40000L;
    static final int ADDR_SLOTS = 16384;
    /** Host-provided tensors (weights, inputs): their own region, never reused. */
    static final long EXT_BASE = 0x12C0000000L;

    private static final int TID_RING = 1 << 18;
    private static final int NB = 1 << 13;
    private static final int NE = 48;
    private static final int NH = NB + NE;
    private static final int STREAM_DEPTH = 8;
    private static final int GLOBAL_DEPTH = 256;
    private static final int PEND = 8;
    private static final int RECENT_TASKS = 16;
    private static final int[] SPMD_BLOCKS = {2, 2, 2, 4, 4, 4, 8, 8, 16, 24, 48};
    private static final int[] ROWS = {16, 16, 32, 64, 64, 128, 128, 256};
    private static final int[] COLS = {64, 128, 128, 256};

    private final SynthOptions o;
    private final Rng rng;
    private final int clusters;
    private final boolean hasAic;
    private final boolean hasAiv;
    private final int nStreams;
    private final double meanProduced;

    private final long[] tidRing = new long[TID_RING];
    private int g;
    private int curRing;
    private final int[] ringLocal = new int[4];
    private int curStream;

    // buffer table: handles [0, NB) are a ring of heap buffers, [NB, NH) the external tensors
    private final long[] bAddr = new long[NH];
    private final int[] bVer = new int[NH];
    private final byte[] bDtype = new byte[NH];
    private final int[] bRows = new int[NH];
    private final int[] bCols = new int[NH];
    private final int[] bCreator = new int[NH];
    private final long[] bTid = new long[NH];
    private final int[] wTask = new int[NH * 4];
    private final int[] wOff = new int[NH * 4];
    private final int[] wRows = new int[NH * 4];
    private final byte[] nW = new byte[NH];
    private final int[] rTask = new int[NH];
    private final int[] rOff = new int[NH];
    private final int[] rRows = new int[NH];
    private long bufCounter;
    private int ringSlot;
    private long extCounter;

    private final int[] globalRecent = new int[GLOBAL_DEPTH];
    private int grHead;
    private int grCount;
    private final int[] streamRecent;
    private final int[] srHead;
    private final int[] srCount;

    private final int[] pendH = new int[PEND * 3];
    private final byte[] pendN = new byte[PEND];
    private final byte[] pendQ = new byte[PEND];
    private int pendHead;
    private int pendCount;

    private final int[] recentTasks = new int[RECENT_TASKS];
    private int rtHead;
    private int rtCount;
    private int pendingDummy = -1;
    private int pendingDummyLeft;

    // deferred state updates of the current task
    private int nDef;
    private final int[] defH = new int[64];
    private final int[] defOff = new int[64];
    private final int[] defRows = new int[64];
    private final boolean[] defWrite = new boolean[64];
    private final boolean[] defPublish = new boolean[64];

    GraphGen(SynthOptions o) {
        this.o = o;
        this.rng = new Rng(Rng.derive(o.seed(), 1));
        this.hasAic = o.aicCores() > 0;
        this.hasAiv = o.aivCores() > 0;
        this.clusters = Math.min(o.aicCores(), o.aivCores() / 2);
        int s = o.streams() > 0 ? o.streams() : Math.max(16, Math.min(1024, 8 * o.numCores()));
        this.nStreams = s;
        this.streamRecent = new int[s * STREAM_DEPTH];
        this.srHead = new int[s];
        this.srCount = new int[s];
        // each produced input yields ~1.95 annotated edges (creator + tensormap) per task on average;
        // explicit, WAR and OUTPUT_EXISTING edges add ~0.1 (calibrated on 20k-task runs)
        this.meanProduced = Math.max(0.0, (o.edgesPerTask() - 0.1) / 1.95);
        java.util.Arrays.fill(rTask, -1);
    }

    /** Number of MIX clusters (AIC core + two AIV cores). */
    int clusters() {
        return clusters;
    }

    /** Fills {@code t} with the next task in submit order. */
    void next(TaskSpec t) {
        t.reset();
        int gi = g++;
        t.index = gi;
        if (o.rings() > 1 && rng.chance(1.0 / 24)) {
            curRing = rng.nextInt(o.rings());
        }
        long tid = ((long) curRing << 32) | (ringLocal[curRing]++ & 0xFFFFFFFFL);
        t.taskId = tid;
        tidRing[gi & (TID_RING - 1)] = tid;
        double u = rng.nextDouble();
        nDef = 0;
        if ((gi == 0 && o.allocShare() > 0) || u < o.allocShare()) {
            genAlloc(t, gi);
        } else if (u < o.allocShare() + o.dummyShare()) {
            genDummy(t, gi);
        } else {
            genKernel(t, gi);
        }
    }

    private long tidOf(int index) {
        return tidRing[index & (TID_RING - 1)];
    }

    // ---------------------------------------------------------------- task kinds

    private void genAlloc(TaskSpec t, int gi) {
        t.kind = K_ALLOC;
        t.cls = C_NONE;
        int rows = ROWS[rng.nextInt(ROWS.length)];
        int cols = COLS[rng.nextInt(COLS.length)];
        boolean triple = rng.chance(0.5);
        boolean quarters = !triple && rng.chance(0.35);
        int slot = (pendHead + pendCount) % PEND;
        if (pendCount == PEND) {
            pendHead = (pendHead + 1) % PEND;
            pendCount--;
        }
        int n = 0;
        pendH[slot * 3 + n++] = newHeapBuffer(t, gi, DT_F32, rows, cols, false);
        if (triple) {
            pendH[slot * 3 + n++] = newHeapBuffer(t, gi, DT_F32, rows, 0, false);
            pendH[slot * 3 + n++] = newHeapBuffer(t, gi, DT_F32, rows, 0, false);
        }
        pendN[slot] = (byte) n;
        pendQ[slot] = (byte) (quarters ? 0 : -1);
        pendCount++;
    }

    private void genDummy(TaskSpec t, int gi) {
        t.kind = K_DUMMY;
        t.cls = C_NONE;
        int want = 1 + rng.nextInt(3);
        int first = -1;
        int second = -1;
        for (int i = 0; i < want && i < rtCount; i++) {
            int p = recentTasks[Math.floorMod(rtHead - 1 - rng.nextInt(rtCount), RECENT_TASKS)];
            if (p == first || p == second) {
                continue;
            }
            if (first < 0) {
                first = p;
            } else {
                second = p;
            }
            explicit(t, p);
        }
        if (rng.chance(0.3)) {
            int h = pickProduced();
            if (h >= 0) {
                readArg(t, gi, A_INPUT, h, 0, bRows[h]);
            }
        }
        applyDeferred(gi);
        pendingDummy = gi;
        pendingDummyLeft = 1 + rng.nextInt(2);
        pushRecentTask(gi);
    }

    private void genKernel(TaskSpec t, int gi) {
        t.kind = rng.chance(o.predicatedShare()) ? K_PRED : K_KERNEL;
        double um = rng.nextDouble();
        double ua = rng.nextDouble();
        if (clusters > 0 && um < o.mixShare()) {
            t.cls = C_MIX;
        } else if (hasAic && hasAiv) {
            t.cls = ua < 0.35 ? C_AIC : C_AIV;
        } else {
            t.cls = hasAic ? C_AIC : C_AIV;
        }
        int pick = rng.nextInt(1 << 20);
        switch (t.cls) {
            case C_AIC -> t.k0 = Kernels.AIC[pick % Kernels.AIC.length];
            case C_AIV -> {
                if (pick % 25 == 0) {
                    t.k2 = Kernels.AIV1_ONLY[pick % Kernels.AIV1_ONLY.length];
                } else {
                    t.k1 = Kernels.AIV[pick % Kernels.AIV.length];
                }
            }
            default -> {
                int[] m = Kernels.MIX[pick % Kernels.MIX.length];
                t.k0 = m[0];
                t.k1 = m[1];
                t.k2 = m[2];
            }
        }
        if (rng.chance(o.spmdShare())) {
            if (t.cls == C_MIX) {
                t.blockNum = rng.range(2, Math.max(2, Math.min(4, clusters * 2)));
            } else {
                int typeCores = t.cls == C_AIC ? o.aicCores() : o.aivCores();
                int b = SPMD_BLOCKS[rng.nextInt(SPMD_BLOCKS.length)];
                t.blockNum = Math.max(2, Math.min(b, 2 * typeCores));
            }
        }
        t.manualScope = rng.chance(0.02);
        if (rng.chance(0.5)) {
            curStream = rng.nextInt(nStreams);
        }

        // explicit dependencies
        int dummyPred = -1;
        if (pendingDummyLeft > 0) {
            pendingDummyLeft--;
            dummyPred = pendingDummy;
            explicit(t, dummyPred);
        }
        if (rng.chance(0.03) && rtCount > 0) {
            int p = recentTasks[Math.floorMod(rtHead - 1 - rng.nextInt(rtCount), RECENT_TASKS)];
            if (p != dummyPred) {
                explicit(t, p);
            }
        }

        // reads of produced tensors
        int nIn = (int) meanProduced;
        if (rng.nextDouble() < meanProduced - nIn) {
            nIn++;
        }
        int jitter = rng.nextInt(4); // 0: -1, 1,2: 0, 3: +1  (mean preserving unless clamped)
        if (jitter == 0 && nIn > 0) {
            nIn--;
        } else if (jitter == 3) {
            nIn++;
        }
        for (int i = 0; i < nIn; i++) {
            int h = pickProduced();
            double ut = rng.nextDouble();
            boolean slice = rng.chance(0.15);
            if (h < 0) {
                h = pickExternal(t);
                t.addArg(A_INPUT, 0, bRows[h], bCols[h], bDtype[h], bTid[h]);
                continue;
            }
            byte type = ut < 0.85 ? A_INPUT : ut < 0.95 ? A_TRACKED : A_NODEP;
            int rows = bRows[h];
            int off = 0;
            if (slice && rows >= 8) {
                rows = rows / 4;
                off = rows * rng.nextInt(4);
            }
            readArg(t, gi, type, h, off, rows);
        }
        // host tensors (weights, activations from the host)
        int nExt = (rng.chance(0.55) ? 1 : 0) + (rng.chance(0.1) ? 1 : 0);
        for (int i = 0; i < nExt; i++) {
            int h = pickExternal(t);
            t.addArg(A_INPUT, 0, bRows[h], bCols[h], bDtype[h], bTid[h]);
        }
        // writes of existing tensors
        boolean wroteExisting = false;
        if (pendCount > 0 && rng.chance(0.6)) {
            int slot = pendHead;
            int n = pendN[slot];
            int q = pendQ[slot];
            boolean done = true;
            for (int i = 0; i < n; i++) {
                int h = pendH[slot * 3 + i];
                if (q >= 0 && i == 0) {
                    int rows = bRows[h] / 4;
                    writeArg(t, gi, A_OUTEX, h, rows * q, rows, q == 3);
                    done = q == 3;
                } else {
                    writeArg(t, gi, A_OUTEX, h, 0, bRows[h], true);
                }
            }
            if (done) {
                pendHead = (pendHead + 1) % PEND;
                pendCount--;
            } else {
                pendQ[slot] = (byte) (q + 1);
            }
            wroteExisting = true;
        } else if (rng.chance(0.07)) {
            int h = pickProduced();
            if (h >= 0 && h < NB) {
                writeArg(t, gi, A_INOUT, h, 0, bRows[h], true);
                wroteExisting = true;
            }
        }
        applyDeferred(gi);
        // fresh outputs (at least one unless the task already wrote an existing tensor)
        int nOut = (wroteExisting && rng.chance(0.5)) ? 0 : 1;
        if (rng.chance(0.2)) {
            nOut++;
        }
        if (rng.chance(0.05)) {
            nOut++;
        }
        if (nOut == 0 && !wroteExisting) {
            nOut = 1;
        }
        for (int i = 0; i < nOut; i++) {
            double ud = rng.nextDouble();
            byte dt = ud < 0.45 ? DT_F32 : ud < 0.7 ? DT_F16 : ud < 0.9 ? DT_BF16 : ud < 0.95 ? DT_I32 : DT_I8;
            int rows = ROWS[rng.nextInt(ROWS.length)];
            int cols = rng.chance(0.15) ? 0 : COLS[rng.nextInt(COLS.length)];
            int h = newHeapBuffer(t, gi, dt, rows, cols, true);
            t.addArg(A_OUTPUT, 0, rows, cols, dt, bTid[h]);
            pushProduced(h);
        }
        pushRecentTask(gi);
    }

    // ---------------------------------------------------------------- args and edges

    private void explicit(TaskSpec t, int pred) {
        t.addEdge(pred, tidOf(pred), S_EXPLICIT, -1, OV_NONE, H_NONE, AK_NONE, 0, 0);
    }

    private void readArg(TaskSpec t, int gi, byte type, int h, int off, int rows) {
        int a = t.addArg(type, off, rows, bCols[h], bDtype[h], bTid[h]);
        int c = bCreator[h];
        if (c >= 0 && c != gi) {
            t.addEdge(c, tidOf(c), S_CREATOR, a, OV_NONE, H_NONE, AK_NONE, 0, 0);
        }
        if (type != A_NODEP) {
            writerEdges(t, gi, h, a, off, rows);
        }
        if (type == A_TRACKED) {
            defer(h, off, rows, false, false);
        }
    }

    private void writeArg(TaskSpec t, int gi, byte type, int h, int off, int rows, boolean publish) {
        int a = t.addArg(type, off, rows, bCols[h], bDtype[h], bTid[h]);
        int c = bCreator[h];
        if (c >= 0 && c != gi) {
            t.addEdge(c, tidOf(c), S_CREATOR, a, OV_NONE, H_NONE, AK_NONE, 0, 0);
        }
        if (type == A_INOUT) {
            writerEdges(t, gi, h, a, off, rows);
        }
        int r = rTask[h];
        if (r >= 0 && r != gi && intersects(rOff[h], rRows[h], off, rows)) {
            byte ov = covers(rOff[h], rRows[h], off, rows) ? OV_COVERED : OV_OTHER;
            t.addEdge(r, tidOf(r), S_TENSORMAP, a, ov, H_WAR, AK_READER, rOff[h], rRows[h]);
        }
        defer(h, off, rows, true, publish);
    }

    private void writerEdges(TaskSpec t, int gi, int h, int a, int off, int rows) {
        int n = nW[h];
        for (int i = 0; i < n; i++) {
            int w = wTask[h * 4 + i];
            int wo = wOff[h * 4 + i];
            int wr = wRows[h * 4 + i];
            if (w != gi && intersects(wo, wr, off, rows)) {
                byte ov = covers(wo, wr, off, rows) ? OV_COVERED : OV_OTHER;
                t.addEdge(w, tidOf(w), S_TENSORMAP, a, ov, H_RAW, AK_WRITER, wo, wr);
            }
        }
    }

    private static boolean intersects(int aOff, int aRows, int bOff, int bRows) {
        return aOff < bOff + bRows && bOff < aOff + aRows;
    }

    /** Producer slice {@code p} contains consumer slice {@code c}. */
    private static boolean covers(int pOff, int pRows, int cOff, int cRows) {
        return pOff <= cOff && pOff + pRows >= cOff + cRows;
    }

    private void defer(int h, int off, int rows, boolean write, boolean publish) {
        if (nDef == defH.length) {
            return;
        }
        defH[nDef] = h;
        defOff[nDef] = off;
        defRows[nDef] = rows;
        defWrite[nDef] = write;
        defPublish[nDef] = publish;
        nDef++;
    }

    private void applyDeferred(int gi) {
        for (int i = 0; i < nDef; i++) {
            int h = defH[i];
            int off = defOff[i];
            int rows = defRows[i];
            if (!defWrite[i]) {
                rTask[h] = gi;
                rOff[h] = off;
                rRows[h] = rows;
                continue;
            }
            if (off == 0 && rows >= bRows[h]) {
                nW[h] = 1;
                wTask[h * 4] = gi;
                wOff[h * 4] = 0;
                wRows[h * 4] = bRows[h];
            } else {
                int n = nW[h];
                int k = 0;
                for (int j = 0; j < n; j++) {
                    int wo = wOff[h * 4 + j];
                    int wr = wRows[h * 4 + j];
                    if (!covers(off, rows, wo, wr)) {
                        wTask[h * 4 + k] = wTask[h * 4 + j];
                        wOff[h * 4 + k] = wo;
                        wRows[h * 4 + k] = wr;
                        k++;
                    }
                }
                if (k == 4) {
                    System.arraycopy(wTask, h * 4 + 1, wTask, h * 4, 3);
                    System.arraycopy(wOff, h * 4 + 1, wOff, h * 4, 3);
                    System.arraycopy(wRows, h * 4 + 1, wRows, h * 4, 3);
                    k = 3;
                }
                wTask[h * 4 + k] = gi;
                wOff[h * 4 + k] = off;
                wRows[h * 4 + k] = rows;
                nW[h] = (byte) (k + 1);
            }
            if (rTask[h] >= 0 && intersects(rOff[h], rRows[h], off, rows)) {
                rTask[h] = -1;
            }
            if (defPublish[i]) {
                pushProduced(h);
            }
        }
        nDef = 0;
    }

    // ---------------------------------------------------------------- buffers

    private int newHeapBuffer(TaskSpec t, int creator, byte dtype, int rows, int cols, boolean written) {
        int h = ringSlot;
        ringSlot = (ringSlot + 1) & (NB - 1);
        long k = bufCounter++;
        long addr = HEAP_BASE + (k % ADDR_SLOTS) * SLOT_BYTES;
        int ver = (int) (k / ADDR_SLOTS);
        initBuffer(h, addr, ver, dtype, rows, cols, creator);
        if (written) {
            nW[h] = 1;
            wTask[h * 4] = creator;
            wOff[h * 4] = 0;
            wRows[h * 4] = rows;
        }
        t.addNew(addr, ver, bTid[h], dtype, (long) rows * Math.max(1, cols));
        return h;
    }

    private void initBuffer(int h, long addr, int ver, byte dtype, int rows, int cols, int creator) {
        bAddr[h] = addr;
        bVer[h] = ver;
        bDtype[h] = dtype;
        bRows[h] = rows;
        bCols[h] = cols;
        bCreator[h] = creator;
        bTid[h] = TensorIds.fnv1a(addr, ver);
        nW[h] = 0;
        rTask[h] = -1;
    }

    private int pickExternal(TaskSpec t) {
        long created = extCounter;
        boolean fresh = created < 4 || (created < NE && rng.chance(0.3)) || rng.chance(0.01);
        if (!fresh) {
            return NB + rng.nextInt((int) Math.min(created, NE));
        }
        int h = NB + (int) (created % NE);
        long addr = EXT_BASE + created * SLOT_BYTES;
        extCounter++;
        byte dt = rng.chance(0.5) ? DT_BF16 : DT_F16;
        int rows = rng.chance(0.25) ? 16 : 64 << rng.nextInt(3);
        int cols = rng.chance(0.1) ? 0 : 128 << rng.nextInt(2);
        initBuffer(h, addr, 0, dt, rows, cols, -1);
        t.addNew(addr, 0, bTid[h], dt, (long) rows * Math.max(1, cols));
        return h;
    }

    private int pickProduced() {
        boolean own = rng.chance(0.85);
        double e = rng.nextDouble();
        int s = curStream;
        if (own && srCount[s] > 0) {
            int d = (int) Math.min(srCount[s] - 1, -Math.log(1.0 - e) * 1.0);
            return streamRecent[s * STREAM_DEPTH + Math.floorMod(srHead[s] - 1 - d, STREAM_DEPTH)];
        }
        if (grCount > 0) {
            int d = (int) Math.min(grCount - 1, 16 - Math.log(1.0 - e) * 48.0);
            return globalRecent[Math.floorMod(grHead - 1 - d, GLOBAL_DEPTH)];
        }
        return -1;
    }

    private void pushProduced(int h) {
        int s = curStream;
        streamRecent[s * STREAM_DEPTH + srHead[s]] = h;
        srHead[s] = (srHead[s] + 1) % STREAM_DEPTH;
        if (srCount[s] < STREAM_DEPTH) {
            srCount[s]++;
        }
        globalRecent[grHead] = h;
        grHead = (grHead + 1) % GLOBAL_DEPTH;
        if (grCount < GLOBAL_DEPTH) {
            grCount++;
        }
    }

    private void pushRecentTask(int gi) {
        recentTasks[rtHead] = gi;
        rtHead = (rtHead + 1) % RECENT_TASKS;
        if (rtCount < RECENT_TASKS) {
            rtCount++;
        }
    }
}
