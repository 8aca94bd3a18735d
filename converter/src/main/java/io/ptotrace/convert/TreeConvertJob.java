package io.ptotrace.convert;

import io.ptotrace.convert.picture.ProcessTag;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.tree.DispatchIdentity;
import io.ptotrace.model.tree.DispatchProgram;
import io.ptotrace.model.tree.DispatchSelection;
import io.ptotrace.model.tree.RankTree;
import io.ptotrace.model.tree.TreeHostLogs;
import io.ptotrace.model.util.SecondThread;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * {@code ptotrace convert dfx_outputs/}: one trace of a multi-rank job. The selected capture of every
 * rank is read (several ranks at once where there are cores for it), and each rank is drawn by the same
 * rules as a single capture into one picture, at its own pids ({@link ProcessLayout#ofRank}) and with
 * its rank and placement slack on every event ({@link ProcessTag}). Arrows keep numeric ids, so Perfetto
 * keeps every one. A rank that cannot be read is named and left out; the others still convert.
 */
final class TreeConvertJob {
    static final String STEM = "l3_swimlane";

    private final ConvertJob job;
    private final ConvertOptions o;
    private final PrintStream out;
    private final PrintStream err;
    private final Progress progress;
    private boolean partial;

    TreeConvertJob(ConvertJob job, ConvertOptions o, PrintStream out, PrintStream err, Progress progress) {
        this.job = job;
        this.o = o;
        this.out = out;
        this.err = err;
        this.progress = progress;
    }

    boolean partial() {
        return partial;
    }

    /** One rank's capture, read (or why it could not be). */
    static final class RankRun {
        final DispatchSelection.Capture capture;
        /**
         * The rank's model; null once it is drawn, or while it is let go to be read again when it is drawn (a merge
         * of ranks too big to hold at once).
         */
        Run run;

        /** What the merge needs of the rank while its model is not held (null for a rank that failed). */
        final RankClock.Summary clock;

        final int rows;
        final Map<String, Object> timelineMetadata;
        final List<String> warnings;
        final String failure;

        RankRun(DispatchSelection.Capture capture, Run run, List<String> warnings, String failure) {
            this.capture = capture;
            this.run = run;
            this.clock = run == null ? null : RankClock.Summary.of(run.timeline);
            this.rows = run == null ? 0 : run.timeline.rows;
            this.timelineMetadata = run == null ? null : run.timeline.timelineMetadata;
            this.warnings = warnings;
            this.failure = failure;
        }
    }

    List<ConvertJob.Written> run() throws IOException {
        Path root = o.input;
        if (o.funcNames != null || o.depsJson != null)
            throw problem("directory input auto-loads per-Rank name/dependency files; --func-names and --deps-json"
                    + " are not allowed (-k PROGRAM=FILE names an L2 program's kernels)");
        if ((o.dispatch == null) == (o.dispatchId == null)) {
            String held = o.dispatch == null ? DispatchSelection.listing(RankTree.of(access(root))) : "";
            throw problem("directory input requires exactly one of --dispatch dN or --dispatch-id RUN_ID:TASK_SLOT"
                    + (held.isEmpty() ? "" : "; the tree holds " + held));
        }
        RankTree tree = RankTree.of(access(root));
        DispatchSelection sel;
        try {
            sel = o.dispatch != null
                    ? DispatchSelection.byDispatch(tree, o.dispatch)
                    : DispatchSelection.byDispatchId(tree, o.dispatchId);
        } catch (IllegalArgumentException e) {
            throw problem(e.getMessage());
        }
        for (DispatchSelection.Missing m : sel.missing)
            err.println("Warning: " + m.reason + "; the merged trace leaves it out");
        if (sel.captures.isEmpty()) throw problem("no Rank of " + root + " has a capture to convert");
        for (var pin : o.rankPins)
            if (sel.captures.stream().noneMatch(c -> c.rank == pin.rank))
                throw problem("pinned pairing names a capture that is not being merged: [" + pin.rank + "]");

        programNames = ProgramNames.of(o.kernelConfig, o.programKernelConfigs, sel.captures, err::println);
        List<ConvertJob.Written> written = job.targets(access(root), STEM);
        try {
            treeLogs = TreeHostLogs.of(
                    access(root), o.hostLogs.stream().map(this::access).collect(Collectors.toList()));
        } catch (InputProblem none) {
            treeLogs = List.of(); // only captures that need no placement convert (placement says so otherwise)
        }
        List<Path> inputs = inputFiles(sel);
        if (o.kernelConfig != null) inputs.add(o.kernelConfig);
        inputs.addAll(o.programKernelConfigs.values());
        inputs.addAll(treeLogs);
        List<Path> planned = written.stream().map(w -> w.path).collect(Collectors.toList());
        if (o.splitBudget != null) planned.add(TraceSplit.indexPath(planned.get(planned.size() - 1)));
        Outputs.plan(planned, inputs);
        refuseCaptureFolders(tree, planned);

        List<RankRun> ranks = readRanks(sel);
        List<RankRun> ok = new ArrayList<>();
        for (RankRun r : ranks) {
            r.warnings.forEach(err::println);
            if (r.failure != null)
                err.println("Warning: rank" + r.capture.rank + " cannot be converted: " + r.failure
                        + "; the merged trace leaves it out");
            else ok.add(r);
        }
        if (ok.isEmpty()) throw problem("no Rank of " + root + " could be converted");
        partial = !sel.missing.isEmpty() || ok.size() < ranks.size();

        RankSplice splice = place(ok);
        if (splice != null)
            for (int i = 0; i < ok.size(); i++)
                if (ok.get(i).run != null) splice.moveOntoBase(i, ok.get(i).run.timeline);
        if (o.window == null && tasks(ok) >= partsFromTasks())
            return writeByParts(root, sel, ranks, ok, splice, written, inputs);
        progress.say("building the trace of " + ok.size() + " rank(s)");
        TracePicture pic = new TracePicture();
        if (splice != null) drawHostBlock(pic, splice, ok);
        boolean anyDeps = false;
        for (int i = 0; i < ok.size(); i++) {
            RankRun r = ok.get(i);
            Run run = model(ok, i, splice);
            ProcessLayout lay = ProcessLayout.ofRank(r.capture.rank);
            pic.addProcessTag(rankTag(r, lay, splice, i));
            TraceBuilder.build(run, lay, pic, o.overhead, err::println, null, null);
            anyDeps |= run.deps.edgesLoaded();
        }
        pic.setTopLevelMetadata(metadata(root, sel, ranks, ok, splice));
        job.arrows = anyDeps;

        ConvertJob.Written.Outcome done = job.write(pic, written, inputs, report(root, ok, splice, written));
        finish(anyDeps, done);
        return written;
    }

    /**
     * An output inside any capture folder of the tree ({@code rankN/dM}, merged or not) is refused: those folders
     * hold the runs' own files (another dispatch's records, deps.json, name map), which the merge must never replace.
     */
    private static void refuseCaptureFolders(RankTree tree, List<Path> planned) {
        java.util.Set<Path> captures = new java.util.HashSet<>();
        for (RankTree.Rank r : tree.ranks) for (Path d : r.captures()) captures.add(real(d));
        for (Path out : planned) {
            Path parent = out.toAbsolutePath().normalize().getParent();
            if (parent == null || !captures.contains(real(parent))) continue;
            Path root = real(tree.root), folder = real(parent);
            String where = folder.startsWith(root) ? root.relativize(folder).toString() : folder.toString();
            throw new io.ptotrace.io.OutputProblem(
                    out,
                    "is inside capture folder " + where
                            + " of the input tree; ptotrace never writes into a capture, choose another folder");
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /** What convert prints once the trace is written. */
    private ConvertJob.Report report(Path root, List<RankRun> ok, RankSplice splice, List<ConvertJob.Written> written) {
        String rankList = ok.stream().map(r -> "rank" + r.capture.rank).collect(Collectors.joining(", "));
        String bound = splice == null ? null : splice.boundLine();
        return (rep, d) -> {
            rep.println();
            rep.println("\u2713 Multi-Rank conversion complete");
            rep.println("  Input:  " + root);
            rep.println("  Ranks:  " + rankList);
            if (bound != null) rep.println("  Bound:  " + bound);
            for (ConvertJob.Written w : written) rep.println("  Output: " + w.path);
            job.reportFiles(rep, d, written);
        };
    }

    private void finish(boolean anyDeps, ConvertJob.Written.Outcome done) {
        if (o.overhead && !anyDeps)
            err.println(
                    "Warning: --overhead needs deps.json for task readiness; no deps found, Overhead Analysis track skipped.");
        progress.done();
        done.print(out, err);
    }

    /**
     * Merged traces of this many tasks or more are written rank by rank ({@link #writeByParts}); smaller ones from one
     * picture of every rank, which also gets the JSON trace's full arrow check. Tests lower it with the system
     * property {@value #PARTS_FROM_TASKS}.
     */
    static final long DEFAULT_PARTS_FROM_TASKS = 100_000;

    static final String PARTS_FROM_TASKS = "ptotrace.tree.partsFromTasks";

    private static long partsFromTasks() {
        return Long.getLong(PARTS_FROM_TASKS, DEFAULT_PARTS_FROM_TASKS);
    }

    private static long tasks(List<RankRun> ok) {
        long n = 0;
        for (RankRun r : ok) n += r.rows;
        return n;
    }

    /**
     * Writes the merged trace a part at a time ({@link TreeParts}): the Host block, then each rank, its model read
     * again when it was let go, and let go once drawn.
     */
    private List<ConvertJob.Written> writeByParts(
            Path root,
            DispatchSelection sel,
            List<RankRun> ranks,
            List<RankRun> ok,
            RankSplice splice,
            List<ConvertJob.Written> written,
            List<Path> inputs)
            throws IOException {
        Map<String, Object> metadata = metadata(root, sel, ranks, ok, splice);
        int host = splice == null ? 0 : 1;
        TreeParts.Pictures pictures = new TreeParts.Pictures() {
            @Override
            public int count() {
                return host + ok.size();
            }

            @Override
            public String label(int p) {
                return p < host
                        ? "drawing the Host block"
                        : "building rank" + ok.get(p - host).capture.rank + " (" + (p - host + 1) + " of " + ok.size()
                                + ")";
            }

            @Override
            public TracePicture draw(int p, int jsonIdBase, int flowIdBase, boolean again) throws IOException {
                TracePicture pic = new TracePicture(jsonIdBase, flowIdBase);
                if (p < host) {
                    drawHostBlock(pic, splice, ok);
                    return pic;
                }
                int i = p - host;
                RankRun r = ok.get(i);
                Run run = model(ok, i, splice);
                r.run = null; // let go: drawing it again (the --split windows) reads it again
                ProcessLayout lay = ProcessLayout.ofRank(r.capture.rank);
                pic.addProcessTag(rankTag(r, lay, splice, i));
                // drawn again, its warnings were given the first time
                TraceBuilder.build(run, lay, pic, o.overhead, again ? w -> {} : err::println, null, null);
                if (run.deps.edgesLoaded()) job.arrows = true;
                return pic;
            }
        };
        job.arrows = false;
        ConvertJob.Written.Outcome done = new TreeParts(job, o, err, progress)
                .write(pictures, written, inputs, metadata, report(root, ok, splice, written));
        finish(job.arrows, done);
        return written;
    }

    /** The Host block: the dispatching processes, and each rank's invocation and placement lanes. */
    private static void drawHostBlock(TracePicture pic, RankSplice splice, List<RankRun> ok) {
        HostBlock block = new HostBlock(pic, splice.originNs);
        block.dispatchers(splice.dispatchers);
        for (int i = 0; i < ok.size(); i++)
            block.rank(ok.get(i).capture.rank, splice.invocations.get(i), splice.pairs.get(i).placement);
    }

    /** The rank and placement slack every event of a rank carries. */
    private static ProcessTag rankTag(RankRun r, ProcessLayout lay, RankSplice splice, int i) {
        List<String> keys = splice == null ? List.of("rank") : List.of("rank", "slack_ns");
        long[] values = splice == null
                ? new long[] {r.capture.rank}
                : new long[] {r.capture.rank, Math.round(splice.pairs.get(i).placement.slackNs)};
        return new ProcessTag(lay.pid(0), lay.pid(ProcessLayout.RANK_STRIDE), keys, values);
    }

    /** Reads the ranks' captures, as many at once as there are cores (each rank's deps.json beside it on the same thread). */
    private List<RankRun> readRanks(DispatchSelection sel) throws IOException {
        int threads =
                Math.max(1, Math.min(sel.captures.size(), Runtime.getRuntime().availableProcessors()));
        progress.say("reading " + sel.captures.size() + " rank capture(s)"
                + (threads > 1 ? " on " + threads + " threads" : ""));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ptotrace-rank-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            ModelBudget budget = new ModelBudget(mayLetModelsGo() ? keepModelsBytes() : Long.MAX_VALUE);
            List<Future<RankRun>> futures = new ArrayList<>();
            for (DispatchSelection.Capture c : sel.captures)
                futures.add(pool.submit(() -> budget.keepOrLetGo(readRank(c))));
            List<RankRun> l = new ArrayList<>();
            for (Future<RankRun> f : futures) l.add(get(f));
            return l;
        } finally {
            pool.shutdownNow();
        }
    }

    private static RankRun get(Future<RankRun> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            if (c instanceof IOException) throw (IOException) c;
            throw new IllegalStateException(c);
        }
    }

    /**
     * A merge holds the ranks' models while they fit an eighth of the heap; the models beyond it are let go once
     * read (their warnings given, their placement facts kept) and read again just before each is drawn, so that
     * memory holds a few ranks, not all of them. A --window needs every rank in one picture, so it lets none go.
     */
    private boolean mayLetModelsGo() {
        return o.window == null;
    }

    static final int KEEP_MODELS_FRACTION_DENOMINATOR = 8;

    /** Tests set how many bytes of rank models a merge holds with this system property. */
    static final String KEEP_MODELS_BYTES = "ptotrace.tree.keepModelsBytes";

    /**
     * A rank's model, bytes per task: its timeline, deps projection and names (about 350 on synthetic level-4 runs,
     * rounded up).
     */
    static final long MODEL_BYTES_PER_TASK = 400;

    private static long keepModelsBytes() {
        Long given = Long.getLong(KEEP_MODELS_BYTES);
        return given != null ? given : Runtime.getRuntime().maxMemory() / KEEP_MODELS_FRACTION_DENOMINATOR;
    }

    /** The bytes of rank models held so far; a model that would pass the limit is let go. */
    private static final class ModelBudget {
        private final long limit;
        private long held;

        ModelBudget(long limit) {
            this.limit = limit;
        }

        synchronized RankRun keepOrLetGo(RankRun r) {
            if (r.run == null) return r;
            long bytes = r.rows * MODEL_BYTES_PER_TASK;
            if (held + bytes <= limit) held += bytes;
            else r.run = null;
            return r;
        }
    }

    /**
     * The model of the {@code i}th rank to draw, on the merge's time base: the one read, or, when it was let go, the
     * rank read again (its warnings were given the first time). A capture that no longer reads as it did is an
     * input error: the merge would otherwise join two different versions of it. While this rank is drawn, the next
     * one, when it was let go too, is read again on a second thread.
     */
    private Run model(List<RankRun> ok, int i, RankSplice splice) throws IOException {
        RankRun r = ok.get(i);
        Run run = r.run;
        if (run == null) {
            RankRun again = aheadIndex == i ? ahead.join() : readAgain(r);
            ahead = null;
            aheadIndex = -1;
            if (again.failure != null || again.rows != r.rows)
                throw problem("rank" + r.capture.rank + "'s capture changed while it was being converted ("
                        + shown(r.capture.records) + (again.failure != null ? ": " + again.failure : "") + ")");
            if (splice != null) splice.moveOntoBase(i, again.run.timeline);
            run = again.run;
        }
        if (i + 1 < ok.size() && ok.get(i + 1).run == null && aheadIndex != i + 1) {
            RankRun next = ok.get(i + 1);
            aheadIndex = i + 1;
            ahead = SecondThread.start("rank-read-ahead", () -> readAgain(next));
        }
        return run;
    }

    /** The next rank to draw, being read again beside the drawing of this one, and its index (−1: none). */
    private SecondThread<RankRun> ahead;

    private int aheadIndex = -1;

    private RankRun readAgain(RankRun r) throws IOException {
        progress.say("reading rank" + r.capture.rank + " again to draw it");
        return readRank(r.capture);
    }

    /** One rank: a capture that is not valid input makes the rank fail, not the whole conversion. */
    private RankRun readRank(DispatchSelection.Capture c) throws IOException {
        List<String> warnings = new ArrayList<>();
        String prefix = "rank" + c.rank + ": ";
        try {
            Timeline tl = RecordsReader.read(
                    c.records,
                    new io.ptotrace.model.ReadOptions(treeLogs),
                    w -> warnings.add(w.startsWith("Warning: ") ? "Warning: " + prefix + w.substring(9) : prefix + w));
            Path depsPath = c.joined() ? c.graphDir.resolve(RunLocator.DEPS_NAME) : RunLocator.depsBeside(c.records);
            List<String> depsWarnings = new ArrayList<>();
            DepsProjection deps = RunInputs.loadDeps(
                    depsPath, depsWarnings, Runtime.getRuntime().availableProcessors());
            for (String w : depsWarnings)
                warnings.add(w.startsWith("Warning: ") ? "Warning: " + prefix + w.substring(9) : w);
            if (c.joined()) sameGraph(c, tl, deps, warnings);
            NameMap given = programNames.forCapture(c);
            Path names = given != null
                    ? null
                    : RunLocator.uniqueNameMapBeside(c.joined() ? depsPath : c.records, w -> warnings.add(w));
            NameMap nm = given != null ? given : names == null ? NameMap.EMPTY : NameMap.read(names);
            return new RankRun(c, new Run(tl, deps, nm), warnings, null);
        } catch (InputProblem e) {
            return new RankRun(c, null, warnings, e.oneLine());
        }
    }

    /**
     * A dispatch captured in two passes is one dispatch only when both passes ran the same graph: every task the
     * timing pass ran is a task of the graph pass's deps.json (the graph pass fills device-resident control tensors
     * with zeros, so a data-dependent route can differ). Then the join is said in one line; else the rank is refused.
     */
    private static void sameGraph(
            DispatchSelection.Capture c, Timeline tl, DepsProjection deps, List<String> warnings) {
        if (!deps.hasKernelMap()) return; // no usable graph: its warning was given
        java.util.Set<Long> strangers = new java.util.TreeSet<>();
        for (int r = 0; r < tl.rows; r++) if (!deps.hasKernels(tl.taskId[r])) strangers.add(tl.taskId[r]);
        if (!strangers.isEmpty())
            throw new InputProblem(
                    (String) null,
                    RunLocator.passesDiffer(
                            c.graphDir,
                            c.dir,
                            strangers.size(),
                            tl.label(strangers.iterator().next())),
                    null,
                    null);
        warnings.add("rank" + c.rank + ": " + RunLocator.passesJoined(c.graphDir, c.dir, c.records));
    }

    /** Every file the merge may read, none of which an output may replace. */
    private static List<Path> inputFiles(DispatchSelection sel) throws IOException {
        List<Path> l = new ArrayList<>();
        for (DispatchSelection.Capture c : sel.captures) {
            l.add(c.records);
            l.add(RunLocator.depsBeside(c.records));
            l.add(c.dir.resolve(DispatchIdentity.FILE));
            l.add(c.dir.resolve(DispatchProgram.FILE));
            l.addAll(RunLocator.nameMapsBeside(c.records));
            if (c.joined()) {
                l.add(c.graphDir.resolve(RunLocator.DEPS_NAME));
                l.add(c.graphDir.resolve(DispatchIdentity.FILE));
                l.add(c.graphDir.resolve(DispatchProgram.FILE));
                l.addAll(RunLocator.nameMapsBeside(c.graphDir.resolve(RunLocator.DEPS_NAME)));
            }
        }
        return l;
    }

    /** Pairs the ranks with their Host invocations and moves them onto one time base; null when no rank can be placed. */
    private RankSplice place(List<RankRun> ok) {
        List<RankSplice.Rank> ranks = new ArrayList<>();
        for (RankRun r : ok)
            ranks.add(new RankSplice.Rank(r.capture.rank, r.clock, shown(r.capture.records), r.capture.identity));
        if (ok.stream().allMatch(r -> r.clock.facts() == null)) return null;
        List<Path> given = new ArrayList<>();
        for (Path p : o.hostLogs) given.add(p);
        hostLogs = TreeHostLogs.of(
                access(o.input), given.stream().map(this::access).collect(Collectors.toList()));
        return RankSplice.of(ranks, hostLogs, o.rankPins, err::println);
    }

    private List<Path> hostLogs = List.of();
    /** The tree's Host logs (empty when it has none), the host-orchestrated ranks are placed with by the reader. */
    private List<Path> treeLogs = List.of();
    /** The names -k gives the dispatches (per L2 program), set once the captures are selected. */
    private ProgramNames programNames;

    /** Where a path given relative to the command's folder is. */
    private Path access(Path p) {
        return o.cwd.resolve(p);
    }

    /** A path as the trace's metadata names it: relative to the command's folder when the input was given so. */
    private Path shown(Path p) {
        return o.input.isAbsolute() || !p.isAbsolute()
                ? p
                : o.cwd.toAbsolutePath().relativize(p);
    }

    /** The merged trace's top-level metadata: how the ranks were chosen and placed. */
    private Map<String, Object> metadata(
            Path root, DispatchSelection sel, List<RankRun> ranks, List<RankRun> ok, RankSplice splice) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("layout", splice != null ? "containment_spliced_multi_rank" : "multi_rank_unplaced");
        if (splice != null) m.put("runtime", splice.runtime);
        m.put("dispatch", sel.dispatch == null ? JsonValues.NULL : sel.dispatch);
        m.put("dispatch_id", sel.dispatchId == null ? JsonValues.NULL : sel.dispatchId);
        if (splice != null) {
            m.put(
                    "host_clock_domain_id",
                    splice.hostClockDomainId == null ? JsonValues.NULL : splice.hostClockDomainId);
            m.put("host_logs", hostLogs.stream().map(p -> shown(p).toString()).collect(Collectors.toList()));
            m.put("global_origin_ns", splice.originNs);
            m.put("dispatcher_pids", splice.dispatcherPids());
        }
        m.put("rank_count", (long) ok.size());
        m.putAll(sel.pairing);
        boolean anyPartial = partial;
        for (RankRun r : ok) anyPartial |= !"complete".equals(rankStatus(r));
        m.put("trace_status", anyPartial ? "partial" : "complete");
        List<Map<String, Object>> list = new ArrayList<>();
        for (DispatchSelection.Missing miss : sel.missing) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("rank", (long) miss.rank);
            e.put("trace_status", "missing");
            e.put("reason", miss.reason);
            list.add(e);
        }
        for (RankRun r : ranks) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("rank", (long) r.capture.rank);
            e.put("input", shown(r.capture.records).toString());
            int i = ok.indexOf(r);
            if (r.failure != null) {
                e.put("trace_status", "unreadable");
                e.put("reason", r.failure);
            } else {
                Map<String, Object> tm = r.timelineMetadata;
                e.put("trace_status", rankStatus(r));
                Object origin = tm == null ? null : tm.get("source_timeline_origin_ns");
                e.put("source_timeline_origin_ns", origin == null ? 0L : origin);
                if (splice != null) {
                    e.put("placement", splice.placementOf(i));
                    e.put("host_pairing", splice.pairs.get(i).metadata());
                }
                Object hc = tm == null ? null : tm.get("host_capture");
                e.put("host_capture", hc == null ? JsonValues.NULL : hc);
            }
            e.put("dispatch_identity", r.capture.identity == null ? JsonValues.NULL : r.capture.identity.members);
            list.add(e);
        }
        list.sort((a, b) -> Long.compare((Long) a.get("rank"), (Long) b.get("rank")));
        m.put("ranks", list);
        Long x = splice == null ? null : splice.crossRankUncertaintyNs();
        m.put("cross_rank_uncertainty_ns", x == null ? JsonValues.NULL : x);
        return m;
    }

    private static String rankStatus(RankRun r) {
        Map<String, Object> tm = r.timelineMetadata;
        Object s = tm == null ? null : tm.get("trace_status");
        return s instanceof String ? (String) s : "complete";
    }

    private static InputProblem problem(String message) {
        return new InputProblem((String) null, message, null, null);
    }
}
