package io.ptotrace.convert.pftrace;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.proto.CounterDescriptor;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.InternedData;
import io.ptotrace.proto.ProcessDescriptor;
import io.ptotrace.proto.ThreadDescriptor;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TracePacketDefaults;
import io.ptotrace.proto.TracingServiceEvent;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link PftraceLayout} as protobuf, streamed: every TracePacket is one length-delimited field 1 of
 * {@code Trace}, written as soon as it is encoded. The first packet clears the sequence and sets up its clock, the
 * track descriptors follow (by uuid), then one packet per event in the layout's order, which is by time across all
 * tracks, its time in ns as the delta since the packet before it ({@link PacketClock}). Event names, categories,
 * annotation names and repeated annotation string values are interned on the one packet sequence.
 *
 * <p>The trace processor holds every event it has read in its sorter until it may hand them on in time order.
 * A file without the tracing service's flush and read-buffer events makes it hold all of them to the end (and
 * with them the file's bytes). Since our events already come in time order, every {@code importWindow} events
 * the encoder writes the service's "all data sources flushed" twice and "read tracing buffers completed" once;
 * on that the sorter hands on the events read before the previous such mark and frees them, so it holds about
 * two windows instead of the whole trace.
 *
 * <p>What the processor keeps to the end is the lean trace's other concern (docs/trace-layout.md measures it): an
 * interned event name stays in the sequence's interning state (about 270 bytes, against about 90 for a name written
 * inline), and an interned string value far more (about 1.9 KB). So the lean trace writes event names and string values
 * inline (the processor's string pool keeps each once either way), and leaves out a counter value equal to the one before it on its track (the
 * track draws the same step); the full trace keeps the earlier rules and every value.
 */
final class PftraceEncoder {
    private static final int PKT_SEQ = TracePacket.TRUSTED_PACKET_SEQUENCE_ID_FIELD_NUMBER;
    private static final int PKT_FLAGS = TracePacket.SEQUENCE_FLAGS_FIELD_NUMBER;
    private static final int PKT_INTERNED = TracePacket.INTERNED_DATA_FIELD_NUMBER;
    private static final int PKT_EVENT = TracePacket.TRACK_EVENT_FIELD_NUMBER;
    private static final int EV_TYPE = TrackEvent.TYPE_FIELD_NUMBER;
    private static final int EV_TRACK = TrackEvent.TRACK_UUID_FIELD_NUMBER;
    private static final int EV_NAME_IID = TrackEvent.NAME_IID_FIELD_NUMBER;
    private static final int EV_NAME = TrackEvent.NAME_FIELD_NUMBER;
    private static final int EV_CAT_IIDS = TrackEvent.CATEGORY_IIDS_FIELD_NUMBER;
    private static final int EV_ANNOT = TrackEvent.DEBUG_ANNOTATIONS_FIELD_NUMBER;
    // the varint spelling of the flow ids (see flows)
    private static final int EV_FLOW = TrackEvent.FLOW_IDS_OLD_FIELD_NUMBER;
    private static final int EV_TERM = TrackEvent.TERMINATING_FLOW_IDS_OLD_FIELD_NUMBER;
    private static final int EV_DCOUNTER = TrackEvent.DOUBLE_COUNTER_VALUE_FIELD_NUMBER;
    private static final int EV_COUNTER = TrackEvent.COUNTER_VALUE_FIELD_NUMBER;
    private static final int DA_NAME_IID = DebugAnnotation.NAME_IID_FIELD_NUMBER;
    private static final int DA_NAME = DebugAnnotation.NAME_FIELD_NUMBER;
    private static final int DA_BOOL = DebugAnnotation.BOOL_VALUE_FIELD_NUMBER;
    private static final int DA_UINT = DebugAnnotation.UINT_VALUE_FIELD_NUMBER;
    private static final int DA_INT = DebugAnnotation.INT_VALUE_FIELD_NUMBER;
    private static final int DA_DOUBLE = DebugAnnotation.DOUBLE_VALUE_FIELD_NUMBER;
    private static final int DA_STRING = DebugAnnotation.STRING_VALUE_FIELD_NUMBER;
    private static final int DA_STRING_IID = DebugAnnotation.STRING_VALUE_IID_FIELD_NUMBER;
    private static final int DA_JSON = DebugAnnotation.LEGACY_JSON_VALUE_FIELD_NUMBER;
    private static final int DA_DICT = DebugAnnotation.DICT_ENTRIES_FIELD_NUMBER;
    private static final int DA_ARRAY = DebugAnnotation.ARRAY_VALUES_FIELD_NUMBER;
    private static final int NEEDS_STATE = TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE;
    private static final int CLEARED = TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE;

