package io.ptotrace.model.graph;

import java.util.Arrays;

/** Topological order by Kahn's algorithm, smallest ready node first (so an id order that is topological is kept). */
final class Topology {
    private Topology() {}

    /** Position → node, or null when some node cannot be ordered (a cycle). */
    static int[] order(TaskGraph g) {
        int n = g.nodeCount;
        boolean ascending = true;
        for (int p = 0; p < g.pairCount && ascending; p++) ascending = g.pairPred[p] < g.pairSucc[p];
        if (ascending) {
            int[] id = new int[n];
            for (int i = 0; i < n; i++) id[i] = i;
            return id;
        }
        int[] indeg = new int[n];
        for (int v = 0; v < n; v++) indeg[v] = g.inStart[v + 1] - g.inStart[v];
        int[] heap = new int[Math.max(1, n)];
        int size = 0;
        for (int v = 0; v < n; v++) if (indeg[v] == 0) heap[size++] = v; // ascending: already a heap
        int[] order = new int[n];
        int done = 0;
        while (size > 0) {
            int v = heap[0];
            heap[0] = heap[--size];
            siftDown(heap, size, 0);
            order[done++] = v;
            for (int p = g.outStart[v], end = g.outStart[v + 1]; p < end; p++) {
                int s = g.pairSucc[p];
                if (--indeg[s] == 0) {
                    int i = size++;
                    heap[i] = s;
                    while (i > 0) {
                        int parent = (i - 1) >>> 1;
                        if (heap[parent] <= heap[i]) break;
                        int t = heap[parent];
                        heap[parent] = heap[i];
                        heap[i] = t;
                        i = parent;
                    }
                }
            }
        }
        return done == n ? order : null;
    }

    private static void siftDown(int[] heap, int size, int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) return;
            int c = l + 1 < size && heap[l + 1] < heap[l] ? l + 1 : l;
            if (heap[i] <= heap[c]) return;
            int t = heap[i];
            heap[i] = heap[c];
            heap[c] = t;
            i = c;
        }
    }

    /** The inverse of an order: node → position. */
    static int[] positions(int[] order) {
        int[] pos = new int[order.length];
        Arrays.fill(pos, -1);
        for (int i = 0; i < order.length; i++) pos[order[i]] = i;
        return pos;
    }
}
