package io.ptotrace.diff;

import io.ptotrace.model.util.IndexSort;
import java.util.Arrays;

/**
 * Edge keys of one side in the common space, sorted by (succ, pred, secondary): {@code p} packs
 * (succ, pred), {@code s} is (arg/source rank, tensor), {@code perm} the edge rows in that order.
 */
final class EdgeKeys {
    long[] p, s;
    int[] perm;
    int n;

    private EdgeKeys() {}

    /**
     * Counting sort by succ (deps.json lists edges by consumer, so this is nearly sequential), then
     * each consumer's few edges by (pred, secondary) with an insertion sort. Stable.
     */
    static EdgeKeys sorted(int[] succ, int[] pred, long[] sec, int nodes) {
        int n = succ.length;
        int[] start = new int[nodes + 1];
        for (int i = 0; i < n; i++) start[succ[i] + 1]++;
        for (int v = 0; v < nodes; v++) start[v + 1] += start[v];
        int[] perm = new int[n];
        int[] fill = start.clone();
        for (int i = 0; i < n; i++) perm[fill[succ[i]]++] = i;
        fill = null;
        EdgeKeys k = new EdgeKeys();
        k.n = n;
        k.p = new long[n];
        k.s = new long[n];
        for (int i = 0; i < n; i++) {
            int e = perm[i];
            k.p[i] = ((long) succ[e] << 32) | pred[e];
            k.s[i] = sec[e];
        }
        for (int v = 0; v < nodes; v++) {
            int from = start[v], to = start[v + 1];
            if (to - from > 1) sortRun(k.p, k.s, perm, from, to);
        }
        k.perm = perm;
        return k;
    }

    /** Stable sort of [from, to) by (p, s), carrying perm (one consumer's edges). */
    private static void sortRun(long[] p, long[] s, int[] perm, int from, int to) {
        if (to - from <= 48) {
            for (int i = from + 1; i < to; i++) {
                long vp = p[i], vs = s[i];
                int q = perm[i];
                int j = i - 1;
                while (j >= from && (p[j] > vp || (p[j] == vp && s[j] > vs))) {
                    p[j + 1] = p[j];
                    s[j + 1] = s[j];
                    perm[j + 1] = perm[j];
                    j--;
                }
                p[j + 1] = vp;
                s[j + 1] = vs;
                perm[j + 1] = q;
            }
            return;
        }
        int m = to - from;
        int[] ix = IndexSort.identity(m);
        long[] pp = Arrays.copyOfRange(p, from, to), ss = Arrays.copyOfRange(s, from, to);
        int[] qq = Arrays.copyOfRange(perm, from, to);
        IndexSort.sortByKey(ix, 0, m, x -> pp[x], x -> ss[x]);
        for (int i = 0; i < m; i++) {
            p[from + i] = pp[ix[i]];
            s[from + i] = ss[ix[i]];
            perm[from + i] = qq[ix[i]];
        }
    }
}