    /** Events between two import marks: small against a trace's millions of events, large against the marks' cost. */
    static final int IMPORT_WINDOW = 1 << 16;

    private final PftraceLayout layout;
    private final ArgSet argSet;
    private final int importWindow;
    private final TracePicture pic;
    private final ArrowMarks marks;
    private final CodedOutputStream cos;
    private final PbWriter pkt = new PbWriter(), ev = new PbWriter(), interned = new PbWriter();
    private final Annotations annotations = new Annotations();
    private final FlowEnds flowEnds;

    private long nextIid = 1;
    /** The time of the last event packet, on the sequence's delta clock ({@link PacketClock}). */
    private long lastTs = PacketClock.START;

    private final Interned names;
    private final Interned categories = new Interned(InternedData.EVENT_CATEGORIES_FIELD_NUMBER, 0, false);
    private final Interned annotationNames = new Interned(InternedData.DEBUG_ANNOTATION_NAMES_FIELD_NUMBER, 0, false);
    /**
     * String values often occur once (a task's hints): in the full trace interned from their second use, and only when
     * 4 chars or longer; the lean trace writes them inline (see the class comment).
     */
    private final Interned stringValues;
    /** Lean only: the last value written on each counter track (a repeated value is left out). */
    private final double[] lastCounterValue;

    /** The packet sequence everything is written on. */
    private final int sequenceId;
    /**
     * For one part of a trace written part by part ({@link PftraceParts}): each packet as a record (its time, or
     * {@link PftraceParts#DESCRIPTOR} for a track descriptor, its size, its bytes) instead of the trace's framing.
     */
    private final DataOutputStream part;

    /** {@code importWindow}: events between import marks, 0 for none. */
    PftraceEncoder(PftraceLayout layout, OutputStream out, ArgSet argSet, int importWindow) {
        this(layout, out, null, argSet, importWindow, PftraceConventions.SEQUENCE_ID);
    }

    /** One part of a trace, its packets on sequence {@code sequenceId} written as records to {@code part}. */
    PftraceEncoder(PftraceLayout layout, DataOutputStream part, ArgSet argSet, int sequenceId) {
        this(layout, null, part, argSet, 0, sequenceId);
    }

    private PftraceEncoder(
            PftraceLayout layout,
            OutputStream out,
            DataOutputStream part,
            ArgSet argSet,
            int importWindow,
            int sequenceId) {
        this.layout = layout;
        this.argSet = argSet;
        this.importWindow = importWindow;
        this.sequenceId = sequenceId;
        this.part = part;
        this.pic = layout.pic;
        this.marks = layout.marks;
        this.flowEnds = new FlowEnds(layout);
        this.cos = out == null ? null : CodedOutputStream.newInstance(out, 1 << 16);
        boolean lean = argSet == ArgSet.LEAN;
        this.names = new Interned(InternedData.EVENT_NAMES_FIELD_NUMBER, lean ? Integer.MAX_VALUE : 0, false);
        this.stringValues = new Interned(
                InternedData.DEBUG_ANNOTATION_STRING_VALUES_FIELD_NUMBER, lean ? Integer.MAX_VALUE : 4, true);
        this.lastCounterValue = lean ? new double[layout.tracks.size()] : null;
        if (lean) java.util.Arrays.fill(lastCounterValue, Double.NaN);
    }

    /**
     * The interning policy, one for every table: a direct-mapped cache of recently used strings and their iids
     * (a collision evicts; an evicted string that comes back gets a new iid). A string is interned on its
     * first use, or for {@code fromSecondUse} tables on its second (the first is written inline), and only
     * when it has at least {@code minLength} chars. All tables draw iids from one counter.
     */
    private final class Interned {
        private static final int SLOTS = 1 << 16;
        private final int field, minLength;
        private final boolean fromSecondUse;
        private final String[] key = new String[SLOTS];
        private final long[] iid = new long[SLOTS];

