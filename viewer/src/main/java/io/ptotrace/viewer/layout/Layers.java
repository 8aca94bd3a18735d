package io.ptotrace.viewer.layout;

/**
 * The ranked graph the ordering and placement work on, all in primitive arrays. Nodes are renumbered rank by rank
 * (within a rank by node number) so that a rank's nodes, their neighbour lists and their neighbours' data lie close
 * together in memory: {@code node[i]} is the graph's node of internal node i. Each rank's nodes in their current
 * order are {@code order[rankStart[r] .. rankStart[r+1]-1]}, {@code index[i]} the place of i in its rank. Every
 * node lists its neighbours in lower ranks, then those in higher ranks, whatever the edge's direction. Edges within
 * one rank (possible only on a cycle) and self-loops take no part; a repeated edge counts once per listing.
 */
final class Layers {
    final int nodeCount;
    final int rankCount;
    /** Internal node → the graph's node. */
    final int[] node;
    /** Rank of each internal node. */
    final int[] rank;

    final int[] rankStart;
    final int[] order;
    final int[] index;
    final int maxWidth;
    /** Neighbours of i: lower ones at {@code adj[adjStart[i] .. adjMid[i]-1]}, higher ones up to {@code adjStart[i+1]-1}. */
    final int[] adjStart;

    final int[] adjMid;
    final int[] adj;

    /** {@code rankOfNode} is indexed by the graph's node numbers. */
    Layers(LayoutGraph g, int[] rankOfNode) {
        int n = g.nodeCount();
        int[] from = g.edgeFrom(), to = g.edgeTo();
        this.nodeCount = n;
        int rc = 0;
        for (int r : rankOfNode) rc = Math.max(rc, r + 1);
        this.rankCount = rc;

        rankStart = new int[rc + 1];
        for (int r : rankOfNode) rankStart[r + 1]++;
        int widest = 0;
        for (int r = 0; r < rc; r++) {
            widest = Math.max(widest, rankStart[r + 1]);
            rankStart[r + 1] += rankStart[r];
        }
        maxWidth = widest;
        int[] internal = new int[n];
        node = new int[n];
        rank = new int[n];
        order = new int[n];
        index = new int[n];
        int[] fill = new int[rc];
        System.arraycopy(rankStart, 0, fill, 0, rc);
        for (int v = 0; v < n; v++) {
            int r = rankOfNode[v], i = fill[r]++;
            internal[v] = i;
            node[i] = v;
            rank[i] = r;
            order[i] = i;
            index[i] = i - rankStart[r];
        }
        fill = null;

        int[] low = new int[n];
        int[] high = new int[n];
        for (int e = 0; e < from.length; e++) {
            int a = internal[from[e]], b = internal[to[e]];
            if (rank[a] == rank[b]) continue;
            if (rank[a] < rank[b]) {
                high[a]++;
                low[b]++;
            } else {
                high[b]++;
                low[a]++;
            }
        }
        adjStart = new int[n + 1];
        adjMid = new int[n];
        for (int i = 0; i < n; i++) {
            adjMid[i] = adjStart[i] + low[i];
            adjStart[i + 1] = adjMid[i] + high[i];
        }
        adj = new int[adjStart[n]];
        for (int i = 0; i < n; i++) {
            low[i] = adjStart[i];
            high[i] = adjMid[i];
        }
        for (int e = 0; e < from.length; e++) {
            int a = internal[from[e]], b = internal[to[e]];
            if (rank[a] == rank[b]) continue;
            int lo = rank[a] < rank[b] ? a : b, hi = lo == a ? b : a;
            adj[high[lo]++] = hi;
            adj[low[hi]++] = lo;
        }
    }

    int width(int r) {
        return rankStart[r + 1] - rankStart[r];
    }
}
