package io.ptotrace.convert;

import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The trace rules, once: a {@link Run} becomes a {@link TracePicture}. This class lays out the views and
 * their slices; {@link FlowRules} draws the arrows, {@link OverheadCounters} the overhead series, and the
 * slice and counter kinds ({@link TaskSlices}, {@link RecordSlices}, {@link GraphExecution},
 * {@link CounterKinds}) say what each slice shows.
 */
public final class TraceBuilder {
    private final Timeline tl;
    private final DepsProjection deps;
    private final NameMap names;
    private final boolean overhead;
    private final Consumer<String> warn;
    private final Consumer<String> verbose;
    private final TaskIndex ix;
    private final ProcessLayout lay;
    private final TracePicture pic;
    private final int firstSlice; // where this run's slices start in the picture
    private final ConvertStats stats = new ConvertStats();

    // phase records are referred to by their row in the timeline's phase table (a record "ref")
    private final PhaseTable pt;
    private final int[] recordThread; // per record ref: its scheduler or orchestrator thread
    private final int[] completeRows; // per record ref: finish rows attributed (complete records)
    private final int[] recordSlice; // per record ref: its scheduler-phase or orchestrator slice, or −1

    private final TaskSlices.Worker workerKind;
    private final TaskSlices.SchedulerView schedulerViewKind;
    private final RecordSlices.SchedulerPhases phaseKind;
    private final RecordSlices.OrchestratorPhases orchestratorKind;
    private final RecordSlices.SkippedTasks skippedKind;
    private final RecordSlices.Allocs allocKind;

    private int[] workerSlice; // row → slice index
    private int[] svSlice; // row → slice index or −1
    private int[] svTid; // row → Scheduler-View lane tid
    private boolean hasAicpuData;
    private int schedCount;
    private final java.util.HashMap<Long, LongIntMap> anchorHeads =
            new java.util.HashMap<>(); // per run: task → last anchor
    private final IntList anchorNext = new IntList(), anchorSlice = new IntList();
    private final List<int[]> threadCompletes = new ArrayList<>(); // per sched thread: record refs sorted by start

    private TraceBuilder(
            Run run,
            ProcessLayout lay,
            TracePicture pic,
            boolean overhead,
            Consumer<String> warn,
            Consumer<String> verbose) {
        this.tl = run.timeline;
        this.lay = lay;
        this.pic = pic;
        this.firstSlice = pic.sliceCount();
        this.pt = tl.phases;
        this.deps = run.deps;
        this.names = run.names;
        this.overhead = overhead;
        this.warn = warn;
        this.verbose = verbose;
        this.ix = new TaskIndex(run);
        this.recordThread = new int[pt.size()];
        this.completeRows = new int[pt.size()];
        this.recordSlice = new int[pt.size()];
        Arrays.fill(recordSlice, -1);
        workerKind = new TaskSlices.Worker(run, ix);
        schedulerViewKind = new TaskSlices.SchedulerView(run, ix);
        phaseKind = new RecordSlices.SchedulerPhases(tl, completeRows, recordThread);
        orchestratorKind = new RecordSlices.OrchestratorPhases(tl);
        skippedKind = new RecordSlices.SkippedTasks(run, ix);
        allocKind = new RecordSlices.Allocs(tl);
        if (lay == ProcessLayout.SINGLE) pic.setTopLevelMetadata(tl.timelineMetadata);
    }

    /** Builds the picture of a run. {@code verbose} may be null. */
    public static Result build(Run run, boolean overhead, Consumer<String> warn, Consumer<String> verbose) {
        return build(run, ProcessLayout.SINGLE, new TracePicture(), overhead, warn, verbose, null);
    }

    /**
     * Draws a run into {@code pic} at the pids of {@code lay}: a picture of several runs (the ranks of a
     * merged trace) is built by drawing each into the same picture with its own layout. {@code slicesDrawn} (null:
     * none) is told when every metadata event, slice and counter sample of the run is in the picture and only its
     * arrows (and with {@code overhead} the overhead series) are still to come.
     */
    public static Result build(
            Run run,
            ProcessLayout lay,
            TracePicture pic,
            boolean overhead,
            Consumer<String> warn,
            Consumer<String> verbose,
            Consumer<TracePicture> slicesDrawn) {
        TraceBuilder b = new TraceBuilder(run, lay, pic, overhead, warn, verbose == null ? s -> {} : verbose);
        b.slicesDrawn = slicesDrawn;
        b.completionsBeside =
                Runtime.getRuntime().availableProcessors() > 1 && run.timeline.rows >= COMPLETIONS_BESIDE_MIN_ROWS;
        b.emit();
        return new Result(b.pic, b.stats, b.workerSlice, b.recordSlice);
    }

