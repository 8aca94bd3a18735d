package io.ptotrace.model.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.TestFiles;
import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskGraphTest {
    @TempDir
    Path dir;

    private TaskGraph read(String json, DepsReader.Detail detail, TaskGraph.Duplicates dup) {
        return TaskGraph.read(TestFiles.write(dir, "deps" + System.nanoTime() + ".json", json), detail, dup, w -> {});
    }

    private TaskGraph read(String json) {
        return read(json, DepsReader.Detail.FULL, TaskGraph.Duplicates.LAST);
    }

    private static final String GRAPH = "{\"tasks\": ["
            + "{\"task_id\": \"4294967297\", \"kernel_ids\": [0, -1, -1], \"block_num\": 4, \"early_dispatch\": true, \"args\": ["
            + "  {\"idx\": 0, \"type\": \"INOUT\", \"tensor_id\": \"7\", \"dtype\": \"FLOAT32\", \"shape\": [8], \"start_offset\": \"2\", \"strides\": [1]},"
            + "  {\"idx\": 1, \"type\": \"OUTPUT\"}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [-1, 5], \"args\": []},"
            + "{\"task_id\": \"18446744073709551615\", \"kernel_ids\": [-1, -1, -1]}],"
            + " \"tensors\": [{\"tensor_id\": \"x\"}, {\"tensor_id\": \"7\", \"buffer_addr\": \"4096\", \"version\": 0, \"dtype\": \"FLOAT32\", \"buffer_numel\": \"64\"}],"
            + " \"edges\": ["
            + "{\"pred\": \"3\", \"succ\": \"4294967297\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"7\", \"consumer_shape\": [4]},"
            + "{\"pred\": \"0\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"3\", \"succ\": \"4294967297\", \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"other\", \"tensor_id\": \"7\","
            + "  \"producer_start_offset\": 3},"
            + "{\"pred\": \"3\", \"succ\": \"0\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"bad\", \"succ\": \"0\"}]}";

    @Test
    void nodesAreEveryMentionedIdInUnsignedOrder() {
        TaskGraph g = read(GRAPH);
        assertThat(g.nodeCount()).isEqualTo(4);
        long[] ids = new long[4];
        for (int v = 0; v < 4; v++) ids[v] = g.nodeId(v);
        assertThat(ids).containsExactly(0L, 3L, 4294967297L, -1L);
        assertThat(g.nodeOf(-1L)).isEqualTo(3);
        assertThat(g.nodeOf(5)).isEqualTo(-1);
        assertThat(g.taskRow(g.nodeOf(0))).isEqualTo(-1); // only an edge endpoint
        assertThat(g.skippedEdges()).isEqualTo(1);
        assertThat(g.skippedTensors()).isEqualTo(1);
    }

    @Test
    void taskRowsKeepKernelSlotsBlocksAndArgs() {
        TaskGraph g = read(GRAPH);
        int row = g.taskRow(g.nodeOf(4294967297L));
        assertThat(new int[] {g.kernelId(row, 0), g.kernelId(row, 1), g.kernelId(row, 2)})
                .containsExactly(0, -1, -1);
        assertThat(g.blockNum(row)).isEqualTo(4);
        assertThat(g.earlyDispatch(row)).isEqualTo(1);
        assertThat(g.argTo(row) - g.argFrom(row)).isEqualTo(2);
        int a = g.argFrom(row);
        assertThat(g.argType(a)).isEqualTo("INOUT");
        assertThat(g.tensorId(g.argTensor(a))).isEqualTo(7L);
        assertThat(g.argOffset(a)).isEqualTo(2L);
        assertThat(g.argShape(a)).containsExactly(8L);
        assertThat(g.argTensor(a + 1)).isEqualTo(-1);
        // a two-entry kernel_ids list: its slots padded, not exactly three
        int short3 = g.taskRow(g.nodeOf(3));
        assertThat(new int[] {g.kernelId(short3, 0), g.kernelId(short3, 1), g.kernelId(short3, 2)})
                .containsExactly(-1, 5, -1);
        assertThat(g.kernelIdsExact(short3)).isFalse();
        assertThat(g.kernelIdsExact(row)).isTrue();
    }

    @Test
    void uniquePairsSortedWithTheirRowsInFileOrderAndBothAdjacencies() {
        TaskGraph g = read(GRAPH);
        assertThat(g.edgeCount()).isEqualTo(4);
        assertThat(g.pairCount()).isEqualTo(3);
        List<String> pairs = new ArrayList<>();
        for (int p = 0; p < g.pairCount(); p++) pairs.add(g.nodeId(g.pairPred(p)) + "->" + g.nodeId(g.pairSucc(p)));
        assertThat(pairs).containsExactly("0->3", "3->0", "3->4294967297");
        int p = g.pair(g.nodeOf(3), g.nodeOf(4294967297L));
        List<String> sources = new ArrayList<>();
        for (int k = g.pairRowFrom(p); k < g.pairRowTo(p); k++) sources.add(g.edgeSource(g.pairRow(k)));
        assertThat(sources).containsExactly("creator", "tensormap");
        assertThat(g.edgePair(g.pairRow(g.pairRowFrom(p)))).isEqualTo(p);
        int three = g.nodeOf(3);
        assertThat(g.outTo(three) - g.outFrom(three)).isEqualTo(2);
        assertThat(g.inTo(three) - g.inFrom(three)).isEqualTo(1);
        assertThat(g.nodeId(g.inPred(g.inFrom(three)))).isEqualTo(0L);
        assertThat(g.pair(three, three)).isEqualTo(-1);
        int e = g.pairRow(g.pairRowFrom(p) + 1);
        assertThat(g.edgeOverlap(e)).isEqualTo("other");
        assertThat(g.producerOffsetOk(e)).isTrue();
        assertThat(g.producerOffset(e)).isEqualTo(3L);
        assertThat(g.consumerOffsetOk(e)).isFalse();
        assertThat(g.consumerShape(g.pairRow(g.pairRowFrom(p)))).containsExactly(4L);
    }

    @Test
    void tensorsMentionedAnywhereAndTheTableOfTensorsEntries() {
        TaskGraph g = read(GRAPH);
        assertThat(g.tensorCount()).isEqualTo(1);
        assertThat(g.tensorTableSize()).isEqualTo(1);
        int row = g.tensorRow(g.tensorOf(7));
        assertThat(g.rowIndex(row)).isEqualTo(1); // the skipped entry still counts in the position
        assertThat(g.bufferAddr(row)).isEqualTo(4096L);
        assertThat(g.bufferNumel(row)).isEqualTo(64L);
        assertThat(g.tensorDtype(row)).isEqualTo("FLOAT32");
    }

    @Test
    void cycleAndSelfLoopHaveNoTopologicalOrder() {
        TaskGraph g = read(GRAPH);
        assertThat(g.hasCycle()).isTrue(); // 0 -> 3 -> 0
        TaskGraph self = read("{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\"}, {\"pred\": \"2\", \"succ\": \"2\"}]}");
        assertThat(self.topologicalOrder()).isNull();
    }

    @Test
    void topologicalOrderIsIdOrderWhenThatWorksAndSmallestReadyFirstOtherwise() {
        TaskGraph ascending =
                read("{\"edges\": [{\"pred\": \"1\", \"succ\": \"5\"}, {\"pred\": \"2\", \"succ\": \"5\"}]}");
        assertThat(ascending.topologicalOrder()).containsExactly(0, 1, 2);
        // 9 -> 1 -> 4, and 2 on its own: 2 and 9 are ready first, 2 the smaller
        TaskGraph g = read(
                "{\"tasks\": [{\"task_id\": 2}], \"edges\": [{\"pred\": 9, \"succ\": 1}, {\"pred\": 1, \"succ\": 4}]}");
        int[] order = g.topologicalOrder();
        List<Long> ids = new ArrayList<>();
        for (int v : order) ids.add(g.nodeId(v));
        assertThat(ids).containsExactly(2L, 9L, 1L, 4L);
    }

    @Test
    void duplicatesKeepTheLastWithOneWarning() throws java.io.IOException {
        String json = "{\"tasks\": [{\"task_id\": 1, \"block_num\": 2}, {\"task_id\": 1, \"block_num\": 3}],"
                + " \"tensors\": [{\"tensor_id\": 5, \"buffer_numel\": 1}, {\"tensor_id\": 5, \"buffer_numel\": 2}]}";
        java.util.List<String> warnings = new java.util.ArrayList<>();
        java.nio.file.Path f = TestFiles.write(dir, "dup.json", json);
        TaskGraph last = TaskGraph.read(f, DepsReader.Detail.FULL, warnings::add);
        assertThat(last.blockNum(last.taskRow(0))).isEqualTo(3);
        assertThat(last.taskNode(0)).isEqualTo(-1);
        assertThat(last.bufferNumel(last.tensorRow(0))).isEqualTo(2L);
        assertThat(last.rowIndex(last.tensorRow(0))).isEqualTo(1);
        assertThat(last.duplicateTasks()).isEqualTo(1);
        assertThat(last.duplicateTensors()).isEqualTo(1);
        assertThat(warnings)
                .containsExactly("Warning: " + f
                        + ": 1 task_id(s) and 1 tensor_id(s) listed more than once; the last entry of each counts");
    }

    @Test
    void lowerDetailLeavesMembersAbsent() {
        TaskGraph a = read(GRAPH, DepsReader.Detail.ANNOTATIONS, TaskGraph.Duplicates.LAST);
        int p = a.pair(a.nodeOf(3), a.nodeOf(4294967297L));
        int e = a.pairRow(a.pairRowFrom(p));
        assertThat(a.edgeSource(e)).isEqualTo("creator");
        assertThat(a.consumerShape(e)).isNull();
        assertThat(a.argCount()).isZero();
        assertThat(a.tensorTableSize()).isEqualTo(1);
        TaskGraph pr = read(GRAPH, DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST);
        assertThat(pr.pairCount()).isEqualTo(3);
        assertThat(pr.edgeSource(0)).isNull();
        assertThat(pr.edgeArg(0)).isEqualTo(TaskGraph.ABSENT);
        assertThat(pr.tensorTableSize()).isZero();
        assertThat(pr.blockNum(pr.taskRow(pr.nodeOf(4294967297L)))).isEqualTo(4);
    }

    @Test
    void structureOutsideTheSchemaIsReportedWhereItIs() {
        TaskGraph top = read("[1, 2]");
        assertThat(top.unexpected()).containsExactly(new TaskGraph.Unexpected(null, "line 1, column 1"));
        assertThat(top.edgesListed()).isFalse();
        TaskGraph members = read("{\"tasks\": [{\"task_id\": 1, \"args\": 5}], \"tensors\": null,\n \"edges\": {}}");
        assertThat(members.unexpected())
                .extracting(TaskGraph.Unexpected::member)
                .containsExactly("args", "edges");
        assertThat(members.unexpected().get(1).where()).isEqualTo("line 2, column 11");
        assertThat(read("{\"edges\": null, \"tasks\": [{\"task_id\": 1, \"args\": null}]}")
                        .unexpected())
                .isEmpty();
    }

    @Test
    void emptyFileObjectIsAnEmptyGraph() {
        TaskGraph g = read("{}");
        assertThat(g.nodeCount()).isZero();
        assertThat(g.pairCount()).isZero();
        assertThat(g.topologicalOrder()).isEmpty();
    }
}
