package io.ptotrace.viewer;

import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.layout.GraphLayout;
import io.ptotrace.viewer.layout.LayoutGraph;
import io.ptotrace.viewer.page.GraphPage;
import io.ptotrace.viewer.page.PageWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/** The interactive HTML view of a task graph: every pair laid out, the edge mode's selection drawn in front. */
final class HtmlView {
    private HtmlView() {}

    /**
     * Builds, lays out and writes the page of {@code g}, which is {@code whole} or a focused part of it; prints the HTML
     * line of the edge-mode report and the {@code Wrote …} line.
     */
    static DepsViewer.Result write(
            DepsViewer.Request r,
            TaskGraph g,
            TaskGraph whole,
            EdgeSelection sel,
            PerfSidecar sidecar,
            NameMap names,
            Path deps,
            List<Path> inputs,
            PrintStream out,
            Consumer<String> warn) {
        long t0 = System.nanoTime();
        int all = g.pairCount(), visible = sel.shownCount, hidden = all - visible;
        if (sel.header(all) != null) {
            out.println("HTML layout preserves all " + all + " edge(s); " + hidden
                    + " unselected edge(s) are colored as background");
        }
        GraphLayout.Effort effort = effort(r.engine);
        GraphPage page = page(r, g, whole, sel, sidecar, names);
        int nodes = page.nodeCount();
        long t1 = System.nanoTime();
        page.layout(layout(g, nodes, effort));
        long t2 = System.nanoTime();
        Path output = r.output != null
                ? r.output
                : deps.resolveSibling(
                        (sel.applied == EdgeMode.FULL ? "deps_viewer" : "deps_viewer_" + sel.applied.cliName)
                                + ".html");
        Outputs.write(output, inputs, false, os -> PageWriter.write(page, os));
        long t3 = System.nanoTime();
        String counts = hidden > 0 ? visible + " visible edges, " + all + " layout edges" : all + " edges";
        out.println("Wrote " + output + " (" + nodes + " nodes, " + counts + ", engine=" + r.engine + ", format=html"
                + (r.focus == null ? "" : ", focus=" + r.focus.spec + " hops=" + r.focus.hops) + ")");
        out.flush();
        if (r.timings) {
            warn.accept(String.format(
                    Locale.ROOT,
                    "timings: page model %.2f s, layout %.2f s (%s), write %.2f s",
                    (t1 - t0) / 1e9,
                    (t2 - t1) / 1e9,
                    effort.name().toLowerCase(Locale.ROOT),
                    (t3 - t2) / 1e9));
        }
        long annotated = 0;
        for (int p = sel.shown.nextSetBit(0); p >= 0; p = sel.shown.nextSetBit(p + 1))
            annotated += g.pairRowTo(p) - g.pairRowFrom(p);
        return new DepsViewer.Result(output, nodes, visible, annotated);
    }

    /** The page of a graph, without its layout: tasks known only from the sidecar are shown with the whole graph only. */
    static GraphPage page(
            DepsViewer.Request r, TaskGraph g, TaskGraph whole, EdgeSelection sel, PerfSidecar sidecar, NameMap names) {
        long[] extra = sidecarOnly(whole, sidecar);
        IdText ids = IdText.of(whole, extra, extra.length);
        if (g != whole) extra = new long[0];
        GraphPage page = new DepsPage(g, sidecar, names, r.showTensorInfo, ids, extra).build(sel.shown);
        CriticalPathMarks.mark(page, g, whole, sidecar, names);
        page.title("deps.json — " + page.nodeCount() + " nodes, " + sel.shownCount + " edges", "deps.json");
        page.direction(r.direction);
        if (r.focus != null) {
            int[] focus = new int[r.focus.ids.length];
            for (int i = 0; i < focus.length; i++) focus[i] = g.nodeOf(r.focus.ids[i]);
            page.focus(focus);
        }
        return page;
    }

    /** Every pair is laid out, whatever the edge mode selects, so that switching modes keeps the picture. */
    static GraphLayout layout(TaskGraph g, int nodes, GraphLayout.Effort effort) {
        int all = g.pairCount();
        int[] from = new int[all], to = new int[all];
        for (int p = 0; p < all; p++) {
            from[p] = g.pairPred(p);
            to[p] = g.pairSucc(p);
        }
        return GraphLayout.compute(new LayoutGraph(nodes, from, to), effort);
    }

    /** Graphviz's layered engine maps to the layered layout, its other engines to the large-graph one. */
    static GraphLayout.Effort effort(String engine) {
        return "dot".equals(engine) ? GraphLayout.Effort.LAYERED : GraphLayout.Effort.FAST;
    }

    /** Tasks the sidecar has that the graph does not, ascending (unsigned). */
    static long[] sidecarOnly(TaskGraph g, PerfSidecar sidecar) {
        if (sidecar == null) return new long[0];
        long[] only = new long[sidecar.taskIds.length];
        int m = 0;
        for (long id : sidecar.taskIds) if (g.nodeOf(id) < 0) only[m++] = id;
        return Arrays.copyOf(only, m);
    }
}
