package io.ptotrace.convert;

import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.LongList;

/**
 * Per-task views of the joined rows: the contiguous row range of each
 * task, the SPMD set, fan counts, anchor rows of each view and the reverse adjacency.
 *
 * <p>A capture may hold several runs (streams-era run epochs); a task's rows are then one group per run,
 * and task lookups answer for the run selected with {@link #useEpoch} (arrows pair rows of one run only).
 * Captures of the older eras are one run, {@link #ONE_RUN}.
 */
final class TaskIndex {
    final Timeline tl;
    final DepsProjection deps;
    private final int[] funcId;
    /** Task ids in first-appearance (sorted) order, and their row ranges. */
    final long[] tasks;

    final int[] rowFrom;
    final int[] rowTo;
    /** The run of each group. */
    final long[] epochOfGroup;

    private final java.util.LinkedHashMap<Long, LongIntMap> groupsByEpoch = new java.util.LinkedHashMap<>();
    private LongIntMap groupOf;
    private long epoch;
    private final LongIntMap spmd = new LongIntMap(64);

    /** The run of a capture that records none, and of its records. */
    static final long ONE_RUN = 0;

    // reverse adjacency: succ → preds in pred-major order
    private final LongIntMap succOrdinal;
    private final int[] predStart;
    private final long[] predList;

