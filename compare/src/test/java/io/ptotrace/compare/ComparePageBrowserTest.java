package io.ptotrace.compare;

import static io.ptotrace.compare.Fixtures.base;
import static io.ptotrace.compare.Fixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.testing.Needs;
import io.ptotrace.viewer.browser.Chromium;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report of a planted change as a person sees it in headless Chromium. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ComparePageBrowserTest {
    private Chromium browser;
    private Path page;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        Needs.need(Chromium.available(), "no browser at " + Chromium.BINARY);
        Path a = run(root.resolve("old"), base(2000).timingSeed(1));
        Path b = run(root.resolve("new"), base(2000).timingSeed(2).kernelScale("QK", 1.3));
        page = root.resolve("compare.html");
        Files.writeString(page, Fixtures.render(Fixtures.compare(a, b), ReportFormat.HTML), StandardCharsets.UTF_8);
        browser = Chromium.start(root.resolve("profile"), 1200, 1600);
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.close();
    }

    @Test
    void theResultThePicturesAndNoError() throws Exception {
        // the page has no script of its own: ready when the document is loaded and the result is in it
        long t0 = System.nanoTime();
        browser.call("Page.navigate", Chromium.params().put("url", page.toUri().toString()));
        long deadline = t0 + Duration.ofSeconds(30).toNanos();
        while (!browser.eval("document.readyState === 'complete' && !!document.getElementById('result')")
                .asBoolean()) {
            assertThat(System.nanoTime()).as("page loaded in time").isLessThan(deadline);
            Thread.sleep(20);
        }
        assertThat(browser.eval("document.getElementById('result').textContent").asText())
                .startsWith("Significant change:")
                .contains("QK slower");
        for (String id : new String[] {"ratios", "waterfall", "utilisation"}) {
            JsonNode box = browser.eval("(() => { const r = document.getElementById('" + id
                    + "').getBoundingClientRect(); return [r.width, r.height]; })()");
            assertThat(box.get(0).asDouble()).as(id).isGreaterThan(300);
            assertThat(box.get(1).asDouble()).as(id).isGreaterThan(100);
        }
        // one red dot (QK, slower), the others grey
        assertThat(browser.eval("document.querySelectorAll('#ratios circle[fill=\"#c0392b\"]').length")
                        .asInt())
                .isEqualTo(1);
        assertThat(browser.eval("document.querySelectorAll('#utilisation polyline').length")
                        .asInt())
                .isEqualTo(2);
        assertThat(browser.errors()).isEmpty();
        BufferedImage shot = ImageIO.read(new ByteArrayInputStream(browser.screenshot()));
        int red = 0;
        for (int y = 0; y < shot.getHeight(); y++)
            for (int x = 0; x < shot.getWidth(); x++) {
                int rgb = shot.getRGB(x, y);
                if (Math.abs(((rgb >> 16) & 255) - 0xc0) < 12
                        && Math.abs(((rgb >> 8) & 255) - 0x39) < 12
                        && Math.abs((rgb & 255) - 0x2b) < 12) red++;
            }
        assertThat(red).as("red pixels of the slower kernel and bars on screen").isGreaterThan(50);
    }
}
