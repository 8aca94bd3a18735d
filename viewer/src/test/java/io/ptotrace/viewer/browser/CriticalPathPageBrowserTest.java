package io.ptotrace.viewer.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.critpath.ObservedPath;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.testing.Needs;
import io.ptotrace.viewer.DepsViewer;
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
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The deps page of a run with timing shows the observed critical path: flagged tasks, drawn and named in the panel. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CriticalPathPageBrowserTest {
    static final Path RUN = Path.of("..", "testdata", "critpath", "level4_full_a2a3", "input", "level4_full_a2a3");

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

    private Path page(boolean withRecords) throws IOException {
        Path folder = Files.createTempDirectory(dir, "run");
        for (String f : new String[] {"deps.json", "name_map_level4_full_a2a3.json"})
            Files.copy(RUN.resolve(f), folder.resolve(f));
        if (withRecords)
            Files.copy(RUN.resolve("l2_swimlane_records.json"), folder.resolve("l2_swimlane_records.json"));
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = folder.resolve("deps.json");
        r.html = true;
        DepsViewer.run(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        return folder.resolve("deps_viewer.html");
    }

    /** The observed path's task ids as the page prints them (no rings in this run). */
    static List<String> observedPath() {
        Timeline tl = RecordsReader.read(RUN.resolve("l2_swimlane_records.json"), s -> {}, true);
        TaskGraph g = TaskGraph.read(
                RUN.resolve("deps.json"), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {});
        RunGraph rg = RunGraph.build(tl.file, tl.cycles(), tl.clockFreqHz, g, NameMap.EMPTY, 2);
        ObservedPath o = ObservedPath.of(rg);
        List<String> l = new ArrayList<>();
        for (int t : o.task) l.add(Long.toUnsignedString(rg.taskId[t]));
        return l;
    }

    @Test
    void thePathIsFlaggedDrawnAndNamed() throws Exception {
        browser.open(page(true), Duration.ofSeconds(60));
        List<String> marked = new ArrayList<>();
        browser.eval("ptotraceGraph.marked('critical')").forEach(n -> marked.add(n.asText()));
        List<String> path = observedPath();
        assertThat(path).hasSizeGreaterThan(3);
        assertThat(marked).containsExactlyInAnyOrderElementsOf(path);
        browser.eval("ptotraceGraph.fit()");
        byte[] png = browser.screenshot();
        Files.write(Path.of("target", "critical-path-page.png"), png);
        assertThat(criticalPixels(png)).isGreaterThan(200);
        // a real click on a path task opens its panel
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + path.get(2) + "')");
        browser.click(at.get("x").asDouble(), at.get("y").asDouble());
        assertThat(browser.eval("ptotraceGraph.panelTitle()").asText()).startsWith(path.get(2) + " · ");
        String panel =
                browser.eval("document.getElementById('panel-body').innerText").asText();
        assertThat(panel).contains("on the observed critical path");
        assertThat(browser.eval("document.getElementById('legend').innerText").asText())
                .contains("observed critical path (" + path.size() + " tasks)");
        browser.eval("ptotraceGraph.select('" + firstOffPath(path) + "')");
        assertThat(browser.eval("document.getElementById('panel-body').innerText")
                        .asText())
                .doesNotContain("critical path");
        assertThat(browser.errors()).isEmpty();
    }

    /**
     * Fitted, a long path (more tasks than the page outlines per frame) shows as a dot on every one of its tasks, the
     * last ones included: checked on the screenshot at the screen position of the path's last 25 tasks by id.
     */
    @Test
    void farOutTheWholePathShowsAsDots() throws Exception {
        Path run = Files.createTempDirectory(dir, "synth");
        io.ptotrace.synth.SynthRun.write(
                io.ptotrace.synth.SynthOptions.builder()
                        .tasks(30_000)
                        .level(4)
                        .seed(7)
                        .build(),
                run);
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = run.resolve(io.ptotrace.synth.SynthRun.DEPS_FILE);
        r.html = true;
        DepsViewer.run(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        browser.open(run.resolve("deps_viewer.html"), Duration.ofSeconds(120));
        browser.eval("ptotraceGraph.fit()");
        List<String> marked = new ArrayList<>();
        browser.eval("ptotraceGraph.marked('critical')").forEach(n -> marked.add(n.asText()));
        assertThat(marked).as("a path longer than the outlines drawn per frame").hasSizeGreaterThan(1500);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        ImageIO.write(img, "png", Path.of("target", "critical-path-far.png").toFile());
        double dpr = img.getWidth() / browser.eval("window.innerWidth").asDouble();
        List<String> missing = new ArrayList<>();
        for (String key : marked.subList(marked.size() - 25, marked.size())) {
            JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + key + "')");
            int x = (int) Math.round(at.get("x").asDouble() * dpr),
                    y = (int) Math.round(at.get("y").asDouble() * dpr);
            if (!criticalNear(img, x, y)) missing.add(key + "@" + x + "," + y);
        }
        assertThat(missing).as("path tasks without their dot").isEmpty();
        assertThat(browser.errors()).isEmpty();
    }

    private static boolean criticalNear(BufferedImage img, int cx, int cy) {
        for (int y = Math.max(0, cy - 1); y <= Math.min(img.getHeight() - 1, cy + 1); y++)
            for (int x = Math.max(0, cx - 1); x <= Math.min(img.getWidth() - 1, cx + 1); x++) {
                int c = img.getRGB(x, y), r = c >> 16 & 255, g = c >> 8 & 255, b = c & 255;
                if (Math.abs(r - 225) < 20 && Math.abs(g - 29) < 25 && Math.abs(b - 72) < 25) return true;
            }
        return false;
    }

    @Test
    void withoutTimingNothingIsFlagged() throws Exception {
        browser.open(page(false), Duration.ofSeconds(60));
        assertThat(browser.eval("ptotraceGraph.marked('critical').length").asInt())
                .isZero();
        assertThat(criticalPixels(browser.screenshot())).isZero();
    }

    private String firstOffPath(List<String> path) {
        JsonNode n = browser.eval(
                "(function () { var l = []; for (var i = 0; i < 60; i++) l.push(String(i)); return l; })()");
        for (JsonNode k : n)
            if (!path.contains(k.asText())
                    && browser.eval("ptotraceGraph.select('" + k.asText() + "')")
                            .asBoolean()) return k.asText();
        throw new AssertionError("every task is on the path");
    }

    /** Pixels of the path's colour (#e11d48, with some tolerance for anti-aliasing). */
    static int criticalPixels(byte[] png) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++)
            for (int x = 0; x < img.getWidth(); x++) {
                int c = img.getRGB(x, y), r = c >> 16 & 255, g = c >> 8 & 255, b = c & 255;
                if (Math.abs(r - 225) < 20 && Math.abs(g - 29) < 25 && Math.abs(b - 72) < 25) n++;
            }
        return n;
    }
}
