package io.ptotrace.critpath;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.OutputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.AicoreCycles;
import io.ptotrace.model.AicoreRows;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code ptotrace critical-path} as a library call: find the run folders under a root, analyse each, write its
 * report and the two critical-path copies of its merged trace, print the summary. A run that cannot be read is
 * reported on stderr and skipped; the others go on.
 */
public final class CriticalPathJob {
    /** What the user asked for. */
    public static final class Options {
        public Path root;
        public String report = "critical_path_report.md";
        public int top = 25;
        public long tol = 2;
        public boolean stdout;
        /** Append ptotrace's own sections (slack, what-if, scheduler attribution) to each run's report. */
        public boolean extended;
        /** Write each run's findings as JSON instead of the Markdown report. */
        public boolean json;
        /** Near-critical threshold in µs: tasks with at most this much slack are listed. */
        public double nearUs = 1.0;
        /** What-if: each family's kernels this much faster (a fraction: 0.1 = 10 %). */
        public double speedup = 0.1;
        /** With {@link #extended}: gaps before a path task longer than this (µs) are marked; NaN: none. */
        public double gapThresholdUs = Double.NaN;
        /** Print each run's phase timings on stderr. */
        public boolean timings;
        /** Writes the run's .pftrace with the critical-path overlay; null: not asked for. */
        public TraceOverlay overlay;
    }

    /** The {@code --trace} writer: the run's native trace with the paths marked. Returns the file written. */
    public interface TraceOverlay {
        Path write(Discovery.RunFolder run, RunAnalysis analysis, Timeline timeline, PrintStream err);
    }

    /** The usage and discovery errors of the established tool: one line, exit 2. */
    public static final class Refused extends RuntimeException {
        public Refused(String line) {
            super(line);
        }
    }

    private final Options o;
    private final PrintStream out, err;

    public CriticalPathJob(Options o, PrintStream out, PrintStream err) {
        this.o = o;
        this.out = out;
        this.err = err;
    }

