package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.page.GraphPage;
import io.ptotrace.viewer.page.GraphPage.Style;
import io.ptotrace.viewer.page.PageWriter;
import io.ptotrace.viewer.page.Rows;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page model of the HTML view: styles, markers, badges, hidden edges, slot rows and annotation rows. */
class DepsPageTest {
    @TempDir
    Path dir;

    static final String TENSORS = "{\"tasks\": ["
            + "{\"task_id\": 1, \"kernel_ids\": [0, -1, -1], \"early_dispatch\": true, \"args\": ["
            + "  {\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": 100, \"shape\": [8], \"strides\": [1], \"start_offset\": 0},"
            + "  {\"idx\": 1, \"type\": \"OUTPUT\"}]},"
            + "{\"task_id\": 2, \"kernel_ids\": [-1, 1, -1], \"args\": ["
            + "  {\"idx\": 0, \"type\": \"INOUT\", \"tensor_id\": 200},"
            + "  {\"idx\": 1, \"type\": \"OUTPUT_EXISTING\", \"tensor_id\": 300},"
            + "  {\"idx\": 2, \"type\": \"TRACKED_INPUT\", \"tensor_id\": 100, \"shape\": [4], \"strides\": [2], \"start_offset\": 8},"
            + "  {\"idx\": 3, \"type\": \"NO_DEP\"}]}],"
            + " \"tensors\": [{\"tensor_id\": 100, \"buffer_addr\": 4096, \"dtype\": \"FLOAT32\", \"buffer_numel\": 64},"
            + "  {\"tensor_id\": 200, \"buffer_addr\": 8192, \"dtype\": \"FLOAT16\", \"buffer_numel\": 32}],"
            + " \"edges\": ["
            + "  {\"pred\": 1, \"succ\": 2, \"arg\": 0, \"source\": \"creator\", \"tensor_id\": 200},"
            + "  {\"pred\": 1, \"succ\": 2, \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"other\", \"tensor_id\": 200},"
            + "  {\"pred\": 0, \"succ\": 2, \"arg\": 1, \"source\": \"creator\", \"tensor_id\": 300},"
            + "  {\"pred\": 0, \"succ\": 1, \"arg\": -1, \"source\": \"explicit\"}]}";

    private GraphPage page(String deps, EdgeMode mode, boolean tensorInfo, String names, String records)
            throws IOException {
        Path f = Files.createTempDirectory(dir, "run").resolve("deps.json");
        Files.writeString(f, deps);
        List<String> warnings = new ArrayList<>();
        TaskGraph g = TaskGraph.read(f, DepsReader.Detail.FULL, TaskGraph.Duplicates.LAST, warnings::add);
        NameMap map = NameMap.EMPTY;
        if (names != null) {
            Path n = Files.writeString(f.resolveSibling("name_map.json"), names);
            map = NameMap.readWithFlatFallback(n);
        }
        PerfSidecar sidecar = null;
        if (records != null)
            sidecar = PerfSidecar.read(
                    Files.writeString(f.resolveSibling("l2_swimlane_records.json"), records), warnings::add);
        DepsViewer.Request r = new DepsViewer.Request();
        r.showTensorInfo = tensorInfo;
        GraphPage page = HtmlView.page(r, g, g, EdgeSelection.of(g, mode, warnings::add), sidecar, map);
        page.layout(HtmlView.layout(g, page.nodeCount(), HtmlView.effort("dot")));
        return page;
    }

    private static int node(GraphPage p, String key) {
        for (int v = 0; v < p.nodeCount(); v++) if (p.key(v).equals(key)) return v;
        throw new AssertionError("no node " + key);
    }

    private static List<String> hiddenPairs(GraphPage p) {
        List<String> out = new ArrayList<>();
        for (int e = 0; e < p.edgeCount(); e++) {
            if ((p.edgeFlags(e) & GraphPage.HIDDEN) != 0) out.add(p.key(p.edgeFrom(e)) + "->" + p.key(p.edgeTo(e)));
        }
        return out;
    }

    private static List<String> rows(GraphPage p, Rows rows, int owner, byte kind) {
        List<String> out = new ArrayList<>();
        for (int r = rows.from(owner); r < rows.to(owner); r++)
            if (rows.kind(r) == kind) out.add(String.join("|", rows.row(r)));
        return out;
    }

