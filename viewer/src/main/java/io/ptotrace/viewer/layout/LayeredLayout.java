package io.ptotrace.viewer.layout;

/**
 * A layered drawing in time near-linear in nodes + edges (sorting within ranks aside) and memory linear in them, with
 * primitive arrays only: ranks by {@link Ranking}, order within ranks by {@link OrderSweeps}, places by
 * {@link Placement}. Everything is a fixed sequence of arithmetic over the graph, ties broken by node number, so the
 * same graph always gives the same layout.
 */
final class LayeredLayout {
    /** Above this many nodes {@code LAYERED} works like {@code FAST}, to keep the largest graphs within seconds. */
    static final int LAYERED_MAX_NODES = 250_000;

    /**
     * Down-and-up sweeps: FAST takes two and keeps the last; LAYERED up to six, counting crossings after each and
     * keeping the best order (the count costs about as much as a sweep).
     */
    private static final int FAST_SWEEPS = 2, LAYERED_SWEEPS = 6;

    private static final int FAST_PLACEMENT_ROUNDS = 1, LAYERED_PLACEMENT_ROUNDS = 3;

    private LayeredLayout() {}

    static GraphLayout compute(LayoutGraph g, GraphLayout.Effort effort) {
        return compute(g, effort == GraphLayout.Effort.FAST || g.nodeCount() > LAYERED_MAX_NODES);
    }

    static GraphLayout compute(LayoutGraph g, boolean fast) {
        int n = g.nodeCount();
        for (int e = 0; e < g.edgeCount(); e++) {
            int a = g.edgeFrom()[e], b = g.edgeTo()[e];
            if (a < 0 || a >= n || b < 0 || b >= n)
                throw new IllegalArgumentException(
                        "edge " + e + " joins " + a + " and " + b + ", outside 0.." + (n - 1));
        }
        int[] rank = Ranking.compute(n, g.edgeFrom(), g.edgeTo());
        Layers layers = new Layers(g, rank);
        OrderSweeps.run(layers, fast ? FAST_SWEEPS : LAYERED_SWEEPS, !fast);
        float[] placed = Placement.run(layers, fast ? FAST_PLACEMENT_ROUNDS : LAYERED_PLACEMENT_ROUNDS);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) x[layers.node[i]] = placed[i];
        return new GraphLayout(rank, x);
    }
}
