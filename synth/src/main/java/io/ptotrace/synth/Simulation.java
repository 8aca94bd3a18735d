package io.ptotrace.synth;

import io.ptotrace.model.util.GrowableColumns;
import java.util.Arrays;

/**
 * Simulates one run: the orchestrator submits the tasks of {@link GraphGen} in order, the AICPU
 * scheduler dispatches each ready task (all respected predecessors released) to the best-fitting
 * free core of its type (MIX: a whole cluster; SPMD: one row per block), and records every AICore
 * dispatch in a {@link RowStore}. Tasks are handled in submit order with a sorted free-time pool per
 * core type, so the whole simulation is O(n log C).
 *
 * <p>Happens-before violations: for a consumer, the timed kernel predecessors chosen by a running
 * share controller are not waited for, and the consumer's first block is dispatched early enough
 * to start before the producer ends; a choice that turns out infeasible (the consumer cannot start
 * that early) is reverted to a respected dependency. Every other dependency is respected with
 * {@code dispatch >= producer finish + release latency}.
 */
final class Simulation {
    /** Slots of the runtime's task ring: submission waits until task {@code g - TASK_WINDOW} retired. */
    static final int TASK_WINDOW = 1024;

    final SynthOptions o;
    final Timing tm;
    final int n;
    final int numCores;
    final int aic;
    final int schedThreads;
    final int orchThreads;
    final int clusters;
    final long t0;

    final long[] taskId;
    final long[] subStart;
    final int[] subDur;
    final byte[] kind;
    final RowStore rows;
    final int[] coreThread;

    int nMarkers;
    long[] mTime = new long[64];
    int[] mTask = new int[64];
    byte[] mKind = new byte[64];
    byte[] mThread = new byte[64];

    // statistics
    long kernelTasks;
    long allocTasks;
    long dummyTasks;
    long predicatedTasks;
    long annotatedEdges;
    long tensors;
    long timedPairs;
    long violatingPairs;

    private long[] rel;
    private long[] maxEnd;
    private final long[] free;
    private final CorePool aicPool;
    private final CorePool aivPool;
    private final Rng rng;
    private final int[] regNext;
    /** Execution-time factor by kernel id ({@link SynthOptions#kernelScale}). */
    private final double[] kernelFactor;

    Simulation(SynthOptions o) {
        this.o = o;
        this.tm = new Timing(o.clockFreqHz(), o.schedulerScale());
        this.n = o.tasks();
        this.numCores = o.numCores();
        this.aic = o.aicCores();
        this.schedThreads = o.schedulerThreads();
        this.orchThreads = o.orchestratorThreads();
        this.clusters = Math.min(o.aicCores(), o.aivCores() / 2);
        this.rng = new Rng(Rng.derive(o.effectiveTimingSeed(), 2));
        this.kernelFactor = new double[Kernels.NAMES.length];
        java.util.Arrays.fill(kernelFactor, 1.0);
        o.kernelScale().forEach((name, f) -> kernelFactor[Kernels.idOf(name)] = f);
        this.t0 = o.clockFreqHz() * (3600L + rng.nextInt(86_400)) + rng.nextInt(1_000_000);
        taskId = new long[n];
        subStart = new long[n];
        subDur = new int[n];
        kind = new byte[n];
        rel = new long[n];
        maxEnd = new long[n];
        long est = (long) (n * (1.0 + o.spmdShare() * 9 + o.mixShare() * 2.5)) + 64;
        rows = new RowStore((int) Math.min(est, 1L << 30));
        free = new long[numCores];
        Arrays.fill(free, t0);
        int[] aicIds = new int[o.aicCores()];
        int[] aivIds = new int[o.aivCores()];
        for (int i = 0; i < aicIds.length; i++) {
            aicIds[i] = i;
        }
        for (int i = 0; i < aivIds.length; i++) {
            aivIds[i] = aic + i;
        }
        aicPool = new CorePool(aicIds, free, numCores);
        aivPool = new CorePool(aivIds, free, numCores);
        regNext = new int[numCores];
        for (int c = 0; c < numCores; c++) {
            regNext[c] = 1 + rng.nextInt(32);
        }
        coreThread = new int[numCores];
        for (int i = 0; i < aicIds.length; i++) {
            coreThread[i] = (int) ((long) i * schedThreads / aicIds.length);
        }
        for (int i = 0; i < aivIds.length; i++) {
            coreThread[aic + i] = (int) ((long) i * schedThreads / aivIds.length);
        }
    }

