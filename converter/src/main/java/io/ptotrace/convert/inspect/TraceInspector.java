package io.ptotrace.convert.inspect;

import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * {@code ptotrace inspect}: reads a trace of either format (Chrome JSON, streamed; Perfetto protobuf,
 * packet by packet; either may be gzip-compressed) and summarises it — processes, threads, slices,
 * counters, flows by kind, hb_violations, time span — with every structural problem that makes Perfetto
 * lose or misplace data. The same checks run on a {@link TracePicture} before it is written
 * ({@link #problems(TracePicture, Format)}), so {@code convert} can warn about arrows the JSON trace loses.
 */
public final class TraceInspector {
    private TraceInspector() {}

    public enum Format { JSON, PFTRACE }

    /** Inspects a file; unreadable input throws {@link InputProblem} (file, what, where). */
    public static Summary inspect(Path file) {
        try (InputStream in = Inputs.open(file)) {
            return inspect(in, file.toString());
        } catch (IOException e) {
            throw Inputs.cannotRead(file, e);
        }
    }

    /** Inspects a stream; the format is sniffed from the first bytes. */
    public static Summary inspect(InputStream input, String name) throws IOException {
        Inflation inflation = new Inflation(name);
        return inspect(inflation.source(input), name, inflation, 0);
    }

    private static Summary inspect(InputStream input, String name, Inflation inflation, int gzipDepth) throws IOException {
        BufferedInputStream in = new BufferedInputStream(input, 1 << 16);
        in.mark(4);
        int b0 = in.read(), b1 = in.read();
        in.reset();
        if (b0 == 0x1F && b1 == 0x8B) {
            if (gzipDepth == Inflation.MAX_DEPTH) throw new InputProblem(name, "gzip nested more than " + Inflation.MAX_DEPTH + " levels deep", null, null);
            GZIPInputStream gz;
            try {
                gz = new GZIPInputStream(in, 1 << 16);
            } catch (EOFException e) {
                throw new InputProblem(name, "truncated gzip data", "gzip header", e);
            } catch (ZipException e) {
                throw new InputProblem(name, "bad gzip data: " + e.getMessage(), "gzip header", e);
            }
            try (InputStream data = inflation.inflated(gz, "gzip data", at -> "byte " + at + " of the gunzipped data")) {
                return inspect(data, name, inflation, gzipDepth + 1);
            }
        }
        Summary s = new Summary();
        s.file = name;
        Format f = sniff(in, name);
        if (f == Format.JSON) {
            JsonAnalyzer an = new JsonAnalyzer(s);
            new JsonTraceReader(name, an).read(in);
            an.finish();
        } else {
            PftraceAnalyzer an = new PftraceAnalyzer(s);
            new PftraceReader(name, an, inflation).read(in);
            an.finish();
        }
        return s;
    }

    private static Format sniff(BufferedInputStream in, String name) throws IOException {
        in.mark(1 << 12);
        int first = in.read();
        int c = first;
        int n = 1;
        if (c == 0xEF) { in.read(); in.read(); c = in.read(); n += 3; }   // UTF-8 byte order mark
        while ((c == ' ' || c == '\n' || c == '\r' || c == '\t') && n < (1 << 12) - 1) { c = in.read(); n++; }
        in.reset();
        if (first < 0) throw new InputProblem(name, "empty file", null, null);
        if (c == '{' || c == '[') return Format.JSON;
        if (first == 0x0A) return Format.PFTRACE;     // field 1 (packet), length-delimited
        throw new InputProblem(name, String.format("neither a Chrome JSON nor a Perfetto protobuf trace (first byte 0x%02X)", first), "byte 0", null);
    }

    /** What {@code format} would show of this picture: the JSON as Perfetto imports it, or the pftrace this tool writes. */
    public static Summary summarize(TracePicture pic, Format format) {
        Summary s = new Summary();
        s.file = "(picture)";
        if (format == Format.JSON) {
            JsonAnalyzer an = new JsonAnalyzer(s);
            feedJson(pic, an);
            an.finish();
        } else {
            PftraceAnalyzer an = new PftraceAnalyzer(s);
            try (PacketSink sink = new PacketSink(an)) {
                PerfettoProtoWriter.write(pic, sink);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            an.finish();
        }
        return s;
    }

    /**
     * The structural problems of a picture written as {@code format} (at most {@link Summary#DETAIL_LIMIT}
     * per kind; {@link #summarize} has the full counts). For JSON these are the arrows Perfetto drops or
     * misplaces; the pftrace writer keeps every arrow, so it normally has none.
     */
    public static List<Problem> problems(TracePicture pic, Format format) {
        return summarize(pic, format).problems;
    }

    /** A one-line warning for {@code convert} when the JSON trace loses arrows, or null. */
    public static String jsonWarning(Summary json) {
        long lost = json.flows - json.flowsShown;
        if (json.clean()) return null;
        StringBuilder sb = new StringBuilder("Warning: Perfetto will ");
        if (lost > 0) sb.append("drop ").append(lost).append(" of ").append(json.flows).append(" arrows");
        else sb.append("misplace data");
        sb.append(" in the JSON trace (");
        String sep = "";
        for (java.util.Map.Entry<Problem.Kind, Long> e : json.problemCounts.entrySet()) {
            sb.append(sep).append(e.getValue()).append(' ').append(e.getKey().id());
            sep = ", ";
        }
        return sb.append("); the .pftrace keeps them all — run 'ptotrace inspect' on the JSON for details").toString();
    }

    /** The picture as ChromeJsonWriter writes it, event by event (same order, same numbers). */
    private static void feedJson(TracePicture pic, JsonAnalyzer an) {
        long file = 0;
        for (MetaEvent m : pic.meta) {
            switch (m.kind) {
                case PROCESS_NAME: an.processName(m.pid, m.name); break;
                case THREAD_NAME: an.threadName(m.pid, m.tid, m.name); break;
                case THREAD_SORT_INDEX: an.thread(m.pid, m.tid); break;
                default: an.process(m.pid);
            }
            file++;
        }
        for (int i = 0; i < pic.sliceCount(); i++) {
            int id = pic.sliceJsonId(i);
            an.slice(JsonAnalyzer.X, pic.slicePid(i), pic.sliceTid(i), tpNs(pic.sliceTs(i)), tpNs(pic.sliceDur(i)),
                id >= 0 ? id : Long.MIN_VALUE, file++);
        }
        List<String> keys = new ArrayList<>();
        ArgSink numeric = new ArgSink() {
            @Override public void str(String key, String value) {
                try { Double.parseDouble(value); keys.add(key); } catch (NumberFormatException e) { /* skipped by Perfetto */ }
            }
            @Override public void dbl(String key, double value) { keys.add(key); }
            @Override public void i64(String key, long value) { keys.add(key); }
            @Override public void u64(String key, long value) { keys.add(key); }
            @Override public void bool(String key, boolean value) { }
            @Override public void nul(String key) { }
            @Override public void raw(String key, Object v) {
                if (v instanceof Number) keys.add(key);
                else if (v instanceof String) str(key, (String) v);
            }
        };
        for (int i = 0; i < pic.counterCount(); i++) {
            keys.clear();
            pic.counterArgs(i, numeric);
            an.counter(pic.counterPid(i), pic.counterName(i), keys, tpNs(pic.counterTs(i)));
            file++;
        }
        for (int f = 0; f < pic.flowCount(); f++) {
            String name = pic.flowName(f);
            long sb = pic.flowSrcJsonBind(f) ? pic.sliceJsonId(pic.flowSrcSlice(f)) : Long.MIN_VALUE;
            long db = pic.flowDstJsonBind(f) ? pic.sliceJsonId(pic.flowDstSlice(f)) : Long.MIN_VALUE;
            an.flow(JsonAnalyzer.S, f, "flow", name, pic.flowSrcPid(f), pic.flowSrcTid(f), tpNs(pic.flowSrcTs(f)), sb, false, file++);
            an.flow(JsonAnalyzer.F, f, "flow", name, pic.flowDstPid(f), pic.flowDstTid(f), tpNs(pic.flowDstTs(f)), db, true, file++);
        }
    }

    /** The JSON importer's µs → ns conversion (truncating). */
    static long tpNs(double us) { return (long) (us * 1000.0); }

    /** Parses the packets a writer streams into it. */
    static final class PacketSink extends OutputStream {
        private final PftraceAnalyzer an;
        private byte[] buf = new byte[1 << 16];
        private int start, end;

        PacketSink(PftraceAnalyzer an) { this.an = an; }

        @Override public void write(int b) { write(new byte[] {(byte) b}, 0, 1); }

        @Override public void write(byte[] b, int off, int len) {
            if (end + len > buf.length) {
                int live = end - start;
                byte[] nb = live + len > buf.length / 2 ? new byte[Math.max(buf.length * 2, live + len)] : buf;
                System.arraycopy(buf, start, nb, 0, live);
                buf = nb;
                start = 0;
                end = live;
            }
            System.arraycopy(b, off, buf, end, len);
            end += len;
            drain();
        }

        private void drain() {
            while (true) {
                int p = start;
                long tag = 0, len = 0;
                int shift = 0;
                while (p < end) { int x = buf[p++]; tag |= (long) (x & 0x7F) << shift; shift += 7; if ((x & 0x80) == 0) { shift = -1; break; } }
                if (shift != -1) return;
                shift = 0;
                while (p < end) { int x = buf[p++]; len |= (long) (x & 0x7F) << shift; shift += 7; if ((x & 0x80) == 0) { shift = -1; break; } }
                if (shift != -1 || end - p < len) return;
                if (tag == ((1 << 3) | 2)) {
                    try {
                        an.packet(io.ptotrace.proto.TracePacket.parseFrom(Arrays.copyOfRange(buf, p, p + (int) len)));
                    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                        throw new IllegalStateException("the writer produced a malformed packet", e);
                    }
                }
                start = p + (int) len;
            }
        }
    }
}