    /** Runs the analysis; returns the exit status (0, or 2 when a run or a trace failed). */
    public int run() throws IOException {
        Path root = resolveRoot(o.root);
        String r = o.report;
        if (r.isEmpty()
                || r.equals(".")
                || r.equals("..")
                || Path.of(r).isAbsolute()
                || Path.of(r).getFileName() == null
                || !Path.of(r).getFileName().toString().equals(r))
            throw new Refused("Error: --report must be a file name, not a path");
        String written = o.json ? jsonName(r) : r;
        for (String own : ownOutputs())
            if (written.equals(own))
                throw new Refused("Error: --report " + r + " would be written as " + written
                        + ", which critical-path also writes in each run folder; choose another name");
        List<Discovery.RunFolder> runs = Discovery.find(root);
        if (runs.isEmpty())
            throw new Refused(
                    "Error: " + root
                            + ": no chip_swimlane_records.json or l2_swimlane_records.json (+deps.json+name_map*.json) found under it. Did the run use --enable-chip-swimlane (or --enable-l2-swimlane)?");

        boolean failed = false;
        List<RunAnalysis> done = new ArrayList<>();
        List<String> reports = new ArrayList<>(), traces = new ArrayList<>();
        for (Discovery.RunFolder run : runs) {
            boolean joined = !run.deps().getParent().equals(run.dir());
            RunAnalysis a;
            Timeline tl;
            long t0 = System.nanoTime(), tRead, tGraph;
            try {
                // the two big inputs on two threads, as convert reads them
                List<String> depsWarnings = new ArrayList<>();
                // a deps.json whose tasks or edges cannot be read as lists is this run's error, not an empty graph
                CompletableFuture<TaskGraph> deps = CompletableFuture.supplyAsync(() -> TaskGraph.read(
                                run.deps(), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, depsWarnings::add)
                        .refuseUnexpected("tasks", "edges"));
                AicoreCycles cycles;
                long freq;
                io.ptotrace.model.Era era;
                String damaged = null;
                try {
                    tl = RecordsReader.read(run.records(), err::println, true);
                    cycles = tl.cycles();
                    freq = tl.clockFreqHz;
                    era = tl.era;
                } catch (InputProblem whole) {
                    // the analysis needs the AICore rows and the clock alone: a capture damaged elsewhere is
                    // analysed from those, as the established analyser does, and the damage is named
                    AicoreRows rows;
                    try {
                        rows = AicoreRows.read(run.records());
                    } catch (RuntimeException e) {
                        deps.cancel(true);
                        throw e;
                    }
                    tl = null;
                    cycles = rows.cycles;
                    freq = rows.clockFreqHz;
                    era = rows.era;
                    damaged = whole.oneLine();
                } catch (RuntimeException e) {
                    deps.cancel(true);
                    throw e;
                }
                TaskGraph g = join(deps);
                depsWarnings.forEach(err::println);
                if (joined) sameGraph(run, cycles, g);
                NameMap names = NameMap.read(run.nameMap());
                tRead = System.nanoTime();
                RunGraph rg = RunGraph.build(run.records(), cycles, freq, g, names, o.tol);
                if (damaged != null)
                    err.println("Warning: " + damaged
                            + "; critical-path needs only the AICore rows and clock_freq_hz, and analysed those");
                tGraph = System.nanoTime();
                a = new RunAnalysis(run.label(), era, rg, tl);
            } catch (InputProblem e) {
                err.println("Error: " + run.dir() + ": " + e.oneLine());
                failed = true;
                continue;
            }
            long tPaths = System.nanoTime();
            Path reportFile = run.dir().resolve(o.json ? jsonName(o.report) : o.report);
            try {
                String text = o.json
                        ? JsonReport.of(List.of(a), this::extras)
                        : MarkdownReport.document(List.of(a), o.top, o.extended ? this::extended : null);
                Outputs.write(reportFile, inputsOf(run), false, s -> s.write(text.getBytes(StandardCharsets.UTF_8)));
            } catch (OutputProblem e) {
                err.println("Error: " + run.dir() + ": " + e.oneLine());
                failed = true;
                continue;
            }
            done.add(a);
            long tReport = System.nanoTime();
            reports.add("Report written to: " + reportFile);
            if (run.mergedTrace() == null) {
                err.println("Warning: no merged_swimlane*.json in " + run.dir()
                        + "; skipped Perfetto critical-path traces");
            } else {
                try {
                    writeCopies(run, a);
                    traces.add("Perfetto trace written to: " + run.dir().resolve("CPM_static.json"));
                    traces.add("Perfetto trace written to: " + run.dir().resolve("CPM_observed.json"));
                } catch (PathTraceCopy.Refused e) {
                    err.println("Error: invalid merged_swimlane*.json in " + run.dir() + ": " + e.getMessage());
                    failed = true;
                } catch (InputProblem e) {
                    err.println("Error: invalid merged_swimlane*.json in " + run.dir() + ": " + e.oneLine());
                    failed = true;
                } catch (OutputProblem e) {
                    // the trace was read; writing a copy failed: the copy is named, not the trace
                    err.println("Error: " + run.dir() + ": " + e.oneLine());
                    failed = true;
                }
            }
            long tTraces = System.nanoTime();
            if (o.timings)
                err.printf(
                        java.util.Locale.ROOT,
                        "timings %s: read %.2f s (records and deps.json on two threads), graph %.2f s, paths %.2f s, "
                                + "report %.2f s, trace copies %.2f s; %d tasks, %d happens-before edges%n",
                        run.label(),
                        (tRead - t0) / 1e9,
                        (tGraph - tRead) / 1e9,
                        (tPaths - tGraph) / 1e9,
                        (tReport - tPaths) / 1e9,
                        (tTraces - tReport) / 1e9,
                        a.graph.tasks,
                        a.graph.hbEdges);
            if (o.overlay != null) {
                try {
                    Path p = o.overlay.write(run, a, tl, err);
                    traces.add("Perfetto trace written to: " + p);
                } catch (InputProblem | OutputProblem e) {
                    err.println("Error: " + run.dir() + ": "
                            + (e instanceof InputProblem
                                    ? ((InputProblem) e).oneLine()
                                    : ((OutputProblem) e).oneLine()));
                    failed = true;
                }
            }
        }
        out.println("Analyzed " + done.size() + " rank(s) under " + root);
        for (RunAnalysis a : done) out.println(MarkdownReport.summary(a));
        reports.forEach(out::println);
        traces.forEach(out::println);
        if (o.stdout && !done.isEmpty()) {
            out.println();
            out.println(
                    o.json
                            ? JsonReport.of(done, this::extras)
                            : MarkdownReport.document(done, o.top, o.extended ? this::extended : null));
        }
        out.flush();
        return failed ? 2 : 0;
    }