    @Test
    void nodesAreStyledByCoreTypeWithTheirNamesAndTheSpmdBadge() throws IOException {
        GraphPage p = page(WorkedExamplesTest.EXAMPLE, EdgeMode.FULL, false, "{\"0\": \"QK\", \"1\": \"SF\"}", null);
        String[][] expected = { // key, name, hint, style, flags, badge
            {"0", "alloc", "alloc", "ALLOC", "1", "0"},
            {"1", "QK", "QK", "AIC", "0", "0"},
            {"2", "SF", "SF", "AIV", "0", "4"},
            {"3", "QK + SF", "QK + SF", "MIX", "0", "0"},
            {"4", "dummy", "dummy", "PLAIN", "0", "0"},
            {"9", "f2", "f2", "AIC", "0", "0"}
        };
        assertThat(p.nodeCount()).isEqualTo(6);
        for (String[] x : expected) {
            int v = node(p, x[0]);
            assertThat(new String[] {p.key(v), p.name(v), p.hint(v), p.style(v).name(), "" + p.flags(v), "" + p.badge(v)
                    })
                    .as("task " + x[0])
                    .containsExactly(x);
        }
        // without a name map there is no name in the label, and the hint falls back to the first active kernel id
        GraphPage bare = page(WorkedExamplesTest.EXAMPLE, EdgeMode.FULL, false, null, null);
        assertThat(bare.name(node(bare, "3"))).isNull();
        assertThat(bare.hint(node(bare, "3"))).isEqualTo("f0");
        assertThat(bare.hint(node(bare, "2"))).isEqualTo("f1");
    }

    @Test
    void eachEdgeModeHidesWhatItDoesNotSelectButEveryPairIsLaidOut() throws IOException {
        assertThat(hiddenPairs(page(WorkedExamplesTest.EXAMPLE, EdgeMode.FULL, false, null, null)))
                .isEmpty();
        GraphPage reduced = page(WorkedExamplesTest.EXAMPLE, EdgeMode.REDUCED, false, null, null);
        assertThat(reduced.edgeCount()).isEqualTo(5);
        assertThat(hiddenPairs(reduced)).containsExactly("1->3");
        assertThat(reduced.visibleEdgeCount()).isEqualTo(4);
        assertThat(hiddenPairs(page(WorkedExamplesTest.EXAMPLE, EdgeMode.OMITTED, false, null, null)))
                .containsExactly("0->1", "1->2", "2->3", "3->4");
        assertThat(hiddenPairs(page(WorkedExamplesTest.DATAFLOW, EdgeMode.REDUCED_DATAFLOW, false, null, null)))
                .containsExactly("1->3");
        assertThat(hiddenPairs(page(WorkedExamplesTest.DATAFLOW, EdgeMode.OMITTED_DATAFLOW, false, null, null)))
                .containsExactly("1->2", "1->4", "2->3", "3->4");
        assertThat(hiddenPairs(page(WorkedExamplesTest.DATAFLOW, EdgeMode.REDUCED, false, null, null)))
                .isEmpty();
    }

    @Test
    void starsAndFanCountsCountEveryLaidOutPairNotOnlyTheSelectedOnes() throws IOException {
        // 3's predecessors: 1 (early) and 2 (early); 4's: 1 (early) and, through a redundant explicit pair, 0 (plain)
        String deps = "{\"tasks\": [{\"task_id\": 0, \"kernel_ids\": [0, -1, -1]},"
                + "{\"task_id\": 1, \"kernel_ids\": [0, -1, -1], \"early_dispatch\": true},"
                + "{\"task_id\": 2, \"kernel_ids\": [0, -1, -1], \"early_dispatch\": true},"
                + "{\"task_id\": 3, \"kernel_ids\": [0, -1, -1]}, {\"task_id\": 4, \"kernel_ids\": [0, -1, -1]}],"
                + " \"edges\": [{\"pred\": 1, \"succ\": 3}, {\"pred\": 2, \"succ\": 3}, {\"pred\": 0, \"succ\": 1},"
                + " {\"pred\": 1, \"succ\": 4, \"source\": \"explicit\"}, {\"pred\": 0, \"succ\": 4, \"source\": \"explicit\"}]}";
        GraphPage p = page(deps, EdgeMode.REDUCED, false, null, null);
        assertThat(hiddenPairs(p)).containsExactly("0->4");
        assertThat(p.flags(node(p, "3"))).isEqualTo(GraphPage.STAR);
        assertThat(p.flags(node(p, "4"))).isZero(); // the hidden 0 -> 4 still counts
        assertThat(p.flags(node(p, "1"))).isEqualTo(GraphPage.FIRE);
        // the page counts fan-in and fan-out over its edges, and the hidden one is among them
        int in4 = 0;
        for (int e = 0; e < p.edgeCount(); e++) if (p.edgeTo(e) == node(p, "4")) in4++;
        assertThat(in4).isEqualTo(2);
        // a fire mark from an allocation alone earns no star
        GraphPage example = page(WorkedExamplesTest.EXAMPLE, EdgeMode.FULL, false, null, null);
        assertThat(example.flags(node(example, "1"))).isZero();
    }

