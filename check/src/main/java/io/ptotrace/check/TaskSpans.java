package io.ptotrace.check;

import io.ptotrace.model.Timeline;
import io.ptotrace.model.graph.TaskGraph;
import java.util.Arrays;

/** Each task's span in a run: its first start to its last end over its records (µs), NaN without records. */
public final class TaskSpans {
    final double[] start, end;

    private TaskSpans(int nodes) {
        start = new double[nodes];
        end = new double[nodes];
        Arrays.fill(start, Double.NaN);
        Arrays.fill(end, Double.NaN);
    }

    /** Tasks the records time that the graph does not have, in the records' order. */
    private final java.util.LinkedHashSet<Long> strangers = new java.util.LinkedHashSet<>();

    public static TaskSpans of(Timeline tl, TaskGraph g) {
        TaskSpans s = new TaskSpans(g.nodeCount());
        for (int r = 0; r < tl.rows; r++) {
            int node = g.nodeOf(tl.taskId[r]);
            if (node < 0) {
                s.stranger(tl.taskId[r]);
                continue;
            }
            s.add(node, tl.start[r], tl.end[r]);
        }
        return s;
    }

    /** The spans of a capture read for its AICore rows alone ({@link io.ptotrace.model.AicoreRows}), µs from its first start. */
    public static TaskSpans of(io.ptotrace.model.AicoreRows rows, TaskGraph g) {
        TaskSpans s = new TaskSpans(g.nodeCount());
        io.ptotrace.model.AicoreCycles c = rows.cycles;
        long base = Long.MAX_VALUE;
        for (int r = 0; r < c.rows; r++) base = Math.min(base, c.start[r]);
        double perTick = 1e6 / rows.clockFreqHz;
        for (int r = 0; r < c.rows; r++) {
            int node = g.nodeOf(c.task[r]);
            if (node < 0) {
                s.stranger(c.task[r]);
                continue;
            }
            s.add(node, (c.start[r] - base) * perTick, (c.end[r] - base) * perTick);
        }
        return s;
    }

    /** Spans given directly (tests): {@code start[node]}, {@code end[node]}, NaN for none. */
    public static TaskSpans of(double[] start, double[] end) {
        TaskSpans s = new TaskSpans(start.length);
        System.arraycopy(start, 0, s.start, 0, start.length);
        System.arraycopy(end, 0, s.end, 0, end.length);
        return s;
    }

    private void stranger(long task) {
        strangers.add(task);
    }

    /** How many tasks the records time that the graph does not have. */
    public int strangers() {
        return strangers.size();
    }

    /** The first task the records time that the graph does not have, or −1. */
    public long firstStranger() {
        return strangers.isEmpty() ? -1 : strangers.iterator().next();
    }

    /** How many nodes have a span. */
    public int timed() {
        int n = 0;
        for (double v : start) if (!Double.isNaN(v)) n++;
        return n;
    }

    private void add(int node, double st, double en) {
        if (Double.isNaN(st) || Double.isNaN(en)) return;
        if (Double.isNaN(start[node]) || st < start[node]) start[node] = st;
        if (Double.isNaN(end[node]) || en > end[node]) end[node] = en;
    }

    /**
     * What happened between an earlier and a later task: a race when the later started before the earlier
     * ended, with how long before that end it started; apart otherwise; nothing when either has no span.
     */
    Finding observe(Finding f) {
        int a = f.first().node(), b = f.second().node();
        if (a >= start.length || b >= start.length || Double.isNaN(start[a]) || Double.isNaN(start[b])) return f;
        if (start[b] < end[a]) {
            double overlap = end[a] - start[b];
            return f.withObserved(Finding.Observed.RACE, Math.round(overlap * 1e6) / 1e6);
        }
        return f.withObserved(Finding.Observed.APART, 0);
    }
}
