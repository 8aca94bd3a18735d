package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

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
        /** The number does not fit 64 bits (it is below −2^63 or above 2^64−1); {@link #value} holds its low 64 bits. */
        public boolean wrapped;
        /** The number as written is below zero (so a negative {@link #value} is not a value of 2^63 or more). */
        public boolean negative;

        /** The number as a signed long: it fits, and its sign is the written one. */
        public boolean fitsSigned() {
            return !wrapped && (value < 0) == negative;
        }

        public long orElse(long dflt) {
            return ok ? value : dflt;
        }
    }

    /** Reads the value at the parser's current token (skipping it if structured). */
    public static boolean read(JsonParser p, Slot out) throws IOException {
        out.ok = false;
        out.wrapped = false;
        out.negative = false;
        JsonToken t = p.currentToken();
        switch (t) {
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    BigInteger b = p.getBigIntegerValue();
                    out.value = b.longValue();
                    out.negative = b.signum() < 0;
                    out.wrapped = out.negative || b.bitLength() > 64; // a negative BIG_INTEGER is below −2^63
                } else {
                    out.value = p.getLongValue();
                    out.negative = out.value < 0;
                }
                out.ok = true;
                return true;
            case VALUE_NUMBER_FLOAT: {
                double d = p.getDoubleValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) return false;
                out.value = Math.abs(d) < 9.2e18
                        ? (long) d
                        : new BigDecimal(d).toBigInteger().longValue();
                out.negative = d <= -1.0;
                out.wrapped = d >= 0x1p64 || d < -0x1p63;
                out.ok = true;
                return true;
            }
            case VALUE_STRING:
                return parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), out);
            case VALUE_TRUE:
                out.value = 1;
                out.ok = true;
                return true;
            case VALUE_FALSE:
                out.value = 0;
                out.ok = true;
                return true;
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
        boolean wrapped = false;
        for (int i = off, end = off + len; i < end; i++) {
            int d = buf[i] - '0';
            if (d < 0 || d > 9) return parse(new String(buf, off, len), out);
            if (Long.compareUnsigned(v, MAX_DIV_10) >= 0 && (v != MAX_DIV_10 || d > 5)) wrapped = true;
            v = v * 10 + d; // wraps: the result is the value mod 2^64, as the long view of a Python int
        }
        out.value = v;
        out.wrapped = wrapped;
        out.negative = false;
        out.ok = true;
        return true;
    }

    // (2^64 − 1) / 10; (2^64 − 1) % 10 is 5
    private static final long MAX_DIV_10 = 1844674407370955161L;

    /** Python int(str): optional sign, surrounding whitespace, '_' between digits; base 10 only. */
    public static boolean parse(String s, Slot out) {
        out.ok = false;
        out.wrapped = false;
        out.negative = false;
        if (s == null) return false;
        String t = s.strip();
        if (t.isEmpty()) return false;
        int i = 0;
        boolean neg = false;
        if (t.charAt(0) == '+' || t.charAt(0) == '-') {
            neg = t.charAt(0) == '-';
            i = 1;
        }
        if (i >= t.length()) return false;
        long v = 0; // accumulated mod 2^64: the low 64 bits of the Python int
        boolean wrapped = false;
        boolean lastUnderscore = true; // a leading '_' is invalid
        for (; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c >= '0' && c <= '9') {
                int d = c - '0';
                if (Long.compareUnsigned(v, MAX_DIV_10) >= 0 && (v != MAX_DIV_10 || d > 5)) wrapped = true;
                v = v * 10 + d;
                lastUnderscore = false;
            } else if (c == '_' && !lastUnderscore) lastUnderscore = true;
            else return false;
        }
        if (lastUnderscore) return false;
        out.value = neg ? -v : v;
        out.negative = neg && v != 0;
        // a magnitude above 2^63 has no two's-complement negative
        out.wrapped = wrapped || (out.negative && Long.compareUnsigned(v, Long.MIN_VALUE) > 0);
        out.ok = true;
        return true;
    }

    public static String str(long v) {
        return Long.toUnsignedString(v);
    }

    public static int compare(long a, long b) {
        return Long.compareUnsigned(a, b);
    }
}
