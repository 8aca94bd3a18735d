package io.ptotrace.compare;

import io.ptotrace.convert.TreePlacement;
import io.ptotrace.diff.TaskMatching;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Outputs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * {@code ptotrace compare OLD NEW} as a library call: find each side's runs, read every capture once, compare, and
 * write the report (and the both-runs trace) as one set. Bad input is an {@link InputProblem} with nothing written.
 */
public final class CompareJob {
    /** What the user asked for. */
    public static final class Options {
        public Path oldPath, newPath;
        /** Match tasks by submit order and signature ({@code diff --align}) instead of by id. */
        public boolean align;

        public double alpha = 0.05;
        /** The smallest relative change called significant (0.03 = 3 %). */
        public double minChange = 0.03;
        /** The smallest absolute change called significant, µs. */
        public double floorUs = 0.1;
        /** Rows of the task lists. */
        public int top = 10;
        /** The dispatch folder ({@code dN}) of tree sides; null: the only one there is. */
        public String dispatch;

        public ReportFormat format = ReportFormat.TEXT;
        /** The report file; null: standard output. */
        public Path output;
        /** The both-runs .pftrace; null: none. */
        public Path trace;
        /** Say on the warning stream how long each step took. */
        public boolean timings;
    }

    /** What {@link #run} found and wrote. */
    public record Outcome(Comparison comparison, List<Path> written) {}

    private CompareJob() {}

    public static Outcome run(Options o, OutputStream stdout, Consumer<String> warn) throws IOException {
        long t0 = System.nanoTime();
        List<String> warnings = new ArrayList<>();
        SideInput oldSide = SideLocator.locate("OLD", o.oldPath, o.dispatch, warn);
        SideInput newSide = SideLocator.locate("NEW", o.newPath, o.dispatch, warn);
        List<Path> inputs = inputsOf(oldSide);
        inputs.addAll(inputsOf(newSide));
        List<Path> outputs = new ArrayList<>();
        if (o.output != null) outputs.add(o.output);
        if (o.trace != null) outputs.add(o.trace);
        if (!outputs.isEmpty()) Outputs.plan(outputs, inputs); // refused before any work

        boolean keep = o.align || o.trace != null;
        Read oldRead = read(oldSide, o.align, keep, warn);
        Read newRead = read(newSide, o.align, keep, warn);
        long t1 = System.nanoTime();
        checkComparable(oldRead, newRead, o.align);
        sayWhatIsLeftOut(oldSide, oldRead, warnings);
        sayWhatIsLeftOut(newSide, newRead, warnings);
        Comparison.Tasks tasks = tasks(oldRead, newRead, o);
        java.util.Map<Integer, TreePlacement.Placed> oldPlaced = place(oldRead, warnings),
                newPlaced = place(newRead, warnings);
        List<Comparison.Rank> ranks = ranks(oldRead.runs.get(0), newRead.runs.get(0), oldPlaced, newPlaced);
        Comparer c = new Comparer(
                new Comparer.Rules(o.alpha, o.minChange, o.floorUs),
                "OLD",
                o.oldPath,
                oldRead.runs,
                "NEW",
                o.newPath,
                newRead.runs,
                warnings);
        Comparison cmp = c.compare(tasks, ranks, skew(oldPlaced), skew(newPlaced));
        cmp.warnings.forEach(warn);
        long t2 = System.nanoTime();

        List<Outputs.Job> jobs = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        long traceEstimate = -1;
        CompareTrace drawn = null;
        if (o.output != null) {
            jobs.add(new Outputs.Job(o.output, false, out -> Reports.write(cmp, o.format, out)));
            written.add(o.output);
        }
        if (o.trace != null) {
            for (Read side : List.of(oldRead, newRead))
                for (CaptureReader.Read k : side.kept)
                    if (k.damaged() != null)
                        throw new InputProblem(
                                (String) null,
                                k.damaged() + "; --trace draws whole captures and cannot draw this one",
                                null,
                                null);
            drawn = CompareTrace.of(oldRead.kept, newRead.kept, oldRead.matching, warn);
            jobs.add(new Outputs.Job(o.trace, true, drawn::write));
            written.add(o.trace);
        }
        if (!jobs.isEmpty()) Outputs.writeAll(jobs, inputs, false);
        if (drawn != null) traceEstimate = drawn.estimate();
        if (traceEstimate > io.ptotrace.convert.estimate.MemoryModel.DEFAULT_THRESHOLD)
            warn.accept("Warning: " + o.trace + " is estimated at "
                    + io.ptotrace.convert.estimate.MemoryModel.shown(traceEstimate)
                    + " in Perfetto's trace processor, more than a browser tab may hold: open it with the native "
                    + "trace processor (trace_processor --httpd " + o.trace
                    + ", then ui.perfetto.dev offers to use it)");
        if (o.output == null) {
            Reports.write(cmp, o.format, stdout);
            stdout.flush();
        }
        if (o.timings)
            warn.accept(String.format(
                    java.util.Locale.ROOT,
                    "compare: read %.2f s (%d + %d run(s)), compare %.2f s, write %.2f s",
                    (t1 - t0) / 1e9,
                    oldRead.runs.size(),
                    newRead.runs.size(),
                    (t2 - t1) / 1e9,
                    (System.nanoTime() - t2) / 1e9));
        return new Outcome(cmp, written);
    }

