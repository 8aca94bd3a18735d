package io.ptotrace.diff;

import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;

/**
 * Sequence alignment of two {@code long} sequences (task signatures in submit order): Myers'
 * O((N+M)·D) difference algorithm in its linear-space, divide-and-conquer form, as GNU diff runs it
 * (common prefix/suffix stripped first; the middle-snake search gives up at a cost bound and splits
 * at the furthest-reaching diagonal, so the worst case stays near-linear). Elements that occur in
 * only one of the sequences can never match and are dropped before the search, which keeps wholly
 * different inputs linear too.
 */
final class SeqAlign {
    private final long[] xv, yv;
    private final int[] fd, bd;
    private final int[] matchX;
    private final int tooExpensive;
    /** Diagonals the middle-snake searches visited: the work done, which stays near-linear. */
    private long steps;

    private SeqAlign(long[] xv, long[] yv, int[] matchX) {
        this.xv = xv;
        this.yv = yv;
        this.matchX = matchX;
        int diags = xv.length + yv.length + 3;
        fd = new int[diags];
        bd = new int[diags];
        int te = 1;
        for (int d = diags; d != 0; d >>= 2) te <<= 1;
        tooExpensive = Math.max(256, te);
    }

    /**
     * Aligns {@code a} with {@code b}: returns {@code m} with {@code m[i]} = the index in {@code b}
     * matched to {@code a[i]}, or −1. Matched elements are equal and the matching is monotonic.
     */
    static int[] align(long[] a, long[] b) {
        return align(a, b, null);
    }

    /** {@link #align(long[], long[])}, adding the diagonals its searches visited to {@code work[0]} (when given). */
    static int[] align(long[] a, long[] b, long[] work) {
        int n = a.length, m = b.length;
        int[] result = new int[n];
        java.util.Arrays.fill(result, -1);
        if (n == 0 || m == 0) return result;
        // strip the common prefix and suffix before anything else (the common case: few edits)
        int lo = 0;
        while (lo < n && lo < m && a[lo] == b[lo]) {
            result[lo] = lo;
            lo++;
        }
        int hx = n, hy = m;
        while (hx > lo && hy > lo && a[hx - 1] == b[hy - 1]) {
            hx--;
            hy--;
            result[hx] = hy;
        }
        if (lo == hx || lo == hy) return result;
        // drop elements without any counterpart on the other side
        LongIntMap inB = new LongIntMap(Math.max(16, hy - lo));
        for (int j = lo; j < hy; j++) inB.put(b[j], 1);
        LongIntMap inA = new LongIntMap(Math.max(16, hx - lo));
        for (int i = lo; i < hx; i++) inA.put(a[i], 1);
        IntList xs = new IntList(hx - lo), ys = new IntList(hy - lo);
        for (int i = lo; i < hx; i++) if (inB.get(a[i]) >= 0) xs.add(i);
        for (int j = lo; j < hy; j++) if (inA.get(b[j]) >= 0) ys.add(j);
        if (xs.size() == 0 || ys.size() == 0) return result;
        long[] xv = new long[xs.size()], yv = new long[ys.size()];
        for (int i = 0; i < xv.length; i++) xv[i] = a[xs.get(i)];
        for (int j = 0; j < yv.length; j++) yv[j] = b[ys.get(j)];
        int[] mx = new int[xv.length];
        java.util.Arrays.fill(mx, -1);
        SeqAlign s = new SeqAlign(xv, yv, mx);
        s.run();
        if (work != null) work[0] += s.steps;
        for (int i = 0; i < mx.length; i++) if (mx[i] >= 0) result[xs.get(i)] = ys.get(mx[i]);
        return result;
    }

    private int[] stack = new int[80];
    private int sp;

    private void push(int a, int b, int c, int d, boolean min) {
        if (sp + 5 > stack.length) stack = java.util.Arrays.copyOf(stack, stack.length * 2);
        stack[sp++] = a;
        stack[sp++] = b;
        stack[sp++] = c;
        stack[sp++] = d;
        stack[sp++] = min ? 1 : 0;
    }

