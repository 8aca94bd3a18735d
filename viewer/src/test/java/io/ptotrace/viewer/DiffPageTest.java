package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.diff.DiffOptions;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import io.ptotrace.viewer.page.GraphPage;
import io.ptotrace.viewer.page.GraphPage.Status;
import io.ptotrace.viewer.page.Rows;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The page model of a diff: the union graph, statuses per task and edge, panel rows, and counts equal to the JSON report's. */
class DiffPageTest {
    @TempDir
    Path dir;

    private static int node(GraphPage p, String key) {
        for (int v = 0; v < p.nodeCount(); v++) if (p.key(v).equals(key)) return v;
        throw new AssertionError("no node " + key);
    }

    private static List<String> rows(Rows rows, int owner, byte kind) {
        List<String> out = new ArrayList<>();
        for (int r = rows.from(owner); r < rows.to(owner); r++)
            if (rows.kind(r) == kind) out.add(String.join("|", rows.row(r)));
        return out;
    }

    private static Map<String, Status> nodeStatuses(GraphPage p) {
        Map<String, Status> m = new TreeMap<>();
        for (int v = 0; v < p.nodeCount(); v++) m.put(p.key(v), p.status(v));
        return m;
    }

    private static Map<String, Status> edgeStatuses(GraphPage p) {
        Map<String, Status> m = new TreeMap<>();
        for (int e = 0; e < p.edgeCount(); e++)
            m.put(p.key(p.edgeFrom(e)) + "->" + p.key(p.edgeTo(e)), p.edgeStatus(e));
        return m;
    }

    private static int edge(GraphPage p, String from, String to) {
        for (int e = 0; e < p.edgeCount(); e++)
            if (p.key(p.edgeFrom(e)).equals(from) && p.key(p.edgeTo(e)).equals(to)) return e;
        throw new AssertionError("no edge " + from + "->" + to);
    }

    @Test
    void thePlantedPairGivesTheUnionGraphWithEachStatus() throws IOException {
        Path[] f = DiffPairs.planted(dir);
        GraphPage p = DiffPage.of(DiffPairs.diff(f[0], f[1], new DiffOptions()));
        assertThat(nodeStatuses(p))
                .containsExactly(
                        Map.entry("1", Status.NONE),
                        Map.entry("2", Status.NONE),
                        Map.entry("3", Status.CHANGED),
                        Map.entry("4", Status.REMOVED),
                        Map.entry("5", Status.ADDED));
        assertThat(edgeStatuses(p))
                .containsExactly(
                        Map.entry("1->2", Status.CHANGED),
                        Map.entry("1->3", Status.REMOVED),
                        Map.entry("1->5", Status.ADDED),
                        Map.entry("2->3", Status.NONE),
                        Map.entry("3->4", Status.REMOVED),
                        Map.entry("3->5", Status.ADDED));
        assertThat(p.name(node(p, "3"))).isEqualTo("QK");
        assertThat(p.name(node(p, "4"))).isEqualTo("SF");
        assertThat(p.style(node(p, "4"))).isEqualTo(GraphPage.Style.AIV);
        assertThat(p.badge(node(p, "3"))).isEqualTo(4);
        // the panel: what changed, in the text report's words
        assertThat(rows(p.nodeRows, node(p, "3"), Rows.CHANGE)).containsExactly("block_num: 1 -> 4");
        assertThat(rows(p.nodeRows, node(p, "4"), Rows.CHANGE))
                .containsExactly("only in OLD: kernel_ids [-1, 1, -1]  block_num 1  args 0");
        assertThat(rows(p.nodeRows, node(p, "5"), Rows.CHANGE))
                .containsExactly("only in NEW: kernel_ids [-1, 1, -1]  block_num 1  args 0");
        assertThat(rows(p.nodeRows, node(p, "1"), Rows.CHANGE)).isEmpty();
        assertThat(rows(p.nodeRows, node(p, "1"), Rows.TEXT)).containsExactly("arg0 OUTPUT tensor 100");
        assertThat(rows(p.edgeRows, edge(p, "1", "2"), Rows.TEXT))
                .containsExactly("[changed] arg 0  tensormap  tensor 100  hazard=WAR", "  hazard: RAW -> WAR");
        assertThat(rows(p.edgeRows, edge(p, "1", "3"), Rows.TEXT)).containsExactly("arg -1  explicit");
        assertThat(p.edgeFlags(edge(p, "1", "3")) & GraphPage.DASHED).isEqualTo(GraphPage.DASHED);
        assertThat(p.diff())
                .containsExactly(
                        Map.entry("tasks_added", 1L),
                        Map.entry("tasks_removed", 1L),
                        Map.entry("tasks_changed", 1L),
                        Map.entry("edges_added", 2L),
                        Map.entry("edges_removed", 2L));
    }

