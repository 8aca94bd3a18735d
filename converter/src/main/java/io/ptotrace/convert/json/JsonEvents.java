package io.ptotrace.convert.json;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.CounterKind;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.JsonMember;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.ProcessTag;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import java.util.List;

/**
 * Renders single events of a picture as Chrome trace-event objects into a {@link JsonText}: slices and counter
 * samples with the members their kinds list, in their order; metadata and flow ends in the reference's fixed
 * order. One per rendering thread (it keeps the number texts and encoded arg names it has seen).
 */
final class JsonEvents implements JsonEventSink {
    // pre-encoded member names ("name":): most of a large trace is these few keys and values
    private static final byte[] ARGS = JsonText.name("args"),
            CAT = JsonText.name("cat"),
            CNAME = JsonText.name("cname"),
            ID = JsonText.name("id"),
            NAME = JsonText.name("name"),
            PH = JsonText.name("ph"),
            PID = JsonText.name("pid"),
            TID = JsonText.name("tid"),
            TS = JsonText.name("ts"),
            DUR = JsonText.name("dur"),
            BIND_ID = JsonText.name("bind_id"),
            IN_COUNT = JsonText.name("input_task_count"),
            OUT_COUNT = JsonText.name("output_task_count"),
            SORT_INDEX = JsonText.name("sort_index"),
            X = JsonText.quoted("X"),
            C = JsonText.quoted("C"),
            S = JsonText.quoted("s"),
            F = JsonText.quoted("f"),
            M = JsonText.quoted("M"),
            METADATA = JsonText.quoted("__metadata");
    // fragments: a flow end starts with FLOW_CAT_ID, the others follow a value and bring their comma
    private static final byte[]
            FLOW_CAT_ID = ascii("\"cat\":" + ChromeJsonWriter.quoted(ChromeJsonWriter.FLOW_CATEGORY) + ",\"id\":"),
            BP_E = ascii(",\"bp\":\"e\""),
            PH_X = ascii(",\"ph\":\"X\""),
            PH_C = ascii(",\"ph\":\"C\"");
    /** {@code ,"name":<kind>,"ph":"s"} and {@code ...,"ph":"f"} by flow kind. */
    private static final byte[][] FLOW_START = new byte[FlowKind.values().length][],
            FLOW_END = new byte[FlowKind.values().length][];
    /** The names of the four metadata events, by kind. */
    private static final byte[][] META_NAMES = new byte[MetaEvent.Kind.values().length][];