    /** Core type name of a core id. */
    String coreType(int core) {
        return core < aic ? "aic" : "aiv";
    }

    void run(GraphGen gen) {
        TaskSpec t = new TaskSpec();
        int[] preds = new int[64];
        long[] orchFree = new long[orchThreads];
        Arrays.fill(orchFree, t0);
        long lastStart = t0 - tm.orchStep;
        for (int gi = 0; gi < n; gi++) {
            gen.next(t);
            taskId[gi] = t.taskId;
            kind[gi] = t.kind;
            annotatedEdges += t.nEdges;
            tensors += t.nNew;

            int ot = gi % orchThreads;
            long st = Math.max(orchFree[ot], lastStart + tm.orchStep);
            if (gi >= TASK_WINDOW) {
                // back-pressure: the task ring has TASK_WINDOW slots; a slot is reused once retired
                st = Math.max(st, rel[gi - TASK_WINDOW]);
            }
            long dur = switch (t.kind) {
                case GraphGen.K_ALLOC -> Timing.draw(rng, tm.submitAlloc);
                case GraphGen.K_DUMMY -> Timing.draw(rng, tm.submitDummy);
                default -> Timing.draw(rng, tm.submitKernel);
            };
            dur = Math.max(1, dur);
            subStart[gi] = st;
            subDur[gi] = (int) dur;
            orchFree[ot] = st + dur + Timing.draw(rng, tm.orchGap);
            lastStart = st;
            long subEnd = st + dur;

            // distinct predecessors
            if (preds.length < t.nEdges) {
                preds = new int[t.nEdges * 2];
            }
            int np = 0;
            for (int e = 0; e < t.nEdges; e++) {
                int p = t.ePred[e];
                boolean dup = false;
                for (int j = 0; j < np; j++) {
                    if (preds[j] == p) {
                        dup = true;
                        break;
                    }
                }
                if (!dup) {
                    preds[np++] = p;
                }
            }

            switch (t.kind) {
                case GraphGen.K_ALLOC -> {
                    allocTasks++;
                    rel[gi] = subEnd;
                    maxEnd[gi] = subEnd;
                }
                case GraphGen.K_DUMMY, GraphGen.K_PRED -> {
                    if (t.kind == GraphGen.K_DUMMY) {
                        dummyTasks++;
                    } else {
                        predicatedTasks++;
                    }
                    long ready = subEnd + Timing.draw(rng, tm.dispatchLatency);
                    for (int j = 0; j < np; j++) {
                        ready = Math.max(ready, rel[preds[j]]);
                    }
                    long when = ready + Timing.draw(rng, tm.markerDelay);
                    addMarker(when, gi, t.kind, rng.nextInt(schedThreads));
                    rel[gi] = when + Timing.draw(rng, tm.release);
                    maxEnd[gi] = when;
                }
                default -> {
                    kernelTasks++;
                    scheduleKernel(t, gi, subEnd, preds, np);
                }
            }
        }
        rel = null;
        maxEnd = null;
    }

    private void addMarker(long time, int task, byte k, int thread) {
        mTime = GrowableColumns.room(mTime, nMarkers);
        mTask = GrowableColumns.room(mTask, nMarkers);
        mKind = GrowableColumns.room(mKind, nMarkers);
        mThread = GrowableColumns.room(mThread, nMarkers);
        mTime[nMarkers] = time;
        mTask[nMarkers] = task;
        mKind[nMarkers] = k;
        mThread[nMarkers] = (byte) thread;
        nMarkers++;
    }

