package io.ptotrace.critpath;

import io.ptotrace.model.Timeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What ptotrace tells beyond the established analyser: slack per task on the static graph and the near-critical
 * tasks, the floor if one kernel family ran faster, and the observed stalls split by the scheduler's records.
 */
public final class Extended {
    public final RunAnalysis a;
    public final double nearUs, speedup;
    public final int top;
    /** Slack of each task in ticks. */
    public final long[] slack;

    public final int zeroSlack;
    /** Tasks with slack at most {@link #nearUs}, least slack first (ties in task order). */
    public final int[] near;

    public final List<WhatIf> whatIf;
    /** Null when the capture has no AICPU dispatch/finish records. */
    public final Scheduler scheduler;

    /** One kernel family sped up. */
    public static final class WhatIf {
        public final String family;
        public final int tasks, onStaticPath;
        /** Floors in ticks (fractional once durations are scaled). */
        public final double floor, floorFaster;

        WhatIf(String family, int tasks, int onStaticPath, double floor, double floorFaster) {
            this.family = family;
            this.tasks = tasks;
            this.onStaticPath = onStaticPath;
            this.floor = floor;
            this.floorFaster = floorFaster;
        }

        public double gain() {
            return floor - floorFaster;
        }
    }

    /**
     * The observed stall of each kind split at the scheduler's records, in µs: from the releasing task's AICore
     * end until the scheduler saw it finish, from then until the released task was dispatched, and from its
     * dispatch until its kernel started.
     */
    public static final class Scheduler {
        public final double[] finishSeen = new double[StallKind.values().length];
        public final double[] toDispatch = new double[StallKind.values().length];
        public final double[] dispatchToStart = new double[StallKind.values().length];
        public final double[] stall = new double[StallKind.values().length];
    }

    /** Gaps before a path task longer than this (µs) are marked; NaN: none is. */
    public double gapThresholdUs = Double.NaN;

    /**
     * Each observed-path task as a person follows the path: its name as the trace names it, the gap before it,
     * the task that blocked it (for a data-wait the producer that released it last, for a core-wait the task
     * that held its core until it started), and whether the AICPU dispatched it before its producers had
     * finished (null where the capture has no dispatch times).
     */
    public record Step(
            int position, String task, StallKind kind, double gapUs, String blocker, Boolean earlyDispatch) {}

    /** The observed path, step by step. */
    public List<Step> steps() {
        RunGraph g = a.graph;
        ObservedPath o = a.observed;
        Timeline tl = a.timeline;
        boolean timed = tl != null && tl.aicpuJoined;
        List<Step> out = new ArrayList<>();
        for (int i = 0; i < o.size(); i++) {
            int t = o.task[i];
            Boolean early = null;
            if (timed) {
                double[] v = rowsOf(tl, g.taskId[t]);
                double producersEnd = Double.NEGATIVE_INFINITY;
                for (int k = g.predFrom(t); k < g.predTo(t); k++) {
                    double[] p = rowsOf(tl, g.taskId[g.pred(k)]);
                    if (p != null) producersEnd = Math.max(producersEnd, p[1]);
                }
                if (v != null && v[2] > 0 && producersEnd > Double.NEGATIVE_INFINITY) early = v[2] < producersEnd;
                else if (v != null && v[2] > 0) early = false;
            }
            int b = o.releasedBy[i];
            out.add(new Step(
                    i,
                    traceName(g, t),
                    o.kind[i],
                    Fmt.us(o.stall[i], g.freqHz),
                    b < 0 ? null : traceName(g, b),
                    early));
        }
        return out;
    }

    /** A task as convert names its slices: {@code QK(r0t95)}, {@code func_7_h(t3)} without a name, {@code task(t3)}. */
    static String traceName(RunGraph g, int t) {
        int k = g.kernel[t];
        String fn = k < 0
                ? "task"
                : g.name[t].equals("cid" + k) ? io.ptotrace.model.TaskDisplay.unnamedFunction(k) : g.name[t];
        return io.ptotrace.model.TaskDisplay.named(fn, g.label(t));
    }

    public Extended(RunAnalysis a, double nearUs, double speedup, int top) {
        this.a = a;
        this.nearUs = nearUs;
        this.speedup = speedup;
        this.top = top;
        RunGraph g = a.graph;
        slack = a.staticPath.slack(g);
        int z = 0;
        List<Integer> nearList = new ArrayList<>();
        for (int t = 0; t < g.tasks; t++) {
            if (slack[t] == 0) z++;
            if (Fmt.us(slack[t], g.freqHz) <= nearUs) nearList.add(t);
        }
        zeroSlack = z;
        nearList.sort((x, y) -> Long.compare(slack[x], slack[y]));
        near = nearList.stream().mapToInt(Integer::intValue).toArray();
        whatIf = whatIf(a, speedup);
        scheduler = a.timeline != null && a.timeline.aicpuJoined ? scheduler(a) : null;
    }

