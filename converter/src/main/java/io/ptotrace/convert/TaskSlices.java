package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;

/** The kernel slices of the Worker and Scheduler views: one per joined row (the ref is the row). */
abstract class TaskSlices extends SliceKind {
    final Timeline tl;
    final int[] funcId;
    final TaskIndex ix;
    final NameMap names;

    TaskSlices(Run run, TaskIndex ix) {
        super("event");
        this.tl = run.timeline;
        this.funcId = run.funcId;
        this.ix = ix;
        this.names = run.names;
    }

    @Override
    public String name(int row) {
        return Labels.taskName(funcId[row], tl.label(tl.taskId[row]), ix.isSpmd(tl.taskId[row]), names);
    }

    String eventHint(int row) {
        return "Task:" + tl.label(tl.taskId[row]) + ", FuncId:" + funcId[row] + ", CoreId:" + tl.coreId[row];
    }

    /** The run a row belongs to, as the last arg, where the capture says. */
    void runEpoch(int row, ArgSink a) {
        if (tl.streams != null) a.i64("run_epoch", tl.streams.runEpoch[row]);
    }

    /** A kernel's bar on its core, from AICore receive to end, with the task's neighbours. */
    static final class Worker extends TaskSlices {
        private final DepsProjection deps;

        Worker(Run run, TaskIndex ix) {
            super(run, ix);
            this.deps = run.deps;
        }

        @Override
        public void args(int row, ArgSink a) {
            long t = tl.taskId[row];
            a.str("event-hint", eventHint(row));
            a.str("fanout-hint", fanoutHint(t));
            a.str("fanin-hint", faninHint(t));
            a.dbl("duration-us", tl.end[row] - tl.receive[row]);
            a.dbl("kernel-duration-us", tl.end[row] - tl.start[row]);
            a.dbl("local_setup_us", tl.localSetup[row]);
            a.u64("taskId", t);
            runEpoch(row, a);
        }

        /** The task, function and core in one value, and the kernel's own time (the bar starts at receive). */
        @Override
        public void leanArgs(int row, ArgSink a) {
            a.str("event-hint", eventHint(row));
            a.dbl("kernel-duration-us", tl.end[row] - tl.start[row]);
        }

        private String fanoutHint(long t) {
            int p = deps.predOrdinal(t);
            if (p < 0) return "0: []";
            StringBuilder sb = new StringBuilder();
            sb.append(deps.succTo(p) - deps.succFrom(p)).append(": [");
            for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
                if (k > deps.succFrom(p)) sb.append(", ");
                sb.append(tl.label(deps.succ(k)));
            }
            return sb.append(']').toString();
        }

        private String faninHint(long t) {
            int n = ix.predCountOf(t);
            StringBuilder sb = new StringBuilder();
            sb.append(n).append(": [");
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(", ");
                sb.append(tl.label(ix.predOf(t, i)));
            }
            return sb.append(']').toString();
        }
    }

    /** A row's time on the AICPU, from dispatch to finish. */
    static final class SchedulerView extends TaskSlices {
        SchedulerView(Run run, TaskIndex ix) {
            super(run, ix);
        }

        @Override
        public void args(int row, ArgSink a) {
            a.str("event-hint", eventHint(row));
            a.dbl("dispatch-time-us", tl.dispatch[row]);
            a.dbl("finish-time-us", tl.finish[row]);
            a.dbl(
                    tl.streams != null ? "scheduler-duration-us" : "aicpu-duration-us",
                    tl.finish[row] - tl.dispatch[row]);
            a.u64("taskId", tl.taskId[row]);
            runEpoch(row, a);
        }

        /** Nothing the slice and the task's Worker View bar do not already say. */
        @Override
        public void leanArgs(int row, ArgSink a) {}
    }
}