        Interned(int field, int minLength, boolean fromSecondUse) {
            this.field = field;
            this.minLength = minLength;
            this.fromSecondUse = fromSecondUse;
        }

        /** The iid to refer to {@code s} by (its entry joins the packet's interned data when new), or 0: write it inline. */
        long iid(String s) {
            if (s.length() < minLength) return 0;
            int h = s.hashCode();
            int i = (h ^ (h >>> 16)) & (SLOTS - 1);
            String k = key[i];
            if (k != null && (k == s || k.equals(s))) {
                if (iid[i] == 0) iid[i] = entry(s);
                return iid[i];
            }
            key[i] = s;
            iid[i] = fromSecondUse ? 0 : entry(s);
            return iid[i];
        }

        private long entry(String s) {
            long v = nextIid++;
            interned.begin(field);
            interned.varint(1, v);
            interned.string(2, s); // every interned table's entry is {iid = 1, string or bytes = 2}
            interned.end();
            return v;
        }
    }

    void encode() throws IOException {
        writePacket(TracePacket.newBuilder()
                .setTrustedPacketSequenceId(sequenceId)
                .setSequenceFlags(CLEARED)
                .setFirstPacketOnSequence(true)
                .setTracePacketDefaults(TracePacketDefaults.newBuilder().setTimestampClockId(PacketClock.DELTA_CLOCK))
                .setClockSnapshot(PacketClock.SNAPSHOT)
                .build());
        for (PftraceTrack t : layout.tracks()) {
            if (t.uuid == 0) continue;
            writePacket(TracePacket.newBuilder()
                    .setTrustedPacketSequenceId(sequenceId)
                    .setTrackDescriptor(descriptor(t))
                    .build());
        }
        int sinceMark = 0;
        long lastNs = 0;
        for (int code : layout.order) {
            if (code < 0) {
                if (!counter(~code)) continue;
                lastNs = layout.counters.ns[~code];
            } else if ((code & 1) == 0) lastNs = begin(code >>> 1);
            else lastNs = end(code >>> 1);
            if (importWindow > 0 && ++sinceMark == importWindow) {
                importMark(lastNs);
                sinceMark = 0;
            }
        }
        layout.report.swappedFlows = flowEnds.swapped;
        if (cos != null) {
            cos.flush();
            layout.report.bytes = cos.getTotalBytesWritten();
        }
    }

    /** Lets the trace processor import the events read so far (see the class comment). */
    private void importMark(long ns) throws IOException {
        layout.report.packets += writeImportMark(cos, ns);
    }

    /** Writes the import mark at {@code ns}; returns the packets written. */
    static int writeImportMark(CodedOutputStream cos, long ns) throws IOException {
        TracingServiceEvent flushed =
                TracingServiceEvent.newBuilder().setAllDataSourcesFlushed(true).build();
        TracingServiceEvent read = TracingServiceEvent.newBuilder()
                .setReadTracingBuffersCompleted(true)
                .build();
        TracingServiceEvent[] events = {flushed, flushed, read};
        for (TracingServiceEvent e : events) {
            cos.writeMessage(
                    Trace.PACKET_FIELD_NUMBER,
                    TracePacket.newBuilder()
                            .setTimestamp(ns)
                            .setTimestampClockId(PacketClock.TRACE_CLOCK)
                            .setTrustedPacketSequenceId(PftraceConventions.SEQUENCE_ID)
                            .setServiceEvent(e)
                            .build());
        }
        return events.length;
    }

