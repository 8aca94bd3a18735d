package io.ptotrace.viewer;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.Neighbourhood;
import io.ptotrace.model.graph.Subgraph;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code ptotrace deps}: a deps.json (with its name map and perf sidecar) → the text view of its task graph, with
 * all pairs or the ones an edge mode selects, or its interactive HTML page ({@link HtmlView}).
 */
public final class DepsViewer {
    private DepsViewer() {}

    /** What to view and where to write it. */
    public static final class Request {
        /** A deps.json, a folder holding one, or null for the newest deps.json under {@code cwd/outputs}. */
        public Path input;
        /** Null: next to the deps.json, {@code deps_viewer[_<mode>].txt}. */
        public Path output;

        public EdgeMode edgeMode = EdgeMode.FULL;
        /** Null: the newest sibling {@code name_map*.json}. */
        public Path funcNames;
        /** Where {@code outputs/} is looked for when there is no input. */
        public Path cwd = Path.of("");
        /** Null: the whole graph; else only the focus tasks' neighbourhood (the edge mode still applies to the whole graph). */
        public Focus focus;
        /** Phase timings on the warning stream. */
        public boolean timings;
        /** The interactive HTML page instead of the text view ({@code deps_viewer[_<mode>].html}). */
        public boolean html;
        /** HTML: the way edges point, LR, TB, RL or BT. */
        public String direction = "LR";
        /** HTML: {@code dot} for the layered layout, any other Graphviz engine name for the large-graph layout. */
        public String engine = "dot";
        /** HTML: the tasks' slots as input and output compartments. */
        public boolean showTensorInfo;
    }

    /** What was written. */
    public record Result(Path output, int tasks, int uniqueEdges, long annotatedEdges) {}