    @Test
    void anAnnotatedEdgeRemovedFromAKeptPairIsListedOnThatPair() throws IOException {
        Path[] f = DiffPairs.planted(dir);
        // NEW without the hazard change but with a second row on t1 -> t2 in OLD only
        String old = DiffPairs.OLD.replace(
                "\"edges\": [",
                "\"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"100\"},");
        java.nio.file.Files.writeString(f[0], old);
        GraphPage p = DiffPage.of(DiffPairs.diff(f[0], f[1], new DiffOptions()));
        assertThat(rows(p.edgeRows, edge(p, "1", "2"), Rows.TEXT))
                .containsExactly(
                        "[changed] arg 0  tensormap  tensor 100  hazard=WAR",
                        "  hazard: RAW -> WAR",
                        "[removed] arg 0  creator  tensor 100");
        assertThat(p.edgeStatus(edge(p, "1", "2"))).isEqualTo(Status.CHANGED);
    }

    @Test
    void identicalGraphsHaveNoStatusAndZeroCounts() throws IOException {
        Path[] f = DiffPairs.planted(dir);
        GraphPage p = DiffPage.of(DiffPairs.diff(f[0], f[0], new DiffOptions()));
        assertThat(nodeStatuses(p).values()).containsOnly(Status.NONE);
        assertThat(edgeStatuses(p).values()).containsOnly(Status.NONE);
        assertThat(p.diff().values()).containsOnly(0L);
        assertThat(p.nodeCount()).isEqualTo(4);
    }

