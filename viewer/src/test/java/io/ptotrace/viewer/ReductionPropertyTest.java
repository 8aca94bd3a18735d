package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.graph.TransitiveReduction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The windowed reduction finds exactly the pairs a brute-force reduction finds (a descendant set per task), on
 * random acyclic graphs whose id order is not their topological order, with windows and pools small enough that
 * windows span few sources and run out of room.
 */
class ReductionPropertyTest {
    /** A random DAG: edges go up a random ranking of the ids; most are short, some long, some rows repeat. */
    static final class Dag {
        final int n;
        final List<int[]> rows = new ArrayList<>(); // pred id, succ id, creator?

        Dag(long seed, int n, int density) {
            this.n = n;
            Random rnd = new Random(seed);
            int[] idOfRank = new int[n];
            for (int i = 0; i < n; i++) idOfRank[i] = i;
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = idOfRank[i];
                idOfRank[i] = idOfRank[j];
                idOfRank[j] = t;
            }
            for (int a = 0; a < n; a++) {
                for (int k = 0, m = rnd.nextInt(density + 1) / 10; k <= m; k++) {
                    int span = rnd.nextInt(10) == 0 ? n : 6;
                    int b = a + 1 + rnd.nextInt(span);
                    if (b >= n) continue;
                    int reps = rnd.nextInt(8) == 0 ? 2 : 1;
                    for (int r = 0; r < reps; r++)
                        rows.add(new int[] {idOfRank[a], idOfRank[b], rnd.nextInt(4) == 0 ? 1 : 0});
                }
            }
        }

        String json() {
            StringBuilder sb = new StringBuilder("{\"tasks\": [");
            for (int i = 0; i < n; i++)
                sb.append(i == 0 ? "" : ", ")
                        .append("{\"task_id\": ")
                        .append(i)
                        .append(", \"kernel_ids\": [0, -1, -1]}");
            sb.append("], \"edges\": [");
            for (int i = 0; i < rows.size(); i++) {
                int[] r = rows.get(i);
                sb.append(i == 0 ? "" : ", ")
                        .append("{\"pred\": ")
                        .append(r[0])
                        .append(", \"succ\": ")
                        .append(r[1])
                        .append(", \"source\": \"")
                        .append(r[2] == 1 ? "creator" : "tensormap")
                        .append("\"}");
            }
            return sb.append("]}").toString();
        }
    }

    /** (pred, succ) of every redundant pair, by the definition: a path of two or more pairs between them. */
    static List<String> bruteForce(TaskGraph g) {
        int n = g.nodeCount();
        int[] order = g.topologicalOrder();
        BitSet[] desc = new BitSet[n];
        for (int i = n - 1; i >= 0; i--) {
            int u = order[i];
            BitSet d = new BitSet(n);
            for (int p = g.outFrom(u); p < g.outTo(u); p++) {
                d.set(g.pairSucc(p));
                d.or(desc[g.pairSucc(p)]);
            }
            desc[u] = d;
        }
        List<String> out = new ArrayList<>();
        for (int p = 0; p < g.pairCount(); p++) {
            int u = g.pairPred(p), v = g.pairSucc(p);
            boolean redundant = false;
            for (int q = g.outFrom(u); q < g.outTo(u) && !redundant; q++)
                redundant = g.pairSucc(q) != v && desc[g.pairSucc(q)].get(v);
            if (redundant) out.add(g.nodeId(u) + "->" + g.nodeId(v));
        }
        return out;
    }

    private static List<String> pairs(TaskGraph g, BitSet set) {
        List<String> out = new ArrayList<>();
        for (int p = set.nextSetBit(0); p >= 0; p = set.nextSetBit(p + 1))
            out.add(g.nodeId(g.pairPred(p)) + "->" + g.nodeId(g.pairSucc(p)));
        return out;
    }

    private static TaskGraph graph(Dag d) throws IOException {
        Path f = Files.createTempFile("dag", ".json");
        try {
            Files.writeString(f, d.json());
            return TaskGraph.read(f, DepsReader.Detail.ANNOTATIONS, TaskGraph.Duplicates.LAST, w -> {});
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Property(tries = 500)
    void windowedReductionEqualsBruteForce(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 160) int n,
            @ForAll @IntRange(min = 0, max = 40) int density,
            @ForAll @IntRange(min = 1, max = 300) int window,
            @ForAll @IntRange(min = 0, max = 400) int poolLongs)
            throws IOException {
        TaskGraph g = graph(new Dag(seed, n, density));
        assertThat(g.hasCycle()).isFalse();
        BitSet r = TransitiveReduction.redundantPairs(g, window, poolLongs);
        assertThat(pairs(g, r)).isEqualTo(bruteForce(g));
        assertThat(pairs(g, TransitiveReduction.redundantPairs(g))).isEqualTo(bruteForce(g));
    }

    @Property(tries = 150)
    void reducedModeKeepsCreatorPairsOfTheBruteForceSet(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 120) int n,
            @ForAll @IntRange(min = 0, max = 40) int density)
            throws IOException {
        TaskGraph g = graph(new Dag(seed, n, density));
        EdgeSelection reduced = EdgeSelection.of(g, EdgeMode.REDUCED, w -> {});
        List<String> expected = new ArrayList<>();
        int creator = g.code("creator");
        for (String pair : bruteForce(g)) {
            String[] ends = pair.split("->");
            int p = g.pair(g.nodeOf(Long.parseLong(ends[0])), g.nodeOf(Long.parseLong(ends[1])));
            boolean keeps = false;
            for (int k = g.pairRowFrom(p); k < g.pairRowTo(p); k++) keeps |= g.edgeSourceCode(g.pairRow(k)) == creator;
            if (!keeps) expected.add(pair);
        }
        assertThat(pairs(g, reduced.redundant)).isEqualTo(expected);
        assertThat(reduced.shownCount).isEqualTo(g.pairCount() - expected.size());
        EdgeSelection omitted = EdgeSelection.of(g, EdgeMode.OMITTED, w -> {});
        assertThat(pairs(g, omitted.shown)).isEqualTo(expected);
    }
}
