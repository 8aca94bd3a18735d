package io.ptotrace.convert;

import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.SecondThread;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The arrows: dependencies in the Worker and Scheduler views (hb_violation where the consumer starts
 * before its producer ends), completions, complete→ready, dispatches and submit→dispatch.
 */
final class FlowRules {
    private final Timeline tl;
    private final DepsProjection deps;
    private final TaskIndex ix;
    private final TracePicture pic;
    private final ProcessLayout lay;
    private final int firstSlice; // the slices this run drew start here
    private final ConvertStats stats;
    private final Consumer<String> verbose;
    private final SliceTables slices;
    private final PhaseTable pt; // phase records by ref (= row)
    private final IntList predA = new IntList(), succA = new IntList();
    /** Whether the completion arrows are drawn on a thread of their own beside the dependency arrows. */
    private final boolean completionsBeside;

    FlowRules(
            Timeline tl,
            DepsProjection deps,
            TaskIndex ix,
            TracePicture pic,
            ProcessLayout lay,
            int firstSlice,
            ConvertStats stats,
            Consumer<String> verbose,
            SliceTables slices,
            boolean completionsBeside) {
        this.tl = tl;
        this.deps = deps;
        this.ix = ix;
        this.pic = pic;
        this.lay = lay;
        this.firstSlice = firstSlice;
        this.stats = stats;
        this.verbose = verbose;
        this.slices = slices;
        this.pt = tl.phases;
        this.completionsBeside = completionsBeside;
    }

    void emitAll() {
        boolean sched = tl.schedulerPhases != null;
        boolean completions = sched && tl.coreToThread.length > 0;
        // the completion arrows read only what is drawn already: with a second core they are drawn beside the
        // dependency arrows and join the picture after them, in the order they would have had
        SecondThread<HeldArrows> beside = completions && completionsBeside
                ? SecondThread.start("completion-arrows", () -> {
                    HeldArrows held = new HeldArrows();
                    completeFlows(held);
                    return held;
                })
                : null;
        // dependency arrows are drawn once per run, between rows of that run
        for (long e : new java.util.ArrayList<>(ix.epochs())) {
            ix.useEpoch(e);
            workerDependencies();
            if (slices.hasAicpuData()) schedulerDependencies();
        }
        // the dispatch and submission arrows' lookups read only drawn slices: they are made while the completion
        // arrows may still be drawn beside (this thread would wait for them), the arrows drawn after those
        boolean dispatches = sched && slices.hasAicpuData();
        int[] coreThread = dispatches ? coreThreadMap() : null;
        int[] dispatchSlice = dispatches ? dispatchSlices(coreThread) : null;
        LongIntMap claim = dispatches && tl.orchestratorPhases != null ? claims() : null;
        if (beside != null) beside.joinUnchecked().addTo(pic);
        else if (completions) completeFlows(pic::addFlow);
        if (dispatches) {
            dispatchFlows(coreThread, dispatchSlice);
            if (claim != null) submitFlows(coreThread, dispatchSlice, claim);
        }
    }

    private static int schedTid(int t) {
        return 30000 + 10 * t;
    }

    private static int coreTid(int core) {
        return 10000 + 10 * core;
    }

    // ------------------------------------------------------------------ Worker View dependencies

