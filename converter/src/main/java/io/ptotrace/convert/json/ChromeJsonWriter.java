package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.vocabulary.TraceCategories;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Renders a {@link TracePicture} as Chrome trace-event JSON ({@code merged_swimlane.json}), streamed,
 * compact, with non-ASCII escaped like the reference. Events come in the order metadata, slices,
 * counter samples, flow pairs ({@link #events} hands that sequence to any {@link JsonEventSink});
 * {@link JsonEvents} renders each one.
 */
public final class ChromeJsonWriter {
    static final JsonFactory JSON = JsonFactory.builder().build();

    private ChromeJsonWriter() {}

    /** {@code s} as a JSON string the way the generator writes it (non-ASCII escaped). */
    static String quoted(String s) {
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
        write(pic, out, Runtime.getRuntime().availableProcessors(), null);
    }

    /** As {@link #write(TracePicture, OutputStream)}, starting with the chunks {@code prelude} rendered (null: none). */
    public static void write(TracePicture pic, OutputStream out, JsonPrelude prelude) throws IOException {
        write(pic, out, Runtime.getRuntime().availableProcessors(), prelude);
    }

    /** Renders on {@code threads} threads. */
    public static void write(TracePicture pic, OutputStream out, int threads) throws IOException {
        write(pic, out, threads, null);
    }

    /**
     * Renders the picture. Events are rendered in chunks on {@code threads} threads and written in order, so the
     * bytes do not depend on the thread count, nor on how many chunks {@code prelude} (null: none) rendered before.
     */
    public static void write(TracePicture pic, OutputStream out, int threads, JsonPrelude prelude) throws IOException {
        java.util.List<byte[]> ready = prelude == null ? java.util.List.of() : prelude.take(pic);
        out.write(HEAD);
        for (int k = 0; k < ready.size(); k++) {
            if (k > 0) out.write(',');
            out.write(ready.get(k));
            ready.set(k, null); // written: the next chunks need the room more
        }
        int first = ready.size();
        long units = units(pic);
        int chunks = (int) ((units + CHUNK - 1) / CHUNK);
        if (threads <= 1 || chunks - first <= 1) {
            ChunkBuffer buf = new ChunkBuffer();
            for (int k = first; k < chunks; k++) {
                if (k > 0) out.write(',');
                buf.reset();
                renderChunk(pic, k, buf);
                buf.text.writeTo(out);
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
                int next = first;
                for (int k = first; k < chunks; k++) {
                    while (next < chunks && inFlight.size() < maxInFlight) {
                        final int chunk = next++;
                        final ChunkBuffer buf = free.poll();
                        inFlight.add(pool.submit(() -> {
                            buf.reset();
                            renderChunk(pic, chunk, buf);
                            return buf;
                        }));
                    }
                    if (k > 0) out.write(',');
                    ChunkBuffer done = take(inFlight.poll());
                    done.text.writeTo(out);
                    free.add(done);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        writeTail(out, pic.topLevelMetadata());
    }

    /** The trace's sections, in the order they are written: metadata, slices, counter samples, arrows. */
    static final int SECTIONS = 4;

    /**
     * Renders each section of the picture to its stream ({@link #SECTIONS} of them), its events comma-separated:
     * a trace written part by part ({@link JsonParts}) is the parts' sections, section by section.
     */
    static void writeSections(TracePicture pic, OutputStream[] sections) throws IOException {
        long m = pic.meta.size(), s = pic.sliceCount(), n = pic.counterCount();
        long[] bounds = {0, m, m + s, m + s + n, units(pic)};
        ChunkBuffer buf = new ChunkBuffer();
        for (int k = 0; k < SECTIONS; k++) {
            for (long from = bounds[k]; from < bounds[k + 1]; from += CHUNK) {
                if (from > bounds[k]) sections[k].write(',');
                buf.reset();
                visit(pic, from, Math.min(from + CHUNK, bounds[k + 1]), buf.events.startChunk());
                buf.text.writeTo(sections[k]);
            }
        }
    }

    /** Writes the trace's opening. */
    static void writeHead(OutputStream out) throws IOException {
        out.write(HEAD);
    }

    /** Closes the events array and writes the top-level metadata (when there is some) and the trace's end. */
    static void writeTail(OutputStream out, java.util.Map<String, Object> metadata) throws IOException {
        out.write(']');
        if (metadata != null) {
            out.write(METADATA);
            try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
                g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                JsonValues.write(g, metadata);
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
    static final class ChunkBuffer {
        final JsonText text = new JsonText(1 << 18);
        final JsonEvents events = new JsonEvents(text);

        void reset() {
            text.reset();
        }
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

    /** Renders events [k·CHUNK, (k+1)·CHUNK) of the sequence, comma-separated. */
    private static void renderChunk(TracePicture pic, int k, ChunkBuffer buf) throws IOException {
        long from = (long) k * CHUNK;
        visit(pic, from, Math.min(from + CHUNK, units(pic)), buf.events.startChunk());
    }

    /** Sequence positions: one per metadata event, slice, counter sample and arrow (whose two ends are two events). */
    private static long units(TracePicture pic) {
        return (long) pic.meta.size() + pic.sliceCount() + pic.counterCount() + pic.flowCount();
    }

    /** Hands {@code sink} every event of the JSON trace, in the order they are written. */
    public static void events(TracePicture pic, JsonEventSink sink) throws IOException {
        visit(pic, 0, units(pic), sink);
    }

    /** The events of sequence positions [from, to): metadata, slices, counter samples, then each arrow's start and end. */
    static void visit(TracePicture pic, long from, long to, JsonEventSink sink) throws IOException {
        int m = pic.meta.size(), s = pic.sliceCount(), n = pic.counterCount();
        for (long u = from; u < to; u++) {
            if (u < m) sink.meta(pic.meta.get((int) u));
            else if (u < m + s) sink.slice(pic, (int) (u - m));
            else if (u < (long) m + s + n) sink.counter(pic, (int) (u - m - s));
            else {
                int i = (int) (u - m - s - n);
                sink.flowEnd(pic, i, true);
                sink.flowEnd(pic, i, false);
            }
        }
    }

    /** The "cat" of every arrow end. */
    public static final String FLOW_CATEGORY = TraceCategories.FLOW;

    /** {@link #flowBindId} of an end written without "bind_id". */
    public static final long NO_BIND_ID = Long.MIN_VALUE;

    /** The "bind_id" written on one end of arrow {@code i} (the json id of its slice), or {@link #NO_BIND_ID}. */
    public static long flowBindId(TracePicture pic, int i, boolean start) {
        boolean bind = start ? pic.flowSrcJsonBind(i) : pic.flowDstJsonBind(i);
        return bind ? pic.sliceJsonId(start ? pic.flowSrcSlice(i) : pic.flowDstSlice(i)) : NO_BIND_ID;
    }
}
