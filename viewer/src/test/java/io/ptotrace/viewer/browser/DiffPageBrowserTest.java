package io.ptotrace.viewer.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.diff.DiffOptions;
import io.ptotrace.testing.Needs;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The diff page of a planted pair opened in headless Chromium: counts, status colours, stepping through the changes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiffPageBrowserTest {
    private static final int[] ADDED = {0x00, 0x9e, 0x73}, REMOVED = {0xd5, 0x5e, 0x00}, CHANGED = {0xcc, 0x79, 0xa7};

    @TempDir
    Path dir;

    private Chromium browser;
    private Path page;
    private JsonNode summary;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        Needs.need(Chromium.available(), "no browser at " + Chromium.BINARY);
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
        for (String k :
                new String[] {"tasks_added", "tasks_removed", "tasks_changed", "edges_added", "edges_removed"}) {
            assertThat(diff.get(k).asInt()).as(k).isEqualTo(summary.get(k).asInt());
        }
        assertThat(diff.get("tasks_added").asInt()).isEqualTo(1);
        assertThat(browser.eval("ptotraceGraph.tasks").asInt()).isEqualTo(5);
        assertThat(browser.eval("ptotraceGraph.edges").asInt()).isEqualTo(6);
        assertThat(DepsPageBrowserTest.distinctColours(browser.screenshot())).isGreaterThan(50);
        assertThat(browser.eval("document.getElementById('legend').innerText").asText())
                .contains("added (only in NEW)", "removed (only in OLD)", "changed", "dashed", "triangle");
        assertThat(browser.eval("ptotraceGraph.status('5')").asText()).isEqualTo("added");
        assertThat(browser.eval("ptotraceGraph.status('4')").asText()).isEqualTo("removed");
        assertThat(browser.eval("ptotraceGraph.status('3')").asText()).isEqualTo("changed");
        assertThat(browser.eval("ptotraceGraph.status('1')").asText()).isEmpty();
        // the outline drawn around each planted task, sampled on the screen at its top edge
        assertThat(outlineColour("5", ADDED)).as("t5 outline").isTrue();
        assertThat(outlineColour("4", REMOVED)).as("t4 outline").isTrue();
        assertThat(outlineColour("3", CHANGED)).as("t3 outline").isTrue();
        assertThat(outlineColour("1", ADDED) || outlineColour("1", REMOVED) || outlineColour("1", CHANGED))
                .as("t1 outline")
                .isFalse();
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void nAndPStepThroughTheChangesInOrder() throws Exception {
        browser.open(page, Duration.ofSeconds(30));
        List<String> changes = new ArrayList<>();
        browser.eval("ptotraceGraph.changes").forEach(n -> changes.add(n.asText()));
        // t3 changed, t4 removed, t5 added; t2 → t3 and t1 → t2 lead into changed edges' ends only through them
        assertThat(changes).containsExactlyInAnyOrder("2", "3", "4", "5");
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
        browser.eval("ptotraceGraph.select('3')");
        String panel =
                browser.eval("document.getElementById('panel-body').innerText").asText();
        assertThat(panel).contains("changed", "block_num: 1 -> 4");
        browser.eval("ptotraceGraph.select('2')");
        assertThat(browser.eval("document.getElementById('panel-body').innerText")
                        .asText())
                .contains(
                        "← 1 QK [changed]",
                        "[changed] arg 0 tensormap tensor 100 hazard=WAR",
                        "hazard: RAW -> WAR"); // HTML folds runs of blanks
        // the buttons step too
        browser.eval("document.querySelector('#changes button:last-child').click()");
        assertThat(browser.eval("document.querySelector('#changes .change-status').textContent")
                        .asText())
                .startsWith("1 / " + changes.size());
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void theStatusesDifferInMoreThanHueAndIdsReadAsOnTheDepsPage() throws Exception {
        browser.open(page, Duration.ofSeconds(30));
        // the diff page names tasks as the deps page does (5, not t5) and finds them by every form
        for (String form : new String[] {"5", "t5"}) {
            assertThat(browser.eval("ptotraceGraph.search('" + form + "')").asText())
                    .as(form)
                    .isEqualTo("5");
        }
        assertThat(browser.eval("ptotraceGraph.keyOf('t3')").asText()).isEqualTo("3");
        assertThat(browser.eval("ptotraceGraph.search('QK')").asText())
                .as("the first task named QK")
                .isEqualTo("1");
        // with the colour taken away (luminance only), the marks around each status still differ from each other
        boolean[][] marks = {ring("5"), ring("4"), ring("3")};
        for (int i = 0; i < 3; i++) {
            for (int j = i + 1; j < 3; j++) {
                int differ = 0;
                for (int k = 0; k < marks[i].length; k++) if (marks[i][k] != marks[j][k]) differ++;
                assertThat(differ).as("status " + i + " vs " + j).isGreaterThan(marks[i].length / 20);
            }
        }
        assertThat(browser.errors()).isEmpty();
    }

    /** The dark-or-not pattern (luminance under 150) of the band around a task's box, where only status marks are drawn. */
    private boolean[] ring(String key) throws IOException {
        browser.eval("(ptotraceGraph.select(''), ptotraceGraph.zoomTo(1, ptotraceGraph.nodeIndex('" + key + "')))");
        browser.eval("ptotraceGraph.idle()");
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + key + "')");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        int x0 = (int) Math.round(at.get("x").asDouble()),
                y0 = (int) Math.round(at.get("y").asDouble());
        List<Boolean> out = new ArrayList<>();
        for (int dy = -32; dy <= 32; dy++) {
            for (int dx = -96; dx <= 96; dx++) {
                boolean inBox = Math.abs(dx) <= 76 && Math.abs(dy) <= 15, middle = Math.abs(dy) < 6;
                if (inBox || middle) continue;
                int c = img.getRGB(x0 + dx, y0 + dy);
                double lum = 0.2126 * ((c >> 16) & 255) + 0.7152 * ((c >> 8) & 255) + 0.0722 * (c & 255);
                out.add(lum < 150);
            }
        }
        boolean[] b = new boolean[out.size()];
        for (int i = 0; i < b.length; i++) b[i] = out.get(i);
        return b;
    }

    /** Centres a task with nothing selected and looks for the colour on the top edge of its outline (at any zoom up to 2). */
    private boolean outlineColour(String key, int[] rgb) throws IOException {
        browser.eval("(ptotraceGraph.select(''), ptotraceGraph.centre('" + key + "'))");
        browser.eval(
                "new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () { done(1); }); }); })");
        JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + key + "')");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        int x = (int) Math.round(at.get("x").asDouble()),
                y0 = (int) Math.round(at.get("y").asDouble());
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