    /**
     * A dispatch captured in two passes is one dispatch only when both passes ran the same graph: every task the
     * timing pass ran is a task of the graph pass's deps.json. Then the join is said in one line; else the run is
     * refused.
     */
    private void sameGraph(Discovery.RunFolder run, AicoreCycles cycles, TaskGraph g) {
        java.util.Set<Long> strangers = new java.util.LinkedHashSet<>();
        for (int r = 0; r < cycles.rows; r++) if (g.nodeOf(cycles.task[r]) < 0) strangers.add(cycles.task[r]);
        Path graph = run.deps().getParent();
        if (!strangers.isEmpty())
            throw new InputProblem(
                    (String) null,
                    RunLocator.passesDiffer(
                            graph,
                            run.dir(),
                            strangers.size(),
                            io.ptotrace.model.TaskIds.display(
                                    strangers.iterator().next())),
                    null,
                    null);
        err.println(run.label() + ": " + RunLocator.passesJoined(graph, run.dir(), run.records()));
    }

    private Extended extras(RunAnalysis a) {
        Extended x = new Extended(a, o.nearUs, o.speedup, o.top);
        x.gapThresholdUs = o.gapThresholdUs;
        return x;
    }

    private void extended(StringBuilder sb, RunAnalysis a) {
        extras(a).markdown(sb);
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) throw (RuntimeException) e.getCause();
            if (e.getCause() instanceof Error) throw (Error) e.getCause();
            throw e;
        }
    }

    /** The files critical-path writes in each run folder besides the report. */
    private List<String> ownOutputs() {
        List<String> l = new ArrayList<>(List.of("CPM_static.json", "CPM_observed.json"));
        if (o.overlay != null) l.add("merged_swimlane.pftrace");
        return l;
    }

    static String jsonName(String report) {
        int dot = report.lastIndexOf('.');
        return (dot > 0 ? report.substring(0, dot) : report) + ".json";
    }

    private static List<Path> inputsOf(Discovery.RunFolder run) {
        List<Path> l = new ArrayList<>(List.of(run.records(), run.deps(), run.nameMap()));
        if (run.mergedTrace() != null) l.add(run.mergedTrace());
        return l;
    }

    private void writeCopies(Discovery.RunFolder run, RunAnalysis a) {
        PathTraceCopy copy = new PathTraceCopy(run.mergedTrace());
        int[] stat = a.staticPath.path, obs = a.observed.task;
        copy.check(a.graph, stat, obs);
        Outputs.writeAll(
                List.of(
                        new Outputs.Job(run.dir().resolve("CPM_static.json"), true, s -> copy.write(s, a.graph, stat)),
                        new Outputs.Job(
                                run.dir().resolve("CPM_observed.json"), true, s -> copy.write(s, a.graph, obs))),
                inputsOf(run),
                false);
    }

    private static Path resolveRoot(Path given) throws IOException {
        String s = given.toString();
        if (s.equals("~") || s.startsWith("~/")) given = Path.of(System.getProperty("user.home") + s.substring(1));
        Path abs = given.toAbsolutePath().normalize();
        if (!Files.exists(abs)) throw new Refused("Error: " + abs + ": no such file or folder");
        Path real = abs.toRealPath();
        return Files.isDirectory(real) ? real : real.getParent();
    }
}
