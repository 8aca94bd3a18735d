package io.ptotrace.viewer.page;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Renders a {@link GraphPage} as one self-contained HTML file: the page's own script and style inlined, the graph as
 * one deflate-compressed, base64-encoded block of little-endian typed arrays that the script inflates with the
 * browser's built-in decompression. Nothing is fetched when the page is opened. The same page gives the same bytes.
 */
public final class PageWriter {
    private PageWriter() {}

    /** Deflate level 4: about a third of the default level's time for a data block 2-3% larger. */
    private static final int LEVEL = 4;

    private static final String TEMPLATE = resource("page.html"),
            SCRIPT = resource("page.js"),
            STYLE = resource("page.css");

    public static void write(GraphPage page, OutputStream out) throws IOException {
        if (page.layout == null) throw new IllegalStateException("page has no layout");
        List<Section> sections = sections(page);
        byte[] header = header(page, sections);
        String[] parts = TEMPLATE.split("\\{\\{(TITLE|STYLE|SCRIPT|DATA|SIZE)}}", -1);
        String[] order = placeholders(TEMPLATE);
        for (int i = 0; i < parts.length; i++) {
            out.write(parts[i].getBytes(StandardCharsets.UTF_8));
            if (i == order.length) break;
            switch (order[i]) {
                case "TITLE":
                    out.write(escapeHtml(page.title).getBytes(StandardCharsets.UTF_8));
                    break;
                case "STYLE":
                    out.write(STYLE.getBytes(StandardCharsets.UTF_8));
                    break;
                case "SCRIPT":
                    out.write(SCRIPT.getBytes(StandardCharsets.UTF_8));
                    break;
                case "SIZE":
                    out.write(Long.toString(size(header, sections)).getBytes(StandardCharsets.UTF_8));
                    break;
                default:
                    data(header, sections, out);
            }
        }
        out.flush();
    }