    /** Every file a side reads: no output may replace one. */
    private static List<Path> inputsOf(SideInput side) throws IOException {
        List<Path> l = new ArrayList<>();
        for (Sample s : side.samples())
            for (Capture c : s.captures()) {
                l.add(c.records());
                if (c.deps() != null) l.add(c.deps());
                if (c.nameMap() != null) l.add(c.nameMap());
                l.addAll(io.ptotrace.model.RunLocator.nameMapsBeside(c.records()));
            }
        return l;
    }

    /** A side as read: the figures of every run, and the models of its first run when they are needed. */
    static final class Read {
        final SideInput side;
        final List<Comparer.Run> runs = new ArrayList<>();
        /** The first run's captures as read (with their models when kept). */
        final List<CaptureReader.Read> kept = new ArrayList<>();
        /** Per kept capture of OLD: its task index → NEW's, or −1 (filled by {@link #tasks}). */
        List<int[]> matching;

        Read(SideInput side) {
            this.side = side;
        }
    }

    private static Read read(SideInput side, boolean full, boolean keep, Consumer<String> warn) {
        Read r = new Read(side);
        for (int i = 0; i < side.samples().size(); i++) {
            Sample s = side.samples().get(i);
            List<RunFigures> figures = new ArrayList<>();
            for (Capture c : s.captures()) {
                CaptureReader.Read one = CaptureReader.read(c, full, i == 0 && (keep || s.tree()), warn);
                figures.add(one.figures());
                if (i == 0) r.kept.add(one);
            }
            r.runs.add(new Comparer.Run(s.dir(), figures));
        }
        return r;
    }