    @Test
    void tensorRowsShowInputAndOutputSlotsWithFiveLinesAndTheBackFilledOutput() throws IOException {
        GraphPage p = page(TENSORS, EdgeMode.FULL, true, null, null);
        int one = node(p, "1"), two = node(p, "2");
        assertThat(rows(p, p.nodeRows, one, Rows.INPUT))
                .containsExactly(
                        "arg0 INPUT T0:float32|storage: 64 elems|shape: [8]|strides: [1]|start_offset: 0 (elem)");
        assertThat(rows(p, p.nodeRows, one, Rows.OUTPUT))
                .containsExactly(
                        "arg1 OUTPUT ? T1:float16|storage: 32 elems|shape: [32]|strides: [1]|start_offset: 0 (elem)");
        // TRACKED_INPUT and NO_DEP are reads: input rows; INOUT is in both compartments
        assertThat(rows(p, p.nodeRows, two, Rows.INPUT))
                .containsExactly(
                        "arg0 INOUT T1:float16|storage: 32 elems|shape: []|strides: []|start_offset: ? (elem)",
                        "arg2 TRACKED_INPUT T0:float32|storage: 64 elems|shape: [4]|strides: [2]|start_offset: 8 (elem)",
                        "arg3 NO_DEP (alloc)");
        assertThat(rows(p, p.nodeRows, two, Rows.OUTPUT))
                .containsExactly(
                        "arg0 INOUT T1:float16|storage: 32 elems|shape: []|strides: []|start_offset: ? (elem)",
                        "arg1 OUTPUT_EXISTING T?012c|storage: ?|shape: []|strides: []|start_offset: ? (elem)");
        assertThat(rows(p, p.nodeRows, node(p, "0"), Rows.INPUT)).isEmpty(); // no task entry: no slots
    }

    @Test
    void annotationRowsNameOnlyThePortsThatExist() throws IOException {
        GraphPage p = page(TENSORS, EdgeMode.FULL, true, null, null);
        List<String> all = new ArrayList<>();
        for (int e = 0; e < p.edgeCount(); e++) {
            all.add(p.key(p.edgeFrom(e)) + "->" + p.key(p.edgeTo(e)) + " " + rows(p, p.edgeRows, e, Rows.TEXT)
                    + (p.edgeLabel(e) == null ? "" : " label=" + p.edgeLabel(e))
                    + ((p.edgeFlags(e) & GraphPage.DASHED) != 0 ? " dashed" : ""));
        }
        assertThat(all)
                .containsExactly(
                        "0->1 [explicit|arg -1] dashed",
                        "0->2 [creator|T?012c|arg 1]", // into an OUTPUT_EXISTING slot, from a task without slots: no
                        // port at all
                        "1->2 [creator|T1|arg 0|out_1 → in_0, tensormap|T1|arg 0|overlap other|out_1 → in_0] label=other");
        GraphPage plain = page(TENSORS, EdgeMode.FULL, false, null, null);
        assertThat(rows(plain, plain.edgeRows, 2, Rows.TEXT))
                .containsExactly("creator|T1|arg 0", "tensormap|T1|arg 0|overlap other");
        // without tensor info the args are listed as they are, nothing back-filled
        assertThat(rows(plain, plain.nodeRows, node(plain, "1"), Rows.TEXT))
                .containsExactly(
                        "arg0 INPUT T0:float32|storage: 64 elems|shape: [8]|strides: [1]|start_offset: 0 (elem)",
                        "arg1 OUTPUT (alloc)");
    }

    @Test
    void sidecarTasksTakeTheirCoreTypeAndAKernelIdHint() throws IOException {
        String records =
                "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000, \"core_types\": [\"aic\", \"aiv\"]},"
                        + " \"aicore_tasks\": [[0, 1, 1, 100, 200, 0], [1, 1, 1, 300, 400, 0], [1, 2, 2, 500, 600, 0], [1, 50, 50, 700, 800, 0]]}";
        GraphPage p = page(WorkedExamplesTest.EXAMPLE, EdgeMode.FULL, false, null, records);
        // task 1 ran on both core types: mix, and its hint is its first active kernel id, not f-1
        assertThat(p.style(node(p, "1"))).isEqualTo(Style.MIX);
        assertThat(p.hint(node(p, "1"))).isEqualTo("f0");
        assertThat(p.style(node(p, "2"))).isEqualTo(Style.AIV);
        // a task only the sidecar knows is a kernel of unknown function, not an allocation
        int fifty = node(p, "50");
        assertThat(p.style(fifty)).isEqualTo(Style.AIV);
        assertThat(p.flags(fifty)).isZero();
        assertThat(p.hint(fifty)).isEqualTo("unknown");
        assertThat(p.nodeCount()).isEqualTo(7);
    }

    @Test
    void theSamePageGivesTheSameBytes() throws IOException {
        byte[] a = bytes(page(TENSORS, EdgeMode.FULL, true, "{\"0\": \"QK\"}", null));
        byte[] b = bytes(page(TENSORS, EdgeMode.FULL, true, "{\"0\": \"QK\"}", null));
        assertThat(a).isEqualTo(b);
        String html = new String(a, java.nio.charset.StandardCharsets.UTF_8);
        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .contains("<title>deps.json — 3 nodes, 3 edges</title>")
                .doesNotContain("http://", "https://", "src=");
        assertThat(bytes(page(TENSORS, EdgeMode.FULL, false, "{\"0\": \"QK\"}", null)))
                .isNotEqualTo(a);
    }

    private static byte[] bytes(GraphPage p) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PageWriter.write(p, out);
        return out.toByteArray();
    }
}