    private void run() {
        push(0, xv.length, 0, yv.length, false);
        while (sp > 0) {
            sp -= 5;
            int xoff = stack[sp], xlim = stack[sp + 1], yoff = stack[sp + 2], ylim = stack[sp + 3];
            boolean minimal = stack[sp + 4] != 0;
            while (xoff < xlim && yoff < ylim && xv[xoff] == yv[yoff]) {
                matchX[xoff] = yoff;
                xoff++;
                yoff++;
            }
            while (xoff < xlim && yoff < ylim && xv[xlim - 1] == yv[ylim - 1]) {
                xlim--;
                ylim--;
                matchX[xlim] = ylim;
            }
            if (xoff == xlim || yoff == ylim) continue;
            long part = diag(xoff, xlim, yoff, ylim, minimal);
            int xmid = (int) (part >>> 34), ymid = (int) ((part >>> 2) & 0xFFFFFFFFL);
            boolean loMin = (part & 2) != 0, hiMin = (part & 1) != 0;
            if ((xmid == xoff && ymid == yoff) || (xmid == xlim && ymid == ylim))
                continue; // no progress: leave unmatched
            push(xmid, xlim, ymid, ylim, hiMin);
            push(xoff, xmid, yoff, ymid, loMin);
        }
    }

    private static long pack(int xmid, int ymid, boolean lo, boolean hi) {
        return ((long) xmid << 34) | ((long) ymid << 2) | (lo ? 2 : 0) | (hi ? 1 : 0);
    }

    /** Middle snake of x[xoff,xlim) × y[yoff,ylim); returns packed (xmid, ymid, loMinimal, hiMinimal). */
    private long diag(int xoff, int xlim, int yoff, int ylim, boolean findMinimal) {
        final int off = yv.length + 1; // diagonal k = x − y is stored at k + off
        final int dmin = xoff - ylim, dmax = xlim - yoff;
        final int fmid = xoff - yoff, bmid = xlim - ylim;
        int fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
        final boolean odd = ((fmid - bmid) & 1) != 0;
        fd[fmid + off] = xoff;
        bd[bmid + off] = xlim;
        for (int c = 1; ; ++c) {
            if (fmin > dmin) fd[--fmin - 1 + off] = -1;
            else ++fmin;
            if (fmax < dmax) fd[++fmax + 1 + off] = -1;
            else --fmax;
            steps += (fmax - fmin) / 2 + 1 + (bmax - bmin) / 2 + 1;
            for (int d = fmax; d >= fmin; d -= 2) {
                int tlo = fd[d - 1 + off], thi = fd[d + 1 + off];
                int x0 = tlo < thi ? thi : tlo + 1;
                int x = x0, y = x0 - d;
                while (x < xlim && y < ylim && xv[x] == yv[y]) {
                    x++;
                    y++;
                }
                fd[d + off] = x;
                if (odd && bmin <= d && d <= bmax && bd[d + off] <= x) return pack(x, y, true, true);
            }
            if (bmin > dmin) bd[--bmin - 1 + off] = Integer.MAX_VALUE;
            else ++bmin;
            if (bmax < dmax) bd[++bmax + 1 + off] = Integer.MAX_VALUE;
            else --bmax;
            for (int d = bmax; d >= bmin; d -= 2) {
                int tlo = bd[d - 1 + off], thi = bd[d + 1 + off];
                int x0 = tlo < thi ? tlo : thi - 1;
                int x = x0, y = x0 - d;
                while (xoff < x && yoff < y && xv[x - 1] == yv[y - 1]) {
                    x--;
                    y--;
                }
                bd[d + off] = x;
                if (!odd && fmin <= d && d <= fmax && x <= fd[d + off]) return pack(x, y, true, true);
            }
            if (findMinimal) continue;
            if (c >= tooExpensive) {
                int fxybest = -1, fxbest = 0;
                for (int d = fmax; d >= fmin; d -= 2) {
                    int x = Math.min(fd[d + off], xlim);
                    int y = x - d;
                    if (ylim < y) {
                        x = ylim + d;
                        y = ylim;
                    }
                    if (fxybest < x + y) {
                        fxybest = x + y;
                        fxbest = x;
                    }
                }
                int bxybest = Integer.MAX_VALUE, bxbest = 0;
                for (int d = bmax; d >= bmin; d -= 2) {
                    int x = Math.max(xoff, bd[d + off]);
                    int y = x - d;
                    if (y < yoff) {
                        x = yoff + d;
                        y = yoff;
                    }
                    if (x + y < bxybest) {
                        bxybest = x + y;
                        bxbest = x;
                    }
                }
                if ((xlim + ylim) - bxybest < fxybest - (xoff + yoff)) {
                    return pack(fxbest, fxybest - fxbest, true, false);
                }
                return pack(bxbest, bxybest - bxbest, false, true);
            }
        }
    }
}
