package io.ptotrace.viewer.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scripted tour of a graph page: fit, zoom to a task, pan, fit, search a task, search a function name and step
 * through its matches with {@code n} / {@code p}, each step through real input where a person would use it (keys,
 * mouse drags) and followed by waiting until the page has nothing left to draw. What counts is the longest
 * main-thread task the browser reported (a {@code longtask} PerformanceObserver) over the whole tour.
 */
final class Tour {
    private Tour() {}

    /** The outcome: the longest task (ms, 0 when none reached the 50 ms the browser reports), and each step's. */
    record Result(double longestMs, int longTasks, List<String> steps, String parts) {
        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "longest main-thread task %.0f ms, %d long tasks; %s; longest script time per part %s",
                    longestMs,
                    longTasks,
                    String.join(", ", steps),
                    parts);
        }
    }

    static Result run(Chromium browser, String task, String function) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> steps = new ArrayList<>();
        double t0 = browser.eval("performance.now()").asDouble();
        JsonNode size = browser.eval("[innerWidth, innerHeight]");
        double cx = size.get(0).asDouble() / 2, cy = size.get(1).asDouble() / 2;
        step(browser, steps, "fit", () -> browser.key("f", 70));
        step(
                browser,
                steps,
                "zoom to " + task,
                () -> browser.eval("ptotraceGraph.zoomTo(1, "
                        + browser.eval("ptotraceGraph.nodeIndex(" + json.writeValueAsString(task) + ")")
                                .asInt() + ")"));
        step(browser, steps, "drag 200 px", () -> browser.drag(cx, cy, cx + 200, cy + 60, 20));
        step(browser, steps, "wheel zoom out", () -> {
            for (int i = 0; i < 6; i++) browser.wheel(cx, cy, 0, 400, true);
        });
        step(browser, steps, "arrow pan", () -> {
            browser.key("ArrowRight", 39);
            browser.key("ArrowDown", 40);
        });
        step(browser, steps, "fit", () -> browser.key("f", 70));
        step(browser, steps, "drag at fit", () -> browser.drag(cx, cy, cx - 200, cy, 20));
        step(browser, steps, "search " + task, () -> search(browser, task));
        step(browser, steps, "f with selection", () -> browser.key("f", 70));
        step(browser, steps, "search " + function, () -> search(browser, function));
        step(browser, steps, "n", () -> browser.key("n", 78));
        step(browser, steps, "n", () -> browser.key("n", 78));
        step(browser, steps, "p", () -> browser.key("p", 80));
        step(browser, steps, "hops all", () -> browser.eval("ptotraceGraph.setHops('all')"));
        step(browser, steps, "+ + +", () -> {
            browser.key("+", 187);
            browser.key("+", 187);
            browser.key("+", 187);
        });
        step(browser, steps, "fit", () -> browser.key("f", 70));
        double longest =
                browser.eval("ptotraceGraph.longestTaskSince(" + t0 + ")").asDouble();
        int count = browser.eval(
                        "ptotraceGraph.longTasks.filter(function (e) { return e.start >= " + t0 + "; }).length")
                .asInt();
        return new Result(
                longest,
                count,
                steps,
                browser.eval(
                                "JSON.stringify(ptotraceGraph.parts, function (k, v) { return typeof v === 'number' ? Math.round(v) : v; })")
                        .asText());
    }

    private static void search(Chromium browser, String text) throws Exception {
        browser.eval("(document.getElementById('search').value = '', document.getElementById('search').focus())");
        browser.type(text);
        browser.key("Enter", 13);
        browser.eval("document.getElementById('search').blur()");
    }

    interface Action {
        void run() throws Exception;
    }

    private static void step(Chromium browser, List<String> steps, String name, Action a) throws Exception {
        double t = browser.eval("performance.now()").asDouble();
        a.run();
        browser.eval("ptotraceGraph.idle()");
        double longest =
                browser.eval("ptotraceGraph.longestTaskSince(" + t + ")").asDouble();
        double took = browser.eval("performance.now()").asDouble() - t;
        steps.add(String.format(Locale.ROOT, "%s %.0f ms (longest task %.0f)", name, took, longest));
    }
}
