package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceContent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Renders a {@link TracePicture} as Chrome trace-event JSON ({@code merged_swimlane.json}), streamed,
 * compact, with non-ASCII escaped like the reference. Events come in the order metadata, slices,
 * counter samples, flow pairs.
 */
public final class ChromeJsonWriter {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    // pre-encoded names: most of a large trace is these few keys and values
    private static final SerializedString ARGS = new SerializedString("args"), CAT = new SerializedString("cat"),
        CNAME = new SerializedString("cname"), ID = new SerializedString("id"), NAME = new SerializedString("name"),
        PID = new SerializedString("pid"), TID = new SerializedString("tid"),
        TS = new SerializedString("ts"), DUR = new SerializedString("dur"), BP = new SerializedString("bp"),
        BIND_ID = new SerializedString("bind_id"), IN_COUNT = new SerializedString("input_task_count"),
        OUT_COUNT = new SerializedString("output_task_count");
    // raw fragments: a flow end starts with FLOW_CAT (whose comma makes "id" follow it), the others follow a value
    private static final SerializedString FLOW_CAT = new SerializedString("\"cat\":\"flow\","),
        BP_E = new SerializedString(",\"bp\":\"e\""), PH_X = new SerializedString(",\"ph\":\"X\""),
        PH_C = new SerializedString(",\"ph\":\"C\"");
    /** {@code ,"name":<kind>,"ph":"s"} and {@code ...,"ph":"f"} by flow kind. */
    private static final SerializedString[] FLOW_START = new SerializedString[FlowKind.values().length],
        FLOW_END = new SerializedString[FlowKind.values().length];

    static {
        for (FlowKind k : FlowKind.values()) {
            String name = ",\"name\":" + quoted(k.eventName) + ",\"ph\":";
            FLOW_START[k.ordinal()] = new SerializedString(name + "\"s\"");
            FLOW_END[k.ordinal()] = new SerializedString(name + "\"f\"");
        }
    }

    private ChromeJsonWriter() {}

    /** {@code s} as a JSON string the way the generator writes it (non-ASCII escaped). */
    private static String quoted(String s) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            g.writeString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** Renders with one rendering thread per available processor. */
    public static void write(TracePicture pic, OutputStream out) throws IOException {
        write(pic, out, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Renders the picture. Events are rendered in chunks on {@code threads} threads and written in
     * order, so the bytes do not depend on the thread count.
     */
    public static void write(TracePicture pic, OutputStream out, int threads) throws IOException {
        out.write(HEAD);
        long units = (long) pic.meta.size() + pic.sliceCount() + pic.counterCount() + pic.flowCount();
        int chunks = (int) ((units + CHUNK - 1) / CHUNK);
        if (threads <= 1 || chunks <= 1) {
            Args args = new Args(new DoubleTexts());
            for (int k = 0; k < chunks; k++) {
                if (k > 0) out.write(',');
                renderChunk(pic, k, out, args);
            }
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "json-render");
                t.setDaemon(true);
                return t;
            });
            try {
                // chunk buffers are reused: a large trace would otherwise allocate gigabytes of them, and on a
                // nearly full heap each large allocation starts another concurrent GC cycle
                int maxInFlight = threads * 2;
                ArrayDeque<ChunkBuffer> free = new ArrayDeque<>();
                for (int i = 0; i < maxInFlight; i++) free.add(new ChunkBuffer());
                ArrayDeque<Future<ChunkBuffer>> inFlight = new ArrayDeque<>();
                int next = 0;
                for (int k = 0; k < chunks; k++) {
                    while (next < chunks && inFlight.size() < maxInFlight) {
                        final int chunk = next++;
                        final ChunkBuffer buf = free.poll();
                        inFlight.add(pool.submit(() -> {
                            buf.reset();
                            renderChunk(pic, chunk, buf, buf.args);
                            return buf;
                        }));
                    }
                    if (k > 0) out.write(',');
                    ChunkBuffer done = take(inFlight.poll());
                    done.writeTo(out);
                    free.add(done);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        out.write(']');
        if (pic.topLevelMetadata != null) {
            out.write(METADATA);
            try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
                g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                JsonValues.write(g, pic.topLevelMetadata);
            }
        }
        out.write('}');
        out.flush();
    }

    private static final byte[] HEAD = "{\"traceEvents\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] METADATA = ",\"metadata\":".getBytes(StandardCharsets.US_ASCII);
    /** Events per rendering chunk (a flow pair counts once). */
    static final int CHUNK = 1 << 10; // ~170 KB rendered

    /** A rendered chunk; its array is kept and reused. */
    private static final class ChunkBuffer extends ByteArrayOutputStream {
        final DoubleTexts numbers = new DoubleTexts();
        final Args args = new Args(numbers);

        ChunkBuffer() { super(1 << 18); }
    }

    private static <T> T take(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the trace", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException) throw (IOException) c;
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            throw new IOException(c);
        }
    }