    static {
        for (FlowKind k : FlowKind.values()) {
            String name = ",\"name\":" + ChromeJsonWriter.quoted(k.eventName) + ",\"ph\":";
            FLOW_START[k.ordinal()] = ascii(name + "\"s\"");
            FLOW_END[k.ordinal()] = ascii(name + "\"f\"");
        }
        for (MetaEvent.Kind k : MetaEvent.Kind.values()) {
            String name;
            switch (k) {
                case PROCESS_NAME:
                    name = "process_name";
                    break;
                case PROCESS_SORT_INDEX:
                    name = "process_sort_index";
                    break;
                case THREAD_NAME:
                    name = "thread_name";
                    break;
                default:
                    name = "thread_sort_index";
            }
            META_NAMES[k.ordinal()] = JsonText.quoted(name);
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** The number texts of the thread rendering the current chunk. */
    private DoubleTexts num = DoubleTexts.ofThisThread();

    private final Args args;
    private final JsonText t;
    /** No event written since {@link #startChunk}: the next one goes without a comma. */
    private boolean first = true;

    JsonEvents(JsonText t) {
        this.t = t;
        this.args = new Args(t, num);
    }

    /** Starts a chunk: its events are comma-separated, the first goes without one. */
    JsonEvents startChunk() {
        first = true;
        num = DoubleTexts.ofThisThread();
        args.num = num;
        return this;
    }

    /** Opens an event's object, after a comma unless it is the chunk's first. */
    private void beginEvent() {
        if (first) first = false;
        else t.raw((byte) ',');
        t.beginObject();
    }

    @Override
    public void meta(MetaEvent m) {
        beginEvent();
        t.member(ARGS);
        t.beginObject();
        switch (m.kind) {
            case PROCESS_NAME:
            case THREAD_NAME:
                t.member(NAME);
                t.string(m.name);
                break;
            default:
                t.member(SORT_INDEX);
                t.number(m.sortIndex);
        }
        t.endObject();
        t.member(CAT);
        t.raw(METADATA);
        t.member(NAME);
        t.raw(META_NAMES[m.kind.ordinal()]);
        t.member(PH);
        t.raw(M);
        t.member(PID);
        t.number(m.pid);
        if (m.tid >= 0) {
            t.member(TID);
            t.number(m.tid);
        }
        t.endObject();
    }

    // the order most kinds use, rendered without walking the member list (most of a trace is these events)
    private List<JsonMember> lastSliceOrder, lastCounterOrder;
    private boolean sortedSlice, sortedCounter;

    @Override
    public void slice(TracePicture pic, int i) {
        SliceKind kind = pic.sliceKind(i);
        int ref = pic.sliceRef(i);
        List<JsonMember> order = kind.jsonOrder();
        if (order != lastSliceOrder) {
            lastSliceOrder = order;
            sortedSlice = order.equals(JsonMember.SORTED_SLICE);
        }
        beginEvent();
        if (sortedSlice) {
            args(kind, ref, pic, i);
            category(kind.category(ref));
            color(kind.color(ref));
            id(pic.sliceJsonId(i));
            t.member(NAME);
            t.string(kind.name(ref));
            t.members(PH_X);
            where(pic.slicePid(i), pic.sliceTid(i), pic.sliceTs(i));
            t.member(DUR);
            t.dbl(pic.sliceDur(i), num);
        } else {
            for (int k = 0, n = order.size(); k < n; k++) {
                switch (order.get(k)) {
                    case ARGS:
                        args(kind, ref, pic, i);
                        break;
                    case CAT:
                        category(kind.category(ref));
                        break;
                    case CNAME:
                        color(kind.color(ref));
                        break;
                    case ID:
                        id(pic.sliceJsonId(i));
                        break;
                    case NAME:
                        t.member(NAME);
                        t.string(kind.name(ref));
                        break;
                    case PH:
                        t.member(PH);
                        t.raw(X);
                        break;
                    case PID:
                        t.member(PID);
                        t.number(pic.slicePid(i));
                        break;
                    case TID:
                        t.member(TID);
                        t.number(pic.sliceTid(i));
                        break;
                    case TS:
                        t.member(TS);
                        t.dbl(pic.sliceTs(i), num);
                        break;
                    case DUR:
                        t.member(DUR);
                        t.dbl(pic.sliceDur(i), num);
                        break;
                    default:
                        throw new IllegalStateException();
                }
            }
        }
        t.endObject();
    }

    private void args(SliceKind kind, int ref, TracePicture pic, int i) {
        t.member(ARGS);
        t.beginObject();
        kind.args(ref, args);
        pic.tagArgs(pic.slicePid(i), args);
        t.endObject();
    }

    private void category(String cat) {
        t.member(CAT);
        t.string(cat);
    }

    private void color(String cname) {
        if (cname == null) return;
        t.member(CNAME);
        t.string(cname);
    }

    private void id(int id) {
        if (id < 0) return;
        t.member(ID);
        t.number(id);
    }

    /** pid, tid and ts, in that order, after another member. */
    private void where(int pid, int tid, double ts) {
        t.members(lanes.members(pid, tid));
        t.dbl(ts, num);
    }

    private final LaneMembers lanes = new LaneMembers();

    /**
     * {@code ,"pid":P,"tid":T,"ts":} of recent lanes, encoded once: nearly every event names one of a few hundred
     * lanes, and one copy of these bytes costs less than the three members written one by one.
     */
    private static final class LaneMembers {
        private static final int SLOTS = 512;
        private final long[] keys = new long[SLOTS];
        private final byte[][] texts = new byte[SLOTS][];

        byte[] members(int pid, int tid) {
            long key = ((long) pid << 32) | (tid & 0xFFFFFFFFL);
            int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> 55);
            byte[] text = texts[h];
            if (text == null || keys[h] != key) {
                text = ascii(",\"pid\":" + pid + ",\"tid\":" + tid + ",\"ts\":");
                keys[h] = key;
                texts[h] = text;
            }
            return text;
        }
    }

    @Override
    public void counter(TracePicture pic, int i) {
        CounterKind kind = pic.counterKind(i);
        List<JsonMember> order = kind.jsonOrder();
        if (order != lastCounterOrder) {
            lastCounterOrder = order;
            sortedCounter = order.equals(JsonMember.SORTED_COUNTER);
        }
        beginEvent();
        if (sortedCounter) {
            counterArgs(pic, i);
            category(pic.counterCategory(i));
            t.member(NAME);
            t.string(pic.counterName(i));
            t.members(PH_C);
            where(pic.counterPid(i), pic.counterTid(i), pic.counterTs(i));
        } else {
            for (int k = 0, n = order.size(); k < n; k++) {
                switch (order.get(k)) {
                    case ARGS:
                        counterArgs(pic, i);
                        break;
                    case CAT:
                        category(pic.counterCategory(i));
                        break;
                    case NAME:
                        t.member(NAME);
                        t.string(pic.counterName(i));
                        break;
                    case PH:
                        t.member(PH);
                        t.raw(C);
                        break;
                    case PID:
                        t.member(PID);
                        t.number(pic.counterPid(i));
                        break;
                    case TID:
                        t.member(TID);
                        t.number(pic.counterTid(i));
                        break;
                    case TS:
                        t.member(TS);
                        t.dbl(pic.counterTs(i), num);
                        break;
                    default:
                        break; // a sample has no colour, id or duration
                }
            }
        }
        t.endObject();
    }

    private void counterArgs(TracePicture pic, int i) {
        t.member(ARGS);
        t.beginObject();
        pic.counterArgs(i, args);
        t.endObject();
    }

    /** One end of arrow {@code i}: its start ("s") or its end ("f"). */
    @Override
    public void flowEnd(TracePicture pic, int i, boolean start) {
        beginEvent();
        t.member(FLOW_CAT_ID); // the constant members go in pre-encoded, in the reference's member order
        t.number(pic.flowId(i));
        FlowKind kind = pic.flowKind(i);
        if (kind == FlowKind.OVERLAY) {
            t.member(NAME);
            t.string(pic.flowName(i));
            t.member(PH);
            t.raw(start ? S : F);
        } else t.members((start ? FLOW_START : FLOW_END)[kind.ordinal()]);
        int pid = start ? pic.flowSrcPid(i) : pic.flowDstPid(i);
        where(pid, start ? pic.flowSrcTid(i) : pic.flowDstTid(i), start ? pic.flowSrcTs(i) : pic.flowDstTs(i));
        if (!start) t.members(BP_E);
        if (pic.flowHasCounts(i)) {
            t.member(IN_COUNT);
            t.number(pic.flowInputTaskCount(i));
            t.member(OUT_COUNT);
            t.number(pic.flowOutputTaskCount(i));
        }
        long bind = ChromeJsonWriter.flowBindId(pic, i, start);
        if (bind != ChromeJsonWriter.NO_BIND_ID) {
            t.member(BIND_ID);
            t.number(bind);
        }
        ProcessTag tag = pic.processTag(pid);
        if (tag != null) {
            t.member(ARGS);
            t.beginObject();
            tag.args(args);
            t.endObject();
        }
        t.endObject();
    }

    /** Writes args straight into the open object. */
    private static final class Args implements ArgSink {
        private final JsonText t;
        private DoubleTexts num;
        // encoded keys by identity: arg keys are a few constant strings, written millions of times
        private static final int SLOTS = 256, PROBES = 8;
        private final String[] keys = new String[SLOTS];
        private final byte[][] encoded = new byte[SLOTS][];

        Args(JsonText t, DoubleTexts num) {
            this.t = t;
            this.num = num;
        }

        private void name(String k) {
            int h = System.identityHashCode(k);
            for (int p = 0; p < PROBES; p++) {
                int i = (h + p) & (SLOTS - 1);
                String known = keys[i];
                if (known == k) {
                    t.member(encoded[i]);
                    return;
                }
                if (known == null) {
                    keys[i] = k;
                    encoded[i] = JsonText.name(k);
                    t.member(encoded[i]);
                    return;
                }
            }
            t.member(JsonText.name(k)); // a table this full means keys made on the fly: not worth keeping
        }

        @Override
        public void str(String key, String value) {
            name(key);
            t.string(value);
        }

        @Override
        public void dbl(String key, double value) {
            name(key);
            t.dbl(value, num);
        }

        @Override
        public void i64(String key, long value) {
            name(key);
            t.number(value);
        }

        @Override
        public void u64(String key, long value) {
            name(key);
            t.unsigned(value);
        }

        @Override
        public void bool(String key, boolean value) {
            name(key);
            t.bool(value);
        }

        @Override
        public void nul(String key) {
            name(key);
            t.nul();
        }

        @Override
        public void raw(String key, Object v) {
            name(key);
            t.value(v);
        }
    }
}
