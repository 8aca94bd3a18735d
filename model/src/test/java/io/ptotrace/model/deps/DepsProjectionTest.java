package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.TestFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the converter takes from deps.json. */
class DepsProjectionTest {
    @TempDir
    Path dir;

    private DepsProjection read(String json) {
        return DepsProjection.read(TestFiles.write(dir, "deps.json", json));
    }

    /** pred → successors in projection order. */
    static Map<Long, List<Long>> adjacency(DepsProjection d) {
        Map<Long, List<Long>> m = new LinkedHashMap<>();
        for (int p = 0; p < d.predCount(); p++) {
            List<Long> s = new ArrayList<>();
            for (int k = d.succFrom(p); k < d.succTo(p); k++) s.add(d.succ(k));
            m.put(d.pred(p), s);
        }
        return m;
    }

    @Test
    void edgesAreDeduplicatedInFirstSeenOrder() {
        DepsProjection d = read("""
            {"tasks": [], "tensors": [],
             "edges": [
               {"pred": "0", "succ": "1", "arg": 0, "source": "creator", "flags": ["wait", "retain"]},
               {"pred": "0", "succ": "1", "arg": 1, "source": "tensormap", "overlap": "covered", "hazard": "RAW"},
               {"pred": "1", "succ": "4294967298", "arg": 0, "source": "tensormap"},
               {"pred": "0", "succ": "5", "arg": -1, "source": "explicit"},
               {"pred": "x", "succ": "1"},
               {"pred": "2", "succ": null},
               {"succ": "1"},
               7, "edge", [1, 2], null,
               {"pred": "3", "succ": "3"},
               {"pred": 1, "succ": "0", "unknown_member": {"deep": [1, {"x": 2}]}},
               {"pred": " 1 ", "succ": 4294967298},
               {"pred": "-1", "succ": "0"}
             ]}
            """);
        assertThat(d.edgesLoaded()).isTrue();
        assertThat(adjacency(d))
                .containsExactly(
                        Map.entry(0L, List.of(1L, 5L)),
                        Map.entry(1L, List.of(4294967298L, 0L)),
                        Map.entry(3L, List.of(3L)), // self-pairs are kept by the projection
                        Map.entry(-1L, List.of(0L))); // "-1" normalises to 2^64 − 1
        assertThat(d.pairCount()).isEqualTo(6);
        assertThat(d.predOrdinal(1L)).isEqualTo(1);
        assertThat(d.predOrdinal(5L)).isEqualTo(-1);
    }

    @Test
    void kernelIdsAndBlockNums() {
        DepsProjection d = read("""
            {"tasks": [
               {"task_id": "0", "kernel_ids": [0, -1, -1], "block_num": 1},
               {"task_id": "1", "kernel_ids": [null, "x", 3]},
               {"task_id": 2, "kernel_ids": [1, 2], "block_num": "abc"},
               {"task_id": "4294967298", "kernel_ids": [5, -1, -1, 7], "block_num": 4},
               {"task_id": "3", "kernel_ids": [1.9, "4", {"a": 1}], "block_num": 0},
               {"task_id": "6", "block_num": -3},
               {"task_id": "7", "block_num": "2"},
               {"task_id": "8", "block_num": null, "kernel_ids": "0,1,2"},
               {"task_id": "9", "block_num": 2.9},
               {"task_id": "abc", "kernel_ids": [1, 1, 1], "block_num": 8},
               {"kernel_ids": [2, 2, 2], "block_num": 8},
               "not an object", 5, null
             ],
             "edges": []}
            """);
        assertThat(d.edgesLoaded()).isTrue();
        assertThat(d.pairCount()).isZero();
        assertThat(d.hasKernelMap()).isTrue();
        assertThat(d.kernelMapSize()).isEqualTo(3);
        assertThat(kernels(d, 0)).containsExactly(0, -1, -1);
        assertThat(kernels(d, 1)).containsExactly(-1, -1, 3); // null / "x" count as absent
        assertThat(kernels(d, 3)).containsExactly(1, 4, -1);
        assertThat(d.hasKernels(2)).isFalse(); // not a list of exactly 3
        assertThat(d.hasKernels(4294967298L)).isFalse();
        assertThat(d.hasKernels(8)).isFalse();

        assertThat(d.blockNum(0)).isEqualTo(1);
        assertThat(d.blockNum(1)).isEqualTo(1); // missing
        assertThat(d.blockNum(2)).isEqualTo(1); // invalid
        assertThat(d.blockNum(4294967298L)).isEqualTo(4);
        assertThat(d.blockNum(3)).isEqualTo(1); // < 1
        assertThat(d.blockNum(6)).isEqualTo(1);
        assertThat(d.blockNum(7)).isEqualTo(2); // Python int("2")
        assertThat(d.blockNum(8)).isEqualTo(1);
        assertThat(d.blockNum(9)).isEqualTo(2); // int(2.9)
        assertThat(d.blockNum(10)).isEqualTo(-1); // not listed
        assertThat(d.blockTaskIds()).containsExactly(0L, 1L, 2L, 4294967298L, 3L, 6L, 7L, 8L, 9L);
        assertThat(d.countBlockNumAbove(1)).isEqualTo(3);
    }

