package io.ptotrace.viewer.layout;

import java.util.Random;

/** Graphs for the layout tests, with node numbers shuffled so that the index order is a poor drawing. */
final class Graphs {
    private Graphs() {}

    /** A random DAG: edges go up a random ranking of the nodes; most are short, a tenth may be long. */
    static LayoutGraph randomDag(long seed, int n, int edgesPerNode) {
        Random rnd = new Random(seed);
        int[] id = permutation(rnd, n);
        Edges edges = new Edges();
        for (int a = 0; a < n; a++) {
            for (int k = rnd.nextInt(edgesPerNode + 1); k > 0; k--) {
                int span = rnd.nextInt(10) == 0 ? n : 4;
                int b = a + 1 + rnd.nextInt(span);
                if (b < n) edges.add(id[a], id[b]);
            }
        }
        return edges.graph(n);
    }

    /** Random edges in both directions, so cycles (and self-loops, repeated edges) are likely. */
    static LayoutGraph randomDigraph(long seed, int n, int edges) {
        Random rnd = new Random(seed);
        Edges e = new Edges();
        for (int k = 0; k < edges && n > 0; k++) e.add(rnd.nextInt(n), rnd.nextInt(n));
        return e.graph(n);
    }

    /** A complete tree of the given branching and depth (root at depth 0), node numbers shuffled. */
    static LayoutGraph shuffledTree(long seed, int branching, int depth) {
        int n = 0;
        for (int d = 0, level = 1; d <= depth; d++, level *= branching) n += level;
        int[] id = permutation(new Random(seed), n);
        Edges e = new Edges();
        for (int child = 1; child < n; child++) e.add(id[(child - 1) / branching], id[child]);
        return e.graph(n);
    }

    /** A w × h grid, edges to the right and downwards, node numbers shuffled: drawable without crossings. */
    static LayoutGraph shuffledGrid(long seed, int w, int h) {
        int n = w * h;
        int[] id = permutation(new Random(seed), n);
        Edges e = new Edges();
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < w; j++) {
                if (j + 1 < w) e.add(id[i * w + j], id[i * w + j + 1]);
                if (i + 1 < h) e.add(id[i * w + j], id[(i + 1) * w + j]);
            }
        }
        return e.graph(n);
    }

    static int[] permutation(Random rnd, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** The same ranks as the layout, each rank in node-number order: the drawing before any sweep. */
    static GraphLayout indexOrder(GraphLayout layout) {
        int n = layout.nodeCount();
        int[] rank = new int[n];
        int[] used = new int[Math.max(1, layout.rankCount())];
        float[] x = new float[n];
        for (int v = 0; v < n; v++) {
            rank[v] = layout.rank(v);
            x[v] = used[rank[v]]++;
        }
        return new GraphLayout(rank, x);
    }

    static final class Edges {
        private int[] from = new int[16], to = new int[16];
        private int size;

        void add(int a, int b) {
            if (size == from.length) {
                from = java.util.Arrays.copyOf(from, size * 2);
                to = java.util.Arrays.copyOf(to, size * 2);
            }
            from[size] = a;
            to[size++] = b;
        }

        LayoutGraph graph(int n) {
            return new LayoutGraph(n, java.util.Arrays.copyOf(from, size), java.util.Arrays.copyOf(to, size));
        }
    }
}
