package io.ptotrace.convert.overlays;

import io.ptotrace.convert.picture.Overlay;
import io.ptotrace.convert.picture.OverlayContext;
import io.ptotrace.convert.picture.OverlayProducer;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.critpath.ObservedPath;
import io.ptotrace.critpath.RunAnalysis;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.model.Timeline;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;

/**
 * The critical paths drawn into a run's trace picture, category {@code critical_path}: every block of a path
 * task gets a marker slice of the task's own name over its kernel on its lane (args {@code path},
 * {@code position}, {@code stall_us}, {@code stall_kind}), consecutive path tasks are joined by an arrow, and a
 * {@code Critical path} process shows the observed path's compute and stall segments on one lane and the static
 * CPM schedule on another. Nothing else in the trace changes.
 */
public final class CriticalPathOverlay {
    public static final String CATEGORY = "critical_path";
    /** The overlay's process: beyond the converter's views. */
    public static final int PID = 90;

    public static final int TID_OBSERVED = 1, TID_STATIC = 2;

    private final TracePicture pic;
    private final IntUnaryOperator workerSliceOfRow;
    private final Timeline tl;
    private final RunAnalysis a;
    private final Overlay ov;

    private CriticalPathOverlay(TracePicture pic, IntUnaryOperator workerSliceOfRow, Timeline tl, RunAnalysis a) {
        this.pic = pic;
        this.workerSliceOfRow = workerSliceOfRow;
        this.tl = tl;
        this.a = a;
        this.ov = pic.overlay(CATEGORY);
    }

    /** Adds the overlay of analysis {@code a} to the picture built from {@code tl}. */
    public static void apply(TracePicture pic, IntUnaryOperator workerSliceOfRow, Timeline tl, RunAnalysis a) {
        new CriticalPathOverlay(pic, workerSliceOfRow, tl, a).draw();
    }

    /** The overlay producer that draws the analysis {@code analysis} gives for the run being converted (null: none). */
    public static OverlayProducer producer(Function<OverlayContext, RunAnalysis> analysis) {
        return new OverlayProducer() {
            @Override
            public String category() {
                return CATEGORY;
            }

            @Override
            public void mark(OverlayContext ctx, Overlay overlay) {
                RunAnalysis a = analysis.apply(ctx);
                if (a != null) apply(ctx.picture(), ctx.workerSlice(), ctx.run().timeline, a);
            }
        };
    }

    private void draw() {
        RunGraph g = a.graph;
        ov.process(PID, "Critical path", PID);
        ov.thread(PID, TID_OBSERVED, "observed path (compute and stall)");
        ov.thread(PID, TID_STATIC, "static CPM path (unlimited cores)");
        ObservedPath o = a.observed;
        int prev = -1;
        double t0Us = Double.POSITIVE_INFINITY;
        for (int r = 0; r < tl.rows; r++) t0Us = Math.min(t0Us, tl.start[r]);
        if (tl.rows == 0) return;
        double frontier = t0Us;
        for (int i = 0; i < o.size(); i++) {
            int t = o.task[i];
            String kind = o.stall[i] > 0 ? o.kind[i].label : "";
            double stallUs = us(o.stall[i]);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("path", "observed");
            args.put("position", (long) i);
            args.put("task", g.label(t));
            args.put("stall_us", stallUs);
            args.put("stall_kind", kind);
            args.put("compute_us", us(o.compute[i]));
            if (o.releasedBy[i] >= 0) args.put("released_by", g.label(o.releasedBy[i]));
            int first = mark(t, args);
            if (prev >= 0 && first >= 0)
                ov.arrow(prev, pic.sliceTs(prev) + pic.sliceDur(prev), first, pic.sliceTs(first));
            if (first >= 0) prev = first;
            double[] span = span(g.taskId[t]);
            if (span == null) continue;
            if (span[0] > frontier) {
                Map<String, Object> sa = new LinkedHashMap<>();
                sa.put("position", (long) i);
                sa.put("stall_us", stallUs);
                sa.put("stall_kind", o.kind[i].label);
                sa.put("before", g.label(t));
                ov.slice(PID, TID_OBSERVED, frontier, span[0] - frontier, o.kind[i].label, "grey", sa);
            }
            double cs = Math.max(span[0], frontier);
            if (span[1] > cs) {
                Map<String, Object> ca = new LinkedHashMap<>();
                ca.put("position", (long) i);
                ca.put("task", g.label(t));
                ca.put("compute_us", us(o.compute[i]));
                ov.slice(PID, TID_OBSERVED, cs, span[1] - cs, g.name[t] + "(" + g.label(t) + ")", null, ca);
            }
            frontier = Math.max(frontier, span[1]);
        }
        prev = -1;
        int[] path = a.staticPath.path;
        for (int i = 0; i < path.length; i++) {
            int t = path[i];
            long es = a.staticPath.finish[t] - g.duration(t);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("path", "static");
            args.put("position", (long) i);
            args.put("task", g.label(t));
            args.put("stall_us", 0.0);
            args.put("stall_kind", "");
            args.put("earliest_start_us", us(es));
            int first = mark(t, args);
            if (prev >= 0 && first >= 0)
                ov.arrow(prev, pic.sliceTs(prev) + pic.sliceDur(prev), first, pic.sliceTs(first));
            if (first >= 0) prev = first;
            Map<String, Object> la = new LinkedHashMap<>();
            la.put("position", (long) i);
            la.put("task", g.label(t));
            la.put("earliest_start_us", us(es));
            ov.slice(PID, TID_STATIC, t0Us + us(es), us(g.duration(t)), g.name[t] + "(" + g.label(t) + ")", null, la);
        }
    }

    private double us(long ticks) {
        return (double) ticks / a.graph.freqHz * 1e6;
    }

    /** Marks every block of task {@code t} on its lane; returns the earliest-starting marker, or −1 when the trace has no slice of it. */
    private int mark(int t, Map<String, Object> args) {
        long id = a.graph.taskId[t];
        int first = -1;
        for (int r = firstRow(id); r >= 0 && r < tl.rows && tl.taskId[r] == id; r++) {
            int s = workerSliceOfRow.applyAsInt(r);
            if (s < 0) continue;
            double ts = pic.sliceTs(s), dur = pic.sliceDur(s);
            int m = ov.slice(pic.slicePid(s), pic.sliceTid(s), ts, dur, pic.sliceName(s), null, args);
            if (first < 0 || ts < pic.sliceTs(first)) first = m;
        }
        return first;
    }

    /** {earliest AICore start, latest end} of a task in the trace's µs, or null. */
    private double[] span(long id) {
        double st = Double.POSITIVE_INFINITY, en = Double.NEGATIVE_INFINITY;
        for (int r = firstRow(id); r >= 0 && r < tl.rows && tl.taskId[r] == id; r++) {
            st = Math.min(st, tl.start[r]);
            en = Math.max(en, tl.end[r]);
        }
        return st == Double.POSITIVE_INFINITY ? null : new double[] {st, en};
    }

    /** The first timeline row of a task (rows are sorted by unsigned id), or −1. */
    private int firstRow(long id) {
        int lo = 0, hi = tl.rows - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(tl.taskId[mid], id);
            if (c < 0) lo = mid + 1;
            else {
                if (c == 0) found = mid;
                hi = mid - 1;
            }
        }
        return found;
    }
}
