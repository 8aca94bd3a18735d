package io.ptotrace.compare;

import io.ptotrace.convert.Labels;
import io.ptotrace.critpath.Extended;
import io.ptotrace.critpath.ObservedPath;
import io.ptotrace.critpath.RunAnalysis;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.critpath.StallKind;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.AicoreCycles;
import io.ptotrace.model.AicoreRows;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * Reads one capture through the model's readers (records and deps.json on two threads, as every command does) and
 * measures it: the critical-path analysis gives the path and the floor, the timeline the rest.
 */
final class CaptureReader {
    private CaptureReader() {}

    /** A capture as read: the figures, and the models when they were asked to be kept. */
    record Read(RunFigures figures, Timeline timeline, TaskGraph graph, NameMap names, String damaged) {}

    /** Ticks of "finished before" slack, as the critical-path analysis uses by default. */
    static final long TOLERANCE = 2;

    static Read read(Capture c, boolean fullGraph, boolean keep, Consumer<String> warn) {
        List<String> depsWarnings = new ArrayList<>();
        CompletableFuture<TaskGraph> deps = c.deps() == null
                ? CompletableFuture.completedFuture(null)
                : CompletableFuture.supplyAsync(() -> TaskGraph.read(
                                c.deps(),
                                fullGraph ? DepsReader.Detail.FULL : DepsReader.Detail.PROJECTION,
                                TaskGraph.Duplicates.LAST,
                                depsWarnings::add)
                        .refuseUnexpected("tasks", "edges"));
        Timeline tl;
        Rows rows;
        String damaged = null;
        try {
            tl = RecordsReader.read(c.records(), warn, true);
            rows = Rows.of(tl);
        } catch (InputProblem whole) {
            // the comparison of kernels and paths needs the AICore rows and the clock alone: a capture damaged
            // elsewhere is compared from those, and the damage is named
            try {
                rows = Rows.of(AicoreRows.read(c.records()));
            } catch (RuntimeException e) {
                deps.cancel(true);
                throw e;
            }
            tl = null;
            damaged = whole.oneLine();
        } catch (RuntimeException e) {
            deps.cancel(true);
            throw e;
        }
        TaskGraph g = join(deps);
        depsWarnings.forEach(warn);
        if (damaged != null)
            warn.accept("Warning: " + damaged + "; compare needs only the AICore rows and clock_freq_hz, and "
                    + "compared those (no scheduler phases or submit span)");
        NameMap names = c.nameMap() == null ? NameMap.EMPTY : NameMap.read(c.nameMap());
        if (rows.cycles.rows == 0)
            throw new InputProblem(c.records(), "no AICore task rows to compare (an empty or failed capture?)", null);
        RunFigures f = measure(c, tl, rows, g, names);
        return keep ? new Read(f, tl, g, names, damaged) : new Read(f, null, null, null, damaged);
    }