    private static int[] kernels(DepsProjection d, long t) {
        assertThat(d.hasKernels(t)).as("kernel entry of " + t).isTrue();
        return new int[] {d.kernel(t, 0), d.kernel(t, 1), d.kernel(t, 2)};
    }

    @Test
    void noEdgesListStillGivesKernelIds() {
        DepsProjection d = read("{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [0, -1, -1], \"block_num\": 3}]}");
        assertThat(d.edgesLoaded()).isFalse();
        assertThat(d.pairCount()).isZero();
        assertThat(d.hasKernels(0)).isTrue();
        assertThat(d.blockNum(0)).isEqualTo(3);
    }

    @Test
    void edgesThatAreNotAListCountAsNoEdgesList() {
        assertThat(read("{\"edges\": {\"pred\": \"0\", \"succ\": \"1\"}}").edgesLoaded())
                .isFalse();
        assertThat(read("{\"edges\": null}").edgesLoaded()).isFalse();
    }

    @Test
    void topLevelNotAnObjectIsNoUsableDeps() {
        for (String json : new String[] {"[{\"pred\": \"0\", \"succ\": \"1\"}]", "42", "\"edges\"", "null"}) {
            DepsProjection d = read(json);
            assertThat(d.edgesLoaded()).as(json).isFalse();
            assertThat(d.hasKernelMap()).isFalse();
            assertThat(d.hasBlockMap()).isFalse();
            assertThat(d.pairCount()).isZero();
        }
    }

    @Test
    void emptyMapsAreAbsent() {
        DepsProjection d = read("{\"tasks\": [], \"edges\": []}");
        assertThat(d.hasKernelMap()).isFalse();
        assertThat(d.hasBlockMap()).isFalse();
        assertThat(DepsProjection.none().edgesLoaded()).isFalse();
    }

    @Test
    void invalidJsonIsAnInputProblemWithALocation() {
        Path f = TestFiles.write(dir, "deps.json", "{\"edges\": [{\"pred\": \"0\", \"succ\": ");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> DepsProjection.read(f));
        assertThat(p.file()).isEqualTo(f.toString());
        assertThat(p.getMessage()).startsWith("not valid JSON");
        assertThat(p.where()).startsWith("line 1, column ");
        InputProblem q =
                catchThrowableOfType(InputProblem.class, () -> DepsProjection.read(TestFiles.write(dir, "e.json", "")));
        assertThat(q).isNotNull();
    }

    @Test
    void laterTaskEntryOfTheSameIdWins() {
        DepsProjection d = read("""
            {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1], "block_num": 2},
                       {"task_id": "0", "kernel_ids": [-1, 4, -1], "block_num": 5}], "edges": []}
            """);
        assertThat(kernels(d, 0)).containsExactly(-1, 4, -1);
        assertThat(d.blockNum(0)).isEqualTo(5);
        assertThat(d.blockTaskIds()).containsExactly(0L);
    }

    /**
     * Pairs are kept once in first-seen order whatever the edges' order: consumers in runs of increasing ids (the
     * runtime's order, compared within a run), runs out of order or reopened, long runs, ids above 2^63.
     */
    @Test
    void pairsAreKeptOnceInFirstSeenOrderInAnyEdgeOrder() {
        java.util.Random rnd = new java.util.Random(33);
        for (int round = 0; round < 400; round++) {
            DepsProjection d = new DepsProjection();
            java.util.LinkedHashSet<List<Long>> expected = new java.util.LinkedHashSet<>();
            DepsEdge e = new DepsEdge();
            int shape = round % 4;
            long succ = rnd.nextBoolean() ? 0 : Long.MAX_VALUE - 50;
            int runs = 1 + rnd.nextInt(40);
            for (int r = 0; r < runs; r++) {
                succ = shape == 1 && rnd.nextInt(8) == 0
                        ? succ - rnd.nextInt(3) // out of order, or the same consumer again later
                        : succ + 1 + rnd.nextInt(3);
                int edges = shape == 2 ? rnd.nextInt(200) : rnd.nextInt(12);
                for (int k = 0; k < edges; k++) {
                    long pred = shape == 3 ? rnd.nextInt(3) : Math.max(0, succ - 1 - rnd.nextInt(8));
                    e.endpointsOk = rnd.nextInt(50) != 0;
                    e.pred = pred;
                    e.succ = succ;
                    d.edge(e);
                    if (e.endpointsOk) expected.add(List.of(pred, succ));
                }
            }
            d.finish();
            Map<Long, List<Long>> want = new LinkedHashMap<>();
            for (List<Long> pair : expected)
                want.computeIfAbsent(pair.get(0), x -> new ArrayList<>()).add(pair.get(1));
            assertThat(adjacency(d)).as("round " + round).isEqualTo(want);
            assertThat(d.pairCount()).isEqualTo(expected.size());
        }
    }
}
