package io.ptotrace.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.io.MarkdownText;
import io.ptotrace.io.TerminalText;
import io.ptotrace.model.U64;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/** Renders a check's findings: text for people, Markdown for review comments, JSON ({@value #SCHEMA}) for tools. */
public final class CheckReport {
    public static final String SCHEMA = "ptotrace-check/1";
    private static final JsonFactory JSON = JsonFactory.builder()
            .disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private CheckReport() {}

    public static void write(HazardCheck.Result r, ReportFormat format, String input, OutputStream out)
            throws IOException {
        switch (format) {
            case JSON:
                json(r, out);
                break;
            case MARKDOWN:
                markdown(r, input, out);
                break;
            default:
                text(r, input, out);
        }
    }

    // ---- JSON

    static void json(HazardCheck.Result r, OutputStream out) throws IOException {
        try (JsonGenerator j = JSON.createGenerator(out)) {
            j.writeStartObject();
            j.writeStringField("schema", SCHEMA);
            j.writeFieldName("summary");
            j.writeStartObject();
            int[] c = r.counts();
            for (HazardKind k : HazardKind.values()) j.writeNumberField(k.key, c[k.ordinal()]);
            j.writeEndObject();
            j.writeNumberField("unchecked_accesses", r.unplaced());
            j.writeFieldName("findings");
            j.writeStartArray();
            for (Finding f : r.findings()) {
                j.writeRaw("\n  ");
                j.writeStartObject();
                j.writeStringField("kind", f.kind().key);
                j.writeStringField("severity", f.severity().word);
                access(j, "first", f.first());
                access(j, "second", f.second());
                j.writeStringField("tensor_id", U64.str(f.tensorId()));
                j.writeStringField("buffer_addr", U64.str(f.bufferAddr()));
                j.writeFieldName("bytes");
                j.writeStartArray();
                for (int i = 0; i < f.bytes().length; i += 2) {
                    j.writeStartArray();
                    unsigned(j, f.bytes()[i]);
                    unsigned(j, f.bytes()[i + 1]);
                    j.writeEndArray();
                }
                j.writeEndArray();
                j.writeStringField("certainty", f.certain() ? "certain" : "possible");
                j.writeBooleanField("manual_scope", f.manualScope());
                if (f.observed() == null) j.writeNullField("observed");
                else j.writeStringField("observed", f.observed().word);
                if (Double.isNaN(f.overlapUs())) j.writeNullField("overlap_us");
                else j.writeNumberField("overlap_us", f.overlapUs());
                j.writeEndObject();
            }
            if (!r.findings().isEmpty()) j.writeRaw("\n");
            j.writeEndArray();
            j.writeEndObject();
            j.writeRaw("\n");
        }
    }

    /** An address as the unsigned 64-bit number it is. */
    private static void unsigned(JsonGenerator j, long v) throws IOException {
        if (v >= 0) j.writeNumber(v);
        else j.writeNumber(new java.math.BigInteger(Long.toUnsignedString(v)));
    }

    private static void access(JsonGenerator j, String name, Access a) throws IOException {
        j.writeFieldName(name);
        j.writeStartObject();
        j.writeStringField("task", U64.str(a.taskId()));
        j.writeStringField("display", a.display());
        j.writeNumberField("arg", a.slot());
        if (a.type() == null) j.writeNullField("type");
        else j.writeStringField("type", a.type());
        j.writeEndObject();
    }

    // ---- text

    static void text(HazardCheck.Result r, String input, OutputStream out) {
        PrintWriter w = writer(out);
        w.println("ptotrace check: " + TerminalText.of(input));
        w.println(summary(r));
        int n = 0;
        for (Finding f : r.findings()) {
            w.println();
            w.println(++n + ". " + f.severity().word + ": " + f.kind().words + observedWords(f)
                    + (f.certain() ? "" : " (possible)") + (f.manualScope() ? " (manual scope)" : ""));
            w.println("   " + TerminalText.of(side(f.first())) + "  ->  " + TerminalText.of(side(f.second())));
            if (f.kind() == HazardKind.EDGE_WITHOUT_OVERLAP)
                w.println("   tensor " + U64.str(f.tensorId()) + " @ 0x" + Long.toHexString(f.bufferAddr()));
            else
                w.println("   tensor " + U64.str(f.tensorId()) + " @ 0x" + Long.toHexString(f.bufferAddr()) + ", bytes "
                        + ranges(f.bytes(), 4) + " (" + f.byteCount() + " bytes)");
            w.println("   why: " + f.kind().why);
            w.println("   fix: " + TerminalText.of(f.kind().fix(f)));
        }
        w.flush();
    }

