package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.JsonMember;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.util.List;

/** Slices drawn from scheduler and orchestrator phase records (the ref is the record's row) and host uploads. */
final class RecordSlices {
    private RecordSlices() {}

    /** A scheduler phase (complete, dispatch, …) on its scheduler thread. */
    static final class SchedulerPhases extends SliceKind {
        private final Timeline tl;
        private final PhaseTable pt;
        private final int[] finishRows;
        private final int[] recordThread;

        /** {@code finishRows}: per complete record, the finish rows attributed to it; {@code recordThread}: its thread. */
        SchedulerPhases(Timeline tl, int[] finishRows, int[] recordThread) {
            super("scheduler");
            this.tl = tl;
            this.pt = tl.phases;
            this.finishRows = finishRows;
            this.recordThread = recordThread;
        }

        /** The kind as drawn (a runtime may record one phase under two names). */
        String phase(int ref) {
            return PhaseStyle.canonical(tl, pt.kind(ref));
        }

        /** Whether the record comes from a stream the AICore scheduler wrote (named by its work, not by counts). */
        private boolean aicoreStream(int ref) {
            return tl.streams != null && "aicore".equals(tl.streams.producer(recordThread[ref]));
        }

        @Override
        public String name(int ref) {
            String phase = phase(ref);
            if (aicoreStream(ref)) {
                String shown = PhaseStyle.aicoreDisplay(phase);
                return pt.taskIdOk(ref) ? shown + "(" + tl.label(pt.taskId(ref)) + ")" : shown;
            }
            return phase + "(" + Labels.pyStr(tasksProcessedShown(ref)) + ")";
        }

        @Override
        public String color(int ref) {
            return PhaseStyle.schedulerColor(tl, phase(ref));
        }

        /** tasks_processed as shown: complete records without the key show the attributed row count. */
        private Object tasksProcessedShown(int ref) {
            if (!pt.has(ref, PhaseTable.TASKS_PROCESSED))
                return "complete".equals(pt.kind(ref)) ? (Object) (long) finishRows[ref] : (Object) 0L;
            return pt.value(ref, PhaseTable.TASKS_PROCESSED);
        }

        @Override
        public void args(int ref, ArgSink a) {
            String phase = phase(ref);
            a.str("phase", phase);
            a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
            a.raw("tasks_processed", tasksProcessedShown(ref));
            if (pt.hasRunEpoch(ref)) a.i64("run_epoch", pt.runEpoch(ref));
            if (aicoreStream(ref) && pt.taskIdOk(ref)) a.u64("task_id", pt.taskId(ref));
            if (pt.depthsValid(ref)) {
                a.raw("shared_at_start (aic,aiv,mix)", pt.value(ref, PhaseTable.SHARED_AT_START));
                a.raw("shared_at_end (aic,aiv,mix)", pt.value(ref, PhaseTable.SHARED_AT_END));
            }
            if ("complete".equals(phase)) {
                if (pt.has(ref, PhaseTable.TASKS_PROCESSED)) {
                    a.raw("finishes_processed", pt.value(ref, PhaseTable.TASKS_PROCESSED));
                    a.i64("finish_rows_attributed", finishRows[ref]);
                } else a.i64("finishes_processed", finishRows[ref]);
            }
        }

        /**
         * The name already says the phase and tasks_processed; a queue-depth triple is one "aic,aiv,mix" string
         * (the processor stores one arg and interns the few distinct values once), and the end depths of the
         * phases that sample the ready-queue counter are on that counter's tracks. The rows a complete retired
         * are the complete arrows that end on it.
         */
        @Override
        public void leanArgs(int ref, ArgSink a) {
            String phase = phase(ref);
            a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
            if (pt.depthsValid(ref)) {
                a.str("shared_at_start (aic,aiv,mix)", triple(pt.value(ref, PhaseTable.SHARED_AT_START)));
                if (!sampledOnCounter(phase))
                    a.str("shared_at_end (aic,aiv,mix)", triple(pt.value(ref, PhaseTable.SHARED_AT_END)));
            }
        }

        /** The phases whose end depths are the shared_ready_queue counter's samples. */
        static boolean sampledOnCounter(String phase) {
            return "complete".equals(phase) || "dispatch".equals(phase);
        }

        /** Recent triples' texts by list (the table hands out one list object per distinct triple); read by writers. */
        private final Text[] triples = new Text[64];

        private static final class Text {
            final Object list;
            final String text;

            Text(Object list, String text) {
                this.list = list;
                this.text = text;
            }
        }

        private String triple(Object list) {
            int slot = System.identityHashCode(list) & (triples.length - 1); // the lists are told apart by identity
            Text t = triples[slot];
            if (t == null || t.list != list) triples[slot] = t = new Text(list, tripleText(list));
            return t.text;
        }

        private static String tripleText(Object list) {
            StringBuilder sb = new StringBuilder();
            for (Object o : (List<?>) list) {
                if (sb.length() > 0) sb.append(',');
                sb.append(Labels.pyStr(o));
            }
            return sb.toString();
        }
    }

    /** An orchestrator phase (submit, alloc, …) on its orchestrator thread. */
    static final class OrchestratorPhases extends SliceKind {
        private final Timeline tl;
        private final PhaseTable pt;

        OrchestratorPhases(Timeline tl) {
            super("orchestrator");
            this.tl = tl;
            this.pt = tl.phases;
        }