    private static String[] placeholders(String template) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{\\{(TITLE|STYLE|SCRIPT|DATA|SIZE)}}")
                .matcher(template);
        List<String> names = new ArrayList<>();
        while (m.find()) names.add(m.group(1));
        return names.toArray(new String[0]);
    }

    /** One typed array of the data block. */
    private record Section(String name, String type, Object array, int count) {
        int bytes() {
            return type.equals("u8") ? count : count * 4;
        }
    }

    private static List<Section> sections(GraphPage p) {
        List<Section> s = new ArrayList<>();
        int n = p.nodeCount(), e = p.edgeCount();
        int[] rank = new int[n];
        float[] x = new float[n];
        for (int v = 0; v < n; v++) {
            rank[v] = p.layout.rank(v);
            x[v] = p.layout.x(v);
        }
        i32(s, "key", p.key);
        i32(s, "name", p.name);
        i32(s, "hint", p.hint);
        i32(s, "badge", p.badge);
        u8(s, "style", p.style);
        u8(s, "flags", p.flags);
        u8(s, "status", p.status);
        u8(s, "marks", p.marks);
        i32(s, "idHigh", p.idHigh);
        i32(s, "idLow", p.idLow);
        i32(s, "from", p.from);
        i32(s, "to", p.to);
        i32(s, "elabel", p.edgeLabel);
        u8(s, "eflags", p.edgeFlags);
        u8(s, "estatus", p.edgeStatus);
        i32(s, "rank", rank);
        s.add(new Section("x", "f32", x, n));
        rows(s, "n", p.nodeRows);
        rows(s, "e", p.edgeRows);
        s.add(new Section("strings", "u8", p.strings, p.strings.joinedLength()));
        return s;
    }

    private static void rows(List<Section> s, String prefix, Rows r) {
        // the rows' own arrays, of which only the filled part is written
        i32(s, prefix + "rowStart", r.ownerStarts());
        s.add(new Section(prefix + "rowKind", "u8", r.kinds(), r.rowCount()));
        s.add(new Section(prefix + "fieldStart", "i32", r.fieldStarts(), r.rowCount() + 1));
        s.add(new Section(prefix + "fields", "i32", r.fields(), r.fieldCount()));
    }

    private static void i32(List<Section> s, String name, int[] a) {
        s.add(new Section(name, "i32", a, a.length));
    }

    private static void u8(List<Section> s, String name, byte[] a) {
        s.add(new Section(name, "u8", a, a.length));
    }

    /** The inflated size of the data block, so that the page can take it into one buffer as it inflates. */
    private static long size(byte[] header, List<Section> sections) {
        long n = 4 + header.length + (4 - header.length % 4) % 4;
        for (Section s : sections) n += (s.bytes() + 3) / 4 * 4L;
        return n;
    }

    /** The data block: a 4-byte header length, the header (JSON), then each section aligned to 4 bytes. */
    private static void data(byte[] header, List<Section> sections, OutputStream html) throws IOException {
        OutputStream base64 = Base64.getEncoder().wrap(new FilterOutputStream(html) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        });
        Deflater deflater = new Deflater(LEVEL);
        try (DeflaterOutputStream z = new DeflaterOutputStream(base64, deflater, 1 << 16)) {
            int pad = (4 - header.length % 4) % 4;
            writeInt(z, header.length + pad);
            z.write(header);
            for (int i = 0; i < pad; i++) z.write(' ');
            byte[] buf = new byte[1 << 16];
            for (Section s : sections) {
                writeSection(z, s, buf);
                for (int i = s.bytes(); i % 4 != 0; i++) z.write(0);
            }
        } finally {
            deflater.end();
        }
    }

    private static byte[] header(GraphPage p, List<Section> sections) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (JsonGenerator j = new JsonFactory().createGenerator(b)) {
            j.writeStartObject();
            j.writeNumberField("version", 1);
            j.writeStringField("subject", p.subject);
            j.writeStringField("direction", p.direction);
            j.writeNumberField("nodes", p.nodeCount());
            j.writeNumberField("edges", p.edgeCount());
            j.writeObjectFieldStart("summary");
            for (Map.Entry<String, Long> e : p.summary.entrySet()) j.writeNumberField(e.getKey(), e.getValue());
            j.writeEndObject();
            if (!p.diff.isEmpty()) {
                j.writeObjectFieldStart("diff");
                for (Map.Entry<String, Long> e : p.diff.entrySet()) j.writeNumberField(e.getKey(), e.getValue());
                j.writeEndObject();
            }
            j.writeArrayFieldStart("focus");
            for (int v : p.focus) j.writeNumber(v);
            j.writeEndArray();
            j.writeArrayFieldStart("marks");
            for (String[] m : p.markNames) {
                j.writeStartArray();
                j.writeString(m[0]);
                j.writeString(m[1]);
                // colour and panel words only where given, so pages without them keep their bytes
                if (m[2] != null || m[3] != null) {
                    j.writeString(m[2]);
                    j.writeString(m[3]);
                }
                j.writeEndArray();
            }
            j.writeEndArray();
            j.writeArrayFieldStart("sections");
            long offset = 0;
            for (Section s : sections) {
                j.writeStartArray();
                j.writeString(s.name);
                j.writeString(s.type);
                j.writeNumber(offset);
                j.writeNumber(s.count);
                j.writeEndArray();
                offset += (s.bytes() + 3) / 4 * 4;
            }
            j.writeEndArray();
            j.writeEndObject();
        }
        return b.toByteArray();
    }

    private static void writeSection(OutputStream z, Section s, byte[] buf) throws IOException {
        switch (s.type) {
            case "u8":
                if (s.array instanceof StringTable t) t.writeJoined(z);
                else z.write((byte[]) s.array, 0, s.count);
                return;
            case "i32": {
                int[] a = (int[]) s.array;
                int n = 0;
                for (int i = 0; i < s.count; i++) {
                    int v = a[i];
                    if (n == buf.length) {
                        z.write(buf, 0, n);
                        n = 0;
                    }
                    buf[n++] = (byte) v;
                    buf[n++] = (byte) (v >>> 8);
                    buf[n++] = (byte) (v >>> 16);
                    buf[n++] = (byte) (v >>> 24);
                }
                z.write(buf, 0, n);
                return;
            }
            default: {
                float[] a = (float[]) s.array;
                int n = 0;
                for (float f : a) {
                    int v = Float.floatToIntBits(f);
                    if (n == buf.length) {
                        z.write(buf, 0, n);
                        n = 0;
                    }
                    buf[n++] = (byte) v;
                    buf[n++] = (byte) (v >>> 8);
                    buf[n++] = (byte) (v >>> 16);
                    buf[n++] = (byte) (v >>> 24);
                }
                z.write(buf, 0, n);
            }
        }
    }

    private static void writeInt(OutputStream o, int v) throws IOException {
        o.write(v);
        o.write(v >>> 8);
        o.write(v >>> 16);
        o.write(v >>> 24);
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;")
                .replaceAll("[\\r\\n\\u000B\\u000C\\u0085\\u2028\\u2029]+", " ");
    }

    private static String resource(String name) {
        try (InputStream in = PageWriter.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
