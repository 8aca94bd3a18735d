package io.ptotrace.viewer.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.diff.DiffOptions;
import io.ptotrace.viewer.DiffPage;
import io.ptotrace.viewer.DiffPairs;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The diff page of a planted pair opened in headless Chromium: counts, status colours, stepping through the changes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiffPageBrowserTest {
    private static final int[] ADDED = {0x16, 0xa3, 0x4a}, REMOVED = {0xdc, 0x26, 0x26}, CHANGED = {0xd9, 0x77, 0x06};

    @TempDir
    Path dir;
    private Chromium browser;
    private Path page;
    private JsonNode summary;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        Assumptions.assumeTrue(Chromium.available(), "no " + Chromium.BINARY + " on this machine");
        Path[] f = DiffPairs.planted(root);
        summary = DiffPairs.jsonSummary(f[0], f[1], new DiffOptions());
        page = root.resolve("deps_diff.html");
        try (OutputStream out = Files.newOutputStream(page)) {
            DiffPage.write(DiffPairs.diff(f[0], f[1], new DiffOptions()), out);
        }
        browser = Chromium.start(root.resolve("profile"), 1280, 800);
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.close();
    }

    @Test
    void theCountsAreTheJsonSummarysAndTheChangesAreColoured() throws Exception {
        browser.open(page, Duration.ofSeconds(30));
        JsonNode diff = browser.eval("ptotraceGraph.diff");
        for (String k : new String[] {"tasks_added", "tasks_removed", "tasks_changed", "edges_added", "edges_removed"}) {
            assertThat(diff.get(k).asInt()).as(k).isEqualTo(summary.get(k).asInt());
        }
        assertThat(diff.get("tasks_added").asInt()).isEqualTo(1);
        assertThat(browser.eval("ptotraceGraph.tasks").asInt()).isEqualTo(5);
        assertThat(browser.eval("ptotraceGraph.edges").asInt()).isEqualTo(6);
        assertThat(DepsPageBrowserTest.distinctColours(browser.screenshot())).isGreaterThan(50);
        assertThat(browser.eval("document.getElementById('legend').innerText").asText())
            .contains("added (only in NEW)", "removed (only in OLD)", "changed");
        assertThat(browser.eval("ptotraceGraph.status('t5')").asText()).isEqualTo("added");
        assertThat(browser.eval("ptotraceGraph.status('t4')").asText()).isEqualTo("removed");
        assertThat(browser.eval("ptotraceGraph.status('t3')").asText()).isEqualTo("changed");
        assertThat(browser.eval("ptotraceGraph.status('t1')").asText()).isEmpty();
        // the outline drawn around each planted task, sampled on the screen at its top edge
        assertThat(outlineColour("t5", ADDED)).as("t5 outline").isTrue();
        assertThat(outlineColour("t4", REMOVED)).as("t4 outline").isTrue();
        assertThat(outlineColour("t3", CHANGED)).as("t3 outline").isTrue();
        assertThat(outlineColour("t1", ADDED) || outlineColour("t1", REMOVED) || outlineColour("t1", CHANGED)).as("t1 outline").isFalse();
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void nAndPStepThroughTheChangesInOrder() throws Exception {
        browser.open(page, Duration.ofSeconds(30));
        List<String> changes = new ArrayList<>();
        browser.eval("ptotraceGraph.changes").forEach(n -> changes.add(n.asText()));
        // t3 changed, t4 removed, t5 added; t2 → t3 and t1 → t2 lead into changed edges' ends only through them
        assertThat(changes).containsExactlyInAnyOrder("t2", "t3", "t4", "t5");
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < changes.size() + 1; i++) {
            browser.key("n", 78);
            seen.add(browser.eval("ptotraceGraph.selected").asText());
        }
        List<String> expected = new ArrayList<>(changes);
        expected.add(changes.get(0));
        assertThat(seen).isEqualTo(expected);
        browser.key("p", 80);
        assertThat(browser.eval("ptotraceGraph.selected").asText()).isEqualTo(changes.get(changes.size() - 1));
        // the selected task is centred and its panel says what changed
        browser.eval("ptotraceGraph.select('t3')");
        String panel = browser.eval("document.getElementById('panel-body').innerText").asText();
        assertThat(panel).contains("changed", "block_num: 1 -> 4");
        browser.eval("ptotraceGraph.select('t2')");
        assertThat(browser.eval("document.getElementById('panel-body').innerText").asText())
            .contains("← t1 QK [changed]", "[changed] arg 0 tensormap tensor 100 hazard=WAR", "hazard: RAW -> WAR"); // HTML folds runs of blanks
        // the buttons step too
        browser.eval("document.querySelector('#changes button:last-child').click()");
        assertThat(browser.eval("document.querySelector('#changes .change-status').textContent").asText()).startsWith("1 / " + changes.size());
        assertThat(browser.errors()).isEmpty();
    }

    /** Centres a task with nothing selected and looks for the colour on the top edge of its outline (at any zoom up to 2). */
    private boolean outlineColour(String key, int[] rgb) throws IOException {
        browser.eval("(ptotraceGraph.select(''), ptotraceGraph.centre('" + key + "'))");
        browser.eval("new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { done(1); }); }); })");
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + key + "')");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        int x = (int) Math.round(at.get("x").asDouble()), y0 = (int) Math.round(at.get("y").asDouble());
        for (int dy = 14; dy <= 40; dy++) {
            for (int dx = -20; dx <= 20; dx += 5) {
                int c = img.getRGB(x + dx, y0 - dy);
                int r = (c >> 16) & 255, g = (c >> 8) & 255, b = c & 255;
                if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) < 40) return true;
            }
        }
        return false;
    }
}