        @Override
        public String name(int ref) {
            String phase = pt.kind(ref);
            String display = phase.startsWith("orch_") ? phase.replace("orch_", "") : phase;
            if (pt.taskIdNonNegative(ref)) return display + "(" + tl.label(pt.taskId(ref)) + ")";
            return display + "(" + Labels.pyStr(pt.valueOr(ref, PhaseTable.SUBMIT_IDX, 0L)) + ")";
        }

        @Override
        public String color(int ref) {
            return PhaseStyle.orchestratorColor(pt.kind(ref));
        }

        @Override
        public void args(int ref, ArgSink a) {
            a.str("phase", pt.kind(ref));
            a.raw("submit_idx", pt.valueOr(ref, PhaseTable.SUBMIT_IDX, 0L));
            a.raw("task_id", pt.valueOr(ref, PhaseTable.TASK_ID, -1L));
            if (pt.hasRunEpoch(ref)) a.i64("run_epoch", pt.runEpoch(ref));
        }

        /** The name shows the task (or, without one, the submit index); the other of the two stays. */
        @Override
        public void leanArgs(int ref, ArgSink a) {
            if (pt.taskIdNonNegative(ref)) a.raw("submit_idx", pt.valueOr(ref, PhaseTable.SUBMIT_IDX, 0L));
            else a.raw("task_id", pt.valueOr(ref, PhaseTable.TASK_ID, -1L));
        }
    }

    /** The Worker View bar of a dummy or predicated-skip task, from its scheduler record, on an AICPU lane. */
    static final class SkippedTasks extends SliceKind {
        private final Timeline tl;
        private final PhaseTable pt;
        private final DepsProjection deps;
        private final TaskIndex ix;
        private final NameMap names;

        SkippedTasks(Run run, TaskIndex ix) {
            super("event");
            this.tl = run.timeline;
            this.pt = run.timeline.phases;
            this.deps = run.deps;
            this.ix = ix;
            this.names = run.names;
        }

        @Override
        public String name(int ref) {
            boolean idOk = pt.taskIdOk(ref);
            long id = pt.taskId(ref);
            String label = idOk ? tl.label(id) : "unknown";
            if ("dummy_task".equals(pt.kind(ref))) return "dummy(" + label + ")";
            return Labels.taskName(idOk ? firstActiveKernel(id) : -1, label, idOk && ix.isSpmd(id), names);
        }

        private int firstActiveKernel(long task) {
            if (!deps.hasKernels(task)) return -1;
            for (int s = 0; s < 3; s++) if (deps.kernel(task, s) >= 0) return deps.kernel(task, s);
            return -1;
        }

        @Override
        public void args(int ref, ArgSink a) {
            a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
            if (pt.taskIdOk(ref)) a.u64("task_id", pt.taskId(ref));
            else a.nul("task_id");
            a.str("event-hint", name(ref));
            if ("dummy_task".equals(pt.kind(ref))) a.str("phase", "dummy_task");
            else a.bool("predicated_pass", false);
            if (pt.hasRunEpoch(ref)) a.i64("run_epoch", pt.runEpoch(ref));
        }

        /** The name says the task and whether it was a dummy; a predicated skip's bar says so in its arg. */
        @Override
        public void leanArgs(int ref, ArgSink a) {
            a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
            if (!"dummy_task".equals(pt.kind(ref))) a.bool("predicated_pass", false);
        }
    }

    /** The Worker View bar of a submitted task nothing else draws, from its orchestrator submit record. */
    static final class Allocs extends SliceKind {
        private final Timeline tl;
        private final PhaseTable pt;

        Allocs(Timeline tl) {
            super("event");
            this.tl = tl;
            this.pt = tl.phases;
        }

        @Override
        public String name(int ref) {
            return "alloc(" + tl.label(pt.taskId(ref)) + ")";
        }

        @Override
        public String color(int ref) {
            return "olive";
        }

        @Override
        public void args(int ref, ArgSink a) {
            a.str("phase", "alloc");
            a.raw("task_id", pt.value(ref, PhaseTable.TASK_ID));
            a.str("event-hint", name(ref));
            if (pt.hasRunEpoch(ref)) a.i64("run_epoch", pt.runEpoch(ref));
        }

        /** The name says it all: alloc and the task. */
        @Override
        public void leanArgs(int ref, ArgSink a) {}
    }

    /** A host→device copy segment (the ref is its upload index); its events keep the member order the host tool writes. */
    static final class Uploads extends SliceKind {
        private static final List<JsonMember> ORDER = List.of(
                JsonMember.NAME,
                JsonMember.CAT,
                JsonMember.PH,
                JsonMember.PID,
                JsonMember.TID,
                JsonMember.TS,
                JsonMember.DUR,
                JsonMember.CNAME,
                JsonMember.ARGS);
        private final List<Timeline.Upload> uploads;

        Uploads(List<Timeline.Upload> uploads) {
            super("host_h2d", ORDER);
            this.uploads = uploads;
        }

        @Override
        public String name(int u) {
            Object p = uploads.get(u).phase;
            return p == JsonValues.ABSENT || p == JsonValues.NULL ? "upload" : Labels.pyStr(p);
        }

        @Override
        public String color(int u) {
            return "thread_state_iowait";
        }

        @Override
        public void args(int u, ArgSink a) {
            Object d = uploads.get(u).detail;
            a.raw("bytes", d == JsonValues.ABSENT ? 0L : d);
        }
    }
}
