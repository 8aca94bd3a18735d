package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.testing.Needs;
import io.ptotrace.viewer.browser.Chromium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deps viewer samples' HTML runs, which the reference gives no page for, judged by what a person reads on
 * ptotrace's page in Chromium: as many tasks and (visible) edges as the reference said it wrote, and for every task
 * of the reference's text output of the graph the page lays out, the panel's predecessor and successor counts and
 * the neighbours the page links it to.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DepsHtmlConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** "Wrote <OUT> (6 nodes, 5 edges, …" or, reduced, "(6 nodes, 4 visible edges, 5 layout edges, …". */
    private static final Pattern WROTE =
            Pattern.compile("\\((\\d+) nodes, (\\d+) (?:visible )?edges[^)]*?(?=, engine)");

    private static final Pattern TASK = Pattern.compile("^=== TASK (\\(\\d+, \\d+\\)|\\S+) ");

    @TempDir
    Path tmp;

    private Chromium browser;

    @BeforeAll
    void start(@TempDir Path profile) throws Exception {
        Needs.need(Chromium.available(), "no browser at " + Chromium.BINARY);
        browser = Chromium.start(profile, 1280, 800);
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.close();
    }

    @TestFactory
    Stream<DynamicTest> testdataPages() throws IOException {
        List<DynamicTest> t = pages(DepsConformanceTest.TESTDATA);
        assertThat(t).hasSize(8);
        return t.stream();
    }

    @TestFactory
    Stream<DynamicTest> sharedPages() throws IOException {
        Path shared = DepsConformanceTest.shared();
        return Needs.factory(
                Files.isDirectory(shared),
                "the shared viewer samples are not at " + shared,
                () -> pages(shared).stream());
    }

    private List<DynamicTest> pages(Path root) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<Path> dirs;
        try (Stream<Path> s = Files.list(root)) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("case.json")))
                    .sorted()
                    .toList();
        }
        for (Path c : dirs) {
            JsonNode runs = JSON.readTree(c.resolve("case.json").toFile()).get("runs");
            for (JsonNode run : runs) {
                if (!run.get("class").asText().equals("unscored")) continue;
                String name = c.getFileName() + "/" + run.get("id").asText();
                tests.add(DynamicTest.dynamicTest(name, () -> page(c, run, runs, tmp.resolve(name))));
            }
        }
        return tests;
    }

    private void page(Path c, JsonNode run, JsonNode runs, Path work) throws Exception {
        Path in = Files.createDirectories(work.resolve("in"));
        try (Stream<Path> s = Files.list(c.resolve("input"))) {
            for (Path f : (Iterable<Path>) s::iterator) Files.copy(f, in.resolve(f.getFileName()));
        }
        Path out = work.resolve("page.html");
        List<String> args = new ArrayList<>(List.of("deps"));
        List<String> given = new ArrayList<>();
        run.get("args").forEach(a -> given.add(a.asText()));
        for (int i = 0; i < given.size(); i++) {
            String a = given.get(i);
            boolean inputFile = i == 0 && !a.startsWith("-") || i > 0 && "--func-names".equals(given.get(i - 1));
            args.add(
                    a.equals("<OUT>")
                            ? out.toString()
                            : inputFile ? in.resolve(a).toString() : a);
        }
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.status()).as(r.stderr()).isZero();
        Matcher wrote = WROTE.matcher(
                Files.readString(c.resolve(run.get("ref").get("stdout").asText())));
        assertThat(wrote.find()).isTrue();
        assertThat(r.stdout()).as("the reference's counts").contains(wrote.group(0));

        browser.open(out, Duration.ofSeconds(60));
        browser.eval("ptotraceGraph.idle()");
        assertThat(browser.eval("ptotraceGraph.tasks").asInt())
                .as("tasks on the page")
                .isEqualTo(Integer.parseInt(wrote.group(1)));
        assertThat(browser.eval("ptotraceGraph.edges").asInt())
                .as("edges on the page")
                .isEqualTo(Integer.parseInt(wrote.group(2)));

        Map<String, List<List<String>>> text = textOf(c, sameModeText(run, runs));
        assertThat(text).isNotEmpty();
        for (Map.Entry<String, List<List<String>>> t : text.entrySet()) {
            int v = node(t.getKey());
            String task = browser.eval("ptotraceGraph.keyAt(" + v + ")").asText();
            List<Integer> preds = nodes(t.getValue().get(0)),
                    succs = nodes(t.getValue().get(1));
            JsonNode n = browser.eval("ptotraceGraph.neighbours(" + JSON.writeValueAsString(task) + ")");
            assertThat(nodes(strings(n.get("predecessors"))))
                    .as(t.getKey() + " predecessors")
                    .containsExactlyInAnyOrderElementsOf(preds);
            assertThat(nodes(strings(n.get("successors"))))
                    .as(t.getKey() + " successors")
                    .containsExactlyInAnyOrderElementsOf(succs);
            browser.eval("ptotraceGraph.select(" + JSON.writeValueAsString(task) + ")");
            String panel = browser.eval("document.getElementById('panel-body').innerText")
                    .asText();
            assertThat(panel)
                    .as(t.getKey() + " panel")
                    .startsWith(task + " · ")
                    .contains("↓" + preds.size() + " predecessors · ↑" + succs.size() + " successors");
        }
        assertThat(browser.errors()).isEmpty();
    }

    /** The page's node of a task as the text output names it ({@code 7}, or {@code (1, 3)} for ring 1 task 3). */
    private int node(String textId) throws Exception {
        Matcher m = Pattern.compile("\\((\\d+), (\\d+)\\)").matcher(textId);
        String form = m.matches() ? "r" + m.group(1) + "t" + m.group(2) : textId;
        int v = browser.eval("ptotraceGraph.nodeIndex(" + JSON.writeValueAsString(form) + ")")
                .asInt();
        assertThat(v).as("the page's node of task " + textId).isNotNegative();
        return v;
    }

    private List<Integer> nodes(List<String> ids) throws Exception {
        List<Integer> l = new ArrayList<>();
        for (String id : ids) l.add(node(id));
        return l;
    }

    /** The reference's text output of the same edge mode and names (the HTML run's arguments with text). */
    private static String sameModeText(JsonNode html, JsonNode runs) {
        List<String> want = new ArrayList<>();
        // --show-tensor-info adds tensor lines to a page, not tasks or edges; a reduced page lays out every edge
        // (the ones the reduction removed drawn in the background), so its neighbours are the full graph's
        html.get("args").forEach(a -> {
            String w = a.asText();
            if (w.equals("--show-tensor-info")) return;
            want.add(w.equals("html") ? "text" : w.equals("reduced") ? "full" : w);
        });
        for (JsonNode run : runs) {
            List<String> a = new ArrayList<>();
            run.get("args").forEach(x -> a.add(x.asText()));
            if (a.equals(want) && run.has("ref") && run.get("ref").has("output"))
                return run.get("ref").get("output").asText();
        }
        throw new AssertionError("no text run with the arguments " + want);
    }

    /** Each task of a text output: its predecessors and successors as listed. */
    private static Map<String, List<List<String>>> textOf(Path c, String file) throws IOException {
        Map<String, List<List<String>>> out = new LinkedHashMap<>();
        List<String> preds = null, succs = null, into = null;
        for (String line : Files.readAllLines(c.resolve(file))) {
            Matcher m = TASK.matcher(line);
            if (m.find()) {
                preds = new ArrayList<>();
                succs = new ArrayList<>();
                out.put(m.group(1), List.of(preds, succs));
                into = null;
            } else if (preds != null && line.startsWith("FANIN")) into = preds;
            else if (preds != null && line.startsWith("FANOUT")) into = succs;
            else if (into != null && (line.startsWith("  <- ") || line.startsWith("  -> ")))
                into.add(
                        line.substring(5).trim().startsWith("(")
                                ? line.substring(5, line.indexOf(')') + 1).trim()
                                : line.substring(5).trim().split("\\s+")[0]);
            else if (!line.startsWith("  ")) into = null;
        }
        return out;
    }

    private static List<String> strings(JsonNode a) {
        List<String> l = new ArrayList<>();
        a.forEach(x -> l.add(x.asText()));
        return l;
    }
}
