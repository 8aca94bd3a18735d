package io.ptotrace.diff;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.util.SecondThread;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@code ptotrace diff OLD NEW}: load both sides (in parallel), diff, render to stdout or a file. */
public final class DiffTool {
    private DiffTool() {}

    /** Colour choice of the text report. */
    public enum Color {
        AUTO,
        ALWAYS,
        NEVER
    }

    /** Everything one diff run needs. */
    public static final class Request {
        public Path oldPath, newPath;
        public DiffOptions options = new DiffOptions();
        public Format format = Format.TEXT;
        /** Report file (written to a temporary file, then renamed); null = stdout. */
        public Path output;
        /** Name map for both sides; null = each side's newest sibling name_map*.json ({@link RunLocator#newestNameMapBeside}). */
        public Path funcNames;
        /** Longest list shown per category in text/markdown (0 = all). JSON is always complete. */
        public int maxList;

        public Color color = Color.AUTO;
        /** Progress and timings on the info sink. */
        public boolean verbose;
        /** Writes {@link Format#HTML}; required for that format. */
        public PageRenderer page;
    }

    /** Writes the HTML page of a diff (the viewer module supplies it: this module knows nothing of pages). */
    public interface PageRenderer {
        /** Writes the page; returns what the {@code Wrote …} line adds about it, e.g. {@code 12 nodes, 15 edges}. */
        String write(GraphDiff d, OutputStream out) throws IOException;
    }

    /** The page's name when {@code --format html} has no {@code -o}: next to NEW's deps.json. */
    public static final String DEFAULT_PAGE = "deps_diff.html";

    /** The two sides of a diff, loaded. */
    public record Sides(Side oldSide, Side newSide) {}

    /**
     * Runs one diff and writes the report.
     *
     * @param stdout where the report goes when {@code r.output} is null
     * @param stdoutIsTerminal whether stdout is a terminal (colour in AUTO mode)
     * @param warn warnings (one line each) — stderr in the CLI
     * @return the diff; its {@link GraphDiff#identical()} decides exit status 0 or 1
     * @throws InputProblem on bad input (exit status 2)
     * @throws io.ptotrace.io.OutputProblem when the report cannot be written (exit status 2)
     */
    public static GraphDiff run(Request r, OutputStream stdout, boolean stdoutIsTerminal, Consumer<String> warn)
            throws IOException {
        List<Path> inputs = inputFiles(r);
        boolean html = r.format == Format.HTML;
        if (html && r.page == null) throw new IllegalStateException("no page renderer for the HTML format");
        Path output = html && r.output == null ? RunLocator.depsOf(r.newPath).resolveSibling(DEFAULT_PAGE) : r.output;
        if (output != null) Outputs.plan(List.of(output), inputs); // refuse before the work
        long t0 = System.nanoTime();
        // a projected diff without alignment needs neither args nor edge annotations
        Sides s = load(r.oldPath, r.newPath, r.funcNames, warn, !r.options.projected || r.options.align);
        long t1 = System.nanoTime();
        GraphDiff d = GraphDiff.of(s.oldSide(), s.newSide(), r.options);
        long t2 = System.nanoTime();
        if (html) {
            String[] about = new String[1];
            Outputs.write(output, inputs, false, stream -> about[0] = r.page.write(d, stream));
            Writer w = new OutputStreamWriter(stdout, StandardCharsets.UTF_8);
            w.write("Wrote " + output + " (" + about[0] + ")\n");
            w.flush();
            if (r.verbose)
                warn.accept(String.format(
                        java.util.Locale.ROOT,
                        "diff: read %.2f s, diff %.2f s (%s), page %.2f s",
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        d.timings(),
                        (System.nanoTime() - t2) / 1e9));
            return d;
        }
        boolean color = r.output == null && useColor(r.color, stdoutIsTerminal, System.getenv("NO_COLOR"));
        Renderer renderer = r.format.renderer(r.maxList, color);
        if (r.output == null) {
            Writer w = new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), 1 << 16);
            renderer.render(d, w);
            w.flush();
        } else {
            Outputs.write(r.output, inputs, false, stream -> {
                Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
                renderer.render(d, w);
                w.flush();
            });
        }
        if (r.verbose) {
            warn.accept(String.format(
                    java.util.Locale.ROOT,
                    "diff: read %.2f s, diff %.2f s (%s), report %.2f s",
                    (t1 - t0) / 1e9,
                    (t2 - t1) / 1e9,
                    d.timings(),
                    (System.nanoTime() - t2) / 1e9));
        }
        return d;
    }

    /** AUTO: colour only on a terminal and when NO_COLOR is unset (or empty). */
    public static boolean useColor(Color mode, boolean stdoutIsTerminal, String noColorEnv) {
        switch (mode) {
            case ALWAYS:
                return true;
            case NEVER:
                return false;
            default:
                return stdoutIsTerminal && (noColorEnv == null || noColorEnv.isEmpty());
        }
    }

    /**
     * Loads OLD and NEW, each on its own thread. Warnings are replayed OLD first, so stderr is
     * deterministic. A problem with OLD is reported before one with NEW.
     */
    public static Sides load(Path oldPath, Path newPath, Path funcNames, Consumer<String> warn) {
        return load(oldPath, newPath, funcNames, warn, true);
    }

    /** As {@link #load(Path, Path, Path, Consumer)}; {@code full} false skips args and edge annotations. */
    public static Sides load(Path oldPath, Path newPath, Path funcNames, Consumer<String> warn, boolean full) {
        Path oldFile = RunLocator.depsOf(oldPath);
        Path newFile = RunLocator.depsOf(newPath);
        List<String> oldWarn = new ArrayList<>(), newWarn = new ArrayList<>();
        SecondThread<Side> oldRead =
                SecondThread.start("diff-read-old", () -> loadOne(oldFile, funcNames, oldWarn::add, full));
        Side newSide = null;
        RuntimeException newFailure = null;
        try {
            newSide = loadOne(newFile, funcNames, newWarn::add, full);
        } catch (RuntimeException e) {
            newFailure = e;
        }
        oldRead.await();
        oldWarn.forEach(warn);
        newWarn.forEach(warn);
        Side oldSide = oldRead.joinUnchecked();
        if (newFailure != null) throw newFailure;
        return new Sides(oldSide, newSide);
    }

    private static Side loadOne(Path file, Path funcNames, Consumer<String> warn, boolean full) {
        NameMap names = GraphLoader.nameMap(file, funcNames, warn);
        return new Side(GraphLoader.read(file, warn, full), names);
    }

    /** Every file a diff may read (both sides and the name maps beside them): its report may replace none of them. */
    static List<Path> inputFiles(Request r) {
        List<Path> l = new ArrayList<>();
        for (Path side : new Path[] {r.oldPath, r.newPath}) {
            Path file = RunLocator.depsOf(side);
            l.add(file);
            try {
                l.addAll(RunLocator.nameMapsBeside(file));
            } catch (IOException e) {
                // a folder that cannot be listed has no name map to protect
            }
        }
        if (r.funcNames != null) l.add(r.funcNames);
        return l;
    }
}
