package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceContent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.Run;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The rules of merged-trace.md (and newer-capture-format.md §3), once: a {@link Run} becomes a
 * {@link TracePicture}. Names and args are rendered on demand through {@link SliceContent}.
 */
public final class TraceBuilder implements SliceContent {
    public static final int PID_ORCH = 1, PID_SCHED = 2, PID_SCHED_VIEW = 3, PID_WORKER = 4, PID_GRAPH = 5;

    // slice kinds
    private static final byte K_WORKER = 0, K_SCHED_VIEW = 1, K_MARKER = 2, K_PHASE = 3, K_ORCH = 4, K_ALLOC = 5,
        K_GRAPH = 6, K_H2D = 7;
    // counter kinds
    private static final byte C_QUEUE = 0, C_OVERHEAD = 1;

    private final Run run;
    private final Timeline tl;
    private final int[] funcId;
    private final DepsProjection deps;
    private final NameMap names;
    private final boolean overhead;
    private final Consumer<String> warn;
    private final Consumer<String> verbose;
    private final TaskIndex ix;
    private final TracePicture pic = new TracePicture();
    private final ConvertStats stats = new ConvertStats();

    // per slice / counter content references
    private byte[] sliceKind = new byte[1024];
    private int[] sliceRef = new int[1024];
    private byte[] counterKind = new byte[256];
    private int[] counterRef = new int[256];

    // phase records are referred to by their row in the timeline's phase table (a record "ref")
    private final PhaseTable pt;
    private int[] recordThread;       // per record ref: its scheduler or orchestrator thread
    private int[] completeRows;       // per record ref: finish rows attributed (complete records)
    private final List<double[]> overheadValues = new ArrayList<>();
    private final List<String> overheadNames = new ArrayList<>();
    private final List<Object[]> graphInstances = new ArrayList<>();

    private int nextJsonId;
    private int[] workerSlice;   // row → slice index
    private int[] svSlice;       // row → slice index or −1
    private int[] svTid;         // row → Scheduler-View lane tid
    private boolean hasAicpuData;
    private int schedCount;
    private final LongIntMap anchorHead = new LongIntMap(64);
    private final IntList anchorNext = new IntList(), anchorSlice = new IntList();
    private final List<int[]> threadCompletes = new ArrayList<>(); // per sched thread: record refs sorted by start

    private TraceBuilder(Run run, boolean overhead, Consumer<String> warn, Consumer<String> verbose) {
        this.run = run;
        this.tl = run.timeline;
        this.funcId = run.funcId;
        this.pt = tl.phases;
        this.deps = run.deps;
        this.names = run.names;
        this.overhead = overhead;
        this.warn = warn;
        this.verbose = verbose;
        this.ix = new TaskIndex(run);
        pic.setContent(this);
        pic.topLevelMetadata = tl.timelineMetadata;
    }

    /** Builds the picture of a run. {@code verbose} may be null. */
    public static Result build(Run run, boolean overhead, Consumer<String> warn, Consumer<String> verbose) {
        TraceBuilder b = new TraceBuilder(run, overhead, warn, verbose == null ? s -> { } : verbose);
        b.emit();
        return new Result(b.pic, b.stats);
    }

    /** The picture plus what the converter reports about it. */
    public static final class Result {
        public final TracePicture picture;
        public final ConvertStats stats;

        Result(TracePicture picture, ConvertStats stats) {
            this.picture = picture;
            this.stats = stats;
        }
    }

    // ================================================================== §3.1

    private int firstActiveKernel(long task) {
        if (!deps.hasKernels(task)) return -1;
        for (int s = 0; s < 3; s++) if (deps.kernel(task, s) >= 0) return deps.kernel(task, s);
        return -1;
    }

    // ================================================================== emission

    private int slice(byte kind, int ref, int pid, int tid, double ts, double dur, boolean withId) {
        int i = pic.addSlice(pid, tid, ts, dur, withId ? nextJsonId++ : -1);
        if (i == sliceKind.length) {
            sliceKind = Arrays.copyOf(sliceKind, i + (i >> 1));
            sliceRef = Arrays.copyOf(sliceRef, i + (i >> 1));
        }
        sliceKind[i] = kind;
        sliceRef[i] = ref;
        return i;
    }

