package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.PyFloat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The JSON text of one rendering chunk, written byte by byte into a growing array: objects, member names,
 * strings and numbers, exactly as Jackson's generator writes them with non-ASCII escaped. A trace is millions of
 * small objects of a few shapes; writing them here skips the generator's per-call state checks and its
 * per-character escaping of plain ASCII text. Anything but plain printable ASCII (a string to escape, a value
 * copied from the input) goes through the generator itself, so the bytes stay the generator's.
 */
final class JsonText {
    private byte[] buf;
    private int pos;
    /** Whether the object at each depth has no member yet (depth 0 is outside any object). */
    private boolean[] empty = new boolean[8];

    private int depth;
    /** The generator for the rare text that is not plain ASCII, writing into {@link #side}. */
    private JsonGenerator escaper;

    private final Side side = new Side();

    /** The generator's output, read in place. */
    private static final class Side extends ByteArrayOutputStream {
        byte[] bytes() {
            return buf;
        }
    }

    JsonText(int capacity) {
        buf = new byte[capacity];
    }

    void reset() {
        pos = 0;
        depth = 0;
    }

    int size() {
        return pos;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, pos);
    }

    /** The text so far, in an array of its own. */
    byte[] copy() {
        return Arrays.copyOf(buf, pos);
    }

    private void ensure(int n) {
        if (pos + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }

    void raw(byte b) {
        ensure(1);
        buf[pos++] = b;
    }

    void raw(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    void beginObject() {
        raw((byte) '{');
        if (++depth == empty.length) empty = Arrays.copyOf(empty, depth * 2);
        empty[depth] = true;
    }

    void endObject() {
        raw((byte) '}');
        depth--;
    }

    /**
     * Starts a member: {@code name} is its pre-encoded {@code "name":} ({@link #name(String)}); a comma first
     * unless it is the object's first member.
     */
    void member(byte[] name) {
        if (empty[depth]) empty[depth] = false;
        else raw((byte) ',');
        raw(name);
    }

    /**
     * A fragment of members written as they are, starting with its own comma (so never the object's first
     * member).
     */
    void members(byte[] fragment) {
        empty[depth] = false;
        raw(fragment);
    }

    /** {@code "name":} as {@link #member} takes it, escaped as the generator escapes a member name. */
    static byte[] name(String name) {
        byte[] q = plainAscii(name) ? null : quoted(name);
        if (q == null) {
            byte[] b = new byte[name.length() + 3];
            b[0] = '"';
            for (int i = 0; i < name.length(); i++) b[i + 1] = (byte) name.charAt(i);
            b[b.length - 2] = '"';
            b[b.length - 1] = ':';
            return b;
        }
        byte[] b = Arrays.copyOf(q, q.length + 1);
        b[q.length] = ':';
        return b;
    }

    /** Printable ASCII other than the quote and the backslash: written as it is. */
    private static boolean plainAscii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7F || c == '"' || c == '\\') return false;
        }
        return true;
    }

    /** {@code s} as the generator quotes it (non-ASCII escaped). */
    static byte[] quoted(String s) {
        return ChromeJsonWriter.quoted(s).getBytes(StandardCharsets.US_ASCII);
    }

    /** A string value; null is written as null, as the generator writes it. */
    void string(String s) {
        if (s == null) {
            nul();
            return;
        }
        int n = s.length();
        ensure(n + 2);
        int p = pos;
        byte[] b = buf;
        b[p++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7F || c == '"' || c == '\\') {
                escaped(s);
                return;
            }
            b[p++] = (byte) c;
        }
        b[p++] = '"';
        pos = p;
    }

    /** A string with characters to escape, through the generator. */
    private void escaped(String s) {
        try {
            JsonGenerator g = escaper();
            g.writeString(s);
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fromSide();
    }

    /**
     * A value copied from the input, as {@link JsonValues#write} writes it: numbers, strings and booleans here, a
     * list or a map through the generator.
     */
    void value(Object v) {
        if (v instanceof Long || v instanceof Integer) {
            number(((Number) v).longValue());
            return;
        }
        if (v instanceof String) {
            string((String) v);
            return;
        }
        if (v instanceof Double) {
            double d = (Double) v;
            if (PyFloat.writtenAsNull(d)) nul();
            else ascii(PyFloat.repr(d));
            return;
        }
        if (v instanceof Boolean) {
            bool((Boolean) v);
            return;
        }
        if (v == null || v == JsonValues.NULL || v == JsonValues.ABSENT) {
            nul();
            return;
        }
        if (v instanceof List) { // the queue-depth triples of every scheduler phase: not through the generator
            raw((byte) '[');
            boolean first = true;
            for (Object o : (List<?>) v) {
                if (!first) raw((byte) ',');
                first = false;
                value(o);
            }
            raw((byte) ']');
            return;
        }
        try {
            JsonGenerator g = escaper();
            JsonValues.write(g, v);
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fromSide();
    }

    private JsonGenerator escaper() throws IOException {
        if (escaper == null) {
            escaper = ChromeJsonWriter.JSON.createGenerator(side, JsonEncoding.UTF8);
            escaper.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            escaper.setRootValueSeparator(null);
        }
        return escaper;
    }

    private void fromSide() {
        int n = side.size();
        ensure(n);
        System.arraycopy(side.bytes(), 0, buf, pos, n);
        pos += n;
        side.reset();
    }

    /** A number in decimal, as the generator writes an int or a long. */
    void number(int v) {
        ensure(11);
        pos = NumberOutput.outputInt(v, buf, pos);
    }

    void number(long v) {
        ensure(20);
        pos = NumberOutput.outputLong(v, buf, pos);
    }

    /** An unsigned 64-bit value. */
    void unsigned(long v) {
        if (v >= 0) number(v);
        else ascii(Long.toUnsignedString(v));
    }

    /** Text that is ASCII, as it is. */
    private void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) buf[pos++] = (byte) s.charAt(i);
    }

    void bool(boolean v) {
        raw(v ? TRUE : FALSE);
    }

    void nul() {
        raw(NULL);
    }

    /** A double as {@link PyFloat#write} writes it; {@code texts} keeps the encodings of recent ones. */
    void dbl(double d, DoubleTexts texts) {
        if (PyFloat.writtenAsNull(d)) nul();
        else {
            ensure(DoubleTexts.SLOT);
            pos += texts.copy(d, buf, pos);
        }
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'},
            FALSE = {'f', 'a', 'l', 's', 'e'},
            NULL = {'n', 'u', 'l', 'l'};
}
