package io.ptotrace.inspect;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * {@code ptotrace inspect}: reads a trace of either format (Chrome JSON, streamed; Perfetto protobuf,
 * packet by packet; either may be gzip-compressed) and summarises it — processes, threads, slices,
 * counters, flows by kind, hb_violations, time span — with every structural problem that makes Perfetto
 * lose or misplace data. It knows nothing of the writers: {@code convert} judges the events its JSON writer
 * hands on, in the writer's order, with these same checks ({@link JsonEventCheck}).
 */
public final class TraceInspector {
    private TraceInspector() {}

    public enum Format {
        JSON,
        PFTRACE
    }

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

    private static Summary inspect(InputStream input, String name, Inflation inflation, int gzipDepth)
            throws IOException {
        BufferedInputStream in = new BufferedInputStream(input, 1 << 16);
        in.mark(4);
        int b0 = in.read(), b1 = in.read();
        in.reset();
        if (b0 == 0x1F && b1 == 0x8B) {
            if (gzipDepth == Inflation.MAX_DEPTH)
                throw new InputProblem(
                        name, "gzip nested more than " + Inflation.MAX_DEPTH + " levels deep", null, null);
            GZIPInputStream gz;
            try {
                gz = new GZIPInputStream(in, 1 << 16);
            } catch (EOFException e) {
                throw new InputProblem(name, "truncated gzip data", "gzip header", e);
            } catch (ZipException e) {
                throw new InputProblem(name, "bad gzip data: " + e.getMessage(), "gzip header", e);
            }
            try (InputStream data =
                    inflation.inflated(gz, "gzip data", at -> "byte " + at + " of the gunzipped data")) {
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
            new PftraceReader(name, an::packet, inflation).read(in);
            an.finish();
        }
        return s;
    }

    private static Format sniff(BufferedInputStream in, String name) throws IOException {
        in.mark(1 << 12);
        int first = in.read();
        int c = first;
        int n = 1;
        if (c == 0xEF) {
            in.read();
            in.read();
            c = in.read();
            n += 3;
        } // UTF-8 byte order mark
        while ((c == ' ' || c == '\n' || c == '\r' || c == '\t') && n < (1 << 12) - 1) {
            c = in.read();
            n++;
        }
        in.reset();
        if (first < 0) throw new InputProblem(name, "empty file", null, null);
        if (c == '{' || c == '[') return Format.JSON;
        if (first == 0x0A) return Format.PFTRACE; // field 1 (packet), length-delimited
        throw new InputProblem(
                name,
                String.format("neither a Chrome JSON nor a Perfetto protobuf trace (first byte 0x%02X)", first),
                "byte 0",
                null);
    }

    /** A one-line warning for {@code convert} when the JSON trace loses arrows, or null. */
    public static String jsonWarning(Summary json) {
        long lost = json.flows - json.flowsShown;
        if (json.clean()) return null;
        StringBuilder sb = new StringBuilder("Warning: Perfetto will ");
        if (lost > 0)
            sb.append("drop ").append(lost).append(" of ").append(json.flows).append(" arrows");
        else sb.append("misplace data");
        sb.append(" in the JSON trace (");
        String sep = "";
        for (java.util.Map.Entry<Problem.Kind, Long> e : json.problemCounts.entrySet()) {
            sb.append(sep).append(e.getValue()).append(' ').append(e.getKey().id());
            sep = ", ";
        }
        return sb.append("); the .pftrace keeps them all — run 'ptotrace inspect' on the JSON for details")
                .toString();
    }
}
