package io.ptotrace.viewer.browser;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Opens one graph page in headless Chromium and prints what the page measured: its counts, the time to its first
 * drawn frame, and the frame rate while it is panned programmatically. Used by {@code bench/deps.sh}.
 *
 * <pre>java -cp CLASSPATH io.ptotrace.viewer.browser.PageProbe PAGE.html [--search TEXT] [--shot OUT.png] [--pan-seconds S] [--zoom SCALE]
 *     [--size WxH] [--fit] [--scale F] [--shift DX] [--tour TASK FUNCTION] [--hops N]</pre>
 *
 * {@code --tour} runs the scripted {@link Tour} (searching TASK and FUNCTION) and prints the longest main-thread task
 * the browser reported; {@code --hops} sets the hop limit of the highlighted paths before the search.
 *
 * Panning is measured twice: at the fitted view, and zoomed to {@code SCALE} (default 1, where labels show) on the
 * middle node. {@code --fit} fits the graph to the window after the search (for a screenshot of the whole graph), {@code --scale} then zooms by a factor about the window's centre and {@code --shift} moves it right (e.g. clear of
 * the panel).
 */
public final class PageProbe {
    private PageProbe() {}

    /** Pans by a few pixels every animation frame for {@code seconds}; the frames the page drew per second. */
    private static double pan(Chromium browser, double seconds) {
        return browser.eval(
                        "new Promise(function (done) { var G = ptotraceGraph, f0 = G.frames, t0 = performance.now();"
                                + " (function step() { G.panBy(6, 2); if (performance.now() - t0 < " + seconds * 1000
                                + ") requestAnimationFrame(step);"
                                + " else done((G.frames - f0) * 1000 / (performance.now() - t0)); })(); })")
                .asDouble();
    }

    public static void main(String[] args) throws Exception {
        Path page = Path.of(args[0]);
        String search = null;
        Path shot = null;
        double panSeconds = 3, zoom = 1;
        String[] size = {"1280", "800"};
        boolean fitAfterSearch = false;
        String[] tour = null;
        String hops = null;
        double shift = 0, shotScale = 0;
        for (int i = 1; i < args.length; i += 2) {
            switch (args[i]) {
                case "--search":
                    search = args[i + 1];
                    break;
                case "--shot":
                    shot = Path.of(args[i + 1]);
                    break;
                case "--pan-seconds":
                    panSeconds = Double.parseDouble(args[i + 1]);
                    break;
                case "--zoom":
                    zoom = Double.parseDouble(args[i + 1]);
                    break;
                case "--size":
                    size = args[i + 1].split("x");
                    break;
                case "--fit":
                    fitAfterSearch = true;
                    i--;
                    break;
                case "--tour":
                    tour = new String[] {args[i + 1], args[i + 2]};
                    i++;
                    break;
                case "--hops":
                    hops = args[i + 1];
                    break;
                case "--shift":
                    shift = Double.parseDouble(args[i + 1]);
                    break;
                case "--scale":
                    shotScale = Double.parseDouble(args[i + 1]);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path profile = Files.createTempDirectory("ptotrace-probe");
        try (Chromium browser =
                Chromium.start(profile.resolve("profile"), Integer.parseInt(size[0]), Integer.parseInt(size[1]))) {
            browser.viewport(Integer.parseInt(size[0]), Integer.parseInt(size[1]));
            long t0 = System.nanoTime();
            browser.open(page, Duration.ofSeconds(300));
            double wall = (System.nanoTime() - t0) / 1e9;
            JsonNode g = browser.eval(
                    "({tasks: ptotraceGraph.tasks, edges: ptotraceGraph.edges, firstFrameMs: ptotraceGraph.firstFrameMs})");
            System.out.printf(
                    java.util.Locale.ROOT,
                    "while loading: longest main-thread task %.0f ms%n",
                    browser.eval("ptotraceGraph.longestTaskSince(0)").asDouble());
            System.out.println("  load steps "
                    + browser.eval("JSON.stringify(ptotraceGraph.loadAt)").asText() + ", long tasks "
                    + browser.eval(
                                    "JSON.stringify(ptotraceGraph.longTasks.map(function (e) { return [Math.round(e.start), Math.round(e.ms)]; }))")
                            .asText());
            double fps = 0, zoomedFps = 0, zoomedRenderMs = 0;
            if (panSeconds > 0) {
                fps = pan(browser, panSeconds);
                // zoomed in to where every node shows its label, centred on the middle node
                browser.eval("ptotraceGraph.zoomTo(" + zoom + ")");
                zoomedFps = pan(browser, panSeconds);
                zoomedRenderMs = browser.eval("ptotraceGraph.renderMs").asDouble();
                browser.eval("ptotraceGraph.fit()");
                browser.eval("ptotraceGraph.idle()");
            }
            if (tour != null) {
                browser.eval("ptotraceGraph.idle()");
                System.out.println("tour: " + Tour.run(browser, tour[0], tour[1]));
            }
            if (hops != null)
                browser.eval("ptotraceGraph.setHops("
                        + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(hops) + ")");
            if (search != null)
                browser.eval("ptotraceGraph.search("
                        + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(search) + ")");
            if (fitAfterSearch) browser.eval("ptotraceGraph.fit()");
            if (shotScale > 0) browser.eval("ptotraceGraph.zoomBy(" + shotScale + ")");
            if (shift != 0) browser.eval("ptotraceGraph.panBy(" + shift + ", 0)");
            if (shot != null) {
                browser.eval("ptotraceGraph.idle()");
                Files.write(shot, browser.screenshot());
            }
            System.out.printf(
                    java.util.Locale.ROOT,
                    "tasks %d, edges %d, first frame %.0f ms (page), ready after %.1f s (wall),"
                            + " panning %.1f fps fitted (full drawing %.0f ms), %.1f fps at scale %s (full drawing %.0f ms), errors %d%n",
                    g.get("tasks").asInt(),
                    g.get("edges").asInt(),
                    g.get("firstFrameMs").asDouble(),
                    wall,
                    fps,
                    browser.eval("ptotraceGraph.renderMs").asDouble(),
                    zoomedFps,
                    zoom,
                    zoomedRenderMs,
                    browser.errors().size());
            for (String e : browser.errors()) System.out.println("  error: " + e);
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }
}