    /** As {@link #build(Run, boolean, Consumer, Consumer)}, the completion arrows drawn beside or not as told. */
    static Result build(Run run, boolean overhead, boolean completionsBeside) {
        TraceBuilder b = new TraceBuilder(run, ProcessLayout.SINGLE, new TracePicture(), overhead, w -> {}, s -> {});
        b.completionsBeside = completionsBeside;
        b.emit();
        return new Result(b.pic, b.stats, b.workerSlice, b.recordSlice);
    }

    /** The picture plus what the converter reports about it. */
    public static final class Result {
        public final TracePicture picture;
        public final ConvertStats stats;
        private final int[] workerSlice, recordSlice;

        Result(TracePicture picture, ConvertStats stats, int[] workerSlice, int[] recordSlice) {
            this.picture = picture;
            this.stats = stats;
            this.workerSlice = workerSlice;
            this.recordSlice = recordSlice;
        }

        /** The slice (picture index) a scheduler-phase or orchestrator record (its phase-table row) became, or −1. */
        public int recordSlice(int record) {
            return recordSlice[record];
        }

        /** The Worker View slice (picture index) that timeline row {@code row} became. */
        public int workerSlice(int row) {
            return workerSlice[row];
        }
    }

    // ================================================================== emission

    private static int coreTid(int core) {
        return 10000 + 10 * core;
    }

    private Consumer<TracePicture> slicesDrawn;
    /**
     * Whether the completion arrows are drawn on a thread of their own while the dependency arrows are drawn (the
     * same picture either way): for large runs on a machine of two cores or more. Measured on two cores, paired
     * with the build before: at 1.4M task rows the building step's paired median was 0.97x (5 pairs, 0.86-1.34x);
     * at 140k rows the step took no less and the conversion 1.06x (7 pairs), the extra thread and the arrows it
     * holds costing what they save.
     */
    private boolean completionsBeside;

    /** {@link #completionsBeside} for runs of at least this many task rows. */
    static final int COMPLETIONS_BESIDE_MIN_ROWS = 500_000;

    private static int schedTid(int t) {
        return 30000 + 10 * t;
    }

