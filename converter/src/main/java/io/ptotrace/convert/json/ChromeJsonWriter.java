package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceContent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.PyFloat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Renders a {@link TracePicture} as Chrome trace-event JSON ({@code merged_swimlane.json}), streamed,
 * compact, with non-ASCII escaped like the reference. Events come in the order metadata, slices,
 * counter samples, flow pairs.
 */
public final class ChromeJsonWriter {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private ChromeJsonWriter() {}

    public static void write(TracePicture pic, OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            Args args = new Args(g);
            SliceContent c = pic.content();
            g.writeStartObject();
            g.writeFieldName("traceEvents");
            g.writeStartArray();
            for (MetaEvent m : pic.meta) writeMeta(g, m);
            for (int i = 0; i < pic.sliceCount(); i++) {
                g.writeStartObject();
                g.writeFieldName("args");
                g.writeStartObject();
                c.sliceArgs(i, args);
                g.writeEndObject();
                g.writeStringField("cat", c.sliceCategory(i));
                String cname = c.sliceColor(i);
                if (cname != null) g.writeStringField("cname", cname);
                if (pic.sliceJsonId(i) >= 0) g.writeNumberField("id", pic.sliceJsonId(i));
                g.writeStringField("name", c.sliceName(i));
                g.writeStringField("ph", "X");
                g.writeNumberField("pid", pic.slicePid(i));
                g.writeNumberField("tid", pic.sliceTid(i));
                g.writeFieldName("ts");
                PyFloat.write(g, pic.sliceTs(i));
                g.writeFieldName("dur");
                PyFloat.write(g, pic.sliceDur(i));
                g.writeEndObject();
            }
            for (int i = 0; i < pic.counterCount(); i++) {
                g.writeStartObject();
                g.writeFieldName("args");
                g.writeStartObject();
                c.counterArgs(i, args);
                g.writeEndObject();
                g.writeStringField("cat", c.counterCategory(i));
                g.writeStringField("name", c.counterName(i));
                g.writeStringField("ph", "C");
                g.writeNumberField("pid", pic.counterPid(i));
                g.writeNumberField("tid", pic.counterTid(i));
                g.writeFieldName("ts");
                PyFloat.write(g, pic.counterTs(i));
                g.writeEndObject();
            }
            for (int i = 0; i < pic.flowCount(); i++) {
                writeFlowEnd(g, pic, i, true);
                writeFlowEnd(g, pic, i, false);
            }
            g.writeEndArray();
            if (pic.topLevelMetadata != null) {
                g.writeFieldName("metadata");
                JsonValues.write(g, pic.topLevelMetadata);
            }
            g.writeEndObject();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void writeMeta(JsonGenerator g, MetaEvent m) throws IOException {
        g.writeStartObject();
        g.writeFieldName("args");
        g.writeStartObject();
        switch (m.kind) {
            case PROCESS_NAME: case THREAD_NAME: g.writeStringField("name", m.name); break;
            default: g.writeNumberField("sort_index", m.sortIndex);
        }
        g.writeEndObject();
        g.writeStringField("cat", "__metadata");
        String name;
        switch (m.kind) {
            case PROCESS_NAME: name = "process_name"; break;
            case PROCESS_SORT_INDEX: name = "process_sort_index"; break;
            case THREAD_NAME: name = "thread_name"; break;
            default: name = "thread_sort_index";
        }
        g.writeStringField("name", name);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", m.pid);
        if (m.tid >= 0) g.writeNumberField("tid", m.tid);
        g.writeEndObject();
    }

    private static void writeFlowEnd(JsonGenerator g, TracePicture pic, int i, boolean start) throws IOException {
        g.writeStartObject();
        g.writeStringField("cat", "flow");
        g.writeNumberField("id", i);
        g.writeStringField("name", pic.flowKind(i).eventName);
        g.writeStringField("ph", start ? "s" : "f");
        g.writeNumberField("pid", start ? pic.flowSrcPid(i) : pic.flowDstPid(i));
        g.writeNumberField("tid", start ? pic.flowSrcTid(i) : pic.flowDstTid(i));
        g.writeFieldName("ts");
        PyFloat.write(g, start ? pic.flowSrcTs(i) : pic.flowDstTs(i));
        if (!start) g.writeStringField("bp", "e");
        if (pic.flowHasCounts(i)) {
            g.writeNumberField("input_task_count", pic.flowInputTaskCount(i));
            g.writeNumberField("output_task_count", pic.flowOutputTaskCount(i));
        }
        boolean bind = start ? pic.flowSrcJsonBind(i) : pic.flowDstJsonBind(i);
        if (bind) g.writeNumberField("bind_id", pic.sliceJsonId(start ? pic.flowSrcSlice(i) : pic.flowDstSlice(i)));
        g.writeEndObject();
    }

    /** Writes args straight into the open object. */
    private static final class Args implements ArgSink {
        private final JsonGenerator g;

        Args(JsonGenerator g) { this.g = g; }

        @Override public void str(String key, String value) { run(() -> g.writeStringField(key, value)); }

        @Override public void dbl(String key, double value) {
            run(() -> { g.writeFieldName(key); PyFloat.write(g, value); });
        }

        @Override public void i64(String key, long value) { run(() -> g.writeNumberField(key, value)); }

        @Override public void u64(String key, long value) {
            run(() -> {
                g.writeFieldName(key);
                if (value >= 0) g.writeNumber(value); else g.writeNumber(Long.toUnsignedString(value));
            });
        }

        @Override public void bool(String key, boolean value) { run(() -> g.writeBooleanField(key, value)); }

        @Override public void nul(String key) { run(() -> g.writeNullField(key)); }

        @Override public void raw(String key, Object v) { run(() -> { g.writeFieldName(key); JsonValues.write(g, v); }); }

        private interface Io { void run() throws IOException; }

        private static void run(Io io) {
            try {
                io.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