    private long earliestDispatch(byte cls, long ready, boolean aiv1) {
        if (cls == GraphGen.C_MIX) {
            int c = bestCluster(ready, aiv1);
            return Math.max(ready, clusterFree(c, aiv1));
        }
        CorePool pool = cls == GraphGen.C_AIC ? aicPool : aivPool;
        return Math.max(ready, free[pool.bestFit(ready)]);
    }

    private long clusterFree(int c, boolean aiv1) {
        long f = Math.max(free[c], free[aic + 2 * c]);
        if (aiv1) {
            f = Math.max(f, free[aic + 2 * c + 1]);
        }
        return f;
    }

    /** Best-fit cluster: latest-free among those free at {@code ready}, else the earliest-free. */
    private int bestCluster(long ready, boolean aiv1) {
        int best = -1;
        long bestF = Long.MIN_VALUE;
        int earliest = 0;
        long earliestF = Long.MAX_VALUE;
        for (int c = 0; c < clusters; c++) {
            long f = clusterFree(c, aiv1);
            if (f <= ready && f > bestF) {
                best = c;
                bestF = f;
            }
            if (f < earliestF) {
                earliest = c;
                earliestF = f;
            }
        }
        return best >= 0 ? best : earliest;
    }

    /** Execution time of one block: SPMD blocks split the work (less per block, never linear). */
    private long execCycles(int kernel, int blocks) {
        double split = blocks <= 1 ? 1.0 : 0.5 + 0.5 / Math.sqrt(blocks);
        double ns = Kernels.EXEC_NS[kernel] * split * (0.7 + 0.3 * (rng.nextDouble() + rng.nextDouble()));
        if (rng.chance(0.02)) {
            ns *= 1.5 + 1.5 * rng.nextDouble();
        }
        return tm.cyc(ns * kernelFactor[kernel]);
    }

