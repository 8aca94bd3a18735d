package io.ptotrace.critpath;

/**
 * The observed ("blame") path: walked back from the last task to finish through whichever predecessor — a data
 * producer or the task before it on its core — released it last, then cut into compute and stall segments that
 * tile the makespan exactly.
 */
public final class ObservedPath {
    /** Path tasks, earliest first. */
    public final int[] task;
    /** The kind of the gap before each task (the first is {@link StallKind#FRONT_GAP}). */
    public final StallKind[] kind;
    /** The task that released each one (−1 for the first). */
    public final int[] releasedBy;

    public final long[] compute, stall;
    public final long computeTotal, stallTotal;
    /** Stall per kind, by ordinal. */
    public final long[] stallByKind;

    private ObservedPath(int[] task, StallKind[] kind, int[] releasedBy, long[] compute, long[] stall) {
        this.task = task;
        this.kind = kind;
        this.releasedBy = releasedBy;
        this.compute = compute;
        this.stall = stall;
        long c = 0, s = 0;
        long[] byKind = new long[StallKind.values().length];
        for (int i = 0; i < task.length; i++) {
            c += compute[i];
            s += stall[i];
            byKind[kind[i].ordinal()] += stall[i];
        }
        computeTotal = c;
        stallTotal = s;
        stallByKind = byKind;
    }

    public int size() {
        return task.length;
    }

    public static ObservedPath of(RunGraph g) {
        int sink = 0;
        for (int v = 1; v < g.tasks; v++) if (g.end[v] > g.end[sink]) sink = v;
        io.ptotrace.model.util.IntList back = new io.ptotrace.model.util.IntList();
        java.util.List<StallKind> kinds = new java.util.ArrayList<>();
        io.ptotrace.model.util.IntList by = new io.ptotrace.model.util.IntList();
        java.util.BitSet seen = new java.util.BitSet(g.tasks);
        int v = sink;
        while (true) {
            seen.set(v);
            int best = -1;
            long bestEnd = 0;
            StallKind bestKind = null;
            for (int k = g.predFrom(v); k < g.predTo(v); k++) {
                int p = g.pred(k);
                if (best < 0 || better(g, g.end[p], p, StallKind.DATA_WAIT, bestEnd, best, bestKind)) {
                    best = p;
                    bestEnd = g.end[p];
                    bestKind = StallKind.DATA_WAIT;
                }
            }
            int q = g.corePrev[v];
            if (q >= 0) {
                long e = g.corePrevEnd[v];
                if (e <= g.start[v] + g.tol
                        && g.start[q] < g.start[v]
                        && (best < 0 || better(g, e, q, StallKind.CORE_WAIT, bestEnd, best, bestKind))) {
                    best = q;
                    bestEnd = e;
                    bestKind = StallKind.CORE_WAIT;
                }
            }
            if (best < 0 || seen.get(best)) {
                back.add(v);
                kinds.add(StallKind.FRONT_GAP);
                by.add(-1);
                break;
            }
            back.add(v);
            kinds.add(bestKind);
            by.add(best);
            v = best;
        }
        int n = back.size();
        int[] task = new int[n], rel = new int[n];
        StallKind[] kind = new StallKind[n];
        for (int i = 0; i < n; i++) {
            task[i] = back.get(n - 1 - i);
            kind[i] = kinds.get(n - 1 - i);
            rel[i] = by.get(n - 1 - i);
        }
        long[] compute = new long[n], stall = new long[n];
        long frontier = g.t0;
        for (int i = 0; i < n; i++) {
            int t = task[i];
            stall[i] = Math.max(0, g.start[t] - frontier);
            compute[i] = Math.max(0, g.end[t] - Math.max(g.start[t], frontier));
            frontier = Math.max(frontier, g.end[t]);
        }
        return new ObservedPath(task, kind, rel, compute, stall);
    }

    /** (end, task key, kind) greater than the best so far; "data-wait" sorts above "core-wait". */
    private static boolean better(
            RunGraph g, long end, int t, StallKind kind, long bestEnd, int best, StallKind bestKind) {
        if (end != bestEnd) return end > bestEnd;
        if (t != best) return g.keyRank[t] > g.keyRank[best];
        return kind == StallKind.DATA_WAIT && bestKind == StallKind.CORE_WAIT;
    }
}
