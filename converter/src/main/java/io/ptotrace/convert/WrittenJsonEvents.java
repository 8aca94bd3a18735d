package io.ptotrace.convert;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.json.JsonEventSink;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.JsonEventCheck;
import io.ptotrace.model.PyFloat;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Hands the events of a picture's JSON trace, as the JSON writer hands them on, to inspect's
 * {@link JsonEventCheck} with the values the written file holds ({@link PyFloat#readBack}); what is judged is
 * therefore the same as inspecting the written file, without producing or parsing its bytes.
 */
final class WrittenJsonEvents implements JsonEventSink {
    private final JsonEventCheck check;
    private final CounterValues values = new CounterValues();

    WrittenJsonEvents(JsonEventCheck check) {
        this.check = check;
    }

    @Override
    public void meta(MetaEvent m) {
        boolean hasTid = m.tid >= 0;
        switch (m.kind) {
            case PROCESS_NAME:
                check.processName(m.pid, m.name);
                break;
            case THREAD_NAME:
                if (hasTid) check.threadName(m.pid, m.tid, m.name);
                else check.meta(m.pid, -1);
                break;
            default:
                check.meta(m.pid, hasTid ? m.tid : -1);
        }
    }

    @Override
    public void slice(TracePicture pic, int i) {
        int id = pic.sliceJsonId(i);
        check.completeSlice(
                pic.slicePid(i),
                pic.sliceTid(i),
                PyFloat.readBack(pic.sliceTs(i)),
                PyFloat.readBack(pic.sliceDur(i)),
                id >= 0 ? id : JsonEventCheck.NONE);
    }

    @Override
    public void counter(TracePicture pic, int i) {
        values.keys.clear();
        pic.counterArgs(i, values);
        check.counter(pic.counterPid(i), pic.counterName(i), values.keys, PyFloat.readBack(pic.counterTs(i)));
    }

    @Override
    public void flowEnd(TracePicture pic, int i, boolean start) {
        long bind = ChromeJsonWriter.flowBindId(pic, i, start);
        check.flowEnd(
                start,
                i,
                ChromeJsonWriter.FLOW_CATEGORY,
                pic.flowName(i),
                start ? pic.flowSrcPid(i) : pic.flowDstPid(i),
                start ? pic.flowSrcTid(i) : pic.flowDstTid(i),
                PyFloat.readBack(start ? pic.flowSrcTs(i) : pic.flowDstTs(i)),
                bind == ChromeJsonWriter.NO_BIND_ID ? JsonEventCheck.NONE : bind,
                !start);
    }

    /** The keys of a sample's args that the reader takes for counter values. */
    private static final class CounterValues implements ArgSink {
        final List<String> keys = new ArrayList<>();

        @Override
        public void str(String key, String value) {
            if (JsonEventCheck.countsAsValue(key, value)) keys.add(key);
        }

        @Override
        public void dbl(String key, double value) {
            if (!PyFloat.writtenAsNull(value)) keys.add(key);
        }

        @Override
        public void i64(String key, long value) {
            keys.add(key);
        }

        @Override
        public void u64(String key, long value) {
            keys.add(key);
        }

        @Override
        public void bool(String key, boolean value) {}

        @Override
        public void nul(String key) {}

        @Override
        public void raw(String key, Object v) {
            if (v instanceof Long || v instanceof Integer || v instanceof BigInteger) keys.add(key);
            else if (v instanceof Double) dbl(key, (Double) v);
            else if (v instanceof String) str(key, (String) v);
        }
    }
}
