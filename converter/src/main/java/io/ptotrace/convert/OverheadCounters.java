package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The eight scheduler-overhead counter series: per core type the idle cores, the ready tasks and whether
 * both are non-zero (ready work waits while a core idles), then that across all types and for any ready type.
 * A series gets a sample where its value changes.
 */
final class OverheadCounters {
    private OverheadCounters() {}

    private static final String[] TYPES = {"aic", "aiv"};

    private static final List<String> SERIES = List.of(
            "oh_aic_idle",
            "oh_aic_ready",
            "oh_aic_overhead",
            "oh_aiv_idle",
            "oh_aiv_ready",
            "oh_aiv_overhead",
            "oh_all_overhead",
            "oh_has_overhead");

    /** Adds the samples to the picture; returns how many. */
    static int emit(Timeline tl, DepsProjection deps, TaskIndex ix, TracePicture pic, ProcessLayout lay) {
        // an empty edges list still counts: readiness then falls back to each task's own dispatch
        if (!deps.edgesLoaded() || tl.rows == 0) return 0;
        List<String> types = new ArrayList<>();
        Map<String, Integer> k = new HashMap<>();
        for (String ty : TYPES) {
            TreeSet<Integer> cores = new TreeSet<>();
            for (int r = 0; r < tl.rows; r++) if (ty.equals(tl.coreType[r])) cores.add(tl.coreId[r]);
            if (!cores.isEmpty()) {
                types.add(ty);
                k.put(ty, cores.size());
            }
        }
        if (types.isEmpty()) return 0;

        double w0 = Double.POSITIVE_INFINITY, w1 = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < tl.rows; r++) {
            w0 = Math.min(w0, tl.start[r]);
            w1 = Math.max(w1, tl.end[r]);
        }
        final double lo = w0, hi = w1;
        java.util.function.DoubleUnaryOperator clamp = x -> Math.min(Math.max(x, lo), hi);

        Map<String, TreeMap<Double, Integer>> run = new HashMap<>(), rw = new HashMap<>();
        for (String ty : types) {
            run.put(ty, new TreeMap<>());
            rw.put(ty, new TreeMap<>());
        }
        TreeSet<Double> points = new TreeSet<>();
        points.add(w0);
        points.add(w1);
        for (int r = 0; r < tl.rows; r++) {
            String ty = tl.coreType[r];
            if (!run.containsKey(ty)) continue;
            double s = clamp.applyAsDouble(tl.start[r]), e = clamp.applyAsDouble(tl.end[r]);
            if (e > s) {
                run.get(ty).merge(s, 1, Integer::sum);
                run.get(ty).merge(e, -1, Integer::sum);
                points.add(s);
                points.add(e);
            }
        }
        int nTasks = ix.tasks.length;
        double[] disp = new double[nTasks], end = new double[nTasks];
        for (int g = 0; g < nTasks; g++) {
            disp[g] = Double.POSITIVE_INFINITY;
            end[g] = Double.NEGATIVE_INFINITY;
            for (int r = ix.rowFrom[g]; r < ix.rowTo[g]; r++) {
                disp[g] = Math.min(disp[g], tl.dispatch[r]);
                end[g] = Math.max(end[g], tl.end[r]);
            }
        }
        for (int g = 0; g < nTasks; g++) {
            long t = ix.tasks[g];
            double ready = Double.NEGATIVE_INFINITY;
            boolean any = false;
            int n = ix.predCountOf(t);
            for (int i = 0; i < n; i++) {
                long p = ix.predOf(t, i);
                if (p == t) continue;
                int pg = ix.group(ix.epochOfGroup[g], p);
                if (pg < 0) continue;
                any = true;
                ready = Math.max(ready, end[pg]);
            }
            if (!any) ready = disp[g];
            double cr = clamp.applyAsDouble(ready), cd = clamp.applyAsDouble(disp[g]);
            if (!(cd > cr)) continue;
            LinkedHashMap<String, Boolean> typesOf = new LinkedHashMap<>();
            for (int r = ix.rowFrom[g]; r < ix.rowTo[g]; r++) typesOf.put(tl.coreType[r], true);
            for (String ty : typesOf.keySet()) {
                if (!rw.containsKey(ty)) continue;
                rw.get(ty).merge(cr, 1, Integer::sum);
                rw.get(ty).merge(cd, -1, Integer::sum);
                points.add(cr);
                points.add(cd);
            }
        }

        Map<String, Integer> running = new HashMap<>(), readyCount = new HashMap<>();
        for (String ty : types) {
            running.put(ty, 0);
            readyCount.put(ty, 0);
        }
        Map<String, Long> last = new HashMap<>();
        CounterKinds.Overhead kind = new CounterKinds.Overhead(SERIES);
        Sink sink = (name, tid, ts, v) ->
                pic.addCounter(kind, kind.sample(SERIES.indexOf(name), v), lay.scheduler(), tid, ts);
        Double[] pts = points.toArray(new Double[0]);
        for (int i = 0; i < pts.length - 1; i++) {
            double a = pts[i];
            for (String ty : types) {
                running.merge(ty, run.get(ty).getOrDefault(a, 0), Integer::sum);
                readyCount.merge(ty, rw.get(ty).getOrDefault(a, 0), Integer::sum);
            }
            double ts = new BigDecimal(a).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
            boolean all = true, anyReady = false, readyAllIdle = true;
            Map<String, long[]> vals = new LinkedHashMap<>();
            for (String ty : types) {
                long idle = k.get(ty) - running.get(ty);
                long ready = readyCount.get(ty);
                long oh = idle > 0 && ready > 0 ? 1 : 0;
                if (oh == 0) all = false;
                if (ready > 0) {
                    anyReady = true;
                    if (idle <= 0) readyAllIdle = false;
                }
                vals.put(ty, new long[] {idle, ready, oh});
            }
            for (String ty : types) {
                long[] v = vals.get(ty);
                int base = ty.equals("aic") ? 9101 : 9111;
                sample(sink, last, "oh_" + ty + "_idle", base, ts, v[0]);
                sample(sink, last, "oh_" + ty + "_ready", base + 1, ts, v[1]);
                sample(sink, last, "oh_" + ty + "_overhead", base + 2, ts, v[2]);
            }
            sample(sink, last, "oh_all_overhead", 9121, ts, all ? 1 : 0);
            sample(sink, last, "oh_has_overhead", 9122, ts, anyReady && readyAllIdle ? 1 : 0);
        }
        return kind.sampleCount();
    }

    private interface Sink {
        void sample(String name, int tid, double ts, long value);
    }

    private static void sample(Sink sink, Map<String, Long> last, String name, int tid, double ts, long v) {
        Long prev = last.get(name);
        if (prev != null && prev == v) return;
        last.put(name, v);
        sink.sample(name, tid, ts, v);
    }
}