    private void workerDependencies() {
        IntList pAnch = new IntList(), sAnch = new IntList();
        for (int p = 0; p < deps.predCount(); p++) {
            long pred = deps.pred(p);
            int pg = ix.group(pred);
            boolean pKernel = pg >= 0;
            if (!pKernel && !slices.hasAnchors(pred)) continue;
            boolean pIsSlice = !pKernel;
            if (pKernel) ix.workerAnchors(pg, pAnch);
            else slices.anchors(pred, pAnch);
            int out = ix.fanCount(pred);
            for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
                long succ = deps.succ(k);
                int sg = ix.group(succ);
                boolean sKernel = sg >= 0;
                if (!sKernel && !slices.hasAnchors(succ)) {
                    stats.missingSuccessors++;
                    verbose.accept("Warning: Task " + tl.label(pred) + " (raw " + Long.toUnsignedString(pred)
                            + ") references non-existent successor " + tl.label(succ) + " (raw "
                            + Long.toUnsignedString(succ) + ")");
                    continue;
                }
                if (sKernel) ix.workerAnchors(sg, sAnch);
                else slices.anchors(succ, sAnch);
                int in = ix.fanCount(succ);
                for (int i = 0; i < pAnch.size(); i++) {
                    int pa = pAnch.get(i);
                    int pSlice = pIsSlice ? pa : slices.workerSlice(pa);
                    double pStart = pic.sliceTs(pSlice);
                    double pEnd = pIsSlice ? pic.sliceTs(pa) + pic.sliceDur(pa) : tl.end[pa];
                    for (int j = 0; j < sAnch.size(); j++) {
                        int sa = sAnch.get(j);
                        int sSlice = sKernel ? slices.workerSlice(sa) : sa;
                        double dst = pic.sliceTs(sSlice);
                        boolean hb = pEnd > dst;
                        stats.workerPairs++;
                        if (hb) {
                            stats.workerViolations++;
                            stats.offer("Worker View", pic::sliceName, pSlice, sSlice, pEnd - dst);
                        }
                        pic.addFlow(
                                hb ? FlowKind.HB_VIOLATION : FlowKind.DEPENDENCY,
                                lay.worker(),
                                pic.sliceTid(pSlice),
                                pStart,
                                pSlice,
                                true,
                                lay.worker(),
                                pic.sliceTid(sSlice),
                                dst,
                                sSlice,
                                true,
                                in,
                                out);
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ Scheduler View dependencies

    private void schedulerDependencies() {
        IntList pAnch = new IntList(), sAnch = new IntList();
        for (int p = 0; p < deps.predCount(); p++) {
            long pred = deps.pred(p);
            int pg = ix.group(pred);
            if (pg < 0) continue;
            ix.schedulerAnchors(pg, pAnch);
            int out = ix.fanCount(pred);
            for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
                long succ = deps.succ(k);
                int sg = ix.group(succ);
                if (sg < 0) continue;
                ix.schedulerAnchors(sg, sAnch);
                int in = ix.fanCount(succ);
                for (int i = 0; i < pAnch.size(); i++) {
                    int pr = pAnch.get(i);
                    if (tl.dispatch[pr] < 0 || tl.finish[pr] <= 0) continue;
                    for (int j = 0; j < sAnch.size(); j++) {
                        int sr = sAnch.get(j);
                        if (tl.dispatch[sr] < 0 || tl.finish[sr] <= 0) continue;
                        boolean hb = tl.finish[pr] > tl.dispatch[sr];
                        stats.schedulerPairs++;
                        if (hb) {
                            stats.schedulerViolations++;
                            stats.offer(
                                    "Scheduler View",
                                    pic::sliceName,
                                    slices.svSlice(pr),
                                    slices.svSlice(sr),
                                    tl.finish[pr] - tl.dispatch[sr]);
                        }
                        pic.addFlow(
                                hb ? FlowKind.HB_VIOLATION : FlowKind.DEPENDENCY,
                                lay.schedulerView(),
                                slices.svTid(pr),
                                tl.dispatch[pr],
                                slices.svSlice(pr),
                                true,
                                lay.schedulerView(),
                                slices.svTid(sr),
                                tl.dispatch[sr],
                                slices.svSlice(sr),
                                true,
                                in,
                                out);
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ completions

    private void completeFlows(ArrowSink out) {
        int nTasks = ix.tasks.length;
        int[] attributedTo = new int[nTasks];
        java.util.Arrays.fill(attributedTo, -1);
        IntList wAnch = new IntList(), sAnch = new IntList();
        // attribution + inbound complete flows
        for (int g = 0; g < nTasks; g++) {
            int last = -1;
            for (int r = ix.rowFrom[g]; r < ix.rowTo[g]; r++) {
                if (!(tl.finish[r] > 0)) continue; // a row without a finish was never completed
                if (last < 0 || tl.finish[r] > tl.finish[last]) last = r;
            }
            if (last < 0) continue;
            ix.workerAnchors(g, wAnch);
            if (wAnch.size() == 0) continue;
            int thr = slices.threadOfCore(tl.coreId[last]);
            if (thr < 0) continue;
            double f = tl.finish[last];
            int c = slices.completeFor(thr, f);
            if (c < 0) continue;
            attributedTo[g] = c;
            double cStart = pt.startUs(c), cEnd = pt.endUs(c);
            int owner = slices.recordThread(c);
            double dstTs = cStart <= f && f <= cEnd ? f : cStart;
            int dstSlice = slices.sliceOfRecord(c);
            for (int i = 0; i < wAnch.size(); i++) {
                int r = wAnch.get(i);
                out.arrow(
                        FlowKind.COMPLETE,
                        lay.worker(),
                        coreTid(tl.coreId[r]),
                        tl.end[r] - 0.01,
                        slices.workerSlice(r),
                        true,
                        lay.scheduler(),
                        schedTid(owner),
                        dstTs,
                        dstSlice,
                        false,
                        -1,
                        -1);
            }
            ix.schedulerAnchors(g, sAnch);
            for (int i = 0; i < sAnch.size(); i++) {
                int r = sAnch.get(i);
                if (!(tl.finish[r] > 0)) continue;
                out.arrow(
                        FlowKind.COMPLETE,
                        lay.schedulerView(),
                        slices.svTid(r),
                        tl.finish[r] - 0.01,
                        slices.svSlice(r),
                        true,
                        lay.scheduler(),
                        schedTid(owner),
                        dstTs,
                        dstSlice,
                        false,
                        -1,
                        -1);
            }
        }
        if (!deps.edgesLoaded()) return;

        // complete→ready: consumers become ready when the complete resolving their last producer runs
        int refs = pt.size();
        IntList[] tasksOf = new IntList[refs];
        for (int g = 0; g < nTasks; g++) {
            int c = attributedTo[g];
            if (c < 0) continue;
            if (tasksOf[c] == null) tasksOf[c] = new IntList(2);
            tasksOf[c].add(g);
        }
        IntList all = new IntList();
        for (int t = 0; t < slices.threadCount(); t++) for (int c : slices.completesOfThread(t)) all.add(c);
        int[] order = all.toArray();
        // stable by (end, thread index): completesOfThread is ordered by thread already
        IndexSort.sortByKey(order, 0, order.length, x -> IndexSort.doubleKey(pt.endUs(x)), slices::recordThread);
        java.util.Map<Long, LongIntMap> satisfiedByRun = new java.util.HashMap<>();
        for (int c : order) {
            IntList ts = tasksOf[c];
            if (ts == null) continue;
            double cEnd = pt.endUs(c);
            int cThread = slices.recordThread(c);
            for (int i = 0; i < ts.size(); i++) {
                long task = ix.tasks[ts.get(i)];
                long run = ix.epochOfGroup[ts.get(i)];
                LongIntMap satisfied = satisfiedByRun.computeIfAbsent(run, k -> new LongIntMap(1024));
                int p = deps.predOrdinal(task);
                if (p < 0) continue;
                for (int k = deps.succFrom(p); k < deps.succTo(p); k++) {
                    long cons = deps.succ(k);
                    int sat = satisfied.get(cons);
                    sat = sat < 0 ? 1 : sat + 1;
                    satisfied.put(cons, sat);
                    if (sat != ix.predCountOf(cons)) continue;
                    int cg = ix.group(run, cons);
                    if (cg < 0) continue;
                    int best = -1;
                    for (int r = ix.rowFrom[cg]; r < ix.rowTo[cg]; r++) {
                        if (tl.dispatch[r] < 0) continue;
                        if (best < 0 || tl.dispatch[r] < tl.dispatch[best]) best = r;
                    }
                    if (best < 0) continue;
                    int core = tl.coreId[best];
                    if (core < 0 || core >= tl.coreToThread.length || tl.coreToThread[core] < 0) continue;
                    int thr = tl.coreToThread[core];
                    double d = tl.dispatch[best];
                    if (d < cEnd) continue;
                    double srcTs = cEnd - 0.01;
                    out.arrow(
                            FlowKind.COMPLETE_READY,
                            lay.scheduler(),
                            schedTid(cThread),
                            srcTs,
                            slices.sliceOfRecord(c),
                            false,
                            lay.scheduler(),
                            schedTid(thr),
                            d,
                            enclosing(lay.scheduler(), schedTid(thr), d),
                            false,
                            -1,
                            -1);
                }
            }
        }
    }

    // ------------------------------------------------------------------ dispatches

    private int[] coreThreadMap() {
        int maxCore = -1;
        for (int r = 0; r < tl.rows; r++) maxCore = Math.max(maxCore, tl.coreId[r]);
        int[] map = new int[Math.max(maxCore + 1, tl.coreToThread.length)];
        java.util.Arrays.fill(map, -1);
        if (tl.coreToThread.length > 0) {
            int n = 0;
            for (int c = 0; c < tl.coreToThread.length; c++)
                if (tl.coreToThread[c] >= 0) {
                    map[c] = tl.coreToThread[c];
                    n++;
                }
            verbose.accept("  Core-to-thread mapping: " + n + " cores (from perf JSON)");
            return map;
        }
        // voting
        List<PhaseTable.Lane> sched = tl.schedulerPhases;
        Map<Integer, Map<Integer, Integer>> votes = new HashMap<>();
        Map<Integer, List<Integer>> firstVoteOrder = new HashMap<>();
        double[][] dStart = new double[sched.size()][], dEnd = new double[sched.size()][];
        for (int t = 0; t < sched.size(); t++) {
            IntList idx = new IntList();
            PhaseTable.Lane lane = sched.get(t);
            for (int r = lane.from; r < lane.to; r++) if ("dispatch".equals(pt.kind(r))) idx.add(r);
            dStart[t] = new double[idx.size()];
            dEnd[t] = new double[idx.size()];
            for (int k = 0; k < idx.size(); k++) {
                dStart[t][k] = pt.startUs(idx.get(k));
                dEnd[t][k] = pt.endUs(idx.get(k));
            }
        }
        for (int r = 0; r < tl.rows; r++) {
            if (tl.dispatch[r] < 0) continue;
            double d = tl.dispatch[r];
            for (int t = 0; t < sched.size(); t++) {
                for (int k = 0; k < dStart[t].length; k++) {
                    if (dStart[t][k] <= d && d <= dEnd[t][k]) {
                        int core = tl.coreId[r];
                        Map<Integer, Integer> v = votes.computeIfAbsent(core, x -> new HashMap<>());
                        if (!v.containsKey(t))
                            firstVoteOrder
                                    .computeIfAbsent(core, x -> new java.util.ArrayList<>())
                                    .add(t);
                        v.merge(t, 1, Integer::sum);
                        break;
                    }
                }
            }
        }
        int n = 0;
        for (Map.Entry<Integer, List<Integer>> e : firstVoteOrder.entrySet()) {
            int core = e.getKey();
            int best = -1, bestVotes = -1;
            for (int t : e.getValue()) {
                int v = votes.get(core).get(t);
                if (v > bestVotes) {
                    best = t;
                    bestVotes = v;
                }
            }
            if (core >= 0 && core < map.length) {
                map[core] = best;
                n++;
            }
        }
        verbose.accept("  Core-to-thread mapping: " + n + " cores (inferred via voting)");
        return map;
    }

    private static int threadOf(int[] map, int core) {
        return core >= 0 && core < map.length ? map[core] : -1;
    }

    /** The scheduler slice each row's dispatch lies in (−1 for none), for its dispatch and submission arrows. */
    private int[] dispatchSlices(int[] coreThread) {
        int[] dispatchSlice = new int[tl.rows];
        for (int r = 0; r < tl.rows; r++) {
            int t = tl.dispatch[r] < 0 ? -1 : threadOf(coreThread, tl.coreId[r]);
            dispatchSlice[r] = t < 0 ? -1 : enclosing(lay.scheduler(), schedTid(t), tl.dispatch[r]);
        }
        return dispatchSlice;
    }

    private void dispatchFlows(int[] coreThread, int[] dispatchSlice) {
        for (int r = 0; r < tl.rows; r++) {
            if (tl.dispatch[r] < 0) continue;
            int t = threadOf(coreThread, tl.coreId[r]);
            if (t < 0) continue;
            double d = tl.dispatch[r];
            int src = dispatchSlice[r];
            pic.addFlow(
                    FlowKind.DISPATCH,
                    lay.scheduler(),
                    schedTid(t),
                    d,
                    src,
                    false,
                    lay.worker(),
                    coreTid(tl.coreId[r]),
                    tl.start[r],
                    slices.workerSlice(r),
                    false,
                    -1,
                    -1);
            if (slices.svSlice(r) >= 0) // only to a Scheduler View slice: a leg to no slice would be an unbound arrow
            pic.addFlow(
                        FlowKind.DISPATCH,
                        lay.scheduler(),
                        schedTid(t),
                        d,
                        src,
                        false,
                        lay.schedulerView(),
                        slices.svTid(r),
                        d,
                        slices.svSlice(r),
                        true,
                        -1,
                        -1);
        }
    }

    // ------------------------------------------------------------------ submissions

    /**
     * The record whose arrow goes to each task's dispatch, as ref << 2 | kind: the task's first submit, else its first
     * fan-in or params step; null when there are none to draw (refs stay below 2^29: a phase table that long would
     * need tens of gigabytes of heap).
     */
    private LongIntMap claims() {
        Map<String, Object> tm = tl.timelineMetadata;
        if ("host".equals(tl.orchestratorSource)
                && tm != null
                && !Boolean.TRUE.equals(tm.get("cross_domain_latency_available"))) return null;
        LongIntMap claim = new LongIntMap(1024);
        int refs = pt.size();
        for (int ref = 0; ref < refs; ref++) {
            if (slices.sliceOfRecord(ref) < 0 || !isOrch(ref) || !pt.taskIdNonNegative(ref)) continue;
            long task = pt.taskId(ref);
            String phase = pt.kind(ref);
            int cur = claim.get(task);
            if ("orch_submit".equals(phase)) {
                if (cur >= 0 && (cur & 3) == SUBMIT) continue;
                claim.put(task, ref << 2 | SUBMIT);
            } else if ("orch_fanin".equals(phase) && cur < 0) claim.put(task, ref << 2 | FANIN);
            else if ("orch_params".equals(phase) && cur < 0) claim.put(task, ref << 2 | PARAMS);
        }
        return claim.size() == 0 ? null : claim;
    }

    private void submitFlows(int[] coreThread, int[] dispatchSlice, LongIntMap claim) {
        for (int r = 0; r < tl.rows; r++) {
            if (tl.dispatch[r] < 0) continue;
            int t = threadOf(coreThread, tl.coreId[r]);
            if (t < 0) continue;
            int c = claim.get(tl.taskId[r]);
            if (c < 0) continue;
            int ref = c >>> 2;
            int o = slices.recordThread(ref);
            double d = tl.dispatch[r];
            pic.addFlow(
                    CLAIM_KINDS[c & 3],
                    lay.orchestrator(),
                    4000 + o,
                    pt.endUs(ref),
                    slices.sliceOfRecord(ref),
                    false,
                    lay.scheduler(),
                    schedTid(t),
                    d,
                    dispatchSlice[r],
                    false,
                    -1,
                    -1);
        }
    }

    private static final int SUBMIT = 0, FANIN = 1, PARAMS = 2;
    private static final FlowKind[] CLAIM_KINDS = {
        FlowKind.SUBMIT_DISPATCH, FlowKind.FANIN_DISPATCH, FlowKind.PARAMS_DISPATCH
    };

    private boolean isOrch(int ref) {
        return pic.slicePid(slices.sliceOfRecord(ref)) == lay.orchestrator();
    }

    // ------------------------------------------------------------------ binding

    /**
     * The scheduler and orchestrator slices grouped by track and sorted by start (track t at [from[t], from[t + 1])),
     * starts and ends side by side so the search reads contiguous memory.
     */
    private record SliceTracks(LongIntMap of, int[] from, int[] slice, double[] start, double[] end) {}

    /** Built at the first lookup, from the slices drawn by then; the completion arrows drawn beside look up too. */
    private volatile SliceTracks tracks;

    /** The slice on (pid, tid) that encloses ts (innermost by latest start), or −1. */
    int enclosing(int pid, int tid, double ts) {
        SliceTracks x = tracks;
        if (x == null) x = tracks();
        int t = x.of().get(((long) pid << 32) | tid);
        if (t < 0) return -1;
        int[] from = x.from();
        int first = from[t], lo = first, hi = from[t + 1];
        double[] start = x.start(), end = x.end();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] <= ts) lo = mid + 1;
            else hi = mid;
        }
        for (int k = lo - 1; k >= first && k >= lo - 8; k--) if (end[k] >= ts) return x.slice()[k];
        return -1;
    }

    private synchronized SliceTracks tracks() {
        if (tracks == null) tracks = indexTracks();
        return tracks;
    }

    private SliceTracks indexTracks() {
        LongIntMap trackOf = new LongIntMap(64);
        int n = pic.sliceCount() - firstSlice;
        int[] trackOfSlice = new int[n];
        for (int k = 0; k < n; k++) {
            int i = firstSlice + k, p = pic.slicePid(i);
            if (p != lay.scheduler() && p != lay.orchestrator()) {
                trackOfSlice[k] = -1;
                continue;
            }
            int t = trackOf.putIfAbsent(((long) p << 32) | pic.sliceTid(i), trackOf.size());
            trackOfSlice[k] = t < 0 ? trackOf.size() - 1 : t;
        }
        int count = trackOf.size();
        int[] trackFrom = new int[count + 1];
        int from = firstSlice;
        int[] trackSlice = IndexSort.groupedSortByKey(
                n, count, s -> trackOfSlice[s], s -> IndexSort.doubleKey(pic.sliceTs(from + s)), null, trackFrom);
        for (int k = 0; k < trackSlice.length; k++) trackSlice[k] += from;
        double[] sliceStart = new double[trackSlice.length], sliceEnd = new double[trackSlice.length];
        for (int k = 0; k < trackSlice.length; k++) {
            sliceStart[k] = pic.sliceTs(trackSlice[k]);
            sliceEnd[k] = pic.sliceTs(trackSlice[k]) + pic.sliceDur(trackSlice[k]);
        }
        return new SliceTracks(trackOf, trackFrom, trackSlice, sliceStart, sliceEnd);
    }
}
