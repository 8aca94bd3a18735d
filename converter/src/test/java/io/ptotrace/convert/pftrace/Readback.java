package io.ptotrace.convert.pftrace;

import io.ptotrace.inspect.PacketTimes;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.DebugAnnotationName;
import io.ptotrace.proto.EventCategory;
import io.ptotrace.proto.EventName;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a .pftrace back with the generated classes and imports it the way the trace processor does. */
final class Readback {
    static final class Slice {
        long track;
        String name, category;
        long ts, dur = -1;
        int depth;
        Slice parent;
        final Map<String, Object> args = new LinkedHashMap<>();

        @Override
        public String toString() {
            return name + "@" + ts + "+" + dur + " track " + track;
        }
    }

    static final class Flow {
        long id;
        Slice out, in;
    }

    final Map<Long, TrackDescriptor> tracks = new LinkedHashMap<>();
    final List<Slice> slices = new ArrayList<>();
    final List<long[]> counters = new ArrayList<>(); // {track, ts}
    final List<Double> counterValues = new ArrayList<>();
    final List<Flow> flows = new ArrayList<>();
    final List<String> errors = new ArrayList<>();
    final Map<Long, Integer> flowIdsSeen = new HashMap<>(), terminatingSeen = new HashMap<>();
    /** How often each category and annotation name was interned. */
    final Map<String, Integer> categoryEntries = new HashMap<>(), annotationNameEntries = new HashMap<>();

    int packets;

