package io.ptotrace.viewer.layout;

/**
 * First version: rank by longest path from a source (Kahn order; nodes on a cycle follow in index order), place within
 * a rank by node index.
 */
final class LayeredLayout {
    private LayeredLayout() {}

    static GraphLayout compute(LayoutGraph g, GraphLayout.Effort effort) {
        int n = g.nodeCount();
        int[] outStart = new int[n + 1];
        int[] indeg = new int[n];
        for (int e = 0; e < g.edgeCount(); e++) {
            outStart[g.edgeFrom()[e] + 1]++;
            indeg[g.edgeTo()[e]]++;
        }
        for (int v = 0; v < n; v++) outStart[v + 1] += outStart[v];
        int[] out = new int[g.edgeCount()];
        int[] fill = outStart.clone();
        for (int e = 0; e < g.edgeCount(); e++) out[fill[g.edgeFrom()[e]]++] = g.edgeTo()[e];

        int[] rank = new int[n];
        int[] queue = new int[n];
        boolean[] done = new boolean[n];
        int head = 0, tail = 0;
        for (int v = 0; v < n; v++) if (indeg[v] == 0) queue[tail++] = v;
        int next = 0;
        while (head < n) {
            if (head == tail) { // a cycle: release the lowest node not yet placed
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
        int maxRank = 0;
        for (int r : rank) maxRank = Math.max(maxRank, r);
        int[] used = new int[maxRank + 1];
        float[] x = new float[n];
        for (int v = 0; v < n; v++) x[v] = used[rank[v]]++;
        return new GraphLayout(rank, x);
    }
}
