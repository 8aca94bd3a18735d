package io.ptotrace.model.deps;

import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.LongList;

/**
 * What the converter takes from deps.json: the de-duplicated adjacency
 * {@code pred → [succ…]} in first-seen order, per-task kernel ids and SPMD block nums.
 */
public final class DepsProjection implements DepsVisitor {
    // first-seen (pred, succ) pairs, once the consumers' runs no longer tell repeats (below); dropped once the
    // adjacency is built
    private PairSet seen;
    private LongList pairPred = new LongList(1 << 12), pairSucc = new LongList(1 << 12);
    private boolean edgesListed = true;

    private final LongIntMap kernelIndex = new LongIntMap(1 << 12);
    private final IntList kernels = new IntList(1 << 12);
    private final LongIntMap blockNums = new LongIntMap(1 << 12);
    private final LongList blockTasks = new LongList(1 << 12);

    // CSR adjacency, built by finish()
    private long[] preds = new long[0];
    private int[] succStart = new int[1];
    private long[] succs = new long[0];
    private LongIntMap predIndex = new LongIntMap(16);
    private int[] predOfPair;

    /** Reads a deps.json with the projection's level of detail, dropping warnings. */
    public static DepsProjection read(java.nio.file.Path file) {
        return read(file, w -> {});
    }