    /** Refuses sides that cannot be compared: other capture levels, or other graphs without --align. */
    private static void checkComparable(Read a, Read b, boolean align) {
        boolean treeA = a.side.samples().get(0).tree(),
                treeB = b.side.samples().get(0).tree();
        for (Read side : List.of(a, b))
            for (Sample s : side.side.samples())
                if (s.tree() != side.side.samples().get(0).tree())
                    throw refusal(side.side.label() + " mixes multi-rank trees and single captures ("
                            + side.side.samples().get(0).dir() + ", " + s.dir() + ")");
        if (treeA != treeB)
            throw refusal("OLD is " + (treeA ? "a multi-rank tree" : "a single capture") + " and NEW "
                    + (treeB ? "a multi-rank tree" : "a single capture") + "; compare runs of the same kind");
        for (Read side : List.of(a, b)) {
            RunFigures ref = side.runs.get(0).ranks().get(0);
            for (Comparer.Run run : side.runs)
                for (RunFigures f : run.ranks()) {
                    if (f.level != ref.level && f.level >= 0 && ref.level >= 0)
                        throw refusal(side.side.label() + "'s runs were captured at different levels (" + ref.level
                                + " in " + ref.capture.dir() + ", " + f.level + " in " + f.capture.dir() + ")");
                    RunFigures same = rankOf(side.runs.get(0), f.capture.rank());
                    if (same != null && same.graphFingerprint != f.graphFingerprint)
                        throw refusal(side.side.label() + "'s runs " + same.capture.shown() + " and "
                                + f.capture.shown()
                                + " ran different graphs; repeated runs of one side must run the same test");
                }
        }
        RunFigures fa = a.runs.get(0).ranks().get(0), fb = b.runs.get(0).ranks().get(0);
        if (fa.level != fb.level && fa.level >= 0 && fb.level >= 0)
            throw refusal("OLD is a level-" + fa.level + " capture and NEW a level-" + fb.level
                    + " capture; compare captures of the same level");
        if (align) return;
        for (RunFigures x : a.runs.get(0).ranks()) {
            RunFigures y = rankOf(b.runs.get(0), x.capture.rank());
            if (y == null || x.graphFingerprint == y.graphFingerprint) continue;
            int onlyOld = 0, both = 0;
            for (long id : x.taskId) if (y.taskOf(id) >= 0) both++;
            onlyOld = x.taskId.length - both;
            int onlyNew = y.taskId.length - both;
            throw refusal("OLD and NEW ran different graphs (" + onlyOld + " timed task(s) only in OLD, " + onlyNew
                    + " only in NEW"
                    + (onlyOld == 0 && onlyNew == 0
                            ? "; the same timed ids, whose deps.json entries differ in kernels or block counts, or are"
                                    + " missing on one side"
                            : "")
                    + "); pass --align to match tasks by submit order and signature, as diff --align does");
        }
    }

    /** Runs that cannot be compared: one line, no file named (the sides are in the message). */
    private static InputProblem refusal(String message) {
        return new InputProblem((String) null, message, null, null);
    }

    private static void sayWhatIsLeftOut(SideInput side, Read read, List<String> warnings) {
        for (CaptureReader.Read k : read.kept) {
            Capture c = k.figures().capture;
            if (c.deps() == null)
                warnings.add("Warning: " + side.label() + " " + c.shown()
                        + " has no deps.json: no critical path, static floor, hb_violation count or kernel names; "
                        + "compared the kernel times as task(...), utilisation and scheduler phases");
            else if (c.nameMap() == null)
                warnings.add(
                        "Warning: " + side.label() + " " + c.shown()
                                + " has no name map (name_map_*.json): kernels are named func_<id>_<letters>, as the trace names them");
        }
    }

    private static RunFigures rankOf(Comparer.Run run, int rank) {
        for (RunFigures f : run.ranks()) if (f.capture.rank() == rank) return f;
        return null;
    }

    // ------------------------------------------------------------------ tasks

