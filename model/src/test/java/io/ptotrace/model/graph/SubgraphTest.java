package io.ptotrace.model.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.TestFiles;
import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubgraphTest {
    @TempDir
    Path dir;

    // tasks 1, 2, 3 (3 listed twice: the last counts), 4 only an endpoint; tensors 7 (named by task 1 and the
    // edge 1 > 2), 8 (named by task 3 only), 9 (named by nothing)
    private static final String GRAPH = "{\"tasks\": ["
            + "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\", \"tensor_id\": \"7\", \"shape\": [4, 4]}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [9, -1, -1], \"args\": []},"
            + "{\"task_id\": \"2\", \"kernel_ids\": [1, -1, -1], \"block_num\": 3, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"7\"},"
            + "  {\"idx\": 1, \"type\": \"INPUT\", \"tensor_id\": \"8\"}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [2, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\", \"tensor_id\": \"8\"}]}],"
            + " \"tensors\": [{\"tensor_id\": \"9\", \"dtype\": \"F\"}, {\"tensor_id\": \"7\", \"dtype\": \"FLOAT16\"}, {\"tensor_id\": \"8\", \"dtype\": \"BF16\"}],"
            + " \"edges\": ["
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"tensormap\", \"tensor_id\": \"7\"},"
            + "{\"pred\": \"3\", \"succ\": \"2\", \"arg\": 1, \"source\": \"tensormap\", \"tensor_id\": \"8\"},"
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"7\"},"
            + "{\"pred\": \"2\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"}]}";

    private TaskGraph read() {
        return TaskGraph.read(
                TestFiles.write(dir, "deps.json", GRAPH), DepsReader.Detail.FULL, TaskGraph.Duplicates.LAST, w -> {});
    }

    private static BitSet nodes(TaskGraph g, long... ids) {
        BitSet b = new BitSet();
        for (long id : ids) b.set(g.nodeOf(id));
        return b;
    }

    @Test
    void keepsTheTasksTheirArgsAndTheEdgesAmongThem() {
        TaskGraph full = read();
        Subgraph sub = full.restrictTo(nodes(full, 1, 2));
        TaskGraph g = sub.graph;
        assertThat(g.nodeCount()).isEqualTo(2);
        assertThat(g.nodeId(0)).isEqualTo(1);
        assertThat(g.nodeId(1)).isEqualTo(2);
        assertThat(g.taskRowCount()).isEqualTo(2);
        int row2 = g.taskRow(1);
        assertThat(g.kernelId(row2, 0)).isEqualTo(1);
        assertThat(g.blockNum(row2)).isEqualTo(3);
        assertThat(g.argTo(row2) - g.argFrom(row2)).isEqualTo(2);
        assertThat(g.argType(g.argFrom(row2))).isEqualTo("INPUT");
        assertThat(g.argShape(g.argFrom(g.taskRow(0)))).containsExactly(4, 4);
        // edges 1 > 2 (twice); 3 > 2 and 2 > 4 leave the set
        assertThat(g.edgeCount()).isEqualTo(2);
        assertThat(g.edgeSource(0)).isEqualTo("tensormap");
        assertThat(g.edgeSource(1)).isEqualTo("creator");
        assertThat(g.pairCount()).isEqualTo(1);
        assertThat(g.pairRowTo(0) - g.pairRowFrom(0)).isEqualTo(2);
        assertThat(sub.fullNode).containsExactly(full.nodeOf(1), full.nodeOf(2));
        assertThat(sub.fullPair).containsExactly(full.pair(full.nodeOf(1), full.nodeOf(2)));
        assertThat(g.code("creator")).isEqualTo(full.code("creator")); // codes are the whole graph's
    }

    @Test
    void keepsTheTensorsItsArgsAndEdgesName() {
        TaskGraph full = read();
        TaskGraph g = full.restrictTo(nodes(full, 1)).graph;
        assertThat(g.tensorCount()).isEqualTo(1);
        assertThat(g.tensorId(0)).isEqualTo(7);
        assertThat(g.tensorTableSize()).isEqualTo(1);
        assertThat(g.tensorDtype(g.tensorRow(0))).isEqualTo("FLOAT16");
        assertThat(g.argTensor(0)).isZero();

        TaskGraph h = full.restrictTo(nodes(full, 2, 3)).graph; // 3 > 2 names 8; task 2 names 7 and 8
        assertThat(h.tensorCount()).isEqualTo(2);
        assertThat(h.tensorRowCount()).isEqualTo(2);
        assertThat(h.tensorDtype(h.tensorRow(h.tensorOf(8)))).isEqualTo("BF16");
        assertThat(h.edgeTensor(0)).isEqualTo(h.tensorOf(8));
        // the later entry of task 3 counts, as in the whole graph
        assertThat(h.kernelId(h.taskRow(h.nodeOf(3)), 0)).isEqualTo(2);
        assertThat(h.taskRowCount()).isEqualTo(2);
    }

    @Test
    void anEndpointOnlyNodeStaysWithoutATaskRowAndAdjacencyIsRebuilt() {
        TaskGraph full = read();
        Subgraph sub = full.restrictTo(nodes(full, 2, 3, 4));
        TaskGraph g = sub.graph;
        int n4 = g.nodeOf(4), n2 = g.nodeOf(2), n3 = g.nodeOf(3);
        assertThat(g.taskRow(n4)).isEqualTo(-1);
        assertThat(g.pairCount()).isEqualTo(2);
        assertThat(g.inTo(n2) - g.inFrom(n2)).isEqualTo(1);
        assertThat(g.inPred(g.inFrom(n2))).isEqualTo(n3);
        assertThat(g.outTo(n2) - g.outFrom(n2)).isEqualTo(1);
        assertThat(g.pairSucc(g.outFrom(n2))).isEqualTo(n4);
        BitSet fullPairs = new BitSet();
        fullPairs.set(full.pair(full.nodeOf(2), full.nodeOf(4)));
        BitSet mine = sub.pairs(fullPairs);
        assertThat(mine.cardinality()).isEqualTo(1);
        assertThat(g.pairSucc(mine.nextSetBit(0))).isEqualTo(n4);
        assertThat(g.topologicalOrder()).as("3 before 2 before 4").containsExactly(n3, n2, n4);
        assertThat(g.skippedEdges()).isEqualTo(full.skippedEdges());
    }
}