    private void emit() {
        List<PhaseTable.Lane> sched = tl.schedulerPhases;
        List<PhaseTable.Lane> orch = tl.orchestratorPhases;
        for (int r = 0; r < tl.rows; r++)
            if (tl.dispatch[r] >= 0 && tl.finish[r] > 0) {
                hasAicpuData = true;
                break;
            }

        // the thread of every record up front so slices and flows can refer to them
        if (sched != null)
            for (int t = 0; t < sched.size(); t++) {
                PhaseTable.Lane lane = sched.get(t);
                Arrays.fill(recordThread, lane.from, lane.to, t);
            }
        if (orch != null)
            for (int o = 0; o < orch.size(); o++) {
                PhaseTable.Lane lane = orch.get(o);
                Arrays.fill(recordThread, lane.from, lane.to, o);
            }

        // AICPU lanes: one per scheduler thread a core maps to or that has records, then the orchestrators
        TreeSet<Integer> s = new TreeSet<>();
        for (int v : tl.coreToThread) if (v >= 0) s.add(v);
        if (sched != null)
            for (int t = 0; t < sched.size(); t++) if (!sched.get(t).isEmpty()) s.add(t);
        schedCount = !s.isEmpty() ? s.last() + 1 : (sched == null ? 0 : sched.size());
        int aicpuCount = schedCount + (orch == null ? 0 : orch.size());

        emitLifecycle();
        emitGraphExecution();

        pic.declare(MetaEvent.processName(lay.worker(), lay.processName("Worker View")));
        pic.declare(MetaEvent.processSort(lay.worker(), lay.sortIndex(4)));
        if (hasAicpuData) {
            pic.declare(MetaEvent.processName(lay.schedulerView(), lay.processName("Scheduler View")));
            pic.declare(MetaEvent.processSort(lay.schedulerView(), lay.sortIndex(3)));
        }
        TreeMap<Integer, String> coreFirstType = new TreeMap<>();
        for (int r = 0; r < tl.rows; r++)
            coreFirstType.putIfAbsent(tl.coreId[r], tl.coreType[r] == null ? "" : tl.coreType[r]);
        for (Map.Entry<Integer, String> e : coreFirstType.entrySet())
            pic.declare(MetaEvent.threadName(lay.worker(), coreTid(e.getKey()), coreLabel(e.getValue(), e.getKey())));
        for (int i = 0; i < aicpuCount; i++) pic.declare(MetaEvent.threadName(lay.worker(), 19000 + i, "AICPU_" + i));

        // Worker View kernel slices
        workerSlice = new int[tl.rows];
        for (int r = 0; r < tl.rows; r++) {
            double ts = tl.receive[r];
            workerSlice[r] = pic.addSlice(workerKind, r, lay.worker(), coreTid(tl.coreId[r]), ts, tl.end[r] - ts, true);
        }

        // Scheduler View
        svSlice = new int[tl.rows];
        svTid = new int[tl.rows];
        Arrays.fill(svSlice, -1);
        for (int r = 0; r < tl.rows; r++) svTid[r] = coreTid(tl.coreId[r]);
        if (hasAicpuData) emitSchedulerView();

        // which complete record handled each finish: for complete args and flows
        buildThreadCompletes(sched);
        attributeFinishRows();

        // AICPU Scheduler
        Set<Long> dummyRt = new LinkedHashSet<>(), predRt = new LinkedHashSet<>();
        if (sched != null) {
            CounterKinds.ReadyQueue queue = new CounterKinds.ReadyQueue(pt);
            SchedulerLanes lanes = new SchedulerLanes(tl);
            pic.declare(MetaEvent.processName(lay.scheduler(), lay.processName(lanes.processName())));
            pic.declare(MetaEvent.processSort(lay.scheduler(), lay.sortIndex(2)));
            boolean marks = tl.runtime() == null || tl.runtime().marksSkippedTasks();
            for (int t = 0; t < sched.size(); t++) {
                pic.declare(MetaEvent.threadName(lay.scheduler(), schedTid(t), lanes.threadName(t)));
                PhaseTable.Lane lane = sched.get(t);
                boolean[] sub = lanes.onSubLane(t);
                boolean hasSub = false;
                for (boolean b : sub) hasSub |= b;
                if (hasSub) pic.declare(MetaEvent.threadName(lay.scheduler(), schedTid(t) + 1, "Sched_" + t));
                boolean resolution = lanes.resolutionThread(t);
                for (int ref = lane.from; ref < lane.to; ref++) {
                    String phase = PhaseStyle.canonical(tl, pt.kind(ref));
                    double start = pt.startUs(ref), end = pt.endUs(ref);
                    if (marks && ("dummy_task".equals(phase) || "predicated_skip".equals(phase))) {
                        boolean idOk = pt.taskIdOk(ref);
                        if (idOk) (phase.equals("dummy_task") ? dummyRt : predRt).add(pt.taskId(ref));
                        double dur = Math.max(end - start, 0.02);
                        int sl = pic.addSlice(skippedKind, ref, lay.worker(), 19000 + t, start, dur, true);
                        if (idOk) addAnchor(recordEpoch(ref), pt.taskId(ref), sl);
                    } else if (PhaseStyle.isDrawn(tl, phase)) {
                        int tid = sub[ref - lane.from] ? schedTid(t) + 1 : schedTid(t);
                        recordSlice[ref] =
                                pic.addSlice(phaseKind, ref, lay.scheduler(), tid, start, end - start, false);
                        boolean sampled = "complete".equals(phase)
                                || "dispatch".equals(phase)
                                || resolution
                                        && ("resolve".equals(phase)
                                                || "async_poll".equals(phase)
                                                || "dummy".equals(phase));
                        if (sampled && pt.depthsValid(ref)) pic.addCounter(queue, ref, lay.scheduler(), 3999, end);
                    } else stats.skippedPhaseRecords++;
                }
            }
            pic.declare(MetaEvent.threadName(lay.scheduler(), 3999, "shared_ready_queue (global)"));
            pic.declare(MetaEvent.threadSort(lay.scheduler(), 3999, 100));
        }

        // host→device copies
        if (!tl.uploads.isEmpty()) {
            RecordSlices.Uploads uploads = new RecordSlices.Uploads(tl.uploads);
            pic.declare(MetaEvent.processName(lay.orchestrator(), lay.processName("Host Prepare")));
            pic.declare(MetaEvent.threadName(lay.orchestrator(), 4100, "H2D"));
            for (int u = 0; u < tl.uploads.size(); u++) {
                Timeline.Upload up = tl.uploads.get(u);
                pic.addSlice(
                        uploads, u, lay.orchestrator(), 4100, up.startUs, Math.max(0.0, up.endUs - up.startUs), false);
            }
        }

        // Orchestrator
        if (orch != null) {
            boolean host = tl.hostMode();
            String pname = host
                    ? "Host Orchestrator"
                    : names.orchestratorName() != null ? "AICPU " + names.orchestratorName() : "AICPU Orchestrator";
            pic.declare(MetaEvent.processName(lay.orchestrator(), lay.processName(pname)));
            pic.declare(MetaEvent.processSort(lay.orchestrator(), lay.sortIndex(1)));
            for (int o = 0; o < orch.size(); o++)
                pic.declare(MetaEvent.threadName(lay.orchestrator(), 4000 + o, (host ? "Host_" : "Orch_") + o));
            Set<Long> warnedDummy = new java.util.HashSet<>();
            for (int o = 0; o < orch.size(); o++) {
                PhaseTable.Lane lane = orch.get(o);
                for (int ref = lane.from; ref < lane.to; ref++) {
                    double start = pt.startUs(ref), end = pt.endUs(ref);
                    recordSlice[ref] = pic.addSlice(
                            orchestratorKind, ref, lay.orchestrator(), 4000 + o, start, end - start, false);
                    if (!"orch_submit".equals(pt.kind(ref)) || !pt.taskIdNonNegative(ref)) continue;
                    long t = pt.taskId(ref);
                    boolean regular, dummy;
                    if (deps.hasKernelMap() && deps.hasKernels(t)) {
                        dummy = deps.kernel(t, 0) < 0 && deps.kernel(t, 1) < 0 && deps.kernel(t, 2) < 0;
                        regular = !dummy;
                        if (dummy && !dummyRt.contains(t) && warnedDummy.add(t))
                            warn.accept("Warning: dummy(" + tl.label(t)
                                    + ") has no dummy_task scheduler record; its Worker View bar cannot be rendered.");
                    } else {
                        regular = pt.hasRunEpoch(ref) || tl.streams == null
                                ? ix.hasRows(recordEpoch(ref), t)
                                : hasRowsInAnyRun(t);
                        dummy = dummyRt.contains(t);
                    }
                    boolean predicated = predRt.contains(t);
                    if (regular || dummy || predicated) continue;
                    double dur = Math.max(end - start, 0.02);
                    int al = pic.addSlice(allocKind, ref, lay.worker(), 19000 + schedCount + o, start, dur, true);
                    // streams era: arrows pair only records of one run, and host records belong to none
                    if (tl.streams == null || pt.hasRunEpoch(ref)) addAnchor(recordEpoch(ref), t, al);
                }
            }
        }

        stats.spmdTasks = ix.spmdCount();
        if (slicesDrawn != null) slicesDrawn.accept(pic);
        new FlowRules(tl, deps, ix, pic, lay, firstSlice, stats, verbose, new Tables(), completionsBeside).emitAll();
        if (overhead) stats.overheadSamples += OverheadCounters.emit(tl, deps, ix, pic, lay);
    }

