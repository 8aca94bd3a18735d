package io.ptotrace.viewer.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import io.ptotrace.testing.Needs;
import io.ptotrace.viewer.DepsViewer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of a generated 100k-task graph in Chromium at 1440×900, as a person uses it: the scripted tour stays
 * free of long main-thread tasks, and a searched task is shown with all its direct neighbours where nothing covers
 * them. (The same tour on a 1M-task graph is run by {@code bench/deps.sh}; it takes minutes here.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargeGraphBrowserTest {
    static final int TASKS = 100_000;

    private Chromium browser;
    private Path page;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        Needs.need(Chromium.available(), "no browser at " + Chromium.BINARY);
        Path run = dir.resolve("run");
        SynthRun.write(SynthOptions.builder().tasks(TASKS).level(4).seed(7).build(), run);
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = run.resolve(SynthRun.DEPS_FILE);
        r.html = true;
        page = dir.resolve("page.html");
        r.output = page;
        DepsViewer.run(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), line -> {});
        browser = Chromium.start(dir.resolve("profile"), 1440, 900);
        browser.viewport(1440, 900);
        browser.open(page, Duration.ofSeconds(180));
        browser.eval("ptotraceGraph.idle()");
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.close();
    }

    /**
     * Every step of the tour, through real input, leaves the page idle and error-free. How long the page's longest
     * main-thread task is depends on the machine and its load, so the 100 ms budget is measured by {@code
     * bench/deps.sh} (docs/performance.md), not asserted here; the figure is printed.
     */
    @Test
    void theTourRunsEveryStepWithoutAnError() throws Exception {
        assertThat(browser.eval("ptotraceGraph.tasks").asInt()).isEqualTo(TASKS);
        Tour.Result tour = Tour.run(browser, "50000", "QK");
        System.out.println("100k tour: " + tour);
        assertThat(tour.steps()).hasSize(16).allMatch(st -> st.matches(".+ \\d+ ms \\(longest task \\d+\\)"));
        assertThat(browser.eval("ptotraceGraph.idle()").isObject())
                .as("the page settles")
                .isTrue();
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void aSearchedTaskHasEveryDirectNeighbourInTheUnobscuredView() throws Exception {
        browser.eval("ptotraceGraph.setHops(2)");
        Random random = new Random(19);
        int checked = 0;
        List<String> misses = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            String key = browser.eval("ptotraceGraph.keyAt(" + random.nextInt(TASKS) + ")")
                    .asText();
            browser.eval("(document.getElementById('search').value = '', document.getElementById('search').focus())");
            browser.type(key);
            browser.key("Enter", 13);
            browser.eval("ptotraceGraph.idle()");
            assertThat(browser.eval("ptotraceGraph.selected").asText()).isEqualTo(key);
            JsonNode covered = browser.eval("ptotraceGraph.covered()");
            JsonNode size = browser.eval("[innerWidth, innerHeight]");
            JsonNode n = browser.eval("ptotraceGraph.neighbours('" + key + "')");
            List<String> all = new ArrayList<>();
            all.add(key);
            n.get("predecessors").forEach(p -> all.add(p.asText()));
            n.get("successors").forEach(p -> all.add(p.asText()));
            for (String k : all) {
                JsonNode at = browser.eval("ptotraceGraph.screenPosition('" + k + "')");
                double x = at.get("x").asDouble(), y = at.get("y").asDouble();
                boolean inWindow = x >= 0
                        && y >= 0
                        && x <= size.get(0).asDouble()
                        && y <= size.get(1).asDouble();
                boolean under = false;
                for (JsonNode r : covered) {
                    under |= x >= r.get("x").asDouble()
                            && x <= r.get("x").asDouble() + r.get("width").asDouble()
                            && y >= r.get("y").asDouble()
                            && y <= r.get("y").asDouble() + r.get("height").asDouble();
                }
                if (!inWindow || under)
                    misses.add(key + ": " + k + " at " + Math.round(x) + "," + Math.round(y)
                            + (under ? " under a box" : " off screen"));
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(25 * 2);
        assertThat(misses).isEmpty();
        assertThat(browser.errors()).isEmpty();
    }
}