    private static TrackDescriptor descriptor(PftraceTrack t) {
        TrackDescriptor.Builder d = TrackDescriptor.newBuilder().setUuid(t.uuid);
        if (t.parentUuid != 0) d.setParentUuid(t.parentUuid);
        d.setSiblingOrderRank(t.rank);
        if (t.hasChildren) d.setChildOrdering(TrackDescriptor.ChildTracksOrdering.EXPLICIT);
        switch (t.type) {
            case PROCESS: {
                ProcessDescriptor.Builder p = ProcessDescriptor.newBuilder().setPid(t.pid);
                if (t.name != null) p.setProcessName(t.name);
                d.setProcess(p);
                break;
            }
            case THREAD: {
                ThreadDescriptor.Builder th =
                        ThreadDescriptor.newBuilder().setPid(t.pid).setTid(t.tid);
                if (t.name != null) th.setThreadName(t.name);
                d.setThread(th);
                break;
            }
            case COUNTER:
                d.setName(t.name).setCounter(CounterDescriptor.getDefaultInstance());
                break;
            default:
                d.setName(t.name)
                        .setSiblingMergeBehavior(TrackDescriptor.SiblingMergeBehavior.SIBLING_MERGE_BEHAVIOR_NONE);
        }
        return d.build();
    }

    private void writePacket(TracePacket p) throws IOException {
        if (part != null) {
            byte[] b = p.toByteArray();
            part.writeLong(PftraceParts.DESCRIPTOR);
            part.writeInt(b.length);
            part.write(b);
        } else cos.writeMessage(Trace.PACKET_FIELD_NUMBER, p);
        layout.report.packets++;
    }

    /** Starts an event packet: its interned data and event are collected in their own buffers. */
    private void startEvent(int type, int track) {
        interned.reset();
        ev.reset();
        ev.varint(EV_TYPE, type);
        ev.varint(EV_TRACK, layout.tracks.get(track).uuid);
    }