    private static String coreLabel(String type, int core) {
        return (type == null || type.isEmpty() ? "UNKNOWN" : type.toUpperCase(java.util.Locale.ROOT)) + "_" + core;
    }

    private void emitSchedulerView() {
        // greedy lanes per core, in ascending core order
        Map<Integer, IntList> perCore = new TreeMap<>();
        for (int r = 0; r < tl.rows; r++)
            if (tl.dispatch[r] >= 0 && tl.finish[r] > 0)
                perCore.computeIfAbsent(tl.coreId[r], k -> new IntList()).add(r);
        for (Map.Entry<Integer, IntList> e : perCore.entrySet()) {
            int core = e.getKey();
            int[] rowsOf = e.getValue().toArray();
            IndexSort.sortByKey(rowsOf, r -> IndexSort.doubleKey(tl.dispatch[r]));
            // greedy: the first lane free at the dispatch, else a new one (so lanes 0 .. lanes − 1 are all used)
            double[] laneFinish = new double[4];
            int lanes = 0;
            for (int r : rowsOf) {
                int lane = -1;
                for (int l = 0; l < lanes; l++)
                    if (laneFinish[l] <= tl.dispatch[r]) {
                        lane = l;
                        break;
                    }
                if (lane < 0) {
                    if (lanes == laneFinish.length) laneFinish = Arrays.copyOf(laneFinish, 2 * lanes);
                    lane = lanes++;
                }
                laneFinish[lane] = tl.finish[r];
                svTid[r] = coreTid(core) + lane;
            }
            String label = coreLabel(tl.coreType[rowsOf[0]], core);
            for (int lane = 0; lane < lanes; lane++)
                pic.declare(MetaEvent.threadName(lay.schedulerView(), coreTid(core) + lane, label));
        }
        for (int r = 0; r < tl.rows; r++) {
            if (!(tl.dispatch[r] >= 0 && tl.finish[r] > 0)) continue;
            svSlice[r] = pic.addSlice(
                    schedulerViewKind,
                    r,
                    lay.schedulerView(),
                    svTid[r],
                    tl.dispatch[r],
                    tl.finish[r] - tl.dispatch[r],
                    true);
        }
    }

