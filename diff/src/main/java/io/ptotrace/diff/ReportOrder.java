package io.ptotrace.diff;

import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.RadixSort;

/** The order a diff reports its rows in, the same for every format. */
final class ReportOrder {
    private ReportOrder() {}

    /** Puts edge rows in report order: a radix sort on (pred, succ), then each tie by {@link #edgeOrder}. */
    static void sortRows(IntList rows, TaskGraph g) {
        int n = rows.size();
        int[] r = rows.toArray();
        long[] key = new long[n];
        for (int k = 0; k < n; k++) key[k] = ((long) g.edgePred(r[k]) << 32) | g.edgeSucc(r[k]);
        RadixSort.sort(key, r, n, 64);
        for (int i = 0; i < n; ) {
            int j = i + 1;
            while (j < n && key[j] == key[i]) j++;
            if (j - i > 1) {
                int from = i;
                int[] run = java.util.Arrays.copyOfRange(r, from, j);
                int[] ix = IndexSort.identity(run.length);
                IndexSort.stableSort(ix, (p, q) -> edgeOrder(g, run[p], run[q]));
                for (int k = 0; k < run.length; k++) r[from + k] = run[ix[k]];
            }
            i = j;
        }
        for (int k = 0; k < n; k++) rows.set(k, r[k]);
    }

    static void sortPairsBy(IntList xs, IntList ys, IndexSort.IntComparator c) {
        int n = xs.size();
        int[] ix = IndexSort.identity(n);
        IndexSort.stableSort(ix, c);
        int[] x = xs.toArray(), y = ys.toArray();
        for (int k = 0; k < n; k++) {
            xs.set(k, x[ix[k]]);
            ys.set(k, y[ix[k]]);
        }
    }

    /** Report order of edges: pred, succ (unsigned ids), arg, source, tensor id, then annotation, then file order. */
    static int edgeOrder(TaskGraph g, int e, int f) {
        int c = Integer.compare(g.edgePred(e), g.edgePred(f));
        if (c != 0) return c;
        if ((c = Integer.compare(g.edgeSucc(e), g.edgeSucc(f))) != 0) return c;
        if ((c = Integer.compare(g.edgeArg(e), g.edgeArg(f))) != 0) return c;
        if ((c = compareStr(g.edgeSource(e), g.edgeSource(f))) != 0) return c;
        if ((c = Integer.compare(g.edgeTensor(e), g.edgeTensor(f))) != 0) return c;
        if ((c = compareStr(g.edgeHazard(e), g.edgeHazard(f))) != 0) return c;
        if ((c = compareStr(g.edgeAccessKind(e), g.edgeAccessKind(f))) != 0) return c;
        if ((c = compareStr(g.edgeOverlap(e), g.edgeOverlap(f))) != 0) return c;
        if ((c = Long.compareUnsigned(g.consumerOffset(e), g.consumerOffset(f))) != 0) return c;
        if ((c = Long.compareUnsigned(g.producerOffset(e), g.producerOffset(f))) != 0) return c;
        return Integer.compare(e, f);
    }

    private static int compareStr(String x, String y) {
        if (x == null) return y == null ? 0 : -1;
        if (y == null) return 1;
        return x.compareTo(y);
    }
}
