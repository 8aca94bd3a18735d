package io.ptotrace.viewer.layout;

import java.util.Arrays;

/**
 * Counts the crossings between edges that join adjacent ranks (the edges a layered drawing shows as straight segments
 * between two neighbouring layers; longer edges are not counted). Two such edges cross when their ends are in
 * opposite order on the two ranks; edges sharing an end never cross. Time: edges × log(rank width).
 */
public final class Crossings {
    private Crossings() {}

    /** Crossings in a computed layout, ordering each rank by x (equal x by node number). */
    public static long count(LayoutGraph g, GraphLayout layout) {
        int n = g.nodeCount();
        if (layout.nodeCount() != n) throw new IllegalArgumentException("layout is of another graph");
        int[] rank = new int[n];
        for (int v = 0; v < n; v++) rank[v] = layout.rank(v);
        Layers layers = new Layers(g, rank);
        long[] keys = new long[layers.maxWidth];
        for (int r = 0; r < layers.rankCount; r++) {
            int s = layers.rankStart[r], w = layers.width(r);
            for (int i = 0; i < w; i++)
                keys[i] = ((long) FloatKey.of(layout.x(layers.node[layers.order[s + i]])) << 32) | i;
            Arrays.sort(keys, 0, w);
            int[] sorted = new int[w];
            for (int i = 0; i < w; i++) sorted[i] = layers.order[s + (int) keys[i]];
            for (int i = 0; i < w; i++) {
                layers.order[s + i] = sorted[i];
                layers.index[sorted[i]] = i;
            }
        }
        return count(layers);
    }

    /** Crossings of the layers' current order. */
    static long count(Layers l) {
        int[] buf = new int[l.adj.length / 2];
        int[] tree = new int[l.maxWidth + 1];
        long total = 0;
        for (int r = 0; r + 1 < l.rankCount; r++) {
            int m = 0;
            for (int p = l.rankStart[r]; p < l.rankStart[r + 1]; p++) {
                int v = l.order[p];
                int from = m;
                for (int k = l.adjMid[v]; k < l.adjStart[v + 1]; k++) {
                    int u = l.adj[k];
                    if (l.rank[u] == r + 1) buf[m++] = l.index[u];
                }
                if (m - from > 1) Arrays.sort(buf, from, m);
            }
            int w = l.width(r + 1);
            Arrays.fill(tree, 0, w + 1, 0);
            // in the order of the upper ends, count the earlier edges whose lower end lies strictly further right
            for (int i = 0; i < m; i++) {
                int pos = buf[i] + 1;
                int atOrLeft = 0;
                for (int j = pos; j > 0; j -= j & -j) atOrLeft += tree[j];
                total += i - atOrLeft;
                for (int j = pos; j <= w; j += j & -j) tree[j]++;
            }
        }
        return total;
    }
}