    @Test
    void anAlignedDiffKeepsTheKeysOfOldTasksApartFromNewOnes() throws IOException {
        // NEW inserts a task in front: OLD t1..t3 are NEW t2..t4, and OLD t4 (gone) shares its id with NEW t4
        Path[] f = DiffPairs.planted(dir);
        java.nio.file.Files.writeString(
                f[1],
                "{\"tasks\": ["
                        + "{\"task_id\": \"1\", \"kernel_ids\": [0, 1, -1], \"block_num\": 1, \"args\": []},"
                        + "{\"task_id\": \"2\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\", \"tensor_id\": \"100\"}]},"
                        + "{\"task_id\": \"3\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"100\"}]},"
                        + "{\"task_id\": \"4\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": []}],"
                        + " \"edges\": [{\"pred\": \"2\", \"succ\": \"3\", \"arg\": 0, \"source\": \"tensormap\", \"tensor_id\": \"100\", \"hazard\": \"RAW\"},"
                        + "{\"pred\": \"3\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"},"
                        + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": -1, \"source\": \"explicit\"}]}");
        DiffOptions o = new DiffOptions();
        o.align = true;
        GraphPage p = DiffPage.of(DiffPairs.diff(f[0], f[1], o));
        assertCountsAgree(p, DiffPairs.jsonSummary(f[0], f[1], o));
        assertThat(nodeStatuses(p))
                .containsExactly(
                        Map.entry("1", Status.ADDED),
                        Map.entry("2", Status.NONE),
                        Map.entry("3", Status.NONE),
                        Map.entry("4", Status.NONE),
                        Map.entry("OLD 4", Status.REMOVED));
        assertThat(edgeStatuses(p))
                .containsEntry("4->OLD 4", Status.REMOVED)
                .containsEntry("1->2", Status.ADDED)
                .containsEntry("2->4", Status.REMOVED);
    }

    /** The page's statuses and exposed counts equal the JSON report's summary. */
    private static void assertCountsAgree(GraphPage p, JsonNode summary) {
        int[] nodes = new int[4], edges = new int[4];
        for (int v = 0; v < p.nodeCount(); v++) nodes[p.status(v).ordinal()]++;
        for (int e = 0; e < p.edgeCount(); e++) edges[p.edgeStatus(e).ordinal()]++;
        assertThat(nodes[Status.ADDED.ordinal()])
                .isEqualTo(summary.get("tasks_added").asInt());
        assertThat(nodes[Status.REMOVED.ordinal()])
                .isEqualTo(summary.get("tasks_removed").asInt());
        assertThat(nodes[Status.CHANGED.ordinal()])
                .isEqualTo(summary.get("tasks_changed").asInt());
        assertThat(edges[Status.ADDED.ordinal()])
                .isEqualTo(summary.get("edges_added").asInt());
        assertThat(edges[Status.REMOVED.ordinal()])
                .isEqualTo(summary.get("edges_removed").asInt());
        Map<String, Long> expected = new LinkedHashMap<>();
        for (String k : new String[] {"tasks_added", "tasks_removed", "tasks_changed", "edges_added", "edges_removed"})
            expected.put(k, summary.get(k).asLong());
        assertThat(p.diff()).containsExactlyEntriesOf(expected);
    }

    @ParameterizedTest
    @CsvSource({"1, 2, false, address", "3, 4, true, structure", "5, 5, false, address", "7, 8, false, address"})
    void onGeneratedPairsTheCountsEqualTheJsonSummary(long seedA, long seedB, boolean align, String match)
            throws IOException {
        SynthOptions.Builder o = SynthOptions.builder()
                .tasks(600)
                .level(4)
                .rings(2)
                .era(io.ptotrace.model.Era.CHIP)
                .edgesPerTask(3.0);
        Path a = SynthRun.write(o.seed(seedA).build(), dir.resolve("a")).depsFile();
        Path b = SynthRun.write(o.seed(seedB).build(), dir.resolve("b")).depsFile();
        DiffOptions opts = new DiffOptions();
        opts.align = align;
        opts.matchTensors = DiffOptions.TensorMatch.valueOf(match.toUpperCase(java.util.Locale.ROOT));
        GraphPage p = DiffPage.of(DiffPairs.diff(a, b, opts));
        JsonNode summary = DiffPairs.jsonSummary(a, b, opts);
        assertCountsAgree(p, summary);
        if (seedA == seedB)
            assertThat(summary.get("tasks_changed").asInt()
                            + summary.get("edges_added").asInt())
                    .isZero();
        // what the page hands to window.ptotraceGraph.diff is the same
        JsonNode header = header(write(a, b, opts));
        for (String k :
                new String[] {"tasks_added", "tasks_removed", "tasks_changed", "edges_added", "edges_removed"}) {
            assertThat(header.get("diff").get(k).asLong())
                    .as(k)
                    .isEqualTo(summary.get(k).asLong());
        }
    }

    @Test
    void theSamePairGivesTheSameBytes() throws IOException {
        SynthOptions.Builder o = SynthOptions.builder()
                .tasks(400)
                .level(4)
                .rings(2)
                .era(io.ptotrace.model.Era.L2)
                .edgesPerTask(3.0);
        Path a = SynthRun.write(o.seed(21).build(), dir.resolve("a")).depsFile();
        Path b = SynthRun.write(o.seed(22).build(), dir.resolve("b")).depsFile();
        byte[] first = write(a, b, new DiffOptions()), second = write(a, b, new DiffOptions());
        assertThat(second).isEqualTo(first);
        assertThat(first.length).isGreaterThan(10_000);
    }

    @Test
    void aDepsPageCarriesNoDiffMember() throws IOException {
        Path[] f = DiffPairs.planted(dir);
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = f[0];
        r.html = true;
        DepsViewer.run(
                r, new java.io.PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        assertThat(header(java.nio.file.Files.readAllBytes(f[0].resolveSibling("deps_viewer.html")))
                        .has("diff"))
                .isFalse();
    }

    private static byte[] write(Path a, Path b, DiffOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DiffPage.write(DiffPairs.diff(a, b, o), out);
        return out.toByteArray();
    }

    /** The JSON header of a page's embedded data block. */
    static JsonNode header(byte[] html) throws IOException {
        String s = new String(html, StandardCharsets.UTF_8);
        int at = s.indexOf("<script id=\"graph-data\"");
        int from = s.indexOf('>', at) + 1, to = s.indexOf("</script>", from);
        byte[] packed = Base64.getMimeDecoder().decode(s.substring(from, to).trim());
        byte[] data = new InflaterInputStream(new java.io.ByteArrayInputStream(packed)).readAllBytes();
        int len = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        return new ObjectMapper().readTree(new String(data, 4, len, StandardCharsets.UTF_8).trim());
    }
}