    private void scheduleKernel(TaskSpec t, int gi, long subEnd, int[] preds, int np) {
        long base = subEnd + Timing.draw(rng, tm.dispatchLatency);
        long prop0 = Timing.draw(rng, tm.prop);
        long r2s0 = Timing.draw(rng, tm.r2s);
        boolean aiv1 = t.k2 >= 0;
        byte cls = t.cls;

        // split predecessors: timed kernels (violation candidates) and the rest (always respected)
        long respected = base;
        int nk = 0;
        for (int j = 0; j < np; j++) {
            int p = preds[j];
            if (kind[p] == GraphGen.K_KERNEL) {
                preds[nk++] = p; // compact kernel preds to the front (order kept)
            } else {
                respected = Math.max(respected, rel[p]);
            }
        }
        long ready;
        int nViol = 0;
        double h = o.hbViolationShare();
        if (h > 0 && nk > 0) {
            double want = h * (timedPairs + nk) - violatingPairs;
            int k = (int) Math.floor(want + rng.nextDouble());
            k = Math.max(0, Math.min(nk, k));
            // sort kernel preds by maxEnd descending (insertion sort; nk is small)
            for (int i = 1; i < nk; i++) {
                int p = preds[i];
                int j = i - 1;
                while (j >= 0 && (maxEnd[preds[j]] < maxEnd[p] || (maxEnd[preds[j]] == maxEnd[p] && preds[j] > p))) {
                    preds[j + 1] = preds[j];
                    j--;
                }
                preds[j + 1] = p;
            }
            // candidates: could still be running when we could start at the earliest
            int v = 0;
            while (v < k && maxEnd[preds[v]] > base + prop0 + r2s0) {
                v++;
            }
            nViol = v;
            while (true) {
                ready = respected;
                for (int j = nViol; j < nk; j++) {
                    ready = Math.max(ready, rel[preds[j]]);
                }
                long s0 = earliestDispatch(cls, ready, aiv1) + prop0 + r2s0;
                int keep = 0;
                while (keep < nViol && maxEnd[preds[keep]] > s0) {
                    keep++;
                }
                if (keep == nViol) {
                    break;
                }
                nViol = keep; // preds are sorted by maxEnd desc, so the infeasible ones are a suffix
            }
        } else {
            ready = respected;
            for (int j = 0; j < nk; j++) {
                ready = Math.max(ready, rel[preds[j]]);
            }
        }
        timedPairs += nk;
        violatingPairs += nViol;

        long lastEnd = Long.MIN_VALUE;
        long lastFinish = Long.MIN_VALUE;
        int blocks = t.blockNum;
        long rb = ready;
        if (cls == GraphGen.C_MIX) {
            for (int b = 0; b < blocks; b++) {
                if (b > 0) {
                    rb += Timing.draw(rng, tm.blockStep);
                }
                int c = bestCluster(rb, aiv1);
                long d = Math.max(rb, clusterFree(c, aiv1));
                long f1 = row(gi, c, d, b == 0 ? prop0 : -1, b == 0 ? r2s0 : -1, t.k0, cls, blocks);
                long e1 = lastRowEnd();
                d += Timing.draw(rng, tm.mixStep);
                long fin2 = row(gi, aic + 2 * c, d, -1, -1, t.k1, cls, blocks);
                long e2 = lastRowEnd();
                long e3 = Long.MIN_VALUE;
                long fin3 = Long.MIN_VALUE;
                if (aiv1) {
                    d += Timing.draw(rng, tm.mixStep);
                    fin3 = row(gi, aic + 2 * c + 1, d, -1, -1, t.k2, cls, blocks);
                    e3 = lastRowEnd();
                }
                aicPool.update(c, f1);
                aivPool.update(aic + 2 * c, fin2);
                if (aiv1) {
                    aivPool.update(aic + 2 * c + 1, fin3);
                }
                lastEnd = Math.max(Math.max(lastEnd, e1), Math.max(e2, e3));
                lastFinish = Math.max(Math.max(lastFinish, f1), Math.max(fin2, fin3));
            }
        } else {
            CorePool pool = cls == GraphGen.C_AIC ? aicPool : aivPool;
            int kernel = cls == GraphGen.C_AIC ? t.k0 : (t.k1 >= 0 ? t.k1 : t.k2);
            int dd = (blocks >= 2 && rng.chance(0.25)) ? 1 + rng.nextInt(blocks - 1) : -1;
            int prevCore = -1;
            for (int b = 0; b < blocks; b++) {
                if (b > 0) {
                    rb += Timing.draw(rng, tm.blockStep);
                }
                int core = (b == dd) ? prevCore : pool.bestFit(rb);
                long d = Math.max(rb, free[core]);
                long fin = row(gi, core, d, b == 0 ? prop0 : -1, b == 0 ? r2s0 : -1, kernel, cls, blocks);
                pool.update(core, fin);
                lastEnd = Math.max(lastEnd, lastRowEnd());
                lastFinish = Math.max(lastFinish, fin);
                prevCore = core;
            }
        }
        maxEnd[gi] = lastEnd;
        rel[gi] = lastFinish + Timing.draw(rng, tm.release);
    }

    private long lastRowEnd() {
        return rows.end(rows.n - 1);
    }

    /** Adds one row; returns its finish. {@code prop}/{@code r2s} < 0: draw fresh values. */
    private long row(int gi, int core, long d, long prop, long r2s, int kernel, byte cls, int blocks) {
        long p = prop >= 0 ? prop : Timing.draw(rng, tm.prop);
        long r = r2s >= 0 ? r2s : Timing.draw(rng, tm.r2s);
        boolean v2 = rng.chance(o.v2RowShare());
        if (v2) {
            r = 0;
        }
        long e = execCycles(kernel, blocks);
        long tl = Timing.draw(rng, tm.tail);
        int i = rows.add(gi, core, d, p, r, e, tl, regNext[core]++, v2, cls);
        return rows.finish(i);
    }
}