    /** Renders events [k·CHUNK, (k+1)·CHUNK) of the sequence metadata, slices, counters, flow pairs, comma-separated. */
    private static void renderChunk(TracePicture pic, int k, OutputStream out, Args reused) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setRootValueSeparator(COMMA);
            Args args = reused.on(g);
            DoubleTexts num = args.num;
            SliceContent c = pic.content();
            int m = pic.meta.size(), s = pic.sliceCount(), n = pic.counterCount(), f = pic.flowCount();
            long from = (long) k * CHUNK, to = Math.min(from + CHUNK, (long) m + s + n + f);
            for (long u = from; u < to; u++) {
                if (u < m) writeMeta(g, pic.meta.get((int) u));
                else if (u < m + s) writeSlice(g, pic, c, args, num, (int) (u - m));
                else if (u < (long) m + s + n) writeCounter(g, pic, c, args, num, (int) (u - m - s));
                else {
                    int i = (int) (u - m - s - n);
                    writeFlowEnd(g, pic, i, true, num);
                    writeFlowEnd(g, pic, i, false, num);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static final SerializedString COMMA = new SerializedString(",");

    private static void writeSlice(JsonGenerator g, TracePicture pic, SliceContent c, Args args, DoubleTexts num, int i) throws IOException {
        if (H2D.equals(c.sliceCategory(i))) { writeH2d(g, pic, c, args, num, i); return; }
        g.writeStartObject();
        g.writeFieldName(ARGS);
        g.writeStartObject();
        c.sliceArgs(i, args);
        g.writeEndObject();
        g.writeFieldName(CAT);
        g.writeString(c.sliceCategory(i));
        String cname = c.sliceColor(i);
        if (cname != null) { g.writeFieldName(CNAME); g.writeString(cname); }
        if (pic.sliceJsonId(i) >= 0) { g.writeFieldName(ID); g.writeNumber(pic.sliceJsonId(i)); }
        g.writeFieldName(NAME);
        g.writeString(c.sliceName(i));
        g.writeRaw(PH_X);
        g.writeFieldName(PID);
        g.writeNumber(pic.slicePid(i));
        g.writeFieldName(TID);
        g.writeNumber(pic.sliceTid(i));
        g.writeFieldName(TS);
        num.write(g, pic.sliceTs(i));
        g.writeFieldName(DUR);
        num.write(g, pic.sliceDur(i));
        g.writeEndObject();
    }

    private static void writeCounter(JsonGenerator g, TracePicture pic, SliceContent c, Args args, DoubleTexts num, int i) throws IOException {
        if (OVERHEAD.equals(c.counterCategory(i))) { writeOverhead(g, pic, c, args, num, i); return; }
        g.writeStartObject();
        g.writeFieldName(ARGS);
        g.writeStartObject();
        c.counterArgs(i, args);
        g.writeEndObject();
        g.writeFieldName(CAT);
        g.writeString(c.counterCategory(i));
        g.writeFieldName(NAME);
        g.writeString(c.counterName(i));
        g.writeRaw(PH_C);
        g.writeFieldName(PID);
        g.writeNumber(pic.counterPid(i));
        g.writeFieldName(TID);
        g.writeNumber(pic.counterTid(i));
        g.writeFieldName(TS);
        num.write(g, pic.counterTs(i));
        g.writeEndObject();
    }

    private static final String H2D = "host_h2d", OVERHEAD = "overhead";

    /** H2D upload slices keep the reference's member order (newer-capture-format.md §3.5). */
    private static void writeH2d(JsonGenerator g, TracePicture pic, SliceContent c, Args args, DoubleTexts num, int i) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", c.sliceName(i));
        g.writeStringField("cat", H2D);
        g.writeStringField("ph", "X");
        g.writeNumberField("pid", pic.slicePid(i));
        g.writeNumberField("tid", pic.sliceTid(i));
        g.writeFieldName("ts");
        num.write(g, pic.sliceTs(i));
        g.writeFieldName("dur");
        num.write(g, pic.sliceDur(i));
        String cname = c.sliceColor(i);
        if (cname != null) g.writeStringField("cname", cname);
        g.writeFieldName("args");
        g.writeStartObject();
        c.sliceArgs(i, args);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** Overhead counter samples keep the reference's member order (merged-trace.md §11.6). */
    private static void writeOverhead(JsonGenerator g, TracePicture pic, SliceContent c, Args args, DoubleTexts num, int i) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "C");
        g.writeStringField("cat", OVERHEAD);
        g.writeStringField("name", c.counterName(i));
        g.writeNumberField("pid", pic.counterPid(i));
        g.writeNumberField("tid", pic.counterTid(i));
        g.writeFieldName("ts");
        num.write(g, pic.counterTs(i));
        g.writeFieldName("args");
        g.writeStartObject();
        c.counterArgs(i, args);
        g.writeEndObject();
        g.writeEndObject();
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

    private static void writeFlowEnd(JsonGenerator g, TracePicture pic, int i, boolean start, DoubleTexts num) throws IOException {
        g.writeStartObject();
        g.writeRaw(FLOW_CAT); // the constant members go in pre-encoded, in the reference's member order
        g.writeFieldName(ID);
        g.writeNumber(i);
        g.writeRaw((start ? FLOW_START : FLOW_END)[pic.flowKind(i).ordinal()]);
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
        boolean bind = start ? pic.flowSrcJsonBind(i) : pic.flowDstJsonBind(i);
        if (bind) { g.writeFieldName(BIND_ID); g.writeNumber(pic.sliceJsonId(start ? pic.flowSrcSlice(i) : pic.flowDstSlice(i))); }
        g.writeEndObject();
    }

    /** Writes args straight into the open object. */
    private static final class Args implements ArgSink {
        private JsonGenerator g;
        private final DoubleTexts num;
        // encoded keys by identity: arg keys are a few constant strings, written millions of times
        private final String[] keys = new String[64];
        private final SerializedString[] encoded = new SerializedString[64];

        Args(DoubleTexts num) { this.num = num; }

        Args on(JsonGenerator g) {
            this.g = g;
            return this;
        }

        /** Writes a member name; pre-encoded names skip the generator's per-character escaping. */
        private void name(String k) throws IOException {
            int h = System.identityHashCode(k) & 63;
            if (keys[h] != k) {
                keys[h] = k;
                // pre-encoded names are written as UTF-8; only ASCII ones read the same as the escaped form
                encoded[h] = k.chars().allMatch(c -> c < 0x80) ? new SerializedString(k) : null;
            }
            if (encoded[h] != null) g.writeFieldName(encoded[h]); else g.writeFieldName(k);
        }

        @Override public void str(String key, String value) {
            try {
                name(key);
                g.writeString(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void dbl(String key, double value) {
            try {
                name(key);
                num.write(g, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void i64(String key, long value) {
            try {
                name(key);
                g.writeNumber(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void u64(String key, long value) {
            try {
                name(key);
                if (value >= 0) g.writeNumber(value); else g.writeNumber(Long.toUnsignedString(value));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void bool(String key, boolean value) {
            try {
                name(key);
                g.writeBoolean(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void nul(String key) {
            try {
                name(key);
                g.writeNull();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override public void raw(String key, Object v) {
            try {
                name(key);
                JsonValues.write(g, v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