    // ---- Markdown

    static void markdown(HazardCheck.Result r, String input, OutputStream out) {
        PrintWriter w = writer(out);
        w.println("## ptotrace check: " + MarkdownText.code(input));
        w.println();
        w.println(summary(r));
        if (!r.findings().isEmpty()) {
            w.println();
            w.println("| # | severity | kind | observed | earlier access | later access | tensor | bytes | fix |");
            w.println("|---|---|---|---|---|---|---|---|---|");
            int n = 0;
            for (Finding f : r.findings()) {
                w.println("| " + ++n + " | " + f.severity().word + (f.manualScope() ? " (manual scope)" : "") + " | "
                        + f.kind().words
                        + (f.certain() ? "" : " (possible)") + " | "
                        + (f.observed() == null
                                ? ""
                                : f.observed().word
                                        + (f.observed() == Finding.Observed.RACE ? " " + us(f.overlapUs()) : ""))
                        + " | " + cell(side(f.first())) + " | "
                        + cell(side(f.second())) + " | `" + U64.str(f.tensorId()) + "` | "
                        + (f.bytes().length == 0 ? "" : cell(ranges(f.bytes(), 2))) + " | "
                        + cell(f.kind().fix(f)) + " |");
            }
        }
        w.flush();
    }

    // ---- pieces

    static String summary(HazardCheck.Result r) {
        int[] c = r.counts();
        int e = 0, wn = 0, in = 0, races = 0;
        for (Finding f : r.findings()) {
            if (f.severity() == Severity.ERROR) e++;
            else if (f.severity() == Severity.WARNING) wn++;
            else in++;
            if (f.observed() == Finding.Observed.RACE) races++;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(r.findings().size())
                .append(r.findings().size() == 1 ? " finding" : " findings")
                .append(" (")
                .append(e)
                .append(" error(s), ")
                .append(wn)
                .append(" warning(s), ")
                .append(in)
                .append(" info)");
        if (races > 0) sb.append(", ").append(races).append(" observed as race(s) in this run");
        sb.append(':');
        for (HazardKind k : HazardKind.values())
            sb.append(' ').append(k.key).append('=').append(c[k.ordinal()]);
        if (r.unplaced() > 0)
            sb.append("; ").append(r.unplaced()).append(" access(es) not checked (their tensor has no buffer address)");
        return sb.toString();
    }

    private static String observedWords(Finding f) {
        if (f.observed() == null) return "";
        if (f.observed() == Finding.Observed.RACE)
            return " - RACE observed: the later task started " + us(f.overlapUs()) + " before the earlier one ended";
        return " - latent (the tasks ran apart in this run)";
    }

    private static String us(double v) {
        return String.format(Locale.ROOT, "%.3f us", v);
    }

    private static String side(Access a) {
        return a.display() + " arg " + a.slot() + (a.type() == null ? "" : " " + a.type());
    }

    static String ranges(long[] b, int max) {
        StringBuilder sb = new StringBuilder();
        int n = b.length / 2;
        for (int i = 0; i < Math.min(n, max); i++) {
            if (i > 0) sb.append(", ");
            sb.append("[0x")
                    .append(Long.toHexString(b[2 * i]))
                    .append(", 0x")
                    .append(Long.toHexString(b[2 * i + 1]))
                    .append(')');
        }
        if (n > max) sb.append(" and ").append(n - max).append(" more range(s)");
        return sb.toString();
    }

    /** A table cell of text from the inputs (task names from the name map): nothing in it is read as markup. */
    private static String cell(String s) {
        return MarkdownText.text(s);
    }

    private static PrintWriter writer(OutputStream out) {
        Writer w = new java.io.BufferedWriter(
                new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8));
        return new PrintWriter(w);
    }

    static List<HazardKind> kinds() {
        return List.of(HazardKind.values());
    }
}
