package io.ptotrace.viewer.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class CrossingsTest {
    /** The counter agrees with comparing every pair of edges, on random ranks, places (with ties) and edges. */
    @Property(tries = 300)
    void countsWhatPairwiseComparisonCounts(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 40) int n,
            @ForAll @IntRange(min = 0, max = 120) int edges) {
        Random rnd = new Random(seed);
        int ranks = 1 + rnd.nextInt(4);
        int[] rank = new int[n];
        float[] x = new float[n];
        for (int v = 0; v < n; v++) {
            rank[v] = v < ranks ? v : rnd.nextInt(ranks);
            x[v] = rnd.nextInt(8);
        }
        LayoutGraph g = Graphs.randomDigraph(seed, n, edges);
        GraphLayout layout = new GraphLayout(rank, x);

        long expected = 0;
        for (int e = 0; e < g.edgeCount(); e++) {
            for (int f = e + 1; f < g.edgeCount(); f++) {
                int[] a = segment(g, layout, e), b = segment(g, layout, f);
                if (a == null || b == null || a[0] != b[0]) continue;
                if (a[1] == b[1] || a[2] == b[2]) continue; // a shared end
                if (Integer.signum(place(layout, a[1]) - place(layout, b[1]))
                        != Integer.signum(place(layout, a[2]) - place(layout, b[2]))) expected++;
            }
        }
        assertThat(Crossings.count(g, layout)).isEqualTo(expected);
    }

    /** {upper rank, upper node, lower node} of an edge joining adjacent ranks, else null. */
    private static int[] segment(LayoutGraph g, GraphLayout layout, int e) {
        int a = g.edgeFrom()[e], b = g.edgeTo()[e];
        if (layout.rank(a) > layout.rank(b)) {
            int t = a;
            a = b;
            b = t;
        }
        return layout.rank(b) - layout.rank(a) == 1 ? new int[] {layout.rank(a), a, b} : null;
    }

    /** Place within the rank: by x, equal x by node number. */
    private static int place(GraphLayout layout, int v) {
        int p = 0;
        for (int u = 0; u < layout.nodeCount(); u++) {
            if (layout.rank(u) != layout.rank(v)) continue;
            if (layout.x(u) < layout.x(v) || (layout.x(u) == layout.x(v) && u < v)) p++;
        }
        return p;
    }
}
