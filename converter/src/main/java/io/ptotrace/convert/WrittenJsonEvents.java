package io.ptotrace.convert;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.json.JsonEventSink;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Feeds a {@link JsonAnalyzer} the events of a picture's JSON trace as the JSON writer hands them on, with
 * the values {@link JsonTraceReader} would read back from the written text: doubles are written as their
 * shortest round-trip digits (so they read back unchanged) and non-finite ones as null; a string arg is a
 * counter value when it spells a number. What is judged is therefore the same as inspecting the written
 * file, without producing or parsing its bytes.
 */
final class WrittenJsonEvents implements JsonEventSink {
    private static final long NONE = Long.MIN_VALUE;

    private final JsonAnalyzer an;
    /** Position of the next event in "traceEvents". */
    private long index;
    private final CounterValues values = new CounterValues();

    WrittenJsonEvents(JsonAnalyzer an) {
        this.an = an;
    }

    /** µs as written, in ns as the reader truncates it; a non-finite value is written as null, read as 0. */
    private static long ns(double us) {
        return Double.isFinite(us) ? (long) (us * 1000.0) : 0;
    }

    @Override
    public void meta(MetaEvent m) {
        index++;
        boolean hasTid = m.tid >= 0;
        switch (m.kind) {
            case PROCESS_NAME: an.processName(m.pid, m.name); break;
            case THREAD_NAME:
                if (hasTid) an.threadName(m.pid, m.tid, m.name);
                else an.process(m.pid);
                break;
            default:
                if (hasTid) an.thread(m.pid, m.tid);
                else an.process(m.pid);
        }
    }

    @Override
    public void slice(TracePicture pic, int i) {
        long file = index++;
        double dur = pic.sliceDur(i);
        if (!Double.isFinite(dur)) return;      // written as null: Perfetto ignores an X without dur
        int id = pic.sliceJsonId(i);
        an.slice(JsonAnalyzer.X, pic.slicePid(i), pic.sliceTid(i), ns(pic.sliceTs(i)), (long) (dur * 1000.0), id >= 0 ? id : NONE, file);
    }

    @Override
    public void counter(TracePicture pic, int i) {
        index++;
        values.keys.clear();
        pic.counterArgs(i, values);
        String name = pic.counterName(i);
        an.counter(pic.counterPid(i), name == null ? "" : name, values.keys, ns(pic.counterTs(i)));
    }

    @Override
    public void flowEnd(TracePicture pic, int i, boolean start) {
        long file = index++;
        long bind = ChromeJsonWriter.flowBindId(pic, i, start);
        an.flow(start ? JsonAnalyzer.S : JsonAnalyzer.F, i, ChromeJsonWriter.FLOW_CATEGORY, pic.flowName(i),
            start ? pic.flowSrcPid(i) : pic.flowDstPid(i), start ? pic.flowSrcTid(i) : pic.flowDstTid(i),
            ns(start ? pic.flowSrcTs(i) : pic.flowDstTs(i)), bind == ChromeJsonWriter.NO_BIND_ID ? NONE : bind, !start, file);
    }

    /** The keys of a sample's args that the reader takes for counter values. */
    private static final class CounterValues implements ArgSink {
        final List<String> keys = new ArrayList<>();

        @Override public void str(String key, String value) {
            // a string "name" arg is read as the event's name argument, never as a value
            if (value != null && !key.equals("name") && JsonTraceReader.numeric(value)) keys.add(key);
        }

        @Override public void dbl(String key, double value) { if (Double.isFinite(value)) keys.add(key); }

        @Override public void i64(String key, long value) { keys.add(key); }

        @Override public void u64(String key, long value) { keys.add(key); }

        @Override public void bool(String key, boolean value) { }

        @Override public void nul(String key) { }

        @Override public void raw(String key, Object v) {
            if (v instanceof Long || v instanceof Integer || v instanceof BigInteger) keys.add(key);
            else if (v instanceof Double) dbl(key, (Double) v);
            else if (v instanceof String) str(key, (String) v);
        }
    }
}