    private void counter(byte kind, int ref, int pid, int tid, double ts) {
        int i = pic.addCounter(pid, tid, ts);
        if (i == counterKind.length) {
            counterKind = Arrays.copyOf(counterKind, i * 2);
            counterRef = Arrays.copyOf(counterRef, i * 2);
        }
        counterKind[i] = kind;
        counterRef[i] = ref;
    }

    private static int coreTid(int core) { return 10000 + 10 * core; }

    private static int schedTid(int t) { return 30000 + 10 * t; }

    private void emit() {
        List<PhaseTable.Lane> sched = tl.schedulerPhases;
        List<PhaseTable.Lane> orch = tl.orchestratorPhases;
        for (int r = 0; r < tl.rows; r++) if (tl.dispatch[r] >= 0 && tl.finish[r] > 0) { hasAicpuData = true; break; }

        // the thread of every record up front so slices and flows can refer to them
        recordThread = new int[pt.size()];
        if (sched != null) for (int t = 0; t < sched.size(); t++) {
            PhaseTable.Lane lane = sched.get(t);
            Arrays.fill(recordThread, lane.from, lane.to, t);
        }
        if (orch != null) for (int o = 0; o < orch.size(); o++) {
            PhaseTable.Lane lane = orch.get(o);
            Arrays.fill(recordThread, lane.from, lane.to, o);
        }
        completeRows = new int[pt.size()];

        // AICPU lane count (§5)
        TreeSet<Integer> s = new TreeSet<>();
        for (int v : tl.coreToThread) if (v >= 0) s.add(v);
        if (sched != null) for (int t = 0; t < sched.size(); t++) if (!sched.get(t).isEmpty()) s.add(t);
        schedCount = !s.isEmpty() ? s.last() + 1 : (sched == null ? 0 : sched.size());
        int aicpuCount = schedCount + (orch == null ? 0 : orch.size());

        emitGraphExecution(sched);

        pic.meta.add(MetaEvent.processName(PID_WORKER, "Worker View"));
        pic.meta.add(MetaEvent.processSort(PID_WORKER, 4));
        if (hasAicpuData) {
            pic.meta.add(MetaEvent.processName(PID_SCHED_VIEW, "Scheduler View"));
            pic.meta.add(MetaEvent.processSort(PID_SCHED_VIEW, 3));
        }
        TreeMap<Integer, String> coreFirstType = new TreeMap<>();
        for (int r = 0; r < tl.rows; r++) coreFirstType.putIfAbsent(tl.coreId[r], tl.coreType[r] == null ? "" : tl.coreType[r]);
        for (Map.Entry<Integer, String> e : coreFirstType.entrySet())
            pic.meta.add(MetaEvent.threadName(PID_WORKER, coreTid(e.getKey()), coreLabel(e.getValue(), e.getKey())));
        for (int i = 0; i < aicpuCount; i++) pic.meta.add(MetaEvent.threadName(PID_WORKER, 19000 + i, "AICPU_" + i));

        // 5. Worker View kernel slices
        workerSlice = new int[tl.rows];
        for (int r = 0; r < tl.rows; r++) {
            double ts = tl.receive[r];
            workerSlice[r] = slice(K_WORKER, r, PID_WORKER, coreTid(tl.coreId[r]), ts, tl.end[r] - ts, true);
        }

        // 6. Scheduler View
        svSlice = new int[tl.rows];
        svTid = new int[tl.rows];
        Arrays.fill(svSlice, -1);
        for (int r = 0; r < tl.rows; r++) svTid[r] = coreTid(tl.coreId[r]);
        if (hasAicpuData) emitSchedulerView(coreFirstType.keySet());

        // finish-row attribution (§9.1) for complete args and flows
        buildThreadCompletes(sched);
        attributeFinishRows();

        // 7. AICPU Scheduler
        Set<Long> dummyRt = new LinkedHashSet<>(), predRt = new LinkedHashSet<>();
        if (sched != null) {
            pic.meta.add(MetaEvent.processName(PID_SCHED, "AICPU Scheduler"));
            pic.meta.add(MetaEvent.processSort(PID_SCHED, 2));
            for (int t = 0; t < sched.size(); t++) {
                pic.meta.add(MetaEvent.threadName(PID_SCHED, schedTid(t), "Sched_" + t));
                PhaseTable.Lane lane = sched.get(t);
                boolean hasResolve = false;
                for (int ref = lane.from; ref < lane.to; ref++) if ("resolve".equals(pt.kind(ref))) { hasResolve = true; break; }
                if (hasResolve) pic.meta.add(MetaEvent.threadName(PID_SCHED, schedTid(t) + 1, "Sched_" + t));
                for (int ref = lane.from; ref < lane.to; ref++) {
                    String phase = pt.kind(ref);
                    double start = pt.startUs(ref), end = pt.endUs(ref);
                    if ("dummy_task".equals(phase) || "predicated_skip".equals(phase)) {
                        boolean idOk = pt.taskIdOk(ref);
                        if (idOk) (phase.equals("dummy_task") ? dummyRt : predRt).add(pt.taskId(ref));
                        double dur = Math.max(end - start, 0.02);
                        int sl = slice(K_MARKER, ref, PID_WORKER, 19000 + t, start, dur, true);
                        if (idOk) addAnchor(pt.taskId(ref), sl);
                    } else if (PhaseStyle.isDrawn(phase)) {
                        int tid = "resolve".equals(phase) ? schedTid(t) + 1 : schedTid(t);
                        slice(K_PHASE, ref, PID_SCHED, tid, start, end - start, false);
                        if (("complete".equals(phase) || "dispatch".equals(phase)) && pt.depthsValid(ref))
                            counter(C_QUEUE, ref, PID_SCHED, 3999, end);
                    } else stats.skippedPhaseRecords++;
                }
            }
            pic.meta.add(MetaEvent.threadName(PID_SCHED, 3999, "shared_ready_queue (global)"));
            pic.meta.add(MetaEvent.threadSort(PID_SCHED, 3999, 100));
        }

        // H2D lane (newer §3.5)
        if (!tl.uploads.isEmpty()) {
            pic.meta.add(MetaEvent.processName(PID_ORCH, "Host Prepare"));
            pic.meta.add(MetaEvent.threadName(PID_ORCH, 4100, "H2D"));
            for (int u = 0; u < tl.uploads.size(); u++) {
                Timeline.Upload up = tl.uploads.get(u);
                slice(K_H2D, u, PID_ORCH, 4100, up.startUs, Math.max(0.0, up.endUs - up.startUs), false);
            }
        }

        // 8. Orchestrator
        if (orch != null) {
            boolean host = tl.hostMode();
            String pname = host ? "Host Orchestrator"
                : names.orchestratorName() != null ? "AICPU " + names.orchestratorName() : "AICPU Orchestrator";
            pic.meta.add(MetaEvent.processName(PID_ORCH, pname));
            pic.meta.add(MetaEvent.processSort(PID_ORCH, 1));
            for (int o = 0; o < orch.size(); o++)
                pic.meta.add(MetaEvent.threadName(PID_ORCH, 4000 + o, (host ? "Host_" : "Orch_") + o));
            Set<Long> warnedDummy = new java.util.HashSet<>();
            for (int o = 0; o < orch.size(); o++) {
                PhaseTable.Lane lane = orch.get(o);
                for (int ref = lane.from; ref < lane.to; ref++) {
                    double start = pt.startUs(ref), end = pt.endUs(ref);
                    slice(K_ORCH, ref, PID_ORCH, 4000 + o, start, end - start, false);
                    if (!"orch_submit".equals(pt.kind(ref)) || !pt.taskIdNonNegative(ref)) continue;
                    long t = pt.taskId(ref);
                    boolean regular, dummy;
                    if (deps.hasKernelMap() && deps.hasKernels(t)) {
                        dummy = deps.kernel(t, 0) < 0 && deps.kernel(t, 1) < 0 && deps.kernel(t, 2) < 0;
                        regular = !dummy;
                        if (dummy && !dummyRt.contains(t) && warnedDummy.add(t))
                            warn.accept("Warning: dummy(" + TaskIds.display(t) + ") has no dummy_task scheduler record; its Worker View bar cannot be rendered.");
                    } else {
                        regular = ix.hasRows(t);
                        dummy = dummyRt.contains(t);
                    }
                    boolean predicated = predRt.contains(t);
                    if (regular || dummy || predicated) continue;
                    double dur = Math.max(end - start, 0.02);
                    int al = slice(K_ALLOC, ref, PID_WORKER, 19000 + schedCount + o, start, dur, true);
                    addAnchor(t, al);
                }
            }
        }

        stats.spmdTasks = ix.spmdCount();
        FlowRules flows = new FlowRules(this);
        flows.emitAll();
        if (overhead) OverheadCounters.emit(this);
        sliceKind = Arrays.copyOf(sliceKind, Math.max(1, pic.sliceCount()));
        sliceRef = Arrays.copyOf(sliceRef, Math.max(1, pic.sliceCount()));
    }