    private void emitLifecycle() {
        if (tl.streams == null || tl.streams.lifecycle.isEmpty()) return;
        List<io.ptotrace.model.Timeline.Lifecycle> recs = tl.streams.lifecycle;
        LifecycleSlices kind = new LifecycleSlices(recs);
        pic.declare(MetaEvent.processName(lay.lifecycle(), lay.processName("AICPU Lifecycle")));
        pic.declare(MetaEvent.processSort(lay.lifecycle(), lay.sortIndex(2)));
        for (int i = 0; i < recs.size(); i++) {
            Object id = recs.get(i).threadId;
            Long n = id instanceof Long ? (Long) id : null;
            int tid = 60000 + (n == null ? i : (int) (long) n);
            pic.declare(MetaEvent.threadName(lay.lifecycle(), tid, "AICPU Thread " + Labels.pyStr(id)));
            for (int k = 0; k < LifecycleSlices.NAMES.length; k++) {
                double[] s = LifecycleSlices.span(recs.get(i), k);
                if (s != null) pic.addSlice(kind, 8 * i + k, lay.lifecycle(), tid, s[0], s[1] - s[0], false);
            }
        }
    }

    private void emitGraphExecution() {
        GraphExecution g = GraphExecution.of(tl);
        if (g == null) return;
        pic.declare(MetaEvent.processName(lay.graph(), lay.processName("Graph Execution")));
        pic.declare(MetaEvent.processSort(lay.graph(), lay.sortIndex(1)));
        for (int l : g.lanes) pic.declare(MetaEvent.threadName(lay.graph(), 5000 + l, "Graph_" + l));
        for (int i = 0; i < g.instances.size(); i++) {
            GraphExecution.Instance in = g.instances.get(i);
            pic.addSlice(g, i, lay.graph(), 5000 + in.lane, in.prepareStart, in.exEnd - in.prepareStart, false);
        }
    }

    private void buildThreadCompletes(List<PhaseTable.Lane> sched) {
        if (sched == null) return;
        for (int t = 0; t < sched.size(); t++) {
            IntList c = new IntList();
            PhaseTable.Lane lane = sched.get(t);
            for (int ref = lane.from; ref < lane.to; ref++) if ("complete".equals(pt.kind(ref))) c.add(ref);
            int[] arr = c.toArray();
            IndexSort.sortByKey(arr, r -> IndexSort.doubleKey(pt.startUs(r)));
            threadCompletes.add(arr);
        }
    }

