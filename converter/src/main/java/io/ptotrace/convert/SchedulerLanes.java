package io.ptotrace.convert;

import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.TaskRuntime;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.util.IndexSort;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * How the scheduler threads are laid out: process and lane names (from the streams' metadata where the capture
 * has it), which resolve records go on a thread's sub-lane, and which threads only resolve (their queue depths
 * are sampled on every phase).
 */
final class SchedulerLanes {
    private final Timeline tl;
    private final PhaseTable pt;
    private final TaskRuntime runtime;

    SchedulerLanes(Timeline tl) {
        this.tl = tl;
        this.pt = tl.phases;
        this.runtime = tl.runtime();
    }

    /** "AICore Scheduler" when every stream with records was written by the AICore scheduler. */
    String processName() {
        if (tl.streams == null || tl.streams.streamMeta == null) return "AICPU Scheduler";
        Set<Object> producers = new HashSet<>();
        for (int t = 0; t < tl.schedulerPhases.size(); t++)
            if (!tl.schedulerPhases.get(t).isEmpty()) producers.add(tl.streams.producer(t));
        return producers.equals(Set.of("aicore")) ? "AICore Scheduler" : "AICPU Scheduler";
    }

    String threadName(int t) {
        if (tl.streams == null || tl.streams.streamMeta == null) return "Sched_" + t;
        Map<String, Object> m = tl.streams.streamMeta.get(t);
        Object sid = m.get("scheduler_id"), wid = m.get("worker_id");
        if ("aicore".equals(m.get("producer")))
            return "Scheduler_" + shown(io.ptotrace.model.JsonValues.isPresent(wid) ? wid : sid, t);
        return "Sched_" + shown(sid, t);
    }

    private static String shown(Object v, int dflt) {
        return io.ptotrace.model.JsonValues.isPresent(v) ? Labels.pyStr(v) : Integer.toString(dflt);
    }

    /**
     * Per record of thread {@code t}: whether it goes on the sub-lane. Older eras put every resolve there; in the
     * streams era only tensormap_and_ringbuffer does, for a resolve nested inside a complete or dummy phase.
     */
    boolean[] onSubLane(int t) {
        PhaseTable.Lane lane = tl.schedulerPhases.get(t);
        boolean[] out = new boolean[lane.size()];
        Enclosures enclosures = null;
        for (int ref = lane.from; ref < lane.to; ref++) {
            if (!"resolve".equals(pt.kind(ref))) continue;
            if (runtime == null) out[ref - lane.from] = true;
            else if (runtime.resolveSubLane()) {
                if (enclosures == null) enclosures = new Enclosures(pt, lane);
                out[ref - lane.from] = enclosures.encloses(pt.startUs(ref), pt.endUs(ref));
            }
        }
        return out;
    }

    /**
     * The complete and dummy phases of one lane, by start: whether one of them starts no later than a resolve and
     * goes on after it ends. Sorted starts with a running maximum of the ends answer that in a binary search, so a
     * lane of n phases costs n log n, not n² (a 100k-task lane has hundreds of thousands of phases).
     */
    static final class Enclosures {
        private final double[] starts;
        /** The latest end among the phases up to and including this one in start order. */
        private final double[] maxEnds;

        Enclosures(PhaseTable pt, PhaseTable.Lane lane) {
            int n = 0;
            int[] rows = new int[lane.size()];
            for (int o = lane.from; o < lane.to; o++) {
                String k = pt.kind(o);
                boolean timed = !Double.isNaN(pt.startUs(o)) && !Double.isNaN(pt.endUs(o)); // NaN encloses nothing
                if (timed && ("complete".equals(k) || "dummy".equals(k))) rows[n++] = o;
            }
            int[] order = java.util.Arrays.copyOf(rows, n);
            IndexSort.sortByKey(order, r -> IndexSort.doubleKey(pt.startUs(r)));
            starts = new double[n];
            maxEnds = new double[n];
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                starts[i] = pt.startUs(order[i]);
                max = Math.max(max, pt.endUs(order[i]));
                maxEnds[i] = max;
            }
        }

        /** Whether a phase here starts at or before {@code s} and ends after {@code e}. */
        boolean encloses(double s, double e) {
            int lo = 0, hi = starts.length; // first index whose start is after s
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (starts[mid] <= s) lo = mid + 1;
                else hi = mid;
            }
            return lo > 0 && e < maxEnds[lo - 1];
        }
    }

    /**
     * A thread that only resolves (resolve, async_poll and dummy phases), with a standalone resolve or no core
     * mapped to it: the streams era samples its queue depths on each of those phases.
     */
    boolean resolutionThread(int t) {
        if (runtime == null) return false;
        PhaseTable.Lane lane = tl.schedulerPhases.get(t);
        if (lane.isEmpty()) return false;
        boolean standalone = false;
        Enclosures enclosures = runtime == TaskRuntime.HOST_BUILD_GRAPH ? null : new Enclosures(pt, lane);
        for (int ref = lane.from; ref < lane.to; ref++) {
            String raw = pt.kind(ref), k = runtime.canonicalKind(raw);
            if (!"resolve".equals(k) && !"async_poll".equals(k) && !"dummy".equals(k)) return false;
            if (runtime == TaskRuntime.HOST_BUILD_GRAPH
                    ? "resolve_standalone".equals(raw)
                    : "resolve".equals(k) && !enclosures.encloses(pt.startUs(ref), pt.endUs(ref))) standalone = true;
        }
        if (standalone) return true;
        int[] ctt = tl.coreToThread;
        if (ctt.length == 0) return false;
        for (int v : ctt) if (v == t) return false;
        return true;
    }
}
