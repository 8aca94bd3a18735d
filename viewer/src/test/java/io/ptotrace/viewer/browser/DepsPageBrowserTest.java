package io.ptotrace.viewer.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.testing.Needs;
import io.ptotrace.viewer.DepsViewer;
import io.ptotrace.viewer.EdgeMode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Generated deps pages opened in a real (headless) Chromium: they draw, count, search and open panels. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DepsPageBrowserTest {
    static final String EXAMPLE = "{\"tasks\": ["
            + "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"early_dispatch\": true, \"args\": ["
            + "{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"100\", \"shape\": [8], \"strides\": [1], \"start_offset\": 0},"
            + "{\"idx\": 1, \"type\": \"OUTPUT\"}]},"
            + "{\"task_id\": \"2\", \"kernel_ids\": [-1, 1, 1], \"block_num\": 4, \"args\": [{\"idx\": 0, \"type\": \"INOUT\", \"tensor_id\": \"200\"}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [0, 1, -1], \"block_num\": 1, \"args\": []},"
            + "{\"task_id\": \"4\", \"kernel_ids\": [-1, -1, -1], \"block_num\": 1, \"args\": []},"
            + "{\"task_id\": \"9\", \"kernel_ids\": [2, -1, -1], \"block_num\": 1, \"args\": []}],"
            + " \"tensors\": [{\"tensor_id\": \"100\", \"buffer_addr\": \"4096\", \"dtype\": \"FLOAT32\", \"buffer_numel\": \"64\"},"
            + "{\"tensor_id\": \"200\", \"buffer_addr\": \"8192\", \"dtype\": \"FLOAT16\", \"buffer_numel\": \"32\"}],"
            + " \"edges\": ["
            + "{\"pred\": \"0\", \"succ\": \"1\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"100\"},"
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"200\"},"
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"other\", \"tensor_id\": \"200\"},"
            + "{\"pred\": \"2\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"1\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"3\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"}]}";

    @TempDir
    Path dir;

    private Chromium browser;

    @BeforeAll
    void startBrowser(@TempDir Path profileRoot) throws Exception {
        Needs.need(Chromium.available(), "no browser at " + Chromium.BINARY);
        browser = Chromium.start(profileRoot.resolve("profile"), 1280, 800);
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) browser.close();
    }

    private Path page(String deps, EdgeMode mode, String direction, boolean tensorInfo) throws IOException {
        Path folder = Files.createTempDirectory(dir, "run");
        Files.writeString(folder.resolve("deps.json"), deps);
        Files.writeString(
                folder.resolve("name_map_example.json"), "{\"callable_id_to_name\": {\"0\": \"QK\", \"1\": \"SF\"}}");
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = folder.resolve("deps.json");
        r.edgeMode = mode;
        r.html = true;
        r.direction = direction;
        r.showTensorInfo = tensorInfo;
        DepsViewer.run(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        return folder.resolve(mode == EdgeMode.FULL ? "deps_viewer.html" : "deps_viewer_" + mode.cliName + ".html");
    }

    private JsonNode graph() {
        return browser.eval(
                "({tasks: ptotraceGraph.tasks, edges: ptotraceGraph.edges, selected: ptotraceGraph.selected})");
    }

    @Test
    void theWorkedExampleDrawsWithItsCountsAndNoError() throws Exception {
        browser.open(page(EXAMPLE, EdgeMode.REDUCED, "LR", false), Duration.ofSeconds(30));
        assertThat(graph().get("tasks").asInt()).isEqualTo(6);
        assertThat(graph().get("edges").asInt()).isEqualTo(4); // 1 -> 3 is laid out but not selected
        assertThat(browser.eval("document.title").asText()).isEqualTo("deps.json — 6 nodes, 4 edges");
        assertThat(distinctColours(browser.screenshot())).isGreaterThan(50);
        // the panel counts every laid-out pair: 1 -> 3 is not selected but still a predecessor
        browser.eval("ptotraceGraph.search('3')");
        String panel =
                browser.eval("document.getElementById('panel-body').innerText").asText();
        assertThat(panel)
                .contains(
                        "↓2 predecessors · ↑1 successors",
                        "Predecessors by name_hint (2)",
                        "(not selected by the edge mode)");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void searchCentresAndSelectsTheTaskThenTheNextMatch() throws Exception {
        browser.open(page(EXAMPLE, EdgeMode.FULL, "TB", false), Duration.ofSeconds(30));
        browser.eval("document.getElementById('search').focus()");
        browser.type("3");
        browser.key("Enter", 13);
        assertThat(graph().get("selected").asText()).isEqualTo("3");
        assertThat(browser.eval("ptotraceGraph.panelTitle()").asText()).isEqualTo("3 · QK + SF");
        // the task and its neighbours are framed in the part of the window no box covers
        for (String k : new String[] {"3", "1", "2", "4"})
            assertThat(unobscured(k)).as(k).isTrue();
        // a function name: tasks 1 and 3 run QK ("QK + SF" only contains it), in that order, then round again
        browser.eval("document.getElementById('search').value = ''");
        browser.type("QK");
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            browser.key("Enter", 13);
            seen.add(graph().get("selected").asText());
        }
        assertThat(seen).containsExactly("1", "3", "1");
        assertThat(browser.eval("document.getElementById('search-status').textContent")
                        .asText())
                .isEqualTo("1 / 2");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void aClickOnANodeOpensItsPanelAndAClickOnEmptyCanvasClosesIt() throws Exception {
        browser.open(page(EXAMPLE, EdgeMode.REDUCED, "LR", true), Duration.ofSeconds(30));
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('2')");
        browser.click(at.get("x").asDouble(), at.get("y").asDouble());
        assertThat(browser.eval("ptotraceGraph.panelTitle()").asText()).isEqualTo("2 · SF");
        String panel =
                browser.eval("document.getElementById('panel-body').innerText").asText();
        assertThat(panel)
                .contains(
                        "↓1 predecessors · ↑1 successors",
                        "Predecessors by name_hint (1)",
                        "QK\t1",
                        "Successors by name_hint (1)",
                        "QK + SF\t1",
                        "arg0 INOUT T1:float16",
                        "storage: 32 elems",
                        "Annotated edges in (1)",
                        "creator · T1 · arg 0",
                        "tensormap · T1 · arg 0 · overlap other · out_1 → in_0");
        assertThat(browser.eval("ptotraceGraph.ancestors").asInt()).isEqualTo(2);
        assertThat(browser.eval("ptotraceGraph.descendants").asInt()).isEqualTo(2);
        JsonNode size = browser.eval("[innerWidth, innerHeight]");
        browser.click(
                size.get(0).asDouble() - 10,
                size.get(1).asDouble() - 10); // empty canvas, clear of the panel and the legend
        assertThat(browser.eval("ptotraceGraph.panelTitle()").toString()).isEqualTo("null");
        assertThat(browser.eval("ptotraceGraph.selected").isNull()).isTrue();
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void aLargerGraphDrawsFarOutAndEveryDirectionWorks() throws Exception {
        String deps = layeredGraph(3000, 4, 11);
        for (String direction : new String[] {"LR", "TB", "RL", "BT"}) {
            browser.open(page(deps, EdgeMode.FULL, direction, false), Duration.ofSeconds(60));
            assertThat(graph().get("tasks").asInt()).as(direction).isEqualTo(3000);
            assertThat(browser.eval("ptotraceGraph.firstFrameMs").asDouble())
                    .as(direction)
                    .isPositive();
            assertThat(distinctColours(browser.screenshot())).as(direction).isGreaterThan(20);
        }
        browser.eval("ptotraceGraph.search('1500')");
        assertThat(graph().get("selected").asText()).isEqualTo("1500");
        assertThat(browser.errors()).isEmpty();
    }

    /** Whether a task's centre is in the window and under none of the page's boxes. */
    private boolean unobscured(String key) {
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + key + "')");
        double x = at.get("x").asDouble(), y = at.get("y").asDouble();
        if (x < 0
                || y < 0
                || x > browser.eval("innerWidth").asDouble()
                || y > browser.eval("innerHeight").asDouble()) return false;
        for (JsonNode r : browser.eval("ptotraceGraph.covered()")) {
            if (x >= r.get("x").asDouble()
                    && x <= r.get("x").asDouble() + r.get("width").asDouble()
                    && y >= r.get("y").asDouble()
                    && y <= r.get("y").asDouble() + r.get("height").asDouble()) return false;
        }
        return true;
    }

    @Test
    void everyIdFormFindsTheSameTask() throws Exception {
        browser.open(page(EXAMPLE, EdgeMode.FULL, "LR", false), Duration.ofSeconds(30));
        for (String form : new String[] {"3", "t3", " 3 "}) {
            browser.eval("ptotraceGraph.select('')");
            assertThat(browser.eval("ptotraceGraph.search(" + json(form) + ")").asText())
                    .as(form)
                    .isEqualTo("3");
            assertThat(browser.eval("ptotraceGraph.keyOf(" + json(form) + ")").asText())
                    .as(form)
                    .isEqualTo("3");
        }
        // a graph with rings: the view form (1, 5), the converter form r1t5 and the raw id of deps.json
        String rings =
                "{\"tasks\": [{\"task_id\": \"4294967301\", \"kernel_ids\": [0, -1, -1]}, {\"task_id\": \"4294967302\", \"kernel_ids\": [0, -1, -1]}],"
                        + " \"edges\": [{\"pred\": \"4294967301\", \"succ\": \"4294967302\", \"source\": \"explicit\"}]}";
        browser.open(page(rings, EdgeMode.FULL, "LR", false), Duration.ofSeconds(30));
        for (String form : new String[] {"(1, 5)", "(1,5)", "r1t5", "4294967301"}) {
            browser.eval("ptotraceGraph.select('')");
            assertThat(browser.eval("ptotraceGraph.search(" + json(form) + ")").asText())
                    .as(form)
                    .isEqualTo("(1, 5)");
            assertThat(browser.eval("ptotraceGraph.select(" + json(form) + ")").asBoolean())
                    .as(form)
                    .isTrue();
            assertThat(browser.eval("ptotraceGraph.screenPosition(" + json(form) + ")")
                            .isObject())
                    .as(form)
                    .isTrue();
        }
        assertThat(browser.eval("ptotraceGraph.search('t5')").isNull()).isTrue(); // ring 0 has no task 5
        // a graph built by host_build_graph: its id spaces as the view names them, and the raw id
        long g7t3 = (1L << 62) | (7L << 32) | 3, p4 = (2L << 62) | 4;
        String hbg = "{\"runtime\": \"host_build_graph\", \"tasks\": [{\"task_id\": \"" + Long.toUnsignedString(g7t3)
                + "\", \"kernel_ids\": [0, -1, -1]}, {\"task_id\": \"" + Long.toUnsignedString(p4)
                + "\", \"kernel_ids\": [0, -1, -1]}], \"edges\": [{\"pred\": \"" + Long.toUnsignedString(g7t3)
                + "\", \"succ\": \"" + Long.toUnsignedString(p4) + "\", \"source\": \"explicit\"}]}";
        browser.open(page(hbg, EdgeMode.FULL, "LR", false), Duration.ofSeconds(30));
        for (String[] form : new String[][] {
            {"g7t3", "g7t3"},
            {"G7T3", "g7t3"},
            {Long.toUnsignedString(g7t3), "g7t3"},
            {"p4", "p4"},
            {Long.toUnsignedString(p4), "p4"}
        }) {
            browser.eval("ptotraceGraph.select('')");
            assertThat(browser.eval("ptotraceGraph.search(" + json(form[0]) + ")")
                            .asText())
                    .as(form[0])
                    .isEqualTo(form[1]);
        }
        assertThat(browser.eval("ptotraceGraph.search('g7t4')").isNull()).isTrue();
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void keysButtonsAndDoubleClickMoveTheView() throws Exception {
        browser.open(page(layeredGraph(600, 3, 7), EdgeMode.FULL, "LR", false), Duration.ofSeconds(60));
        double s0 = scale();
        browser.key("+", 187);
        assertThat(scale()).isCloseTo(s0 * 1.5, org.assertj.core.data.Offset.offset(s0 * 0.01));
        browser.key("-", 189);
        assertThat(scale()).isCloseTo(s0, org.assertj.core.data.Offset.offset(s0 * 0.01));
        browser.eval("document.getElementById('zoom-in').click()");
        assertThat(scale()).isGreaterThan(s0 * 1.4);
        browser.key("f", 70);
        assertThat(scale()).isCloseTo(s0, org.assertj.core.data.Offset.offset(s0 * 0.01));
        double tx = browser.eval("ptotraceGraph.view().tx").asDouble();
        browser.key("ArrowLeft", 37);
        assertThat(browser.eval("ptotraceGraph.view().tx").asDouble()).isGreaterThan(tx + 50);
        JsonNode size = browser.eval("[innerWidth, innerHeight]");
        browser.doubleClick(size.get(0).asDouble() / 2, size.get(1).asDouble() / 2);
        assertThat(scale()).isCloseTo(s0 * 2, org.assertj.core.data.Offset.offset(s0 * 0.02));
        assertThat(browser.eval("document.getElementById('help').hidden").asBoolean())
                .isTrue();
        browser.key("?", 191);
        assertThat(browser.eval("document.getElementById('help').hidden").asBoolean())
                .isFalse();
        assertThat(browser.eval("document.getElementById('help').innerText").asText())
                .contains("arrow keys", "double-click", "hop limit");
        browser.key("Escape", 27);
        assertThat(browser.eval("document.getElementById('help').hidden").asBoolean())
                .isTrue();
        // r: scale 1 with the first ranks in the free part of the window, not under the top-left box
        browser.key("r", 82);
        assertThat(scale()).isEqualTo(1.0);
        JsonNode free = browser.eval("ptotraceGraph.freeRect()");
        JsonNode first = browser.eval("ptotraceGraph.screenPosition(ptotraceGraph.keyAt(0))");
        assertThat(first.get("x").asDouble()).isGreaterThan(free.get("x").asDouble());
        assertThat(first.get("y").asDouble()).isGreaterThan(free.get("y").asDouble());
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void theSelectionStaysMarkedAfterFitAndTheHopLimitBoundsThePaths() throws Exception {
        browser.open(page(layeredGraph(3000, 4, 11), EdgeMode.FULL, "LR", false), Duration.ofSeconds(60));
        browser.eval("ptotraceGraph.search('1500')");
        browser.eval("ptotraceGraph.setHops(1)");
        int one = browser.eval("ptotraceGraph.ancestors").asInt();
        assertThat(one)
                .isEqualTo(browser.eval("ptotraceGraph.neighbours('1500').predecessors.length")
                        .asInt());
        browser.eval("ptotraceGraph.setHops(3)");
        int three = browser.eval("ptotraceGraph.ancestors").asInt();
        browser.eval("ptotraceGraph.setHops('all')");
        browser.eval("ptotraceGraph.idle()");
        int all = browser.eval("ptotraceGraph.ancestors").asInt();
        assertThat(one).isLessThan(three);
        assertThat(three).isLessThan(all);
        browser.key("f", 70);
        browser.eval("ptotraceGraph.idle()");
        assertThat(browser.eval("ptotraceGraph.selected").asText()).isEqualTo("1500");
        // the marker is drawn at a fixed size on screen: dark pixels around the task, far out as it is
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('1500')");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        int dark = 0;
        for (int dy = -30; dy <= 30; dy++)
            for (int dx = -30; dx <= 30; dx++) {
                int c = img.getRGB(
                        (int) at.get("x").asDouble() + dx, (int) at.get("y").asDouble() + dy);
                if (((c >> 16) & 255) < 40 && ((c >> 8) & 255) < 40 && (c & 255) < 40) dark++;
            }
        assertThat(dark).isGreaterThan(20);
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void aFocusPageSelectsAndFramesItsTaskAndTheLegendNamesEveryMark() throws Exception {
        Path folder = Files.createTempDirectory(dir, "run");
        Files.writeString(folder.resolve("deps.json"), EXAMPLE);
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = folder.resolve("deps.json");
        r.html = true;
        r.focus = io.ptotrace.viewer.Focus.parse("t2", 1);
        r.output = folder.resolve("focus.html");
        DepsViewer.run(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        browser.open(r.output, Duration.ofSeconds(30));
        assertThat(browser.eval("ptotraceGraph.selected").asText()).isEqualTo("2");
        assertThat(browser.eval("ptotraceGraph.panelTitle()").asText()).startsWith("2 · ");
        for (String k : new String[] {"1", "2", "3"})
            assertThat(unobscured(k)).as(k).isTrue();
        assertThat(browser.eval("ptotraceGraph.view().scale").asDouble()).isGreaterThan(0.5); // labels readable
        browser.eval("document.getElementById('legend-toggle').click()");
        String legendText =
                browser.eval("document.getElementById('legend').innerText").asText();
        assertThat(legendText)
                .contains(
                        "AIC",
                        "AIV",
                        "mix",
                        "alloc",
                        "SPMD",
                        "early dispatch",
                        "ordering only",
                        "not selected by the edge mode",
                        "overlap",
                        "selected task",
                        "direct predecessor",
                        "direct successor",
                        "paths into it",
                        "paths out of it",
                        "focus task",
                        "darker = denser");
        // no emoji anywhere (the marks are drawn): Debian's Chromium has no emoji font
        String html = Files.readString(r.output);
        assertThat(html.codePoints().filter(c -> c >= 0x1F000 || c == 0x2B50).count())
                .isZero();
        assertThat(browser.errors()).isEmpty();
    }

    private double scale() {
        return browser.eval("ptotraceGraph.view().scale").asDouble();
    }

    private static String json(String s) {
        return "'" + s.replace("'", "\\'") + "'";
    }

    /** {@code n} tasks in layers of {@code width}; each task depends on up to {@code fan} tasks of the layer before. */
    static String layeredGraph(int n, int fan, int width) {
        StringBuilder sb = new StringBuilder("{\"tasks\": [");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",")
                    .append("{\"task_id\": ")
                    .append(i)
                    .append(", \"kernel_ids\": [")
                    .append(i % 3 == 1 ? "-1, 1, -1" : i % 3 == 2 ? "0, 1, -1" : "0, -1, -1")
                    .append("], \"block_num\": ")
                    .append(i % 7 == 0 ? 4 : 1)
                    .append("}");
        }
        sb.append("], \"edges\": [");
        boolean first = true;
        for (int i = width; i < n; i++) {
            for (int k = 0; k < fan; k++) {
                int p = (i / width - 1) * width + (i * 7 + k * 3) % width;
                if ((k > 0 && (i + k) % 2 == 0)) continue;
                sb.append(first ? "" : ",")
                        .append("{\"pred\": ")
                        .append(p)
                        .append(", \"succ\": ")
                        .append(i)
                        .append(", \"source\": \"tensormap\"}");
                first = false;
            }
        }
        return sb.append("]}").toString();
    }

    static int distinctColours(byte[] png) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2)
            for (int x = 0; x < img.getWidth(); x += 2) colours.add(img.getRGB(x, y));
        return colours.size();
    }
}