    /**
     * The complete record (ref) on thread {@code thr} that handled a finish at {@code f}: the one whose span
     * holds it, else the next one to start; −1 when none.
     */
    private int completeFor(int thr, double f) {
        int[] c = threadCompletes.get(thr);
        int lo = 0, hi = c.length; // first index with start > f
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (pt.startUs(c[mid]) <= f) lo = mid + 1;
            else hi = mid;
        }
        int last = lo - 1;
        if (last >= 0 && f <= pt.endUs(c[last])) return c[last];
        return lo < c.length ? c[lo] : -1;
    }

    /** Scheduler thread of a core from core_to_thread, or −1. */
    private int threadOfCore(int core) {
        int[] ctt = tl.coreToThread;
        if (core < 0 || core >= ctt.length) return -1;
        int thr = ctt[core];
        return thr >= 0 && thr < threadCompletes.size() ? thr : -1;
    }

    private void attributeFinishRows() {
        if (tl.coreToThread.length == 0 || threadCompletes.isEmpty()) return;
        for (int r = 0; r < tl.rows; r++) {
            if (!(tl.finish[r] > 0)) continue; // rows without a finish were never completed
            int thr = threadOfCore(tl.coreId[r]);
            if (thr < 0) continue;
            int c = completeFor(thr, tl.finish[r]);
            if (c >= 0) completeRows[c]++;
        }
    }

    // ================================================================== what the flow rules read

    /** The builder's lookup tables, seen by {@link FlowRules}. */
    private final class Tables implements SliceTables {
        @Override
        public boolean hasAicpuData() {
            return hasAicpuData;
        }

        @Override
        public int workerSlice(int row) {
            return workerSlice[row];
        }

        @Override
        public int svSlice(int row) {
            return svSlice[row];
        }

        @Override
        public int svTid(int row) {
            return svTid[row];
        }

        @Override
        public int recordThread(int ref) {
            return recordThread[ref];
        }

        @Override
        public int sliceOfRecord(int ref) {
            return recordSlice[ref];
        }

        @Override
        public void anchors(long task, IntList out) {
            out.clear();
            LongIntMap anchorHead = anchorHeads.get(ix.currentEpoch());
            int h = anchorHead == null ? -1 : anchorHead.get(task);
            if (h < 0) return;
            // stored as a singly linked list in reverse; collect and reverse
            for (int i = h; i >= 0; i = anchorNext.get(i)) out.add(anchorSlice.get(i));
            for (int a = 0, b = out.size() - 1; a < b; a++, b--) {
                int x = out.get(a);
                out.set(a, out.get(b));
                out.set(b, x);
            }
        }

        @Override
        public boolean hasAnchors(long task) {
            LongIntMap anchorHead = anchorHeads.get(ix.currentEpoch());
            return anchorHead != null && anchorHead.get(task) >= 0;
        }

        @Override
        public int threadCount() {
            return threadCompletes.size();
        }

        @Override
        public int[] completesOfThread(int thread) {
            return threadCompletes.get(thread);
        }

        @Override
        public int threadOfCore(int core) {
            return TraceBuilder.this.threadOfCore(core);
        }

        @Override
        public int completeFor(int thread, double finishUs) {
            return TraceBuilder.this.completeFor(thread, finishUs);
        }
    }

    /** The run of a record: its run_epoch, or the one run of a capture that records none. */
    private long recordEpoch(int ref) {
        return tl.streams != null && pt.hasRunEpoch(ref) ? pt.runEpoch(ref) : TaskIndex.ONE_RUN;
    }

    private boolean hasRowsInAnyRun(long task) {
        for (long e : ix.epochs()) if (ix.hasRows(e, task)) return true;
        return false;
    }

    private void addAnchor(long epoch, long task, int slice) {
        LongIntMap anchorHead = anchorHeads.computeIfAbsent(epoch, k -> new LongIntMap(64));
        int prev = anchorHead.get(task);
        anchorSlice.add(slice);
        anchorNext.add(prev);
        anchorHead.put(task, anchorSlice.size() - 1);
    }
}
