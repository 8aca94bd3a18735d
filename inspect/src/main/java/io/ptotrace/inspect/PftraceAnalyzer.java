package io.ptotrace.inspect;

import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.DebugAnnotationName;
import io.ptotrace.proto.EventCategory;
import io.ptotrace.proto.EventName;
import io.ptotrace.proto.InternedString;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import io.ptotrace.vocabulary.ArrowKind;
import io.ptotrace.vocabulary.FlowIds;
import io.ptotrace.vocabulary.TraceCategories;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a Perfetto protobuf trace the way the trace processor imports TrackEvents: events sorted by
 * (timestamp, file order); SLICE_BEGIN pushes on its track, SLICE_END closes the top slice, flow ids
 * bind to the slice the event begins, ends or (instant) is; a terminating flow id seen before its
 * flow began is dropped; with import marks, an event the sorter would hand on too late is dropped
 * ({@link ImportSorter}). Kinds come from ptotrace's flow-id encoding ({@link FlowIds}).
 */
final class PftraceAnalyzer {
    private static final byte B = 1, E = 2, I = 3, C = 4;
    private static final byte NOT_MARKER = 0, HB_MARKER = 1, OTHER_MARKER = 2;

    private final Summary sum;
    // tracks
    private final Map<Long, Integer> trackByUuid = new HashMap<>();
    private final List<String> trackLabel = new ArrayList<>();
    private final List<Boolean> trackIsCounter = new ArrayList<>();
    private final PacketTimes times = new PacketTimes();
    // interning per sequence
    private final Map<Integer, Map<Long, String>> categories = new HashMap<>();
    private final Map<Integer, LongIntMap> names = new HashMap<>();
    private final Map<Integer, IidSet> annotationNames = new HashMap<>(), stringValues = new HashMap<>();
    // events
    private final GrowableColumns.Bytes evType = new GrowableColumns.Bytes(), evMarker = new GrowableColumns.Bytes();
    private final GrowableColumns.Ints evTrack = new GrowableColumns.Ints(), evFlowStart = new GrowableColumns.Ints();
    private final GrowableColumns.Longs evTs = new GrowableColumns.Longs(), evPacket = new GrowableColumns.Longs();
    private final GrowableColumns.Longs flowId = new GrowableColumns.Longs();
    private final GrowableColumns.Bytes flowTerm = new GrowableColumns.Bytes();
    private long packets;
    private final ImportSorter sorter = new ImportSorter();

    PftraceAnalyzer(Summary sum) {
        this.sum = sum;
        sum.format = TraceInspector.Format.PFTRACE;
    }

    private int trackIndex(long uuid, long packet) {
        Integer t = trackByUuid.get(uuid);
        if (t != null) return t;
        sum.problem(
                Problem.Kind.BAD_TRACK,
                "packet #" + packet,
                "event on track uuid " + uuid + " that no TrackDescriptor declares");
        return declare(uuid, "uuid " + uuid, false);
    }

    private int declare(long uuid, String label, boolean counter) {
        Integer old = trackByUuid.get(uuid);
        if (old != null) {
            trackLabel.set(old, label);
            trackIsCounter.set(old, counter);
            return old;
        }
        int t = trackLabel.size();
        trackByUuid.put(uuid, t);
        trackLabel.add(label);
        trackIsCounter.add(counter);
        return t;
    }

