package io.ptotrace.critpath;

import java.util.Arrays;

/**
 * The static CPM path: the longest duration-weighted chain of the happens-before graph, the latency floor with
 * unlimited cores (gaps ignored). Also each task's slack on that graph and the floor under changed durations.
 */
public final class StaticPath {
    /** Topological order (Kahn, FIFO; sources in task order, successors in acceptance order). */
    public final int[] topo;
    /** Earliest finish of each task: the longest chain ending with it. */
    public final long[] finish;
    /** The predecessor the longest chain comes through, or −1. */
    public final int[] choice;

    public final int sink;
    /** Tasks of the path, source first. */
    public final int[] path;

    public final long length;

    private StaticPath(int[] topo, long[] finish, int[] choice, int sink, int[] path) {
        this.topo = topo;
        this.finish = finish;
        this.choice = choice;
        this.sink = sink;
        this.path = path;
        this.length = sink < 0 ? 0 : finish[sink];
    }

    /** @throws IllegalStateException when the graph is cyclic (the acceptance rule makes that impossible) */
    public static StaticPath of(RunGraph g) {
        int[] topo = order(g);
        long[] finish = new long[g.tasks];
        int[] choice = new int[g.tasks];
        for (int v : topo) {
            long best = 0;
            int c = -1;
            for (int k = g.predFrom(v); k < g.predTo(v); k++) {
                int p = g.pred(k);
                if (finish[p] > best) {
                    best = finish[p];
                    c = p;
                }
            }
            finish[v] = best + g.duration(v);
            choice[v] = c;
        }
        int sink = -1;
        for (int v : topo) if (sink < 0 || finish[v] > finish[sink]) sink = v;
        int len = 0;
        for (int v = sink; v >= 0; v = choice[v]) len++;
        int[] path = new int[len];
        for (int v = sink, i = len - 1; v >= 0; v = choice[v]) path[i--] = v;
        return new StaticPath(topo, finish, choice, sink, path);
    }

    static int[] order(RunGraph g) {
        int n = g.tasks;
        int[] indeg = new int[n];
        for (int v = 0; v < n; v++) indeg[v] = g.predTo(v) - g.predFrom(v);
        int[] q = new int[n];
        int head = 0, tail = 0;
        for (int v = 0; v < n; v++) if (indeg[v] == 0) q[tail++] = v;
        while (head < tail) {
            int v = q[head++];
            for (int k = g.succFrom(v); k < g.succTo(v); k++) {
                int s = g.succ(k);
                if (--indeg[s] == 0) q[tail++] = s;
            }
        }
        if (tail != n) throw new IllegalStateException("happens-before graph is cyclic (" + tail + "/" + n + ")");
        return q;
    }

    /**
     * Slack of every task in ticks: latest start − earliest start, where the latest start keeps the floor
     * {@link #length} (a task on the path has 0).
     */
    public long[] slack(RunGraph g) {
        int n = g.tasks;
        long[] latestFinish = new long[n];
        Arrays.fill(latestFinish, length);
        long[] slack = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            int v = topo[i];
            long ls = latestFinish[v] - g.duration(v);
            slack[v] = ls - (finish[v] - g.duration(v));
            for (int k = g.predFrom(v); k < g.predTo(v); k++) {
                int p = g.pred(k);
                if (ls < latestFinish[p]) latestFinish[p] = ls;
            }
        }
        return slack;
    }

    /**
     * The floor (longest chain, in ticks as a double) when the tasks {@code selected} run {@code factor} times
     * their duration; everything else as measured. Linear in tasks and edges.
     */
    public double floorWith(RunGraph g, java.util.function.IntPredicate selected, double factor, double[] scratch) {
        double[] f = scratch != null && scratch.length >= g.tasks ? scratch : new double[g.tasks];
        double best = 0;
        for (int v : topo) {
            double b = 0;
            for (int k = g.predFrom(v); k < g.predTo(v); k++) b = Math.max(b, f[g.pred(k)]);
            double d = g.duration(v);
            f[v] = b + (selected.test(v) ? d * factor : d);
            best = Math.max(best, f[v]);
        }
        return best;
    }
}