    /**
     * Runs a request: the redundant-pair report and the {@code Wrote …} line go to {@code out}, warnings (one line
     * each) to {@code warn}.
     *
     * @throws InputProblem for unusable input (nothing is written then)
     */
    public static Result run(Request r, PrintStream out, Consumer<String> warn) {
        long t0 = System.nanoTime();
        Path deps = resolve(r);
        Path sidecarFile = PerfSidecar.beside(deps);
        PerfSidecar.Pending pending = sidecarFile == null ? null : PerfSidecar.start(sidecarFile, r.html);
        // a focused view counts the tensors its tasks' args name, and the page shows the args: both read them
        DepsReader.Detail detail = r.edgeMode.dataflow() || r.html || r.focus != null
                ? DepsReader.Detail.FULL
                : DepsReader.Detail.ANNOTATIONS;
        // malformed shapes the view cannot stand for: a top level that is not an object, edges or args not lists
        TaskGraph g = TaskGraph.read(deps, detail, warn).refuseUnexpected("edges", "args");
        long t1 = System.nanoTime();
        Path namesFile = nameMapFile(deps, r.funcNames);
        NameMap names = namesFile == null ? NameMap.EMPTY : names(namesFile, warn);
        PerfSidecar sidecar = pending == null ? null : pending.join(warn);
        long t2 = System.nanoTime();

        Subgraph sub = r.focus == null ? null : g.restrictTo(Neighbourhood.of(g, r.focus.nodes(g), r.focus.hops));
        EdgeSelection wholeSel = EdgeSelection.of(g, r.edgeMode, warn);
        TaskGraph viewed = sub == null ? g : sub.graph;
        EdgeSelection sel = sub == null ? wholeSel : wholeSel.restrictTo(sub);
        TextView view = new TextView(viewed, sel.shown, sidecar, g);
        String header = sel.header(viewed.pairCount());
        if (header != null) {
            StringBuilder sb = new StringBuilder(header).append('\n');
            for (int p = sel.redundant.nextSetBit(0); p >= 0; p = sel.redundant.nextSetBit(p + 1)) {
                sb.append("  - ")
                        .append(view.ids.text(viewed.nodeId(viewed.pairPred(p))))
                        .append(" -> ")
                        .append(view.ids.text(viewed.nodeId(viewed.pairSucc(p))))
                        .append('\n');
                if (sb.length() > 1 << 16) {
                    out.print(sb);
                    sb.setLength(0);
                }
            }
            out.print(sb);
        }
        long t3 = System.nanoTime();
        List<Path> inputs = new ArrayList<>();
        inputs.add(deps);
        if (namesFile != null) inputs.add(namesFile);
        if (sidecarFile != null) inputs.add(sidecarFile);
        if (r.html) {
            if (r.timings)
                warn.accept(String.format(
                        java.util.Locale.ROOT,
                        "timings: read %.2f s, names and sidecar %.2f s, %s %.2f s",
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        r.edgeMode.cliName,
                        (t3 - t2) / 1e9));
            return HtmlView.write(r, viewed, g, sel, sidecar, names, deps, inputs, out, warn);
        }

        Path output = r.output != null
                ? r.output
                : deps.resolveSibling(
                        (sel.applied == EdgeMode.FULL ? "deps_viewer" : "deps_viewer_" + sel.applied.cliName) + ".txt");
        long annotated = view.annotatedShown();
        boolean funcNames = resolvesAName(g, names);
        Outputs.write(
                output,
                inputs,
                false,
                os -> view.write(os, deps.toString(), sel.shownCount, annotated, sidecar != null, funcNames));
        long t4 = System.nanoTime();
        out.println("Wrote " + output + " (" + view.taskCount() + " tasks, " + sel.shownCount + " unique edges, "
                + annotated + " annotated edges, format=text"
                + (r.focus == null ? "" : ", focus=" + r.focus.spec + " hops=" + r.focus.hops) + ")");
        out.flush();
        if (r.timings) {
            warn.accept(String.format(
                    java.util.Locale.ROOT,
                    "timings: read %.2f s, names and sidecar %.2f s, %s %.2f s, write %.2f s",
                    (t1 - t0) / 1e9,
                    (t2 - t1) / 1e9,
                    r.edgeMode.cliName,
                    (t3 - t2) / 1e9,
                    (t4 - t3) / 1e9));
        }
        return new Result(output, view.taskCount(), sel.shownCount, annotated);
    }

    /** The deps.json of a request: the file given, {@code deps.json} in the folder given, or the newest under outputs/. */
    static Path resolve(Request r) {
        if (r.input == null) {
            Path found;
            try {
                found = RunLocator.newestDepsUnderOutputs(r.cwd);
            } catch (IOException e) {
                found = null;
            }
            if (found == null)
                throw new InputProblem(
                        (Path) null, "No deps.json given and no candidate found under ./outputs/.", null);
            return found;
        }
        return RunLocator.depsOf(r.input);
    }

    private static Path nameMapFile(Path deps, Path explicit) {
        if (explicit != null) return explicit;
        Path newest = RunLocator.newestNameMapBeside(deps);
        return newest == null ? null : deps.resolveSibling(newest.getFileName().toString());
    }

    private static NameMap names(Path file, Consumer<String> warn) {
        try {
            return NameMap.readWithFlatFallback(file);
        } catch (InputProblem e) {
            warn.accept("Warning: couldn't read " + file + ": " + e.getMessage()
                    + (e.where() == null ? "" : " (at " + e.where() + ")"));
            return NameMap.EMPTY;
        }
    }

    /** Some active kernel id of a task resolves to a name in the map. */
    static boolean resolvesAName(TaskGraph g, NameMap names) {
        if (names.size() == 0) return false;
        for (int row = 0; row < g.taskRowCount(); row++) {
            if (g.taskNode(row) < 0) continue;
            for (int s = 0; s < 3; s++) {
                int k = g.kernelId(row, s);
                if (k < 0) continue;
                String n = names.name(k);
                if (n != null && !n.isEmpty()) return true;
            }
        }
        return false;
    }
}