    private void flushPacket(long ts, boolean usesState) throws IOException {
        pkt.reset();
        lastTs = PacketClock.writeTime(pkt, ts, lastTs);
        pkt.varint(PKT_SEQ, sequenceId);
        if (usesState) pkt.varint(PKT_FLAGS, NEEDS_STATE);
        if (interned.size() > 0) pkt.bytes(PKT_INTERNED, interned.buffer(), 0, interned.size());
        pkt.bytes(PKT_EVENT, ev.buffer(), 0, ev.size());
        if (part != null) {
            part.writeLong(ts);
            part.writeInt(pkt.size());
            part.write(pkt.buffer(), 0, pkt.size());
        } else {
            cos.writeTag(Trace.PACKET_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            cos.writeUInt32NoTag(pkt.size());
            cos.writeRawBytes(pkt.buffer(), 0, pkt.size());
        }
        layout.report.packets++;
    }

    /** Writes item {@code item}'s begin; returns its time. */
    private long begin(int item) throws IOException {
        startEvent(TrackEvent.Type.TYPE_SLICE_BEGIN_VALUE, layout.itemTrack[item]);
        boolean slice = item < layout.slices;
        int m = item - layout.slices;
        String name = slice ? pic.sliceName(item) : marks.name(m);
        String cat = slice ? pic.sliceCategory(item) : marks.category(m);
        String n = name == null ? "" : name;
        long nameIid = names.iid(n);
        if (nameIid > 0) ev.varint(EV_NAME_IID, nameIid);
        else ev.string(EV_NAME, n);
        if (cat != null) ev.varint(EV_CAT_IIDS, categories.iid(cat));
        if (slice) pic.sliceArgs(item, argSet, annotations);
        else marks.args(m, argSet, annotations);
        flows(item * 2);
        long ns = layout.begin(item);
        flushPacket(ns, true);
        return ns;
    }

    /** Writes item {@code item}'s end; returns its time. */
    private long end(int item) throws IOException {
        startEvent(TrackEvent.Type.TYPE_SLICE_END_VALUE, layout.itemTrack[item]);
        flows(item * 2 + 1);
        long ns = layout.end(item);
        flushPacket(ns, false);
        return ns;
    }

    /**
     * The flow ids an event carries, as varints: TrackEvent has them twice, as fixed64 (fields 47 and 48, for the
     * hashed 64-bit ids of Perfetto's SDK) and as varints (36 and 42, the older spelling), and the trace processor
     * makes the same flow rows of either. Our ids are small (the arrow's number and kind, {@link
     * io.ptotrace.vocabulary.FlowIds}): 3 to 5 bytes as varints against 8, where the arrows were a third of the
     * bytes of the trace.
     */
    private void flows(int code) {
        if (layout.attStart[code] < layout.attStart[code + 1]) {
            FlowEnds e = flowEnds;
            e.at(code);
            for (int i = 0; i < e.startCount; i++) {
                int f = e.starts[i];
                ev.varint(EV_FLOW, pic.flowKind(f).traceId(pic.flowId(f)));
            }
            for (int i = 0; i < e.terminationCount; i++) {
                int f = e.terminations[i];
                ev.varint(EV_TERM, pic.flowKind(f).traceId(pic.flowId(f)));
            }
        }
        flowEnds.written(code);
    }

    /** Writes counter value {@code v}; false when the lean trace leaves it out (the report then counts it no more). */
    private boolean counter(int v) throws IOException {
        double val = layout.counters.value[v];
        if (lastCounterValue != null) {
            int t = layout.counters.track[v];
            if (Double.compare(lastCounterValue[t], val) == 0) {
                layout.report.counterValues--;
                return false;
            }
            lastCounterValue[t] = val;
        }
        startEvent(TrackEvent.Type.TYPE_COUNTER_VALUE, layout.counters.track[v]);
        if (val == Math.rint(val) && Math.abs(val) < 0x1p53 && !(val == 0 && 1 / val < 0))
            ev.int64(EV_COUNTER, (long) val);
        else ev.dbl(EV_DCOUNTER, val);
        flushPacket(layout.counters.ns[v], false);
        return true;
    }

    private void stringValue(String v) {
        long iid = stringValues.iid(v);
        if (iid > 0) ev.varint(DA_STRING_IID, iid);
        else ev.string(DA_STRING, v);
    }

    /** Renders args as debug annotations of the current event. */
    private final class Annotations implements ArgSink {
        private void name(String key) {
            layout.report.annotations++;
            ev.begin(EV_ANNOT);
            ev.varint(DA_NAME_IID, annotationNames.iid(key));
        }

        @Override
        public void str(String key, String value) {
            name(key);
            stringValue(value == null ? "" : value);
            ev.end();
        }

        @Override
        public void dbl(String key, double value) {
            name(key);
            ev.dbl(DA_DOUBLE, value);
            ev.end();
        }

        @Override
        public void i64(String key, long value) {
            name(key);
            ev.int64(DA_INT, value);
            ev.end();
        }

        @Override
        public void u64(String key, long value) {
            name(key);
            ev.varint(DA_UINT, value);
            ev.end();
        }

        @Override
        public void bool(String key, boolean value) {
            name(key);
            ev.bool(DA_BOOL, value);
            ev.end();
        }

        @Override
        public void nul(String key) {
            name(key);
            ev.string(DA_JSON, "null");
            ev.end();
        }

        @Override
        public void raw(String key, Object v) {
            name(key);
            value(v);
            ev.end();
        }

        private void value(Object v) {
            if (v == null || v == JsonValues.NULL || v == JsonValues.ABSENT) ev.string(DA_JSON, "null");
            else if (v instanceof Long || v instanceof Integer) ev.int64(DA_INT, ((Number) v).longValue());
            else if (v instanceof BigInteger) {
                BigInteger b = (BigInteger) v;
                if (b.signum() >= 0 && b.bitLength() <= 64) ev.varint(DA_UINT, b.longValue());
                else ev.string(DA_STRING, b.toString());
            } else if (v instanceof Double || v instanceof Float) ev.dbl(DA_DOUBLE, ((Number) v).doubleValue());
            else if (v instanceof Boolean) ev.bool(DA_BOOL, (Boolean) v);
            else if (v instanceof String) stringValue((String) v);
            else if (v instanceof List) {
                List<?> l = (List<?>) v;
                if (l.isEmpty()) {
                    ev.string(DA_JSON, "[]");
                    return;
                }
                for (Object o : l) {
                    ev.begin(DA_ARRAY);
                    value(o);
                    ev.end();
                }
            } else if (v instanceof Map) {
                Map<?, ?> mp = (Map<?, ?>) v;
                if (mp.isEmpty()) {
                    ev.string(DA_JSON, "{}");
                    return;
                }
                for (Map.Entry<?, ?> e : mp.entrySet()) {
                    ev.begin(DA_DICT);
                    ev.string(DA_NAME, String.valueOf(e.getKey()));
                    value(e.getValue());
                    ev.end();
                }
            } else ev.string(DA_STRING, String.valueOf(v));
        }
    }
}
