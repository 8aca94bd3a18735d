package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.CounterKind;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.JsonMember;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.ProcessTag;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Renders single events of a picture as Chrome trace-event objects: slices and counter samples with the
 * members their kind lists, in its order; metadata and flow ends in the reference's fixed order. One per
 * rendering thread (it keeps the number texts and encoded arg names it has seen).
 */
final class JsonEvents implements JsonEventSink {
    // pre-encoded names: most of a large trace is these few keys and values
    private static final SerializedString ARGS = new SerializedString("args"),
            CAT = new SerializedString("cat"),
            CNAME = new SerializedString("cname"),
            ID = new SerializedString("id"),
            NAME = new SerializedString("name"),
            PH = new SerializedString("ph"),
            PID = new SerializedString("pid"),
            TID = new SerializedString("tid"),
            TS = new SerializedString("ts"),
            DUR = new SerializedString("dur"),
            BIND_ID = new SerializedString("bind_id"),
            IN_COUNT = new SerializedString("input_task_count"),
            OUT_COUNT = new SerializedString("output_task_count"),
            X = new SerializedString("X"),
            C = new SerializedString("C");
    // raw fragments: a flow end starts with FLOW_CAT (whose comma makes "id" follow it), the others follow a value
    private static final SerializedString
            FLOW_CAT = new SerializedString("\"cat\":" + ChromeJsonWriter.quoted(ChromeJsonWriter.FLOW_CATEGORY) + ","),
            BP_E = new SerializedString(",\"bp\":\"e\""),
            PH_X = new SerializedString(",\"ph\":\"X\""),
            PH_C = new SerializedString(",\"ph\":\"C\"");
    /** {@code ,"name":<kind>,"ph":"s"} and {@code ...,"ph":"f"} by flow kind. */
    private static final SerializedString[] FLOW_START = new SerializedString[FlowKind.values().length],
            FLOW_END = new SerializedString[FlowKind.values().length];

    static {
        for (FlowKind k : FlowKind.values()) {
            String name = ",\"name\":" + ChromeJsonWriter.quoted(k.eventName) + ",\"ph\":";
            FLOW_START[k.ordinal()] = new SerializedString(name + "\"s\"");
            FLOW_END[k.ordinal()] = new SerializedString(name + "\"f\"");
        }
    }

    private final DoubleTexts num = new DoubleTexts();
    private final Args args = new Args(num);
    private JsonGenerator g;

    JsonEvents on(JsonGenerator g) {
        this.g = g;
        args.g = g;
        return this;
    }

