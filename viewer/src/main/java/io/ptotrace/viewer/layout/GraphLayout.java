package io.ptotrace.viewer.layout;

/**
 * Node positions of a layered drawing, in abstract units: {@code rank} is the layer (edges point to higher ranks
 * except on a cycle), {@code x} the place along the layer (at least 1 apart within a layer). The page turns ranks and
 * places into pixels for the chosen direction.
 */
public final class GraphLayout {
    /**
     * How hard to work: {@code LAYERED} for dependency graphs people read, {@code FAST} for the largest graphs
     * ({@code LAYERED} works like {@code FAST} above 250,000 nodes; docs/deps-layout.md).
     */
    public enum Effort {
        LAYERED,
        FAST
    }

    private final int[] rank;
    private final float[] x;
    private final int rankCount;
    private final float width;

    GraphLayout(int[] rank, float[] x) {
        this.rank = rank;
        this.x = x;
        int rc = 0;
        float w = 0;
        for (int i = 0; i < rank.length; i++) {
            rc = Math.max(rc, rank[i] + 1);
            w = Math.max(w, x[i] + 1);
        }
        this.rankCount = rc;
        this.width = w;
    }

    /** Lays out a graph; the same graph always gives the same layout. */
    public static GraphLayout compute(LayoutGraph g, Effort effort) {
        return LayeredLayout.compute(g, effort);
    }

    public int nodeCount() {
        return rank.length;
    }

    public int rank(int node) {
        return rank[node];
    }

    public float x(int node) {
        return x[node];
    }

    /** Number of layers. */
    public int rankCount() {
        return rankCount;
    }

    /** Extent along the layers: every {@code x} is below it. */
    public float width() {
        return width;
    }
}
