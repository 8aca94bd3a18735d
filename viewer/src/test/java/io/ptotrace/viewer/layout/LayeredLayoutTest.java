package io.ptotrace.viewer.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.viewer.layout.GraphLayout.Effort;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LayeredLayoutTest {
    @Property(tries = 200)
    void edgesOfADagPointToHigherRanks(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 300) int n,
            @ForAll @IntRange(min = 0, max = 5) int edgesPerNode,
            @ForAll Effort effort) {
        LayoutGraph g = Graphs.randomDag(seed, n, edgesPerNode);
        GraphLayout layout = GraphLayout.compute(g, effort);
        for (int e = 0; e < g.edgeCount(); e++)
            assertThat(layout.rank(g.edgeFrom()[e])).as("edge %d", e).isLessThan(layout.rank(g.edgeTo()[e]));
        assertWellPlaced(g, layout);
    }

    @Property(tries = 200)
    void cyclicGraphsPlaceEveryNode(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 200) int n,
            @ForAll @IntRange(min = 0, max = 600) int edges,
            @ForAll Effort effort) {
        LayoutGraph g = Graphs.randomDigraph(seed, n, edges);
        GraphLayout layout = GraphLayout.compute(g, effort);
        assertWellPlaced(g, layout);
    }

    @Property(tries = 50)
    void sameGraphSameLayout(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n, @ForAll Effort effort) {
        LayoutGraph g = Graphs.randomDag(seed, n, 3);
        LayoutGraph copy = new LayoutGraph(n, g.edgeFrom().clone(), g.edgeTo().clone());
        GraphLayout a = GraphLayout.compute(g, effort), b = GraphLayout.compute(copy, effort);
        for (int v = 0; v < n; v++) {
            assertThat(b.rank(v)).isEqualTo(a.rank(v));
            assertThat(Float.floatToIntBits(b.x(v))).isEqualTo(Float.floatToIntBits(a.x(v)));
        }
    }

    @Test
    void sweepsUntangleAShuffledTree() {
        LayoutGraph g = Graphs.shuffledTree(11, 3, 6);
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        assertThat(Crossings.count(g, Graphs.indexOrder(layout))).isGreaterThan(10_000);
        assertThat(Crossings.count(g, layout)).isZero();
        assertThat(Crossings.count(g, GraphLayout.compute(g, Effort.FAST))).isZero();
    }

    @Test
    void sweepsUntangleAShuffledGrid() {
        LayoutGraph g = Graphs.shuffledGrid(5, 40, 30);
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        long before = Crossings.count(g, Graphs.indexOrder(layout));
        long after = Crossings.count(g, layout);
        assertThat(before).isGreaterThan(20_000);
        assertThat(after).isLessThan(before / 100);
        assertThat(Crossings.count(g, GraphLayout.compute(g, Effort.FAST))).isLessThan(before / 20);
    }

    @Test
    void sweepsReduceCrossingsOfRandomDags() {
        for (long seed = 1; seed <= 5; seed++) {
            LayoutGraph g = Graphs.randomDag(seed, 3000, 3);
            GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
            long before = Crossings.count(g, Graphs.indexOrder(layout));
            assertThat(Crossings.count(g, layout)).as("seed %d", seed).isLessThan(before / 2);
        }
    }

    @Test
    void layeredFallsBackToFastAboveTheLimit() {
        LayoutGraph g = Graphs.randomDag(3, LayeredLayout.LAYERED_MAX_NODES + 1, 1);
        GraphLayout layered = GraphLayout.compute(g, Effort.LAYERED), fast = GraphLayout.compute(g, Effort.FAST);
        for (int v = 0; v < g.nodeCount(); v++) {
            if (layered.rank(v) != fast.rank(v) || layered.x(v) != fast.x(v))
                throw new AssertionError("node " + v + " placed differently");
        }
        LayoutGraph small = Graphs.randomDag(3, 2000, 3);
        GraphLayout a = GraphLayout.compute(small, Effort.LAYERED), b = GraphLayout.compute(small, Effort.FAST);
        boolean differ = false;
        for (int v = 0; v < small.nodeCount() && !differ; v++) differ = a.x(v) != b.x(v);
        assertThat(differ).as("below the limit LAYERED does more than FAST").isTrue();
    }

    @Test
    void chainIsStraight() {
        LayoutGraph g = new LayoutGraph(5, new int[] {3, 0, 4, 1}, new int[] {0, 4, 1, 2}); // 3 → 0 → 4 → 1 → 2
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        assertThat(layout.rankCount()).isEqualTo(5);
        for (int v = 0; v < 5; v++) assertThat(layout.x(v)).isEqualTo(layout.x(3));
    }

    @Test
    void fanIsCentredUnderItsSource() {
        LayoutGraph g = new LayoutGraph(4, new int[] {2, 2, 2}, new int[] {0, 1, 3});
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        assertThat(layout.x(2)).isEqualTo((layout.x(0) + layout.x(1) + layout.x(3)) / 3);
        assertThat(layout.width()).isEqualTo(3);
    }

    @Test
    void sourcesArePulledDownToTheirFirstConsumer() {
        // 0 → 1 → 2 → 3, and a second input 4 → 3: 4 sits on the rank just above 3
        LayoutGraph g = new LayoutGraph(5, new int[] {0, 1, 2, 4}, new int[] {1, 2, 3, 3});
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        assertThat(layout.rank(3)).isEqualTo(3);
        assertThat(layout.rank(4)).isEqualTo(2);
    }

    @Test
    void edgeCasesLayOut() {
        assertThat(GraphLayout.compute(new LayoutGraph(0, new int[0], new int[0]), Effort.LAYERED)
                        .nodeCount())
                .isZero();
        GraphLayout single = GraphLayout.compute(new LayoutGraph(1, new int[] {0}, new int[] {0}), Effort.LAYERED);
        assertThat(single.rank(0)).isZero();
        assertThat(single.x(0)).isZero();
        GraphLayout isolated = GraphLayout.compute(new LayoutGraph(3, new int[0], new int[0]), Effort.LAYERED);
        assertThat(isolated.rankCount()).isEqualTo(1);
        assertThat(new float[] {isolated.x(0), isolated.x(1), isolated.x(2)}).containsExactly(0f, 1f, 2f);
    }

    @Test
    void cycleDrawsItsClosingEdgeUpwards() {
        LayoutGraph g = new LayoutGraph(3, new int[] {0, 1, 2}, new int[] {1, 2, 0});
        GraphLayout layout = GraphLayout.compute(g, Effort.LAYERED);
        assertThat(new int[] {layout.rank(0), layout.rank(1), layout.rank(2)}).containsExactly(0, 1, 2);
    }

    @Test
    void crossingsCounterCountsOppositeOrders() {
        // ranks {0, 1} and {2, 3}: 0→3 and 1→2 cross once; 0→2 shares an end with both
        LayoutGraph g = new LayoutGraph(4, new int[] {0, 1, 0}, new int[] {3, 2, 2});
        GraphLayout crossed = new GraphLayout(new int[] {0, 0, 1, 1}, new float[] {0, 1, 0, 1});
        assertThat(Crossings.count(g, crossed)).isEqualTo(1);
        GraphLayout straight = new GraphLayout(new int[] {0, 0, 1, 1}, new float[] {0, 1, 1, 0});
        assertThat(Crossings.count(g, straight)).isZero();
    }

    /** Every node on a rank in range, x finite and not negative, and x at least 1 apart within a rank. */
    static void assertWellPlaced(LayoutGraph g, GraphLayout layout) {
        int n = g.nodeCount();
        assertThat(layout.nodeCount()).isEqualTo(n);
        List<Integer> nodes = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            assertThat(layout.rank(v)).isBetween(0, layout.rankCount() - 1);
            assertThat(layout.x(v)).isFinite().isGreaterThanOrEqualTo(0f).isLessThan(layout.width());
            nodes.add(v);
        }
        nodes.sort(Comparator.<Integer>comparingInt(layout::rank).thenComparingDouble(layout::x));
        for (int i = 1; i < n; i++) {
            int a = nodes.get(i - 1), b = nodes.get(i);
            if (layout.rank(a) == layout.rank(b))
                assertThat(layout.x(b) - layout.x(a))
                        .as("nodes %d and %d", a, b)
                        .isGreaterThanOrEqualTo(1f);
        }
        boolean[] seen = new boolean[layout.rankCount()];
        for (int v = 0; v < n; v++) seen[layout.rank(v)] = true;
        for (int r = 0; r < seen.length; r++)
            assertThat(seen[r]).as("rank %d has a node", r).isTrue();
    }
}
