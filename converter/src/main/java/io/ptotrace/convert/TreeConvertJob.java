package io.ptotrace.convert;

import io.ptotrace.convert.picture.ProcessTag;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.tree.DispatchIdentity;
import io.ptotrace.model.tree.DispatchSelection;
import io.ptotrace.model.tree.RankTree;
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

    boolean partial() { return partial; }

    /** One rank's capture, read (or why it could not be). */
    static final class RankRun {
        final DispatchSelection.Capture capture;
        final Run run;
        final List<String> warnings;
        final String failure;

        RankRun(DispatchSelection.Capture capture, Run run, List<String> warnings, String failure) {
            this.capture = capture;
            this.run = run;
            this.warnings = warnings;
            this.failure = failure;
        }
    }

    List<ConvertJob.Written> run() throws IOException {
        Path root = o.input;
        if (o.funcNames != null || o.kernelConfig != null || o.depsJson != null)
            throw problem("directory input auto-loads per-Rank name/dependency files; global overrides are not allowed");
        if ((o.dispatch == null) == (o.dispatchId == null))
            throw problem("directory input requires exactly one of --dispatch dN or --dispatch-id RUN_ID:TASK_SLOT");
        RankTree tree = RankTree.of(root);
        DispatchSelection sel;
        try {
            sel = o.dispatch != null ? DispatchSelection.byDispatch(tree, o.dispatch) : DispatchSelection.byDispatchId(tree, o.dispatchId);
        } catch (IllegalArgumentException e) {
            throw problem(e.getMessage());
        }
        for (DispatchSelection.Missing m : sel.missing) err.println("Warning: " + m.reason + "; the merged trace leaves it out");
        if (sel.captures.isEmpty()) throw problem("no Rank of " + root + " has a capture to convert");
        for (var pin : o.rankPins)
            if (sel.captures.stream().noneMatch(c -> c.rank == pin.rank))
                throw problem("pinned pairing names a capture that is not being merged: [" + pin.rank + "]");

        List<ConvertJob.Written> written = job.targets(root, STEM);
        List<Path> inputs = inputFiles(sel);
        List<Path> planned = written.stream().map(w -> w.path).collect(Collectors.toList());
        if (o.splitBudget != null) planned.add(TraceSplit.indexPath(planned.get(planned.size() - 1)));
        Outputs.plan(planned, inputs);

        List<RankRun> ranks = readRanks(sel);
        List<RankRun> ok = new ArrayList<>();
        for (RankRun r : ranks) {
            r.warnings.forEach(err::println);
            if (r.failure != null) err.println("Warning: rank" + r.capture.rank + " cannot be converted: " + r.failure + "; the merged trace leaves it out");
            else ok.add(r);
        }
        if (ok.isEmpty()) throw problem("no Rank of " + root + " could be converted");
        partial = !sel.missing.isEmpty() || ok.size() < ranks.size();

        progress.say("building the trace of " + ok.size() + " rank(s)");
        TracePicture pic = new TracePicture();
        boolean anyDeps = false;
        for (RankRun r : ok) {
            ProcessLayout lay = ProcessLayout.ofRank(r.capture.rank);
            if (lay.pid(ProcessLayout.RANK_STRIDE) > Integer.MAX_VALUE / 2) throw problem("rank" + r.capture.rank + " is too large a rank number");
            pic.addProcessTag(new ProcessTag(lay.pid(0), lay.pid(ProcessLayout.RANK_STRIDE), List.of("rank"), new long[] {r.capture.rank}));
            TraceBuilder.build(r.run, lay, pic, o.overhead, err::println, null);
            anyDeps |= r.run.deps.edgesLoaded();
        }
        pic.setTopLevelMetadata(metadata(root, sel, ranks, ok));

        ConvertJob.Written.Outcome done = job.write(pic, written, inputs);
        if (o.overhead && !anyDeps)
            err.println("Warning: --overhead needs deps.json for task readiness; no deps found, Overhead Analysis track skipped.");
        progress.done();

        out.println();
        out.println("\u2713 Multi-Rank conversion complete");
        out.println("  Input:  " + root);
        out.println("  Ranks:  " + ok.stream().map(r -> "rank" + r.capture.rank).collect(Collectors.joining(", ")));
        for (ConvertJob.Written w : written) out.println("  Output: " + w.path);
        job.reportFiles(done, written);
        done.warnDroppedArrows(err);
        return written;
    }

    /** Reads the ranks' captures, as many at once as there are cores (each rank's deps.json beside it on the same thread). */
    private List<RankRun> readRanks(DispatchSelection sel) throws IOException {
        int threads = Math.max(1, Math.min(sel.captures.size(), Runtime.getRuntime().availableProcessors()));
        progress.say("reading " + sel.captures.size() + " rank capture(s)" + (threads > 1 ? " on " + threads + " threads" : ""));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ptotrace-rank-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RankRun>> futures = new ArrayList<>();
            for (DispatchSelection.Capture c : sel.captures) futures.add(pool.submit(() -> readRank(c)));
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

    /** One rank: a capture that is not valid input makes the rank fail, not the whole conversion. */
    private RankRun readRank(DispatchSelection.Capture c) throws IOException {
        List<String> warnings = new ArrayList<>();
        String prefix = "rank" + c.rank + ": ";
        try {
            Timeline tl = RecordsReader.read(c.records, w -> warnings.add(w.startsWith("Warning: ") ? "Warning: " + prefix + w.substring(9) : prefix + w));
            Path depsPath = RunLocator.depsBeside(c.records);
            List<String> depsWarnings = new ArrayList<>();
            DepsProjection deps = ConvertJob.loadDeps(depsPath, depsWarnings);
            for (String w : depsWarnings) warnings.add(w.startsWith("Warning: ") ? "Warning: " + prefix + w.substring(9) : w);
            Path names = RunLocator.uniqueNameMapBeside(c.records, w -> warnings.add(w));
            return new RankRun(c, new Run(tl, deps, names == null ? NameMap.EMPTY : NameMap.read(names)), warnings, null);
        } catch (InputProblem e) {
            return new RankRun(c, null, warnings, e.oneLine());
        }
    }

    /** Every file the merge may read, none of which an output may replace. */
    private static List<Path> inputFiles(DispatchSelection sel) throws IOException {
        List<Path> l = new ArrayList<>();
        for (DispatchSelection.Capture c : sel.captures) {
            l.add(c.records);
            l.add(RunLocator.depsBeside(c.records));
            l.add(c.dir.resolve(DispatchIdentity.FILE));
            l.addAll(RunLocator.nameMapsBeside(c.records));
        }
        return l;
    }

    /** The merged trace's top-level metadata: how the ranks were chosen and placed. */
    private Map<String, Object> metadata(Path root, DispatchSelection sel, List<RankRun> ranks, List<RankRun> ok) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("layout", "multi_rank");
        m.put("dispatch", sel.dispatch == null ? io.ptotrace.model.JsonValues.NULL : sel.dispatch);
        m.put("dispatch_id", sel.dispatchId == null ? io.ptotrace.model.JsonValues.NULL : sel.dispatchId);
        m.put("rank_count", (long) ok.size());
        m.putAll(sel.pairing);
        m.put("trace_status", partial ? "partial" : "complete");
        List<Object> list = new ArrayList<>();
        for (DispatchSelection.Missing miss : sel.missing) list.add(rankEntry(miss.rank, null, "missing", miss.reason));
        for (RankRun r : ranks)
            list.add(rankEntry(r.capture.rank, r.capture, r.failure == null ? "complete" : "unreadable", r.failure));
        list.sort((a, b) -> Long.compare((Long) ((Map<?, ?>) a).get("rank"), (Long) ((Map<?, ?>) b).get("rank")));
        m.put("ranks", list);
        m.put("cross_rank_uncertainty_ns", io.ptotrace.model.JsonValues.NULL);
        return m;
    }

    private static Map<String, Object> rankEntry(int rank, DispatchSelection.Capture c, String status, String reason) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("rank", (long) rank);
        if (c != null) e.put("input", c.records.toString());
        e.put("trace_status", status);
        if (reason != null) e.put("reason", reason);
        if (c != null) e.put("dispatch_identity", c.identity == null ? io.ptotrace.model.JsonValues.NULL : c.identity.members);
        return e;
    }

    private static InputProblem problem(String message) {
        return new InputProblem((String) null, message, null, null);
    }
}
