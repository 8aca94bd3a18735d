package io.ptotrace.viewer.layout;

/**
 * Ranks by longest path from the sources, then pulls every source down to just above its nearest successor so that
 * inputs sit next to their first consumer instead of all crowding the top layer. Self-loops are ignored. On a cycle
 * the lowest-numbered node not yet ranked is released as if it were a source; the edges that close the cycle then
 * point upwards.
 */
final class Ranking {
    private Ranking() {}

    static int[] compute(int n, int[] from, int[] to) {
        int m = from.length;
        int[] outStart = new int[n + 1];
        int[] indeg = new int[n];
        for (int e = 0; e < m; e++) {
            if (from[e] == to[e]) continue;
            outStart[from[e] + 1]++;
            indeg[to[e]]++;
        }
        for (int v = 0; v < n; v++) outStart[v + 1] += outStart[v];
        int[] out = new int[outStart[n]];
        int[] fill = new int[n];
        System.arraycopy(outStart, 0, fill, 0, n);
        for (int e = 0; e < m; e++) if (from[e] != to[e]) out[fill[from[e]]++] = to[e];
        fill = null;

        boolean[] source = new boolean[n];
        for (int v = 0; v < n; v++) source[v] = indeg[v] == 0;

        int[] rank = new int[n];
        int[] queue = new int[n];
        boolean[] done = new boolean[n];
        int head = 0, tail = 0;
        for (int v = 0; v < n; v++) if (indeg[v] == 0) queue[tail++] = v;
        int next = 0;
        while (head < n) {
            if (head == tail) { // only cycles are left: release the lowest node not yet ranked
                while (done[next]) next++;
                queue[tail++] = next;
                indeg[next] = 0;
            }
            int v = queue[head++];
            done[v] = true;
            for (int p = outStart[v]; p < outStart[v + 1]; p++) {
                int s = out[p];
                if (done[s]) continue;
                rank[s] = Math.max(rank[s], rank[v] + 1);
                if (--indeg[s] == 0) queue[tail++] = s;
            }
        }

        for (int v = 0; v < n; v++) {
            if (!source[v] || outStart[v] == outStart[v + 1]) continue;
            int nearest = Integer.MAX_VALUE;
            for (int p = outStart[v]; p < outStart[v + 1]; p++) nearest = Math.min(nearest, rank[out[p]]);
            rank[v] = nearest - 1;
        }
        return rank;
    }
}