    Readback(byte[] data) throws Exception {
        Trace trace = PlainTrace.of(data);
        Map<Long, String> names = new HashMap<>(), cats = new HashMap<>(), anames = new HashMap<>();
        strings = new HashMap<>();
        List<Object[]> events = new ArrayList<>();
        long lastTs = Long.MIN_VALUE;
        PacketTimes times = new PacketTimes();
        for (TracePacket p : trace.getPacketList()) {
            packets++;
            long ts = times.of(p);
            if (p.getTrustedPacketSequenceId() != PftraceConventions.SEQUENCE_ID) errors.add("sequence id");
            if ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE) != 0) {
                names.clear();
                cats.clear();
                anames.clear();
                strings.clear();
            }
            if (p.hasInternedData()) {
                if ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE) == 0)
                    errors.add("interned data without flag");
                for (EventName n : p.getInternedData().getEventNamesList()) names.put(n.getIid(), n.getName());
                for (EventCategory n : p.getInternedData().getEventCategoriesList()) {
                    cats.put(n.getIid(), n.getName());
                    categoryEntries.merge(n.getName(), 1, Integer::sum);
                }
                for (DebugAnnotationName n : p.getInternedData().getDebugAnnotationNamesList()) {
                    anames.put(n.getIid(), n.getName());
                    annotationNameEntries.merge(n.getName(), 1, Integer::sum);
                }
                for (io.ptotrace.proto.InternedString n : p.getInternedData().getDebugAnnotationStringValuesList()) {
                    strings.put(n.getIid(), n.getStr().toStringUtf8());
                }
            }
            if (p.hasTrackDescriptor()) {
                if (tracks.put(p.getTrackDescriptor().getUuid(), p.getTrackDescriptor()) != null)
                    errors.add("duplicate uuid");
            }
            if (p.hasTrackEvent()) {
                TrackEvent e = p.getTrackEvent();
                if (!tracks.containsKey(e.getTrackUuid())) errors.add("event before its track descriptor");
                if (ts < lastTs) errors.add("packets not in time order");
                lastTs = ts;
                Slice s = null;
                if (e.getType() == TrackEvent.Type.TYPE_SLICE_BEGIN) {
                    s = new Slice();
                    s.track = e.getTrackUuid();
                    s.ts = ts;
                    s.name = e.hasNameIid() ? names.get(e.getNameIid()) : e.getName();
                    if (s.name == null) errors.add("unknown name iid " + e.getNameIid());
                    if (e.getCategoryIidsCount() > 0) s.category = cats.get(e.getCategoryIids(0));
                    for (DebugAnnotation a : e.getDebugAnnotationsList()) {
                        String k = a.hasNameIid() ? anames.get(a.getNameIid()) : a.getName();
                        if (k == null) errors.add("unknown annotation name iid");
                        s.args.put(k, value(a));
                    }
                }
                for (long id : flowIds(e)) flowIdsSeen.merge(id, 1, Integer::sum);
                for (long id : terminatingFlowIds(e)) terminatingSeen.merge(id, 1, Integer::sum);
                events.add(new Object[] {p, s, ts});
            }
        }
        // import like the trace processor: (ts, file order); B pushes, E pops and closes.
        events.sort((a, b) -> Long.compare((Long) a[2], (Long) b[2]));
        Map<Long, Deque<Slice>> stacks = new HashMap<>();
        Map<Long, Slice> active = new HashMap<>();
        for (Object[] o : events) {
            TracePacket p = (TracePacket) o[0];
            long ts = (Long) o[2];
            TrackEvent e = p.getTrackEvent();
            Deque<Slice> st = stacks.computeIfAbsent(e.getTrackUuid(), k -> new ArrayDeque<>());
            Slice bound;
            switch (e.getType()) {
                case TYPE_SLICE_BEGIN:
                    bound = (Slice) o[1];
                    bound.depth = st.size();
                    bound.parent = st.peek();
                    st.push(bound);
                    slices.add(bound);
                    break;
                case TYPE_SLICE_END:
                    bound = st.poll();
                    if (bound == null) {
                        errors.add("end without begin");
                        continue;
                    }
                    bound.dur = ts - bound.ts;
                    break;
                case TYPE_COUNTER:
                    counters.add(new long[] {e.getTrackUuid(), ts});
                    counterValues.add(e.hasCounterValue() ? (double) e.getCounterValue() : e.getDoubleCounterValue());
                    continue;
                default:
                    errors.add("unexpected type " + e.getType());
                    continue;
            }
            for (long id : flowIds(e)) {
                if (active.containsKey(id)) errors.add("flow id begun twice " + id);
                active.put(id, bound);
            }
            for (long id : terminatingFlowIds(e)) {
                Slice from = active.remove(id);
                if (from == null) {
                    errors.add("flow " + id + " terminated before it began (dropped)");
                    continue;
                }
                Flow f = new Flow();
                f.id = id;
                boolean swap = from.ts > bound.ts; // the trace processor orients rows by slice start
                f.out = swap ? bound : from;
                f.in = swap ? from : bound;
                flows.add(f);
            }
        }
        for (Deque<Slice> st : stacks.values()) if (!st.isEmpty()) errors.add("unterminated slice " + st.peek());
        if (!active.isEmpty()) errors.add("unterminated flows " + active.keySet());
    }

    private Map<Long, String> strings;
    int internedStringUses;

    Object value(DebugAnnotation a) {
        if (a.hasBoolValue()) return a.getBoolValue();
        if (a.hasUintValue()) return "u" + Long.toUnsignedString(a.getUintValue());
        if (a.hasIntValue()) return a.getIntValue();
        if (a.hasDoubleValue()) return a.getDoubleValue();
        if (a.hasStringValue()) return a.getStringValue();
        if (a.hasStringValueIid()) {
            internedStringUses++;
            String v = strings.get(a.getStringValueIid());
            if (v == null) errors.add("unknown string iid " + a.getStringValueIid());
            return v;
        }
        if (a.hasLegacyJsonValue()) return "json:" + a.getLegacyJsonValue();
        if (a.getArrayValuesCount() > 0) {
            List<Object> l = new ArrayList<>();
            for (DebugAnnotation x : a.getArrayValuesList()) l.add(value(x));
            return l;
        }
        if (a.getDictEntriesCount() > 0) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (DebugAnnotation x : a.getDictEntriesList()) m.put(x.getName(), value(x));
            return m;
        }
        return "<none>";
    }

    TrackDescriptor track(long uuid) {
        return tracks.get(uuid);
    }

    /** The thread track a slice lies on (its own track or the thread track its child track hangs off). */
    TrackDescriptor lane(Slice s) {
        TrackDescriptor t = tracks.get(s.track);
        while (t != null && !t.hasThread() && t.hasParentUuid()) t = tracks.get(t.getParentUuid());
        return t;
    }

    /** An event's flow ids, in either spelling (the trace processor reads both into the same flows). */
    private static List<Long> flowIds(TrackEvent e) {
        List<Long> ids = new ArrayList<>(e.getFlowIdsOldList());
        ids.addAll(e.getFlowIdsList());
        return ids;
    }

    private static List<Long> terminatingFlowIds(TrackEvent e) {
        List<Long> ids = new ArrayList<>(e.getTerminatingFlowIdsOldList());
        ids.addAll(e.getTerminatingFlowIdsList());
        return ids;
    }
}
