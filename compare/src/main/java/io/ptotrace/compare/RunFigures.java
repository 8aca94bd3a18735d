package io.ptotrace.compare;

import io.ptotrace.model.Era;
import java.util.List;
import java.util.Map;

/**
 * What one capture measured, as the comparison reads it: small enough to keep for every repeated run. Times on
 * the capture's clock are in ticks ({@code freqHz} a second); the rest in µs.
 */
public final class RunFigures {
    public final Capture capture;
    public final Era era;
    public final int level;
    public final long freqHz;
    /** Tasks with AICore rows, and the rows (one per core per block). */
    public final int tasks, rows;

    /** The first AICore start and the last end, ticks. */
    public final long t0, t1;

    /** The observed path's parts (ticks), which add up to the makespan; null without deps.json. */
    public final CriticalPath path;

    /** The static CPM floor, ticks; −1 without deps.json. */
    public final long staticFloor;

    /** AICore execution time (start → end) of every row, µs, ascending, by kernel name as the trace names it. */
    public final Map<String, double[]> families;

    /** Per core type: {cores, busy µs}. */
    public final Map<String, double[]> coreTypes;

    /** Share of all cores busy in each of {@link #BINS} equal slices of the makespan. */
    public final double[] utilisation;

    /** Per scheduler thread: µs spent in each phase kind. Empty when the capture has no scheduler phases. */
    public final List<Map<String, Double>> schedulerPhases;

    /** The orchestrator's submit span (first record start → last end), µs; NaN without orchestrator records. */
    public final double submitSpanUs;

    /** Dependency pairs with both tasks timed, and those whose producer ended after the consumer started; −1 without deps.json. */
    public final long hbChecked, hbViolations;

    /** Per task with a timed producer: its start minus its last producer's end, µs (≥ 0), ascending. */
    public final double[] readyLatency;

    /** What identifies the graph the run executed (task ids, kernels, block counts). */
    public final long graphFingerprint;

    /** Per timed task: id, start after {@link #t0} and duration, µs (task order of the capture). */
    public final long[] taskId;

    public final double[] taskStartUs, taskDurUs;

    /** Each timed task's kernel name as the trace names it ({@code task} when unknown). */
    public final String[] taskFunction;

    /** How this capture's task ids are shown. */
    public final io.ptotrace.model.TaskLabels labels;

    public static final int BINS = 120;

    /** The observed critical path of one run, cut into its compute and stall kinds (ticks). */
    public record CriticalPath(
            long compute,
            long frontGap,
            long dataWait,
            long coreWait,
            int length,
            /* µs of the stalls spent until the finish was seen, then to dispatch, then to the start; null without AICPU records */
            double[] schedulerSplit) {
        public long total() {
            return compute + frontGap + dataWait + coreWait;
        }
    }

    RunFigures(
            Capture capture,
            Era era,
            int level,
            long freqHz,
            int tasks,
            int rows,
            long t0,
            long t1,
            CriticalPath path,
            long staticFloor,
            Map<String, double[]> families,
            Map<String, double[]> coreTypes,
            double[] utilisation,
            List<Map<String, Double>> schedulerPhases,
            double submitSpanUs,
            long hbChecked,
            long hbViolations,
            double[] readyLatency,
            long graphFingerprint,
            long[] taskId,
            double[] taskStartUs,
            double[] taskDurUs,
            String[] taskFunction,
            io.ptotrace.model.TaskLabels labels) {
        this.capture = capture;
        this.era = era;
        this.level = level;
        this.freqHz = freqHz;
        this.tasks = tasks;
        this.rows = rows;
        this.t0 = t0;
        this.t1 = t1;
        this.path = path;
        this.staticFloor = staticFloor;
        this.families = families;
        this.coreTypes = coreTypes;
        this.utilisation = utilisation;
        this.schedulerPhases = schedulerPhases;
        this.submitSpanUs = submitSpanUs;
        this.hbChecked = hbChecked;
        this.hbViolations = hbViolations;
        this.readyLatency = readyLatency;
        this.graphFingerprint = graphFingerprint;
        this.taskId = taskId;
        this.taskStartUs = taskStartUs;
        this.taskDurUs = taskDurUs;
        this.taskFunction = taskFunction;
        this.labels = labels;
    }

    private io.ptotrace.model.util.LongIntMap index;

    /** The timed task with this id (its index in {@link #taskId}), or −1; the map is built on first use. */
    public int taskOf(long id) {
        if (index == null) {
            io.ptotrace.model.util.LongIntMap m = new io.ptotrace.model.util.LongIntMap(Math.max(16, taskId.length));
            for (int t = 0; t < taskId.length; t++) m.put(taskId[t], t);
            index = m;
        }
        return index.get(id);
    }

    /** Task {@code t} as the trace names it: {@code QK(t5)}. */
    public String taskLabel(int t) {
        return io.ptotrace.model.TaskDisplay.named(taskFunction[t], labels.label(taskId[t]));
    }

    public long makespan() {
        return t1 - t0;
    }

    public double us(long ticks) {
        return ticks * 1e6 / freqHz;
    }

    public double makespanUs() {
        return us(makespan());
    }

    public boolean hasDeps() {
        return path != null;
    }
}