    private static Comparison.Tasks tasks(Read a, Read b, Options o) {
        TopMoves byDur = new TopMoves(o.top), byStart = new TopMoves(o.top);
        List<String> onlyOld = new ArrayList<>(), onlyNew = new ArrayList<>();
        int matched = 0, onlyOldCount = 0, onlyNewCount = 0;
        a.matching = new ArrayList<>();
        boolean tree = a.runs.get(0).ranks().size() > 1
                || b.runs.get(0).ranks().size() > 1
                || a.runs.get(0).ranks().get(0).capture.rank() >= 0;
        for (int i = 0; i < a.kept.size(); i++) {
            RunFigures x = a.kept.get(i).figures();
            CaptureReader.Read yRead = keptRank(b, x.capture.rank());
            int[] map = new int[x.taskId.length];
            java.util.Arrays.fill(map, -1);
            a.matching.add(map);
            String prefix = tree ? "rank" + x.capture.rank() + " " : "";
            if (yRead == null) {
                onlyOldCount += x.taskId.length;
                for (int t = 0; t < x.taskId.length && onlyOld.size() < o.top; t++)
                    onlyOld.add(prefix + x.taskLabel(t));
                continue;
            }
            RunFigures y = yRead.figures();
            boolean[] hit = new boolean[y.taskId.length];
            if (o.align && a.kept.get(i).graph() != null && yRead.graph() != null) {
                var ga = a.kept.get(i).graph();
                var gb = yRead.graph();
                int[] nodes = TaskMatching.oldToNew(ga, gb, true);
                for (int t = 0; t < x.taskId.length; t++) {
                    int node = ga.nodeOf(x.taskId[t]);
                    int other = node < 0 ? -1 : nodes[node];
                    map[t] = other < 0 ? -1 : y.taskOf(gb.nodeId(other));
                }
            } else for (int t = 0; t < x.taskId.length; t++) map[t] = y.taskOf(x.taskId[t]);
            for (int t = 0; t < x.taskId.length; t++) {
                int u = map[t];
                if (u < 0) {
                    onlyOldCount++;
                    if (onlyOld.size() < o.top) onlyOld.add(prefix + x.taskLabel(t));
                    continue;
                }
                hit[u] = true;
                matched++;
                byDur.offer(Math.abs(y.taskDurUs[u] - x.taskDurUs[t]), x, t, y, u, prefix);
                byStart.offer(Math.abs(y.taskStartUs[u] - x.taskStartUs[t]), x, t, y, u, prefix);
            }
            for (int u = 0; u < y.taskId.length; u++)
                if (!hit[u]) {
                    onlyNewCount++;
                    if (onlyNew.size() < o.top) onlyNew.add(prefix + y.taskLabel(u));
                }
        }
        for (CaptureReader.Read yr : b.kept)
            if (keptRank(a, yr.figures().capture.rank()) == null) {
                RunFigures y = yr.figures();
                onlyNewCount += y.taskId.length;
                for (int u = 0; u < y.taskId.length && onlyNew.size() < o.top; u++)
                    onlyNew.add("rank" + y.capture.rank() + " " + y.taskLabel(u));
            }
        return new Comparison.Tasks(
                o.align ? "alignment (submit order and signature)" : "task id",
                matched,
                byDur.moves(),
                byStart.moves(),
                onlyOldCount,
                onlyNewCount,
                onlyOld,
                onlyNew);
    }

    /** The n matched tasks that moved most, the first seen kept on ties; labels made for those alone. */
    private static final class TopMoves {
        private final int n;
        private final List<double[]> keys = new ArrayList<>();
        private final List<Comparison.TaskMove> moves = new ArrayList<>();

        TopMoves(int n) {
            this.n = n;
        }

        void offer(double key, RunFigures x, int t, RunFigures y, int u, String prefix) {
            if (n == 0 || (moves.size() == n && key <= keys.get(n - 1)[0])) return;
            int at = moves.size();
            while (at > 0 && keys.get(at - 1)[0] < key) at--;
            keys.add(at, new double[] {key});
            moves.add(
                    at,
                    new Comparison.TaskMove(
                            prefix + x.taskLabel(t),
                            prefix + y.taskLabel(u),
                            x.taskDurUs[t],
                            y.taskDurUs[u],
                            x.taskStartUs[t],
                            y.taskStartUs[u]));
            if (moves.size() > n) {
                keys.remove(n);
                moves.remove(n);
            }
        }

        List<Comparison.TaskMove> moves() {
            return moves;
        }
    }

    private static CaptureReader.Read keptRank(Read side, int rank) {
        for (CaptureReader.Read r : side.kept) if (r.figures().capture.rank() == rank) return r;
        return null;
    }

