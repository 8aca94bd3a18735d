package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * Unsigned 64-bit ids as the runtime tools read them (Python {@code int()} semantics, negative values
 * reinterpreted as two's complement). Values travel as {@code long}; compare and print with the
 * unsigned helpers.
 */
public final class U64 {
    private U64() {}

    /** Result holder so the hot path does not box. */
    public static final class Slot {
        public boolean ok;
        public long value;

        public long orElse(long dflt) { return ok ? value : dflt; }
    }

    /** Reads the value at the parser's current token (skipping it if structured). */
    public static boolean read(JsonParser p, Slot out) throws IOException {
        out.ok = false;
        JsonToken t = p.currentToken();
        switch (t) {
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    out.value = p.getBigIntegerValue().longValue();
                } else {
                    out.value = p.getLongValue();
                }
                out.ok = true;
                return true;
            case VALUE_NUMBER_FLOAT: {
                double d = p.getDoubleValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) return false;
                out.value = Math.abs(d) < 9.2e18 ? (long) d : new BigDecimal(d).toBigInteger().longValue();
                out.ok = true;
                return true;
            }
            case VALUE_STRING:
                return parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), out);
            case VALUE_TRUE:
                out.value = 1; out.ok = true; return true;
            case VALUE_FALSE:
                out.value = 0; out.ok = true; return true;
            case START_OBJECT:
            case START_ARRAY:
                p.skipChildren();
                return false;
            default:
                return false;
        }
    }

    /** {@link #parse(String, Slot)} over a character range, without allocating when it holds only digits. */
    public static boolean parse(char[] buf, int off, int len, Slot out) {
        if (len == 0 || len > 64) return parse(new String(buf, off, len), out);
        long v = 0;
        for (int i = off, end = off + len; i < end; i++) {
            int d = buf[i] - '0';
            if (d < 0 || d > 9) return parse(new String(buf, off, len), out);
            v = v * 10 + d; // wraps: the result is the value mod 2^64, as the long view of a Python int
        }
        out.value = v;
        out.ok = true;
        return true;
    }

    /** Python int(str): optional sign, surrounding whitespace, '_' between digits; base 10 only. */
    public static boolean parse(String s, Slot out) {
        out.ok = false;
        if (s == null) return false;
        String t = s.strip();
        if (t.isEmpty()) return false;
        int i = 0;
        boolean neg = false;
        if (t.charAt(0) == '+' || t.charAt(0) == '-') { neg = t.charAt(0) == '-'; i = 1; }
        if (i >= t.length()) return false;
        long v = 0; // accumulated mod 2^64: the low 64 bits of the Python int
        boolean lastUnderscore = true; // a leading '_' is invalid
        for (; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c >= '0' && c <= '9') { v = v * 10 + (c - '0'); lastUnderscore = false; }
            else if (c == '_' && !lastUnderscore) lastUnderscore = true;
            else return false;
        }
        if (lastUnderscore) return false;
        out.value = neg ? -v : v;
        out.ok = true;
        return true;
    }

    public static String str(long v) { return Long.toUnsignedString(v); }

    public static int compare(long a, long b) { return Long.compareUnsigned(a, b); }
}