    private static List<WhatIf> whatIf(RunAnalysis a, double speedup) {
        RunGraph g = a.graph;
        Map<String, Integer> families = new LinkedHashMap<>();
        for (int t : a.observed.task) families.putIfAbsent(KernelFamily.of(g.name[t]), families.size());
        for (int t : a.staticPath.path) families.putIfAbsent(KernelFamily.of(g.name[t]), families.size());
        // every task's family among those, or -1
        Map<String, Integer> byName = new java.util.HashMap<>();
        int[] fam = new int[g.tasks];
        for (int t = 0; t < g.tasks; t++) {
            Integer f = byName.computeIfAbsent(g.name[t], n -> families.getOrDefault(KernelFamily.of(n), -1));
            fam[t] = f;
        }
        int[] count = new int[families.size()], onPath = new int[families.size()];
        for (int t = 0; t < g.tasks; t++) if (fam[t] >= 0) count[fam[t]]++;
        for (int t : a.staticPath.path) onPath[fam[t]]++;
        double floor = a.staticPath.length;
        double[] scratch = new double[g.tasks];
        List<WhatIf> rows = new ArrayList<>();
        int k = 0;
        for (String f : families.keySet()) {
            int id = k++;
            double faster = a.staticPath.floorWith(g, t -> fam[t] == id, 1 - speedup, scratch);
            rows.add(new WhatIf(f, count[id], onPath[id], floor, faster));
        }
        rows.sort((x, y) -> Double.compare(y.gain(), x.gain()));
        return rows;
    }

    /** The observed stalls split at the scheduler's records; null when the capture has no AICPU dispatch/finish records. */
    public static Scheduler schedulerOf(RunAnalysis a) {
        return a.timeline != null && a.timeline.aicpuJoined ? scheduler(a) : null;
    }

    private static Scheduler scheduler(RunAnalysis a) {
        Timeline tl = a.timeline;
        RunGraph g = a.graph;
        ObservedPath o = a.observed;
        Scheduler s = new Scheduler();
        double frontierUs = Double.NaN;
        for (int i = 0; i < o.size(); i++) {
            int t = o.task[i];
            double[] v = rowsOf(tl, g.taskId[t]);
            if (o.stall[i] > 0 && !Double.isNaN(frontierUs) && v != null) {
                int k = o.kind[i].ordinal();
                double from = frontierUs, to = v[0];
                double[] p = o.releasedBy[i] >= 0 ? rowsOf(tl, g.taskId[o.releasedBy[i]]) : null;
                double seen = p != null && p[3] > 0 ? clamp(p[3], from, to) : from;
                double dispatched = v[2] > 0 ? clamp(v[2], seen, to) : seen;
                s.finishSeen[k] += seen - from;
                s.toDispatch[k] += dispatched - seen;
                s.dispatchToStart[k] += to - dispatched;
                s.stall[k] += to - from;
            }
            if (v != null) frontierUs = Double.isNaN(frontierUs) ? v[1] : Math.max(frontierUs, v[1]);
        }
        return s;
    }

    private static double clamp(double x, double lo, double hi) {
        return Math.max(lo, Math.min(hi, x));
    }