    /**
     * The first run of a tree side placed on its Host clock, by rank (empty for a single capture, or when the
     * captures carry nothing to place them by); a tree whose logs cannot place it is a warning, not a refusal.
     */
    private static java.util.Map<Integer, TreePlacement.Placed> place(Read side, List<String> warnings) {
        java.util.Map<Integer, TreePlacement.Placed> m = new TreeMap<>();
        Sample first = side.side.samples().get(0);
        if (!first.tree()) return m;
        List<TreePlacement.Capture> captures = new ArrayList<>();
        for (CaptureReader.Read r : side.kept) {
            Capture c = r.figures().capture;
            captures.add(new TreePlacement.Capture(c.rank(), c.dir(), c.records(), r.timeline()));
        }
        try {
            for (TreePlacement.Placed p : TreePlacement.place(first.dir(), captures, s -> {})) m.put(p.rank(), p);
        } catch (InputProblem e) {
            warnings.add("Warning: " + side.side.label() + " " + first.dir()
                    + ": the ranks cannot be placed on one clock (" + e.oneLine() + "); start skew not known");
        }
        return m;
    }

    private static double skew(java.util.Map<Integer, TreePlacement.Placed> placed) {
        if (placed.size() < 2) return Double.NaN;
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (TreePlacement.Placed p : placed.values()) {
            lo = Math.min(lo, p.firstStartUs());
            hi = Math.max(hi, p.firstStartUs());
        }
        return hi - lo;
    }

    private static List<Comparison.Rank> ranks(
            Comparer.Run a,
            Comparer.Run b,
            java.util.Map<Integer, TreePlacement.Placed> pa,
            java.util.Map<Integer, TreePlacement.Placed> pb) {
        if (a.ranks().get(0).capture.rank() < 0 && b.ranks().get(0).capture.rank() < 0) return List.of();
        TreeMap<Integer, double[]> rows = new TreeMap<>();
        java.util.Map<Integer, RunFigures> fa = new TreeMap<>(), fb = new TreeMap<>();
        for (RunFigures f : a.ranks()) {
            rows.computeIfAbsent(f.capture.rank(), k -> new double[] {Double.NaN, Double.NaN})[0] = f.makespanUs();
            fa.put(f.capture.rank(), f);
        }
        for (RunFigures f : b.ranks()) {
            rows.computeIfAbsent(f.capture.rank(), k -> new double[] {Double.NaN, Double.NaN})[1] = f.makespanUs();
            fb.put(f.capture.rank(), f);
        }
        double baseA = earliest(pa), baseB = earliest(pb);
        List<Comparison.Rank> out = new ArrayList<>();
        rows.forEach((r, v) -> {
            TreePlacement.Placed x = pa.get(r), y = pb.get(r);
            double slack = Math.max(x == null ? Double.NaN : x.slackUs(), y == null ? Double.NaN : y.slackUs());
            if (x == null && y == null) slack = Double.NaN;
            else if (x == null) slack = y.slackUs();
            else if (y == null) slack = x.slackUs();
            out.add(new Comparison.Rank(
                    r,
                    v[0],
                    v[1],
                    x == null ? Double.NaN : x.firstStartUs() - baseA,
                    y == null ? Double.NaN : y.firstStartUs() - baseB,
                    slack,
                    rankParts(fa.get(r), fb.get(r))));
        });
        return out;
    }

    /** One rank's observed-path parts on both sides (µs); empty where a side lacks the rank or its deps.json. */
    private static List<Comparison.Part> rankParts(RunFigures x, RunFigures y) {
        if (x == null || y == null || x.path == null || y.path == null) return List.of();
        Long[] exact = new Long[4];
        long[] xt = {x.path.compute(), x.path.dataWait(), x.path.coreWait(), x.path.frontGap()};
        long[] yt = {y.path.compute(), y.path.dataWait(), y.path.coreWait(), y.path.frontGap()};
        String[] names = {"compute", "data-wait", "core-wait", "front-gap"};
        List<Comparison.Part> l = new ArrayList<>();
        for (int k = 0; k < 4; k++)
            l.add(new Comparison.Part(
                    names[k], x.us(xt[k]), y.us(yt[k]), x.freqHz == y.freqHz ? (Long) (yt[k] - xt[k]) : null));
        return l;
    }

    private static double earliest(java.util.Map<Integer, TreePlacement.Placed> placed) {
        double lo = Double.POSITIVE_INFINITY;
        for (TreePlacement.Placed p : placed.values()) lo = Math.min(lo, p.firstStartUs());
        return lo;
    }
}