    private static String coreLabel(String type, int core) {
        return (type == null || type.isEmpty() ? "UNKNOWN" : type.toUpperCase(java.util.Locale.ROOT)) + "_" + core;
    }

    private void emitSchedulerView(Set<Integer> coresAsc) {
        // greedy lanes per core (§5), in ascending core order
        Map<Integer, IntList> perCore = new TreeMap<>();
        for (int r = 0; r < tl.rows; r++)
            if (tl.dispatch[r] >= 0 && tl.finish[r] > 0) perCore.computeIfAbsent(tl.coreId[r], k -> new IntList()).add(r);
        for (Map.Entry<Integer, IntList> e : perCore.entrySet()) {
            int core = e.getKey();
            int[] rowsOf = e.getValue().toArray();
            Integer[] boxed = new Integer[rowsOf.length];
            for (int i = 0; i < rowsOf.length; i++) boxed[i] = rowsOf[i];
            Arrays.sort(boxed, (a, b) -> Double.compare(tl.dispatch[a], tl.dispatch[b]));
            List<Double> laneFinish = new ArrayList<>();
            laneFinish.add(0.0);
            TreeSet<Integer> used = new TreeSet<>();
            for (int r : boxed) {
                int lane = -1;
                for (int l = 0; l < laneFinish.size(); l++) if (laneFinish.get(l) <= tl.dispatch[r]) { lane = l; break; }
                if (lane < 0) { laneFinish.add(0.0); lane = laneFinish.size() - 1; }
                laneFinish.set(lane, tl.finish[r]);
                svTid[r] = coreTid(core) + lane;
                used.add(lane);
            }
            String label = coreLabel(tl.coreType[boxed[0]], core);
            for (int lane : used) pic.meta.add(MetaEvent.threadName(PID_SCHED_VIEW, coreTid(core) + lane, label));
        }
        for (int r = 0; r < tl.rows; r++) {
            if (!(tl.dispatch[r] >= 0 && tl.finish[r] > 0)) continue;
            svSlice[r] = slice(K_SCHED_VIEW, r, PID_SCHED_VIEW, svTid[r], tl.dispatch[r], tl.finish[r] - tl.dispatch[r], true);
        }
    }