    void packet(TracePacket p) {
        long pk = packets++;
        long ts = times.of(p);
        int seq = p.getTrustedPacketSequenceId();
        if ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE) != 0
                || p.getIncrementalStateCleared()) {
            categories.remove(seq);
            names.remove(seq);
            annotationNames.remove(seq);
            stringValues.remove(seq);
        }
        if (p.hasInternedData()) {
            Map<Long, String> cats = categories.computeIfAbsent(seq, k -> new HashMap<>());
            for (EventCategory c : p.getInternedData().getEventCategoriesList()) cats.put(c.getIid(), c.getName());
            LongIntMap nm = names.computeIfAbsent(seq, k -> new LongIntMap(1024));
            for (EventName n : p.getInternedData().getEventNamesList()) nm.put(n.getIid(), 1);
            if (p.getInternedData().getDebugAnnotationNamesCount() > 0) {
                IidSet an = annotationNames.computeIfAbsent(seq, k -> new IidSet());
                for (DebugAnnotationName n : p.getInternedData().getDebugAnnotationNamesList()) an.add(n.getIid());
            }
            if (p.getInternedData().getDebugAnnotationStringValuesCount() > 0) {
                IidSet sv = stringValues.computeIfAbsent(seq, k -> new IidSet());
                for (InternedString v : p.getInternedData().getDebugAnnotationStringValuesList()) sv.add(v.getIid());
            }
        }
        if (p.hasTrackDescriptor()) descriptor(p.getTrackDescriptor());
        if (p.hasServiceEvent()) {
            // the service's notes act on the sorter when read; the packet then waits in it like any other
            if (p.getServiceEvent().getAllDataSourcesFlushed()) sorter.flushed();
            if (p.getServiceEvent().getReadTracingBuffersCompleted()) sorter.readCompleted();
            if (p.hasTimestamp()) sorter.token(ts, -1);
        }
        if (p.hasTrackEvent()) event(p, seq, pk, ts);
    }

    private void descriptor(TrackDescriptor d) {
        if (d.hasThread()) {
            int pid = d.getThread().getPid(), tid = d.getThread().getTid();
            String name = d.getThread().hasThreadName() ? d.getThread().getThreadName() : null;
            sum.processes.putIfAbsent(pid, "");
            sum.thread(pid, tid, name);
            declare(d.getUuid(), "'" + (name == null ? "" : name) + "' (pid " + pid + " tid " + tid + ")", false);
        } else if (d.hasProcess()) {
            int pid = d.getProcess().getPid();
            if (d.getProcess().hasProcessName())
                sum.processes.put(pid, d.getProcess().getProcessName());
            else sum.processes.putIfAbsent(pid, "");
            declare(d.getUuid(), "process " + pid, false);
        } else if (d.hasCounter()) {
            sum.counterTracks++;
            declare(d.getUuid(), "counter '" + d.getName() + "'", true);
        } else {
            declare(d.getUuid(), "'" + d.getName() + "' (uuid " + d.getUuid() + ")", false);
        }
    }

    private void event(TracePacket p, int seq, long pk, long ts) {
        TrackEvent e = p.getTrackEvent();
        byte type;
        switch (e.getType()) {
            case TYPE_SLICE_BEGIN:
                type = B;
                break;
            case TYPE_SLICE_END:
                type = E;
                break;
            case TYPE_INSTANT:
                type = I;
                break;
            case TYPE_COUNTER:
                type = C;
                break;
            default:
                return; // legacy events: not written by ptotrace
        }
        int track = trackIndex(e.getTrackUuid(), pk);
        byte marker = NOT_MARKER;
        if (type == B || type == I) {
            String cat = null;
            if (e.getCategoryIidsCount() > 0) {
                Map<Long, String> cats = categories.get(seq);
                cat = cats == null ? null : cats.get(e.getCategoryIids(0));
                if (cat == null)
                    sum.problem(
                            Problem.Kind.UNKNOWN_IID,
                            where(pk, track, ts),
                            "category iid " + e.getCategoryIids(0) + " is not interned");
            } else if (e.getCategoriesCount() > 0) {
                cat = e.getCategories(0);
            }
            if (e.hasNameIid()) {
                LongIntMap nm = names.get(seq);
                if (nm == null || nm.get(e.getNameIid()) < 0) {
                    sum.problem(
                            Problem.Kind.UNKNOWN_IID,
                            where(pk, track, ts),
                            "name iid " + e.getNameIid() + " is not interned");
                }
            }
            for (DebugAnnotation a : e.getDebugAnnotationsList()) annotation(a, seq, pk, track, ts);
            if (TraceCategories.HB_VIOLATION.equals(cat)) marker = HB_MARKER;
            else if (TraceCategories.isMarker(cat)) marker = OTHER_MARKER;
        }
        if (type == C) {
            if (!trackIsCounter.get(track))
                sum.problem(
                        Problem.Kind.BAD_TRACK,
                        where(pk, track, ts),
                        "counter value on a track without a CounterDescriptor");
        }
        sorter.token(ts, evType.n);
        evType.add(type);
        evMarker.add(marker);
        evTrack.add(track);
        evTs.add(ts);
        evPacket.add(pk);
        evFlowStart.add(flowId.n);
        for (long id : e.getFlowIdsList()) {
            flowId.add(id);
            flowTerm.add((byte) 0);
        }
        for (long id : e.getFlowIdsOldList()) {
            flowId.add(id);
            flowTerm.add((byte) 0);
        }
        for (long id : e.getTerminatingFlowIdsList()) {
            flowId.add(id);
            flowTerm.add((byte) 1);
        }
        for (long id : e.getTerminatingFlowIdsOldList()) {
            flowId.add(id);
            flowTerm.add((byte) 1);
        }
    }

    /** An annotation's interned name and string value (at any depth of a list or dict) must have been interned before. */
    private void annotation(DebugAnnotation a, int seq, long pk, int track, long ts) {
        if (a.hasNameIid() && !known(annotationNames, seq, a.getNameIid()))
            sum.problem(
                    Problem.Kind.UNKNOWN_IID,
                    where(pk, track, ts),
                    "debug annotation name iid " + a.getNameIid() + " is not interned");
        if (a.hasStringValueIid() && !known(stringValues, seq, a.getStringValueIid()))
            sum.problem(
                    Problem.Kind.UNKNOWN_IID,
                    where(pk, track, ts),
                    "debug annotation string value iid " + a.getStringValueIid() + " is not interned");
        for (DebugAnnotation x : a.getArrayValuesList()) annotation(x, seq, pk, track, ts);
        for (DebugAnnotation x : a.getDictEntriesList()) annotation(x, seq, pk, track, ts);
    }

    private static boolean known(Map<Integer, IidSet> table, int seq, long iid) {
        IidSet s = table.get(seq);
        return s != null && s.contains(iid);
    }

    /** Interned ids seen: a bit per id for the small dense ids writers use, a map for the rest. */
    private static final class IidSet {
        private static final long DENSE = 1L << 28;
        private final java.util.BitSet dense = new java.util.BitSet();
        private final LongIntMap sparse = new LongIntMap(16);

        void add(long iid) {
            if (iid >= 0 && iid < DENSE) dense.set((int) iid);
            else sparse.put(iid, 1);
        }

        boolean contains(long iid) {
            return iid >= 0 && iid < DENSE ? dense.get((int) iid) : sparse.get(iid) >= 0;
        }
    }

    private String where(long packet, int track, long ts) {
        return "packet #" + packet + " track " + trackLabel.get(track) + " ts " + Summary.us(ts) + " us";
    }

    private String where(int ev) {
        return where(evPacket.a[ev], evTrack.a[ev], evTs.a[ev]);
    }

    void finish() {
        int n = evType.n;
        evFlowStart.add(flowId.n);
        int[] order = IndexSort.identity(n);
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) if (evTs.a[i] < evTs.a[i - 1]) sorted = false;
        if (!sorted) IndexSort.sortByKey(order, e -> evTs.a[e]);
        sorter.end();
        int tracks = trackLabel.size();
        int[][] stacks = new int[tracks][];
        int[] sp = new int[tracks];
        LongIntMap active = new LongIntMap(1024); // flow id → bound begin event; -2 once terminated
        LongIntMap early = new LongIntMap(64); // terminated before begun → that event; -2 once reported
        for (int i = 0; i < n; i++) {
            int e = order[i];
            int tr = evTrack.a[e];
            long ts = evTs.a[e];
            Long handedOn = sorter.droppedAfter(e);
            if (handedOn != null) {
                int flows = evFlowStart.a[e + 1] - evFlowStart.a[e];
                sum.problem(
                        Problem.Kind.SORTER_DROPPED,
                        where(e),
                        (evType.a[e] == C ? "counter value" : evType.a[e] == E ? "slice end" : "slice")
                                + (flows > 0 ? " with " + flows + " flow id(s)" : "") + " is older than the event at "
                                + Summary.us(handedOn)
                                + " us the sorter already handed on at an import mark: Perfetto drops it");
                continue;
            }
            sum.span(ts);
            int bound;
            switch (evType.a[e]) {
                case B:
                    if (stacks[tr] == null) stacks[tr] = new int[16];
                    if (sp[tr] == stacks[tr].length) stacks[tr] = java.util.Arrays.copyOf(stacks[tr], sp[tr] * 2);
                    stacks[tr][sp[tr]++] = e;
                    bound = e;
                    countSlice(e);
                    break;
                case E:
                    if (sp[tr] == 0) {
                        sum.problem(
                                Problem.Kind.UNMATCHED_SLICE_END,
                                where(e),
                                "SLICE_END with no open slice on its track");
                        bound = -1;
                    } else {
                        bound = stacks[tr][--sp[tr]];
                    }
                    break;
                case I:
                    bound = e;
                    countSlice(e);
                    break;
                default:
                    sum.counterSamples++;
                    continue;
            }
            for (int f = evFlowStart.a[e]; f < evFlowStart.a[e + 1]; f++) {
                long id = flowId.a[f];
                if (bound < 0) {
                    sum.problem(
                            Problem.Kind.FLOW_END_UNBOUND,
                            where(e),
                            "flow " + id + " on an event with no slice: dropped");
                    continue;
                }
                if (flowTerm.a[f] == 0) {
                    if (early.get(id) >= 0) {
                        countFlow(id);
                        sum.problem(
                                Problem.Kind.FLOW_END_BEFORE_START,
                                where(early.get(id)),
                                "flow " + id + " (" + kindName(id) + ") is terminated before it begins at " + where(e)
                                        + ": dropped");
                        early.put(id, -2);
                        continue;
                    }
                    if (active.get(id) >= 0) countFlow(id); // a step: the trace processor adds a row and goes on
                    active.put(id, bound);
                } else {
                    int from = active.get(id);
                    if (from >= 0) {
                        countFlow(id);
                        sum.flowsShown++;
                        active.put(id, -2);
                    } else if (from == -2) {
                        sum.problem(Problem.Kind.DANGLING_FLOW_END, where(e), "flow " + id + " terminated twice");
                    } else if (early.get(id) == -1) {
                        early.put(id, e);
                    }
                }
            }
        }
        for (int t = 0; t < tracks; t++) {
            for (int q = 0; q < sp[t]; q++) {
                sum.problem(Problem.Kind.UNTERMINATED_SLICE, where(stacks[t][q]), "SLICE_BEGIN never ended");
            }
        }
        // flows still open, or terminated and never begun
        for (int f = 0; f < flowId.n; f++) {
            long id = flowId.a[f];
            if (flowTerm.a[f] == 0 && active.get(id) >= 0) {
                sum.problem(
                        Problem.Kind.UNTERMINATED_FLOW,
                        where(active.get(id)),
                        "flow " + id + " (" + kindName(id) + ") is never terminated");
                active.put(id, -2);
            } else if (flowTerm.a[f] == 1 && early.get(id) >= 0) {
                sum.problem(
                        Problem.Kind.DANGLING_FLOW_END,
                        where(early.get(id)),
                        "flow " + id + " is terminated but never begins");
                early.put(id, -2);
            }
        }
    }

    private void countSlice(int e) {
        byte m = evMarker.a[e];
        if (m == NOT_MARKER) sum.slices++;
        else {
            sum.markerSlices++;
            if (m == HB_MARKER) sum.hbMarkers++;
        }
    }

    private void countFlow(long id) {
        sum.flows++;
        sum.flowsByKind.merge(kindName(id), 1L, Long::sum);
        if (FlowIds.kindOf(id) == ArrowKind.HB_VIOLATION) sum.hbViolations++;
    }

    private static String kindName(long id) {
        ArrowKind k = FlowIds.kindOf(id);
        return k == null ? "unknown" : k.eventName;
    }
}
