package io.ptotrace.model.util;

/** Stable sort of an index permutation with a primitive comparator (merge sort, no boxing). */
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

    /** Sorts {@code ix[from, to)} stably; {@code tmp} is scratch of at least {@code to} entries (ranges may share it). */
    public static void stableSort(int[] ix, int from, int to, int[] tmp, IntComparator cmp) {
        if (to - from >= 2) sort(ix, tmp, from, to, cmp);
    }

    /**
     * Indexes 0..n−1 ordered by group (0..groups−1), then stably by {@code within}: the order of one stable
     * sort by (group, within), found with a counting pass and a sort per group, the groups in parallel.
     */
    public static int[] groupedSort(
            int n, int groups, java.util.function.IntUnaryOperator groupOf, IntComparator within) {
        return groupedSort(n, groups, groupOf, within, new int[groups + 1]);
    }

    /**
     * As {@link #groupedSort(int, int, java.util.function.IntUnaryOperator, IntComparator)}, leaving out the
     * indexes whose group is negative; group g ends up at {@code [from[g], from[g + 1])} of the result
     * ({@code from} has {@code groups + 1} entries).
     */
    public static int[] groupedSort(
            int n, int groups, java.util.function.IntUnaryOperator groupOf, IntComparator within, int[] from) {
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
        int[] tmp = new int[ix.length];
        java.util.stream.IntStream.range(0, groups)
                .parallel()
                .forEach(g -> stableSort(ix, from[g], from[g + 1], tmp, within));
        return ix;
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