    /** Reads a deps.json with the projection's level of detail; warnings (one line each) go to {@code warn}. */
    public static DepsProjection read(java.nio.file.Path file, java.util.function.Consumer<String> warn) {
        return read(file, warn, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #read(java.nio.file.Path, java.util.function.Consumer)}, taking at most {@code cores} cores: a large
     * file is scanned in two halves on two threads only when {@code cores} is two or more.
     */
    public static DepsProjection read(java.nio.file.Path file, java.util.function.Consumer<String> warn, int cores) {
        DepsProjection p = new DepsProjection();
        if (DepsProjectionScan.read(file, p, cores)) return p.finished(file, warn);
        return readByReader(file, warn); // what the fast path read is dropped: the general reader reads it all
    }

    /** As {@link #read(java.nio.file.Path, java.util.function.Consumer)}, by the general reader alone. */
    static DepsProjection readByReader(java.nio.file.Path file, java.util.function.Consumer<String> warn) {
        DepsProjection p = new DepsProjection();
        DepsReader.read(file, DepsReader.Detail.PROJECTION, p, warn);
        return p.finished(file, warn);
    }

    private DepsProjection finished(java.nio.file.Path file, java.util.function.Consumer<String> warn) {
        DepsProjection p = this;
        p.finish();
        String dup = DepsReader.duplicatesWarning(file, p.duplicateTasks, 0);
        if (dup != null) warn.accept(dup);
        return p;
    }

    private int duplicateTasks;

    @Override
    public void task(DepsTask t) {
        if (!t.idOk) return;
        if (t.kernelIds != null && kernelIndex.get(t.id) < 0) {
            kernelIndex.put(t.id, kernels.size() / 3);
            kernels.add(t.kernelIds[0]);
            kernels.add(t.kernelIds[1]);
            kernels.add(t.kernelIds[2]);
        } else if (t.kernelIds != null) {
            int k = kernelIndex.get(t.id) * 3;
            kernels.set(k, t.kernelIds[0]);
            kernels.set(k + 1, t.kernelIds[1]);
            kernels.set(k + 2, t.kernelIds[2]);
        }
        if (blockNums.putIfAbsent(t.id, t.blockNum()) >= 0) {
            blockNums.put(t.id, t.blockNum());
            duplicateTasks++;
        } else blockTasks.add(t.id);
    }

    // the previous pair: the edges of one pair (one per tensor) usually come in a row
    private long lastPred, lastSucc;
    private boolean hasLast;

    /**
     * The runtime lists the edges of one consumer together, and the consumers in increasing id order. While the
     * edges keep to that, a pair can repeat only within its consumer's run, so a new pair is compared with that
     * run's pairs alone; a hash set of every pair, filled at the first edge that breaks the order or in a run of
     * more than {@link #RUN_PAIRS} pairs, checks the rest. The set's random probes were a fifth of the time
     * spent reading the 2.2 GB deps.json of a million tasks.
     */
    private static final int RUN_PAIRS = 64;

    private boolean runs = true;
    private long runSucc;
    // where the current consumer's pairs start in pairPred; −1 before the first edge
    private int runFrom = -1;

    @Override
    public void edge(DepsEdge e) {
        if (!e.endpointsOk) return;
        if (hasLast && e.pred == lastPred && e.succ == lastSucc) return;
        hasLast = true;
        lastPred = e.pred;
        lastSucc = e.succ;
        int n = pairPred.size();
        if (runs) {
            if (runFrom < 0 || Long.compareUnsigned(e.succ, runSucc) > 0) {
                runSucc = e.succ;
                runFrom = n;
            } else if (e.succ != runSucc || n - runFrom >= RUN_PAIRS) everyPairInSet();
        }
        if (runs) {
            for (int i = runFrom; i < n; i++) if (pairPred.get(i) == e.pred) return;
        } else if (!seen.add(e.pred, e.succ)) return;
        pairPred.add(e.pred);
        pairSucc.add(e.succ);
    }

    private void everyPairInSet() {
        runs = false;
        int n = pairPred.size();
        seen = new PairSet(Math.max(1 << 16, n));
        for (int i = 0; i < n; i++) seen.add(pairPred.get(i), pairSucc.get(i));
    }

    @Override
    public void noEdgesList() {
        edgesListed = false;
    }

    public void finish() {
        int n = pairPred.size();
        predIndex = new LongIntMap(Math.max(16, n));
        LongList order = new LongList();
        IntList count = new IntList();
        predOfPair = new int[n];
        for (int i = 0; i < n; i++) {
            long p = pairPred.get(i);
            int ix = predIndex.putIfAbsent(p, order.size());
            if (ix < 0) {
                ix = order.size();
                order.add(p);
                count.add(0);
            }
            count.set(ix, count.get(ix) + 1);
            predOfPair[i] = ix;
        }
        preds = order.toArray();
        succStart = new int[preds.length + 1];
        for (int i = 0; i < preds.length; i++) succStart[i + 1] = succStart[i] + count.get(i);
        succs = new long[n];
        int[] fill = new int[preds.length];
        for (int i = 0; i < n; i++) {
            int ix = predOfPair[i];
            succs[succStart[ix] + fill[ix]++] = pairSucc.get(i);
        }
        predOfPair = null;
        seen = null;
        pairPred = null;
        pairSucc = null;
    }

    /** A deps.json with an {@code edges} list was read (it may be empty). */
    public boolean edgesLoaded() {
        return edgesListed;
    }

    public int pairCount() {
        return succs.length;
    }

    public int predCount() {
        return preds.length;
    }

    public long pred(int i) {
        return preds[i];
    }

    public int succFrom(int predOrdinal) {
        return succStart[predOrdinal];
    }

    public int succTo(int predOrdinal) {
        return succStart[predOrdinal + 1];
    }

    public long succ(int k) {
        return succs[k];
    }

    /** Ordinal of a pred in first-appearance order, or −1. */
    public int predOrdinal(long task) {
        return predIndex.get(task);
    }

    public boolean hasKernelMap() {
        return kernelIndex.size() > 0;
    }

    public int kernelMapSize() {
        return kernelIndex.size();
    }

    /** Kernel id of slot 0..2, or throws when the task has no entry (check {@link #hasKernels}). */
    public int kernel(long task, int slot) {
        return kernels.get(kernelIndex.get(task) * 3 + slot);
    }

    public boolean hasKernels(long task) {
        return kernelIndex.get(task) >= 0;
    }

    public boolean hasBlockMap() {
        return blockNums.size() > 0;
    }

    private int blockAboveOne = -1;

    /** Number of listed tasks whose block_num is above {@code n} (n is 1 in practice). */
    public int countBlockNumAbove(int n) {
        if (blockAboveOne < 0) {
            int c = 0;
            for (long t : blockTasks.toArray()) if (blockNums.get(t) > n) c++;
            blockAboveOne = c;
        }
        return blockAboveOne;
    }

    public boolean anyBlockNumAbove(int n) {
        return countBlockNumAbove(n) > 0;
    }

    /** Task ids listed with a block_num, in file order (first listing). */
    public long[] blockTaskIds() {
        return blockTasks.toArray();
    }

    /** block_num of a listed task, or −1 when not listed. */
    public int blockNum(long task) {
        return blockNums.get(task);
    }

    /** An empty projection: no deps.json at all. */
    public static DepsProjection none() {
        DepsProjection p = new DepsProjection();
        p.edgesListed = false;
        p.finish();
        return p;
    }
}