    /** A task's rows in the timeline: {earliest start, latest end, dispatch of the earliest row, latest finish} in µs, or null. */
    static double[] rowsOf(Timeline tl, long task) {
        int lo = 0, hi = tl.rows - 1, first = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(tl.taskId[mid], task);
            if (c < 0) lo = mid + 1;
            else {
                if (c == 0) first = mid;
                hi = mid - 1;
            }
        }
        if (first < 0) return null;
        double st = Double.POSITIVE_INFINITY, en = Double.NEGATIVE_INFINITY, di = 0, fi = 0;
        for (int r = first; r < tl.rows && tl.taskId[r] == task; r++) {
            if (tl.start[r] < st) {
                st = tl.start[r];
                di = tl.dispatch[r];
            }
            en = Math.max(en, tl.end[r]);
            fi = Math.max(fi, tl.finish[r]);
        }
        return new double[] {st, en, di, fi};
    }

    private void steps(StringBuilder sb) {
        List<Step> steps = steps();
        boolean timed = a.timeline != null && a.timeline.aicpuJoined;
        sb.append("\n### The observed path, task by task\n\n");
        sb.append(
                        "Each task as the trace names it, the gap before it and who it waited for: for a data-wait the producer ")
                .append("that released it last, for a core-wait the task that held its core.");
        if (timed) sb.append(" Early dispatch: the AICPU dispatched it before its producers had finished.");
        if (!Double.isNaN(gapThresholdUs))
            sb.append(" Gaps over ").append(Fmt.f(gapThresholdUs, 1)).append(" \u00b5s are marked **\u25b2**.");
        sb.append("\n\n| # | task | gap \u00b5s | stall kind | blocked by |")
                .append(timed ? " early dispatch |" : "")
                .append('\n');
        sb.append("|---:|---|---:|---|---|").append(timed ? "---|" : "").append('\n');
        for (Step st : steps) {
            boolean over = !Double.isNaN(gapThresholdUs) && st.gapUs() > gapThresholdUs;
            sb.append("| ")
                    .append(st.position())
                    .append(" | ")
                    .append(st.task())
                    .append(" | ")
                    .append(Fmt.f(st.gapUs(), 3))
                    .append(over ? " **\u25b2**" : "")
                    .append(" | ")
                    .append(st.gapUs() > 0 ? st.kind().label : "")
                    .append(" | ")
                    .append(st.blocker() == null ? "" : st.blocker())
                    .append(" |");
            if (timed) sb.append(st.earlyDispatch() == null ? " |" : st.earlyDispatch() ? " yes |" : " |");
            sb.append('\n');
        }
    }

    /** The Markdown sections, appended to the run's block. */
    public void markdown(StringBuilder sb) {
        RunGraph g = a.graph;
        long f = g.freqHz;
        sb.append("\n### Slack on the static graph\n\n");
        sb.append("- zero-slack tasks (on a longest chain): ")
                .append(zeroSlack)
                .append(" of ")
                .append(g.tasks)
                .append('\n');
        sb.append("- near-critical (slack \u2264 ")
                .append(Fmt.f(nearUs, 1))
                .append(" \u00b5s): ")
                .append(near.length)
                .append(" tasks")
                .append(near.length > top ? ", the first " + top + " below" : "")
                .append("\n\n");
        sb.append("| task | kernel | task \u00b5s | earliest start \u00b5s | slack \u00b5s |\n");
        sb.append("|---|---|---:|---:|---:|\n");
        for (int i = 0; i < Math.min(top, near.length); i++) {
            int t = near[i];
            long es = a.staticPath.finish[t] - g.duration(t);
            sb.append("| ")
                    .append(g.label(t))
                    .append(" | ")
                    .append(g.name[t])
                    .append(" | ")
                    .append(Fmt.f(Fmt.us(g.duration(t), f), 1))
                    .append(" | ")
                    .append(Fmt.f(Fmt.us(es, f), 1))
                    .append(" | ")
                    .append(Fmt.f(Fmt.us(slack[t], f), 1))
                    .append(" |\n");
        }
        sb.append("\n### What if a kernel family ran ")
                .append(Fmt.f(speedup * 100, 0))
                .append("% faster\n\n");
        sb.append("Static CPM floor now: ")
                .append(Fmt.f(Fmt.ms(a.staticPath.length, f), 3))
                .append(
                        " ms. Each row recomputes it with every task of one family (on either path) that much shorter.\n\n");
        sb.append("| kernel family | tasks | on CPM path | floor ms | gain \u00b5s | gain % |\n");
        sb.append("|---|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < Math.min(top, whatIf.size()); i++) {
            WhatIf w = whatIf.get(i);
            sb.append("| ")
                    .append(w.family)
                    .append(" | ")
                    .append(w.tasks)
                    .append(" | ")
                    .append(w.onStaticPath)
                    .append(" | ")
                    .append(Fmt.f(w.floorFaster / f * 1e3, 3))
                    .append(" | ")
                    .append(Fmt.f(w.gain() / f * 1e6, 1))
                    .append(" | ")
                    .append(Fmt.f(w.floor == 0 ? 0 : w.gain() / w.floor * 100, 1))
                    .append("% |\n");
        }
        steps(sb);
        if (scheduler != null) {
            sb.append("\n### Observed stalls by scheduler phase\n\n");
            sb.append(
                    "| stall kind | stall \u00b5s | until the finish was seen \u00b5s | finish seen \u2192 dispatch \u00b5s | dispatch \u2192 start \u00b5s |\n");
            sb.append("|---|---:|---:|---:|---:|\n");
            for (StallKind k : a.stallKinds()) {
                int i = k.ordinal();
                sb.append("| ")
                        .append(k.label)
                        .append(" | ")
                        .append(Fmt.f(scheduler.stall[i], 1))
                        .append(" | ")
                        .append(Fmt.f(scheduler.finishSeen[i], 1))
                        .append(" | ")
                        .append(Fmt.f(scheduler.toDispatch[i], 1))
                        .append(" | ")
                        .append(Fmt.f(scheduler.dispatchToStart[i], 1))
                        .append(" |\n");
            }
        }
    }
}
