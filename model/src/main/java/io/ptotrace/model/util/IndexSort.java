package io.ptotrace.model.util;

import java.util.function.IntToLongFunction;

/**
 * Stable sorts of an index permutation, no boxing: by a primitive comparator, or by keys taken once per index
 * ({@link #sortByKey}), which travel with the indexes through the merge so that a comparison reads two adjacent
 * longs instead of calling a comparator that looks the indexes up.
 */
public final class IndexSort {
    private IndexSort() {}

    @FunctionalInterface
    public interface IntComparator {
        int compare(int a, int b);
    }

    public static int[] identity(int n) {
        int[] ix = new int[n];
        for (int i = 0; i < n; i++) ix[i] = i;
        return ix;
    }

    public static void stableSort(int[] ix, IntComparator cmp) {
        if (ix.length < 2) return;
        int[] tmp = new int[ix.length];
        sort(ix, tmp, 0, ix.length, cmp);
    }

    /**
     * Indexes 0..n−1 whose group (0..groups−1; negative: left out) is not negative, ordered by group, each group
     * by {@code key}, ties by {@code then} (null: none), further ties by index, as {@link #sortByKey} orders; found
     * with a counting pass and a sort per group, the groups in parallel. Group g ends up at {@code [from[g], from[g
     * + 1])} of the result ({@code from} has {@code groups + 1} entries).
     */
    public static int[] groupedSortByKey(
            int n,
            int groups,
            java.util.function.IntUnaryOperator groupOf,
            IntToLongFunction key,
            IntToLongFunction then,
            int[] from) {
        int[] ix = grouped(n, groups, groupOf, from);
        java.util.stream.IntStream.range(0, groups)
                .parallel()
                .forEach(g -> sortByKey(ix, from[g], from[g + 1], key, then));
        return ix;
    }

    /** The indexes whose group is not negative, by group, each group in index order; bounds in {@code from}. */
    private static int[] grouped(int n, int groups, java.util.function.IntUnaryOperator groupOf, int[] from) {
        java.util.Arrays.fill(from, 0);
        for (int i = 0; i < n; i++) {
            int g = groupOf.applyAsInt(i);
            if (g >= 0) from[g + 1]++;
        }
        for (int g = 0; g < groups; g++) from[g + 1] += from[g];
        int[] ix = new int[from[groups]], fill = java.util.Arrays.copyOf(from, groups);
        for (int i = 0; i < n; i++) {
            int g = groupOf.applyAsInt(i);
            if (g >= 0) ix[fill[g]++] = i;
        }
        return ix;
    }

    /** A long that orders as {@link Double#compare} orders doubles (−0.0 before 0.0, NaN after everything). */
    public static long doubleKey(double d) {
        long b = Double.doubleToLongBits(d);
        return b ^ ((b >> 63) & Long.MAX_VALUE);
    }

    /** A long that orders as {@link Long#compareUnsigned} orders {@code x}. */
    public static long unsignedKey(long x) {
        return x ^ Long.MIN_VALUE;
    }

    /** Sorts {@code ix} stably by {@code key} of each index, ascending. */
    public static void sortByKey(int[] ix, IntToLongFunction key) {
        sortByKey(ix, 0, ix.length, key, null);
    }

    /**
     * Sorts {@code ix[from, to)} stably by {@code key} of each index, ascending, ties by {@code then} (null: none).
     * Each key is asked for once; the sort holds 20 bytes per index (28 with {@code then}) while it runs.
     */
    public static void sortByKey(int[] ix, int from, int to, IntToLongFunction key, IntToLongFunction then) {
        int n = to - from;
        if (n < 2) return;
        long[] k = new long[n], t = then == null ? null : new long[n];
        boolean sorted = true;
        for (int p = 0; p < n; p++) {
            int i = ix[from + p];
            k[p] = key.applyAsLong(i);
            if (t != null) t[p] = then.applyAsLong(i);
            if (p > 0 && sorted && after(k, t, p - 1, k, t, p)) sorted = false;
        }
        if (sorted) return;
        int[] v = java.util.Arrays.copyOfRange(ix, from, to);
        long[] k2 = k.clone(), t2 = t == null ? null : t.clone();
        int[] v2 = v.clone();
        mergeByKey(k2, t2, v2, k, t, v, 0, n);
        System.arraycopy(v, 0, ix, from, n);
    }

    /** Whether element i of (ka, ta) orders after element j of (kb, tb). */
    private static boolean after(long[] ka, long[] ta, int i, long[] kb, long[] tb, int j) {
        return ka[i] > kb[j] || (ka[i] == kb[j] && ta != null && ta[i] > tb[j]);
    }

    /** Sorts dst's [lo, hi) from src's, which hold the same elements there on entry (src is scratch). */
    private static void mergeByKey(long[] sk, long[] st, int[] sv, long[] dk, long[] dt, int[] dv, int lo, int hi) {
        if (hi - lo <= 24) {
            for (int i = lo + 1; i < hi; i++) {
                long key = dk[i], then = dt == null ? 0 : dt[i];
                int v = dv[i];
                int j = i - 1;
                while (j >= lo && (dk[j] > key || (dk[j] == key && dt != null && dt[j] > then))) {
                    dk[j + 1] = dk[j];
                    if (dt != null) dt[j + 1] = dt[j];
                    dv[j + 1] = dv[j];
                    j--;
                }
                dk[j + 1] = key;
                if (dt != null) dt[j + 1] = then;
                dv[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeByKey(dk, dt, dv, sk, st, sv, lo, mid);
        mergeByKey(dk, dt, dv, sk, st, sv, mid, hi);
        if (!after(sk, st, mid - 1, sk, st, mid)) {
            System.arraycopy(sk, lo, dk, lo, hi - lo);
            if (dt != null) System.arraycopy(st, lo, dt, lo, hi - lo);
            System.arraycopy(sv, lo, dv, lo, hi - lo);
            return;
        }
        int i = lo, j = mid;
        for (int o = lo; o < hi; o++) {
            int from = j >= hi || (i < mid && !after(sk, st, i, sk, st, j)) ? i++ : j++;
            dk[o] = sk[from];
            if (dt != null) dt[o] = st[from];
            dv[o] = sv[from];
        }
    }

    private static void sort(int[] a, int[] tmp, int lo, int hi, IntComparator cmp) {
        if (hi - lo <= 24) {
            for (int i = lo + 1; i < hi; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= lo && cmp.compare(a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        sort(a, tmp, lo, mid, cmp);
        sort(a, tmp, mid, hi, cmp);
        if (cmp.compare(a[mid - 1], a[mid]) <= 0) return;
        System.arraycopy(a, lo, tmp, lo, hi - lo);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) a[k++] = cmp.compare(tmp[j], tmp[i]) < 0 ? tmp[j++] : tmp[i++];
        while (i < mid) a[k++] = tmp[i++];
        while (j < hi) a[k++] = tmp[j++];
    }
}