    @Override
    public void meta(MetaEvent m) throws IOException {
        g.writeStartObject();
        g.writeFieldName("args");
        g.writeStartObject();
        switch (m.kind) {
            case PROCESS_NAME:
            case THREAD_NAME:
                g.writeStringField("name", m.name);
                break;
            default:
                g.writeNumberField("sort_index", m.sortIndex);
        }
        g.writeEndObject();
        g.writeStringField("cat", "__metadata");
        String name;
        switch (m.kind) {
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
        g.writeStringField("name", name);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", m.pid);
        if (m.tid >= 0) g.writeNumberField("tid", m.tid);
        g.writeEndObject();
    }

    // the order most kinds use, rendered without walking the member list (most of a trace is these events)
    private List<JsonMember> lastSliceOrder, lastCounterOrder;
    private boolean sortedSlice, sortedCounter;

    @Override
    public void slice(TracePicture pic, int i) throws IOException {
        SliceKind kind = pic.sliceKind(i);
        int ref = pic.sliceRef(i);
        List<JsonMember> order = kind.jsonOrder();
        if (order != lastSliceOrder) {
            lastSliceOrder = order;
            sortedSlice = order.equals(JsonMember.SORTED_SLICE);
        }
        g.writeStartObject();
        if (sortedSlice) {
            args(kind, ref, pic, i);
            category(kind.category(ref));
            color(kind.color(ref));
            id(pic.sliceJsonId(i));
            g.writeFieldName(NAME);
            g.writeString(kind.name(ref));
            g.writeRaw(PH_X);
            where(pic.slicePid(i), pic.sliceTid(i), pic.sliceTs(i));
            g.writeFieldName(DUR);
            num.write(g, pic.sliceDur(i));
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
                        g.writeFieldName(NAME);
                        g.writeString(kind.name(ref));
                        break;
                    case PH:
                        g.writeFieldName(PH);
                        g.writeString(X);
                        break;
                    case PID:
                        g.writeFieldName(PID);
                        g.writeNumber(pic.slicePid(i));
                        break;
                    case TID:
                        g.writeFieldName(TID);
                        g.writeNumber(pic.sliceTid(i));
                        break;
                    case TS:
                        g.writeFieldName(TS);
                        num.write(g, pic.sliceTs(i));
                        break;
                    case DUR:
                        g.writeFieldName(DUR);
                        num.write(g, pic.sliceDur(i));
                        break;
                    default:
                        throw new IllegalStateException();
                }
            }
        }
        g.writeEndObject();
    }

    private void args(SliceKind kind, int ref, TracePicture pic, int i) throws IOException {
        g.writeFieldName(ARGS);
        g.writeStartObject();
        kind.args(ref, args);
        pic.tagArgs(pic.slicePid(i), args);
        g.writeEndObject();
    }

    private void category(String cat) throws IOException {
        g.writeFieldName(CAT);
        g.writeString(cat);
    }

    private void color(String cname) throws IOException {
        if (cname == null) return;
        g.writeFieldName(CNAME);
        g.writeString(cname);
    }

    private void id(int id) throws IOException {
        if (id < 0) return;
        g.writeFieldName(ID);
        g.writeNumber(id);
    }

    /** pid, tid and ts, in that order. */
    private void where(int pid, int tid, double ts) throws IOException {
        g.writeFieldName(PID);
        g.writeNumber(pid);
        g.writeFieldName(TID);
        g.writeNumber(tid);
        g.writeFieldName(TS);
        num.write(g, ts);
    }

    @Override
    public void counter(TracePicture pic, int i) throws IOException {
        CounterKind kind = pic.counterKind(i);
        List<JsonMember> order = kind.jsonOrder();
        if (order != lastCounterOrder) {
            lastCounterOrder = order;
            sortedCounter = order.equals(JsonMember.SORTED_COUNTER);
        }
        g.writeStartObject();
        if (sortedCounter) {
            counterArgs(pic, i);
            category(pic.counterCategory(i));
            g.writeFieldName(NAME);
            g.writeString(pic.counterName(i));
            g.writeRaw(PH_C);
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
                        g.writeFieldName(NAME);
                        g.writeString(pic.counterName(i));
                        break;
                    case PH:
                        g.writeFieldName(PH);
                        g.writeString(C);
                        break;
                    case PID:
                        g.writeFieldName(PID);
                        g.writeNumber(pic.counterPid(i));
                        break;
                    case TID:
                        g.writeFieldName(TID);
                        g.writeNumber(pic.counterTid(i));
                        break;
                    case TS:
                        g.writeFieldName(TS);
                        num.write(g, pic.counterTs(i));
                        break;
                    default:
                        break; // a sample has no colour, id or duration
                }
            }
        }
        g.writeEndObject();
    }

    private void counterArgs(TracePicture pic, int i) throws IOException {
        g.writeFieldName(ARGS);
        g.writeStartObject();
        pic.counterArgs(i, args);
        g.writeEndObject();
    }

    /** One end of arrow {@code i}: its start ("s") or its end ("f"). */
    @Override
    public void flowEnd(TracePicture pic, int i, boolean start) throws IOException {
        g.writeStartObject();
        g.writeRaw(FLOW_CAT); // the constant members go in pre-encoded, in the reference's member order
        g.writeFieldName(ID);
        g.writeNumber(pic.flowId(i));
        FlowKind kind = pic.flowKind(i);
        if (kind == FlowKind.OVERLAY) {
            g.writeFieldName(NAME);
            g.writeString(pic.flowName(i));
            g.writeFieldName(PH);
            g.writeString(start ? "s" : "f");
        } else g.writeRaw((start ? FLOW_START : FLOW_END)[kind.ordinal()]);
        g.writeFieldName(PID);
        g.writeNumber(start ? pic.flowSrcPid(i) : pic.flowDstPid(i));
        g.writeFieldName(TID);
        g.writeNumber(start ? pic.flowSrcTid(i) : pic.flowDstTid(i));
        g.writeFieldName(TS);
        num.write(g, start ? pic.flowSrcTs(i) : pic.flowDstTs(i));
        if (!start) g.writeRaw(BP_E);
        if (pic.flowHasCounts(i)) {
            g.writeFieldName(IN_COUNT);
            g.writeNumber(pic.flowInputTaskCount(i));
            g.writeFieldName(OUT_COUNT);
            g.writeNumber(pic.flowOutputTaskCount(i));
        }
        long bind = ChromeJsonWriter.flowBindId(pic, i, start);
        if (bind != ChromeJsonWriter.NO_BIND_ID) {
            g.writeFieldName(BIND_ID);
            g.writeNumber(bind);
        }
        ProcessTag tag = pic.processTag(start ? pic.flowSrcPid(i) : pic.flowDstPid(i));
        if (tag != null) {
            g.writeFieldName(ARGS);
            g.writeStartObject();
            tag.args(args);
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** Writes args straight into the open object. */
    private static final class Args implements ArgSink {
        private JsonGenerator g;
        private final DoubleTexts num;
        // encoded keys by identity: arg keys are a few constant strings, written millions of times
        private final String[] keys = new String[64];
        private final SerializedString[] encoded = new SerializedString[64];

        Args(DoubleTexts num) {
            this.num = num;
        }

        /** Writes a member name; pre-encoded names skip the generator's per-character escaping. */
        private void name(String k) throws IOException {
            int h = System.identityHashCode(k) & 63;
            if (keys[h] != k) {
                keys[h] = k;
                // pre-encoded names are written as UTF-8; only ASCII ones read the same as the escaped form
                encoded[h] = k.chars().allMatch(c -> c < 0x80) ? new SerializedString(k) : null;
            }
            if (encoded[h] != null) g.writeFieldName(encoded[h]);
            else g.writeFieldName(k);
        }

        @Override
        public void str(String key, String value) {
            try {
                name(key);
                g.writeString(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void dbl(String key, double value) {
            try {
                name(key);
                num.write(g, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void i64(String key, long value) {
            try {
                name(key);
                g.writeNumber(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void u64(String key, long value) {
            try {
                name(key);
                if (value >= 0) g.writeNumber(value);
                else g.writeNumber(Long.toUnsignedString(value));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void bool(String key, boolean value) {
            try {
                name(key);
                g.writeBoolean(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void nul(String key) {
            try {
                name(key);
                g.writeNull();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void raw(String key, Object v) {
            try {
                name(key);
                JsonValues.write(g, v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