    TaskIndex(Run run) {
        this.tl = run.timeline;
        this.deps = run.deps;
        this.funcId = run.funcId;
        LongList ids = new LongList(), epochs = new LongList();
        IntList from = new IntList();
        for (int r = 0; r < tl.rows; r++) {
            if (r == 0 || tl.taskId[r] != tl.taskId[r - 1] || epochOfRow(r) != epochOfRow(r - 1)) {
                ids.add(tl.taskId[r]);
                epochs.add(epochOfRow(r));
                from.add(r);
            }
        }
        tasks = ids.toArray();
        epochOfGroup = epochs.toArray();
        rowFrom = from.toArray();
        rowTo = new int[tasks.length];
        for (int g = 0; g < tasks.length; g++) rowTo[g] = g + 1 < tasks.length ? rowFrom[g + 1] : tl.rows;
        for (int g = 0; g < tasks.length; g++)
            groupsByEpoch
                    .computeIfAbsent(epochOfGroup[g], k -> new LongIntMap(Math.max(16, tasks.length)))
                    .put(tasks[g], g);
        if (groupsByEpoch.isEmpty()) groupsByEpoch.put(ONE_RUN, new LongIntMap(16));
        useEpoch(groupsByEpoch.keySet().iterator().next());

        // SPMD tasks: several rows of one core type and no block_num to say otherwise
        for (int g = 0; g < tasks.length; g++) {
            long t = tasks[g];
            if (rowTo[g] - rowFrom[g] < 2 || deps.blockNum(t) >= 0) continue;
            String type = tl.coreType[rowFrom[g]];
            boolean same = true;
            for (int r = rowFrom[g] + 1; r < rowTo[g]; r++) {
                if (!java.util.Objects.equals(type, tl.coreType[r])) {
                    same = false;
                    break;
                }
            }
            if (same) spmd.put(t, 1);
        }
        // tasks listed with block_num > 1 are SPMD too; isSpmd() asks the deps projection for those

        // reverse adjacency
        int pairs = deps.pairCount();
        succOrdinal = new LongIntMap(Math.max(16, pairs));
        IntList counts = new IntList();
        for (int k = 0; k < pairs; k++) {
            long s = deps.succ(k);
            int o = succOrdinal.putIfAbsent(s, counts.size());
            if (o < 0) counts.add(1);
            else counts.set(o, counts.get(o) + 1);
        }
        predStart = new int[counts.size() + 1];
        for (int i = 0; i < counts.size(); i++) predStart[i + 1] = predStart[i] + counts.get(i);
        predList = new long[pairs];
        int[] fill = new int[counts.size()];
        for (int p = 0; p < deps.predCount(); p++) {
            long pred = deps.pred(p);
            for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
                int o = succOrdinal.get(deps.succ(k));
                predList[predStart[o] + fill[o]++] = pred;
            }
        }
    }

    /** The run a row belongs to. */
    long epochOfRow(int row) {
        return tl.streams == null ? ONE_RUN : tl.streams.runEpoch[row];
    }

    /** The runs with rows, in row order. */
    java.util.Set<Long> epochs() {
        return groupsByEpoch.keySet();
    }

    /** Selects the run whose groups {@link #group} and the per-task questions answer for. */
    void useEpoch(long e) {
        epoch = e;
        LongIntMap m = groupsByEpoch.get(e);
        groupOf = m != null ? m : new LongIntMap(16);
    }

    long currentEpoch() {
        return epoch;
    }

    int group(long task) {
        return groupOf.get(task);
    }

    /** The group of a task in one run, whichever run is selected. */
    int group(long epoch, long task) {
        LongIntMap m = groupsByEpoch.get(epoch);
        return m == null ? -1 : m.get(task);
    }

    boolean hasRows(long task) {
        return groupOf.get(task) >= 0;
    }

    boolean hasRows(long epoch, long task) {
        return group(epoch, task) >= 0;
    }

    boolean isSpmd(long task) {
        int b = deps.blockNum(task);
        if (b > 1) return true;
        return spmd.get(task) >= 0;
    }

    /** Number of SPMD tasks (block_num > 1 listed, plus inferred). */
    int spmdCount() {
        return deps.countBlockNumAbove(1) + spmdInferredCount();
    }

    private int spmdInferredCount() {
        return spmd.size();
    }

    int fanCount(long task) {
        if (!isSpmd(task)) return 1;
        int b = deps.blockNum(task);
        if (b >= 0) return b;
        int g = groupOf.get(task);
        return g < 0 ? 1 : rowTo[g] - rowFrom[g];
    }

    String disp(long task) {
        return tl.label(task);
    }

    // ------------------------------------------------------------------ adjacency

    int predCountOf(long succ) {
        int o = succOrdinal.get(succ);
        return o < 0 ? 0 : predStart[o + 1] - predStart[o];
    }

    long predOf(long succ, int i) {
        return predList[predStart[succOrdinal.get(succ)] + i];
    }

    // ------------------------------------------------------------------ anchors: the slices a task's arrows start and
    // end on

    double workerSliceStart(int row) {
        return tl.receive[row];
    }

    /** Worker-View anchor rows of a task with kernel rows, appended to {@code out}. */
    void workerAnchors(int g, IntList out) {
        out.clear();
        long t = tasks[g];
        if (!isSpmd(t)) {
            for (int r = rowFrom[g]; r < rowTo[g]; r++) out.add(r);
            return;
        }
        spmdAnchors(g, out, true);
    }

    void schedulerAnchors(int g, IntList out) {
        out.clear();
        long t = tasks[g];
        if (!isSpmd(t)) {
            for (int r = rowFrom[g]; r < rowTo[g]; r++) out.add(r);
            return;
        }
        spmdAnchors(g, out, false);
    }

    private double svStart(int r) {
        return tl.dispatch[r] >= 0 && tl.finish[r] > 0 ? tl.dispatch[r] : Double.POSITIVE_INFINITY;
    }

    private void spmdAnchors(int g, IntList out, boolean worker) {
        // groups by func_id in first-appearance order; per group the smallest (slice_start, core_id)
        IntList funcs = new IntList(4);
        for (int r = rowFrom[g]; r < rowTo[g]; r++) {
            int f = funcId[r];
            int k = -1;
            for (int i = 0; i < funcs.size(); i++)
                if (funcs.get(i) == f) {
                    k = i;
                    break;
                }
            if (k < 0) {
                funcs.add(f);
                out.add(r);
                continue;
            }
            int best = out.get(k);
            double sb = worker ? workerSliceStart(best) : svStart(best);
            double sr = worker ? workerSliceStart(r) : svStart(r);
            if (sr < sb || (sr == sb && tl.coreId[r] < tl.coreId[best])) out.set(k, r);
        }
    }
}