    private void buildThreadCompletes(List<PhaseTable.Lane> sched) {
        if (sched == null) return;
        for (int t = 0; t < sched.size(); t++) {
            IntList c = new IntList();
            PhaseTable.Lane lane = sched.get(t);
            for (int ref = lane.from; ref < lane.to; ref++) if ("complete".equals(pt.kind(ref))) c.add(ref);
            int[] arr = c.toArray();
            Integer[] boxed = new Integer[arr.length];
            for (int i = 0; i < arr.length; i++) boxed[i] = arr[i];
            Arrays.sort(boxed, (a, b) -> Double.compare(pt.startUs(a), pt.startUs(b)));
            for (int i = 0; i < arr.length; i++) arr[i] = boxed[i];
            threadCompletes.add(arr);
        }
    }

    /** Complete record (ref) on thread {@code thr} that owns a finish at {@code f}, or −1 (§9.1). */
    int completeFor(int thr, double f) {
        int[] c = threadCompletes.get(thr);
        int lo = 0, hi = c.length; // first index with start > f
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (pt.startUs(c[mid]) <= f) lo = mid + 1; else hi = mid;
        }
        int last = lo - 1;
        if (last >= 0 && f <= pt.endUs(c[last])) return c[last];
        return lo < c.length ? c[lo] : -1;
    }

    /** Scheduler thread of a core from core_to_thread, or −1. */
    int threadOfCore(int core) {
        int[] ctt = tl.coreToThread;
        if (core < 0 || core >= ctt.length) return -1;
        int thr = ctt[core];
        return thr >= 0 && thr < threadCompletes.size() ? thr : -1;
    }

    private void attributeFinishRows() {
        if (tl.coreToThread.length == 0 || threadCompletes.isEmpty()) return;
        for (int r = 0; r < tl.rows; r++) {
            if (!(tl.finish[r] > 0)) continue; // Q-T5
            int thr = threadOfCore(tl.coreId[r]);
            if (thr < 0) continue;
            int c = completeFor(thr, tl.finish[r]);
            if (c >= 0) completeRows[c]++;
        }
    }

    // ================================================================== Graph Execution (newer §3.2)

    private void emitGraphExecution(List<PhaseTable.Lane> sched) {
        if (sched == null) return;
        LinkedHashMap<Long, IntList> prepares = new LinkedHashMap<>(); // outer task → graph_prepare records
        Map<Long, IntList> dummies = new HashMap<>();                    // outer task → dummy_task records of its nodes
        for (PhaseTable.Lane lane : sched) for (int r = lane.from; r < lane.to; r++) {
            String phase = pt.kind(r);
            if (!pt.taskIdOk(r)) continue;
            long id = pt.taskId(r);
            if ("graph_prepare".equals(phase) && (id >>> 32) == 0)
                prepares.computeIfAbsent(id, k -> new IntList()).add(r);
            if ("dummy_task".equals(phase) && isGraphNode(id))
                dummies.computeIfAbsent(outer(id), k -> new IntList()).add(r);
        }
        if (prepares.isEmpty()) return;
        Map<Long, IntList> nodeRows = new HashMap<>();
        for (int r = 0; r < tl.rows; r++) if (isGraphNode(tl.taskId[r]))
            nodeRows.computeIfAbsent(outer(tl.taskId[r]), k -> new IntList()).add(r);
        List<Object[]> inst = new ArrayList<>();
        IntList none = new IntList();
        for (Map.Entry<Long, IntList> e : prepares.entrySet()) {
            long outer = e.getKey();
            IntList rowsOf = nodeRows.get(outer);
            IntList dums = dummies.getOrDefault(outer, none);
            if ((rowsOf == null || rowsOf.size() == 0) && dums.size() == 0) continue;
            TreeSet<Long> nodes = new TreeSet<>();
            double exStart = Double.POSITIVE_INFINITY, exEnd = Double.NEGATIVE_INFINITY;
            if (rowsOf != null) for (int i = 0; i < rowsOf.size(); i++) {
                int r = rowsOf.get(i);
                nodes.add(tl.taskId[r] & 0x3FF);
                double st = tl.aicpuJoined && tl.dispatch[r] >= 0 ? tl.dispatch[r] : tl.receive[r];
                exStart = Math.min(exStart, st);
                exEnd = Math.max(exEnd, tl.finish[r] > 0 ? tl.finish[r] : tl.end[r]);
            }
            for (int i = 0; i < dums.size(); i++) {
                int d = dums.get(i);
                nodes.add(pt.taskId(d) & 0x3FF);
                exStart = Math.min(exStart, pt.startUs(d));
                exEnd = Math.max(exEnd, pt.endUs(d));
            }
            double pStart = Double.POSITIVE_INFINITY, pEnd = Double.NEGATIVE_INFINITY, pDur = 0.0;
            IntList preps = e.getValue();
            for (int i = 0; i < preps.size(); i++) {
                int p = preps.get(i);
                pStart = Math.min(pStart, pt.startUs(p));
                pEnd = Math.max(pEnd, pt.endUs(p));
                pDur += pt.endUs(p) - pt.startUs(p);
            }
            inst.add(new Object[] {outer, nodes.size(), nodes.first(), nodes.last(), preps.size(), pDur,
                exStart, exEnd, pStart, 0});
        }
        if (inst.isEmpty()) return;
        inst.sort((a, b) -> Double.compare((Double) a[8], (Double) b[8]));
        List<Double> laneFinish = new ArrayList<>();
        TreeSet<Integer> lanes = new TreeSet<>();
        for (Object[] in : inst) {
            double ps = (Double) in[8];
            int lane = -1;
            for (int l = 0; l < laneFinish.size(); l++) if (laneFinish.get(l) <= ps) { lane = l; break; }
            if (lane < 0) { laneFinish.add(0.0); lane = laneFinish.size() - 1; }
            laneFinish.set(lane, (Double) in[7]);
            in[9] = lane;
            lanes.add(lane);
        }
        pic.meta.add(MetaEvent.processName(PID_GRAPH, "Graph Execution"));
        pic.meta.add(MetaEvent.processSort(PID_GRAPH, 1));
        for (int l : lanes) pic.meta.add(MetaEvent.threadName(PID_GRAPH, 5000 + l, "Graph_" + l));
        for (Object[] in : inst) {
            graphInstances.add(in);
            slice(K_GRAPH, graphInstances.size() - 1, PID_GRAPH, 5000 + (Integer) in[9], (Double) in[8],
                (Double) in[7] - (Double) in[8], false);
        }
    }

    private static boolean isGraphNode(long id) { return ((id >>> 32) & 0xFFFFFFFFL) == 1; }

    private static long outer(long id) { return (id & 0xFFFFFFFFL) >>> 10; }

    // ================================================================== accessors for flow rules

    Timeline timeline() { return tl; }

    DepsProjection deps() { return deps; }

    TaskIndex index() { return ix; }

    TracePicture picture() { return pic; }

    ConvertStats stats() { return stats; }

    Consumer<String> verbose() { return verbose; }

    boolean hasAicpuData() { return hasAicpuData; }

    int workerSlice(int row) { return workerSlice[row]; }

    int svSlice(int row) { return svSlice[row]; }

    int svTid(int row) { return svTid[row]; }

    /** The phase records; a record ref is its row. */
    PhaseTable phases() { return pt; }

    int recordThread(int ref) { return recordThread[ref]; }

    int recordCount() { return pt.size(); }

    int[] completesOfThread(int t) { return threadCompletes.get(t); }

    int threadCount() { return threadCompletes.size(); }

    /** The picture slice of a phase/orchestrator record, or −1. */
    int sliceOfRecord(int ref) { return recordSlice == null ? -1 : recordSlice[ref]; }

    private int[] recordSlice;

    void indexRecordSlices() {
        recordSlice = new int[pt.size()];
        Arrays.fill(recordSlice, -1);
        for (int i = 0; i < pic.sliceCount(); i++) {
            byte k = sliceKind[i];
            if (k == K_PHASE || k == K_ORCH) recordSlice[sliceRef[i]] = i;
        }
    }

    /** AICPU anchors (marker/alloc slices) of a task, in creation order. */
    void anchors(long task, IntList out) {
        out.clear();
        int h = anchorHead.get(task);
        if (h < 0) return;
        // stored as a singly linked list in reverse; collect and reverse
        for (int i = h; i >= 0; i = anchorNext.get(i)) out.add(anchorSlice.get(i));
        for (int a = 0, b = out.size() - 1; a < b; a++, b--) { int x = out.get(a); out.set(a, out.get(b)); out.set(b, x); }
    }

    boolean hasAnchors(long task) { return anchorHead.get(task) >= 0; }

    private void addAnchor(long task, int slice) {
        int prev = anchorHead.get(task);
        anchorSlice.add(slice);
        anchorNext.add(prev);
        anchorHead.put(task, anchorSlice.size() - 1);
    }

    void overheadSample(String name, int tid, double ts, double value) {
        stats.overheadSamples++;
        overheadNames.add(name);
        overheadValues.add(new double[] {value});
        counter(C_OVERHEAD, overheadNames.size() - 1, PID_SCHED, tid, ts);
    }

    // ================================================================== SliceContent

    @Override
    public String sliceName(int i) {
        int ref = sliceRef[i];
        switch (sliceKind[i]) {
            case K_WORKER:
            case K_SCHED_VIEW:
                return Labels.taskName(funcId[ref], TaskIds.display(tl.taskId[ref]), ix.isSpmd(tl.taskId[ref]), names);
            case K_MARKER: {
                boolean idOk = pt.taskIdOk(ref);
                long id = pt.taskId(ref);
                String label = idOk ? TaskIds.display(id) : "unknown";
                if ("dummy_task".equals(pt.kind(ref))) return "dummy(" + label + ")";
                return Labels.taskName(idOk ? firstActiveKernel(id) : -1, label, idOk && ix.isSpmd(id), names);
            }
            case K_PHASE:
                return pt.kind(ref) + "(" + Labels.pyStr(tasksProcessedShown(ref)) + ")";
            case K_ORCH: {
                String phase = pt.kind(ref);
                String display = phase.startsWith("orch_") ? phase.replace("orch_", "") : phase;
                if (pt.taskIdNonNegative(ref)) return display + "(" + TaskIds.display(pt.taskId(ref)) + ")";
                return display + "(" + Labels.pyStr(pt.valueOr(ref, PhaseTable.SUBMIT_IDX, 0L)) + ")";
            }
            case K_ALLOC:
                return "alloc(" + TaskIds.display(pt.taskId(ref)) + ")";
            case K_GRAPH: {
                Object[] in = graphInstances.get(ref);
                return "GraphExecution(" + TaskIds.display((Long) in[0]) + ", " + in[1] + " visible nodes)";
            }
            case K_H2D: {
                Object p = tl.uploads.get(ref).phase;
                return p == JsonValues.ABSENT || p == JsonValues.NULL ? "upload" : Labels.pyStr(p);
            }
            default: throw new IllegalStateException();
        }
    }

    /** tasks_processed as shown: complete records without the key show the attributed row count. */
    private Object tasksProcessedShown(int ref) {
        if (!pt.has(ref, PhaseTable.TASKS_PROCESSED))
            return "complete".equals(pt.kind(ref)) ? (Object) (long) completeRows[ref] : (Object) 0L;
        return pt.value(ref, PhaseTable.TASKS_PROCESSED);
    }

    @Override
    public String sliceCategory(int i) {
        switch (sliceKind[i]) {
            case K_PHASE: return "scheduler";
            case K_ORCH: return "orchestrator";
            case K_GRAPH: return "graph_execution";
            case K_H2D: return "host_h2d";
            default: return "event";
        }
    }

    @Override
    public String sliceColor(int i) {
        switch (sliceKind[i]) {
            case K_PHASE: return PhaseStyle.schedulerColor(pt.kind(sliceRef[i]));
            case K_ORCH: return PhaseStyle.orchestratorColor(pt.kind(sliceRef[i]));
            case K_ALLOC: return "olive";
            case K_GRAPH: return "rail_animation";
            case K_H2D: return "thread_state_iowait";
            default: return null;
        }
    }

    private String eventHint(int row) {
        return "Task:" + TaskIds.display(tl.taskId[row]) + ", FuncId:" + funcId[row] + ", CoreId:" + tl.coreId[row];
    }

    @Override
    public void sliceArgs(int i, ArgSink a) {
        int ref = sliceRef[i];
        switch (sliceKind[i]) {
            case K_WORKER: {
                long t = tl.taskId[ref];
                a.str("event-hint", eventHint(ref));
                a.str("fanout-hint", fanoutHint(t));
                a.str("fanin-hint", faninHint(t));
                a.dbl("duration-us", tl.end[ref] - tl.receive[ref]);
                a.dbl("kernel-duration-us", tl.end[ref] - tl.start[ref]);
                a.dbl("local_setup_us", tl.localSetup[ref]);
                a.u64("taskId", t);
                break;
            }
            case K_SCHED_VIEW:
                a.str("event-hint", eventHint(ref));
                a.dbl("dispatch-time-us", tl.dispatch[ref]);
                a.dbl("finish-time-us", tl.finish[ref]);
                a.dbl("aicpu-duration-us", tl.finish[ref] - tl.dispatch[ref]);
                a.u64("taskId", tl.taskId[ref]);
                break;
            case K_MARKER: {
                a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
                if (pt.taskIdOk(ref)) a.u64("task_id", pt.taskId(ref)); else a.nul("task_id");
                a.str("event-hint", sliceName(i));
                if ("dummy_task".equals(pt.kind(ref))) a.str("phase", "dummy_task");
                else a.bool("predicated_pass", false);
                break;
            }
            case K_PHASE: {
                String phase = pt.kind(ref);
                a.str("phase", phase);
                a.raw("loop_iter", pt.valueOr(ref, PhaseTable.LOOP_ITER, 0L));
                a.raw("tasks_processed", tasksProcessedShown(ref));
                if (pt.depthsValid(ref)) {
                    a.raw("shared_at_start (aic,aiv,mix)", pt.value(ref, PhaseTable.SHARED_AT_START));
                    a.raw("shared_at_end (aic,aiv,mix)", pt.value(ref, PhaseTable.SHARED_AT_END));
                }
                if ("complete".equals(phase)) {
                    if (pt.has(ref, PhaseTable.TASKS_PROCESSED)) {
                        a.raw("finishes_processed", pt.value(ref, PhaseTable.TASKS_PROCESSED));
                        a.i64("finish_rows_attributed", completeRows[ref]);
                    } else a.i64("finishes_processed", completeRows[ref]);
                }
                break;
            }
            case K_ORCH: {
                a.str("phase", pt.kind(ref));
                a.raw("submit_idx", pt.valueOr(ref, PhaseTable.SUBMIT_IDX, 0L));
                a.raw("task_id", pt.valueOr(ref, PhaseTable.TASK_ID, -1L));
                break;
            }
            case K_ALLOC: {
                a.str("phase", "alloc");
                a.raw("task_id", pt.value(ref, PhaseTable.TASK_ID));
                a.str("event-hint", sliceName(i));
                break;
            }
            case K_GRAPH: {
                Object[] in = graphInstances.get(ref);
                a.u64("outer_task_id", (Long) in[0]);
                a.i64("visible_node_count", (Integer) in[1]);
                a.i64("visible_node_index_min", (Long) in[2]);
                a.i64("visible_node_index_max", (Long) in[3]);
                a.i64("prepare_slice_count", (Integer) in[4]);
                a.dbl("prepare_duration_us", (Double) in[5]);
                a.dbl("execution_start_us", (Double) in[6]);
                a.dbl("execution_duration_us", (Double) in[7] - (Double) in[6]);
                a.str("synthetic_id_layout", "ring1:(outer_task_id << 10) | node_index");
                break;
            }
            case K_H2D: {
                Object d = tl.uploads.get(ref).detail;
                a.raw("bytes", d == JsonValues.ABSENT ? 0L : d);
                break;
            }
            default: throw new IllegalStateException();
        }
    }

    private String fanoutHint(long t) {
        int p = deps.predOrdinal(t);
        if (p < 0) return "0: []";
        StringBuilder sb = new StringBuilder();
        sb.append(deps.succTo(p) - deps.succFrom(p)).append(": [");
        for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
            if (k > deps.succFrom(p)) sb.append(", ");
            sb.append(TaskIds.display(deps.succ(k)));
        }
        return sb.append(']').toString();
    }

    private String faninHint(long t) {
        int n = ix.predCountOf(t);
        StringBuilder sb = new StringBuilder();
        sb.append(n).append(": [");
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(", ");
            sb.append(TaskIds.display(ix.predOf(t, i)));
        }
        return sb.append(']').toString();
    }

    @Override
    public String counterName(int i) {
        return counterKind[i] == C_QUEUE ? "shared_ready_queue" : overheadNames.get(counterRef[i]);
    }

    @Override
    public String counterCategory(int i) { return counterKind[i] == C_QUEUE ? "queue" : "overhead"; }

    @Override
    public void counterArgs(int i, ArgSink a) {
        if (counterKind[i] == C_QUEUE) {
            List<?> e = (List<?>) pt.value(counterRef[i], PhaseTable.SHARED_AT_END);
            a.raw("AIC", e.get(0));
            a.raw("AIV", e.get(1));
            a.raw("MIX", e.get(2));
        } else {
            a.i64(overheadNames.get(counterRef[i]), (long) overheadValues.get(counterRef[i])[0]);
        }
    }

    /** Builds nothing; exposes the picture's flow adder to the flow rules. */
    void flow(FlowKind k, int srcPid, int srcTid, double srcTs, int srcSlice, boolean srcBind,
              int dstPid, int dstTid, double dstTs, int dstSlice, boolean dstBind, int in, int out) {
        pic.addFlow(k, srcPid, srcTid, srcTs, srcSlice, srcBind, dstPid, dstTid, dstTs, dstSlice, dstBind, in, out);
    }
}