    /** The AICore rows as the figures read them: from a whole timeline, or from a capture read for its rows alone. */
    record Rows(
            AicoreCycles cycles,
            long freqHz,
            io.ptotrace.model.Era era,
            int level,
            long[] taskId,
            int[] coreId,
            String[] coreType,
            double[] start,
            double[] end,
            String[] declaredTypes) {
        int count() {
            return taskId.length;
        }

        static Rows of(Timeline tl) {
            return new Rows(
                    tl.cycles(),
                    tl.clockFreqHz,
                    tl.era,
                    tl.level,
                    tl.taskId,
                    tl.coreId,
                    tl.coreType,
                    tl.start,
                    tl.end,
                    tl.coreTypes == null ? new String[0] : tl.coreTypes);
        }

        static Rows of(AicoreRows r) {
            AicoreCycles c = r.cycles;
            int n = c.rows;
            String[] type = new String[n];
            double[] st = new double[n], en = new double[n];
            long base = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) base = Math.min(base, c.start[i]);
            double perTick = 1e6 / r.clockFreqHz;
            for (int i = 0; i < n; i++) {
                type[i] = r.coreType(c.core[i]);
                st[i] = (c.start[i] - base) * perTick;
                en[i] = (c.end[i] - base) * perTick;
            }
            return new Rows(c, r.clockFreqHz, r.era, -1, c.task, c.core, type, st, en, r.coreTypes);
        }
    }

    private static RunFigures measure(Capture c, Timeline tl, Rows rows, TaskGraph g, NameMap names) {
        AicoreCycles cycles = rows.cycles();
        long freq = rows.freqHz();
        RunGraph rg = g == null ? null : RunGraph.build(c.records(), cycles, freq, g, names, TOLERANCE);
        long t0 = Long.MAX_VALUE, t1 = Long.MIN_VALUE;
        for (int r = 0; r < cycles.rows; r++) {
            t0 = Math.min(t0, cycles.start[r]);
            t1 = Math.max(t1, cycles.end[r]);
        }
        RunFigures.CriticalPath path = null;
        long floor = -1, hbChecked = -1, hbViolations = -1;
        double[] ready = new double[0];
        long[] ids;
        double[] starts, durs;
        if (rg != null) {
            RunAnalysis a = new RunAnalysis(c.shown(), rows.era(), rg, tl);
            path = path(a);
            floor = a.staticPath.length;
            long[] hb = hbViolations(rg, g);
            hbChecked = hb[0];
            hbViolations = hb[1];
            ready = readyLatency(rg);
            ids = rg.taskId.clone();
            starts = new double[rg.tasks];
            durs = new double[rg.tasks];
            for (int t = 0; t < rg.tasks; t++) {
                starts[t] = (rg.start[t] - t0) * 1e6 / freq;
                durs[t] = rg.duration(t) * 1e6 / freq;
            }
        } else {
            TaskSpans spans = TaskSpans.of(cycles);
            ids = spans.id;
            starts = new double[ids.length];
            durs = new double[ids.length];
            for (int t = 0; t < ids.length; t++) {
                starts[t] = (spans.start[t] - t0) * 1e6 / freq;
                durs[t] = (spans.end[t] - spans.start[t]) * 1e6 / freq;
            }
        }
        double spanUs = (t1 - t0) * 1e6 / freq;
        return new RunFigures(
                c,
                rows.era(),
                rows.level(),
                freq,
                ids.length,
                rows.count(),
                t0,
                t1,
                path,
                floor,
                families(rows, g, names),
                coreTypes(rows),
                utilisation(rows, spanUs),
                tl == null ? List.of() : schedulerPhases(tl),
                tl == null ? Double.NaN : submitSpan(tl),
                hbChecked,
                hbViolations,
                ready,
                fingerprint(g, ids),
                ids,
                starts,
                durs,
                taskFunctions(ids, g, names),
                tl != null ? tl.labels : rows.era().defaultLabels());
    }

    private static RunFigures.CriticalPath path(RunAnalysis a) {
        ObservedPath o = a.observed;
        long[] byKind = o.stallByKind;
        double[] split = null;
        {
            Extended.Scheduler s = Extended.schedulerOf(a);
            if (s != null) {
                split = new double[3];
                for (StallKind k : StallKind.values()) {
                    split[0] += s.finishSeen[k.ordinal()];
                    split[1] += s.toDispatch[k.ordinal()];
                    split[2] += s.dispatchToStart[k.ordinal()];
                }
            }
        }
        return new RunFigures.CriticalPath(
                o.computeTotal,
                byKind[StallKind.FRONT_GAP.ordinal()],
                byKind[StallKind.DATA_WAIT.ordinal()],
                byKind[StallKind.CORE_WAIT.ordinal()],
                o.size(),
                split);
    }

    /** Distinct dependency pairs of deps.json with both tasks timed, and those the timing violates. */
    private static long[] hbViolations(RunGraph rg, TaskGraph g) {
        BitSet seen = new BitSet(g.pairCount());
        long checked = 0, violated = 0;
        for (int e = 0; e < g.edgeCount(); e++) {
            int pn = g.edgePred(e), sn = g.edgeSucc(e);
            if (pn == sn) continue;
            int pair = g.edgePair(e);
            if (seen.get(pair)) continue;
            seen.set(pair);
            int p = rg.taskOf(g.nodeId(pn)), s = rg.taskOf(g.nodeId(sn));
            if (p < 0 || s < 0) continue;
            checked++;
            if (rg.end[p] > rg.start[s]) violated++;
        }
        return new long[] {checked, violated};
    }

    private static double[] readyLatency(RunGraph rg) {
        double[] out = new double[rg.tasks];
        int n = 0;
        for (int t = 0; t < rg.tasks; t++) {
            if (rg.predFrom(t) == rg.predTo(t)) continue;
            long last = Long.MIN_VALUE;
            for (int k = rg.predFrom(t); k < rg.predTo(t); k++) last = Math.max(last, rg.end[rg.pred(k)]);
            out[n++] = Math.max(0, rg.start[t] - last) * 1e6 / rg.freqHz;
        }
        out = Arrays.copyOf(out, n);
        Arrays.sort(out);
        return out;
    }

    /**
     * Execution time of every row by kernel name, as the Worker View names the row: an AIC row runs the task's AIC
     * kernel, any other row its first AIV one (deps.json's {@code kernel_ids}); named from the name map, else
     * {@code func_<id>_<letters>}; {@code task} when the kernel is unknown.
     */
    static Map<String, double[]> families(Rows tl, TaskGraph g, NameMap names) {
        Map<Integer, String> nameOf = new HashMap<>();
        Map<String, double[]> acc = new TreeMap<>();
        Map<String, Integer> fill = new HashMap<>();
        int rows = tl.count();
        int[] fid = new int[rows];
        for (int r = 0; r < rows; r++) fid[r] = function(tl, g, r);
        Map<String, Integer> counts = new HashMap<>();
        String[] rowName = new String[rows];
        for (int r = 0; r < rows; r++) {
            int f = fid[r];
            String n = nameOf.computeIfAbsent(f, k -> {
                if (k < 0) return "task";
                String s = names.name(k);
                return s != null ? s : "func_" + Labels.funcLabel(k);
            });
            rowName[r] = n;
            counts.merge(n, 1, Integer::sum);
        }
        counts.forEach((n, k) -> {
            acc.put(n, new double[k]);
            fill.put(n, 0);
        });
        for (int r = 0; r < rows; r++) {
            String name = rowName[r];
            int i = fill.get(name);
            acc.get(name)[i] = tl.end()[r] - tl.start()[r];
            fill.put(name, i + 1);
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        acc.forEach((n, v) -> {
            Arrays.sort(v);
            out.put(n, v);
        });
        return out;
    }

    private static String[] taskFunctions(long[] ids, TaskGraph g, NameMap names) {
        String[] out = new String[ids.length];
        Map<Integer, String> byKernel = new HashMap<>();
        for (int t = 0; t < ids.length; t++) {
            int k = -1;
            int node = g == null ? -1 : g.nodeOf(ids[t]);
            int row = node < 0 ? -1 : g.taskRow(node);
            for (int s = 0; row >= 0 && s < 3 && k < 0; s++) k = Math.max(-1, g.kernelId(row, s));
            out[t] = byKernel.computeIfAbsent(k, x -> {
                if (x < 0) return "task";
                String n = names.name(x);
                return n != null ? n : "func_" + Labels.funcLabel(x);
            });
        }
        return out;
    }

    private static int function(Rows tl, TaskGraph g, int r) {
        if (g == null) return -1;
        int node = g.nodeOf(tl.taskId()[r]);
        int row = node < 0 ? -1 : g.taskRow(node);
        if (row < 0) return -1;
        if ("aic".equals(tl.coreType()[r])) return Math.max(-1, g.kernelId(row, 0));
        if (g.kernelId(row, 1) >= 0) return g.kernelId(row, 1);
        return Math.max(-1, g.kernelId(row, 2));
    }

    private static Map<String, double[]> coreTypes(Rows tl) {
        Map<String, BitSet> cores = new TreeMap<>();
        Map<String, double[]> out = new TreeMap<>();
        for (int r = 0; r < tl.count(); r++) {
            String t = tl.coreType()[r] == null ? "unknown" : tl.coreType()[r];
            cores.computeIfAbsent(t, k -> new BitSet()).set(Math.max(0, tl.coreId()[r]));
            out.computeIfAbsent(t, k -> new double[2])[1] += tl.end()[r] - tl.start()[r];
        }
        if (tl.declaredTypes().length > 0) {
            Map<String, Integer> declared = new HashMap<>();
            for (String t : tl.declaredTypes()) if (t != null) declared.merge(t, 1, Integer::sum);
            out.forEach((t, v) -> v[0] = Math.max(cores.get(t).cardinality(), declared.getOrDefault(t, 0)));
        } else out.forEach((t, v) -> v[0] = cores.get(t).cardinality());
        return out;
    }

    private static double[] utilisation(Rows tl, double spanUs) {
        double[] bins = new double[RunFigures.BINS];
        if (tl.count() == 0 || !(spanUs > 0)) return bins;
        double t0 = Double.POSITIVE_INFINITY;
        BitSet cores = new BitSet();
        for (int r = 0; r < tl.count(); r++) {
            t0 = Math.min(t0, tl.start()[r]);
            cores.set(Math.max(0, tl.coreId()[r]));
        }
        double w = spanUs / bins.length;
        for (int r = 0; r < tl.count(); r++) {
            double a = tl.start()[r] - t0, b = tl.end()[r] - t0;
            int i = Math.max(0, (int) (a / w)), j = Math.min(bins.length - 1, (int) (b / w));
            for (int k = i; k <= j; k++) {
                double lo = Math.max(a, k * w), hi = Math.min(b, (k + 1) * w);
                if (hi > lo) bins[k] += hi - lo;
            }
        }
        double capacity = w * Math.max(1, cores.cardinality());
        for (int k = 0; k < bins.length; k++) bins[k] = Math.min(1, bins[k] / capacity);
        return bins;
    }

    private static List<Map<String, Double>> schedulerPhases(Timeline tl) {
        List<Map<String, Double>> out = new ArrayList<>();
        if (tl.schedulerPhases == null) return out;
        for (PhaseTable.Lane lane : tl.schedulerPhases) {
            Map<String, Double> m = new TreeMap<>();
            for (int r = lane.from; r < lane.to; r++) {
                double d = lane.table.endUs(r) - lane.table.startUs(r);
                if (d > 0) m.merge(lane.table.kind(r), d, Double::sum);
            }
            out.add(m);
        }
        return out;
    }

    private static double submitSpan(Timeline tl) {
        if (tl.orchestratorPhases == null) return Double.NaN;
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (PhaseTable.Lane lane : tl.orchestratorPhases)
            for (int r = lane.from; r < lane.to; r++) {
                lo = Math.min(lo, lane.table.startUs(r));
                hi = Math.max(hi, lane.table.endUs(r));
            }
        return hi >= lo ? hi - lo : Double.NaN;
    }

    /** Task ids with kernels and block counts from deps.json, else the timed task ids alone. */
    private static long fingerprint(TaskGraph g, long[] timedIds) {
        long h = 0xcbf29ce484222325L;
        if (g == null) {
            long[] s = timedIds.clone();
            Arrays.sort(s);
            for (long id : s) h = mix(h, id);
            return h;
        }
        for (int n = 0; n < g.nodeCount(); n++) {
            int row = g.taskRow(n);
            if (row < 0) continue;
            h = mix(h, g.nodeId(n));
            for (int s = 0; s < 3; s++) h = mix(h, g.kernelId(row, s));
            h = mix(h, g.blockNum(row));
        }
        return h;
    }

    private static long mix(long h, long v) {
        h ^= v;
        h *= 0x100000001b3L;
        return h ^ (h >>> 29);
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

    /** The wall span of every task over its rows, for captures without deps.json (no analysis graph). */
    private static final class TaskSpans {
        final long[] id, start, end;

        private TaskSpans(long[] id, long[] start, long[] end) {
            this.id = id;
            this.start = start;
            this.end = end;
        }

        static TaskSpans of(AicoreCycles c) {
            io.ptotrace.model.util.LongIntMap index = new io.ptotrace.model.util.LongIntMap(Math.max(16, c.rows));
            long[] id = new long[c.rows], st = new long[c.rows], en = new long[c.rows];
            int n = 0;
            for (int r = 0; r < c.rows; r++) {
                int i = index.putIfAbsent(c.task[r], n);
                if (i < 0) {
                    i = n++;
                    id[i] = c.task[r];
                    st[i] = c.start[r];
                    en[i] = c.end[r];
                } else {
                    st[i] = Math.min(st[i], c.start[r]);
                    en[i] = Math.max(en[i], c.end[r]);
                }
            }
            return new TaskSpans(Arrays.copyOf(id, n), Arrays.copyOf(st, n), Arrays.copyOf(en, n));
        }
    }
}
