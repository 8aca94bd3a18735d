package io.ptotrace.viewer.layout;

import java.util.Arrays;

/**
 * Orders each rank to reduce crossings: barycenter sweeps, down (each rank by the mean place of its neighbours in
 * the rank above) then up (by those in the rank below). A place is the centred index within its rank. A node whose
 * neighbours on that side are all further away than the next rank (long edges, which get no dummy nodes) is keyed
 * by the mean over those instead; a node with no neighbour on that side keeps its place. Equal keys keep their
 * present order, so the result depends only on the graph. With {@code keepBest}, the order with the fewest crossings
 * after any full sweep (or the first order, if none beats it) is kept, and the sweeps stop once a sweep brings no
 * change in the count.
 */
final class OrderSweeps {
    private final Layers l;
    private final float[] place;
    private final long[] keys;
    private final int[] sorted;

    private OrderSweeps(Layers l) {
        this.l = l;
        this.place = new float[l.nodeCount];
        this.keys = new long[l.maxWidth];
        this.sorted = new int[l.maxWidth];
        for (int r = 0; r < l.rankCount; r++) placeRank(r);
    }

    static void run(Layers l, int iterations, boolean keepBest) {
        if (l.rankCount < 2 || iterations <= 0) return;
        OrderSweeps s = new OrderSweeps(l);
        long best = keepBest ? Crossings.count(l) : 0;
        int[] bestOrder = keepBest ? l.order.clone() : null;
        for (int it = 0; it < iterations && !(keepBest && best == 0); it++) {
            for (int r = 1; r < l.rankCount; r++) s.reorder(r, true);
            for (int r = l.rankCount - 2; r >= 0; r--) s.reorder(r, false);
            if (!keepBest) continue;
            long c = Crossings.count(l);
            if (c == best) break;
            if (c < best) {
                best = c;
                System.arraycopy(l.order, 0, bestOrder, 0, bestOrder.length);
            }
        }
        if (keepBest) {
            System.arraycopy(bestOrder, 0, l.order, 0, bestOrder.length);
            for (int r = 0; r < l.rankCount; r++)
                for (int p = l.rankStart[r]; p < l.rankStart[r + 1]; p++) l.index[l.order[p]] = p - l.rankStart[r];
        }
    }

    private void reorder(int r, boolean lower) {
        int s = l.rankStart[r], w = l.width(r);
        if (w < 2) return;
        int next = lower ? r - 1 : r + 1;
        for (int i = 0; i < w; i++) {
            int v = l.order[s + i];
            int from = lower ? l.adjStart[v] : l.adjMid[v];
            int to = lower ? l.adjMid[v] : l.adjStart[v + 1];
            double near = 0, far = 0;
            int nearCount = 0;
            for (int k = from; k < to; k++) {
                int u = l.adj[k];
                if (l.rank[u] == next) {
                    near += place[u];
                    nearCount++;
                } else {
                    far += place[u];
                }
            }
            float key = nearCount > 0 ? (float) (near / nearCount) : from < to ? (float) (far / (to - from)) : place[v];
            keys[i] = ((long) FloatKey.of(key) << 32) | i;
        }
        Arrays.sort(keys, 0, w);
        for (int i = 0; i < w; i++) sorted[i] = l.order[s + (int) keys[i]];
        System.arraycopy(sorted, 0, l.order, s, w);
        placeRank(r);
    }

    private void placeRank(int r) {
        int s = l.rankStart[r], w = l.width(r);
        float centre = (w - 1) / 2f;
        for (int i = 0; i < w; i++) {
            int v = l.order[s + i];
            l.index[v] = i;
            place[v] = i - centre;
        }
    }
}
