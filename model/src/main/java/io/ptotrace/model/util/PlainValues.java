package io.ptotrace.model.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The fast path of the byte scans ({@link JsonByteScan}) over a buffer: the end of a value made of what most skipped
 * members are (shallow objects and arrays, short ASCII strings without escapes, plain numbers), found in one loop
 * over local variables; anything else is left to the scan's byte-by-byte check.
 */
public final class PlainValues {
    private PlainValues() {}

    /** Deepest nesting {@link #valueEnd} follows. */
    public static final int DEPTH = 63;

    /** Longest string or number {@link #valueEnd} takes. */
    private static final int TOKEN = 256;

    /**
     * The end of the value at {@code a[p]} when it lies whole before {@code e} and is made of what most skipped
     * members are: objects and arrays at most {@value #DEPTH} deep, strings of printable ASCII without escapes
     * and numbers, each at most {@value #TOKEN} bytes. −1 for anything else, which {@code JsonByteScan.skipValue} then
     * checks byte by byte: this accepts only values that check also accepts, and it is a single loop over local
     * variables, about twice as fast on the keys and shapes that make up most of a deps.json.
     */
    public static int valueEnd(byte[] a, int p, int e) {
        long objects = 0; // bit k: the container at depth k + 1 is an object
        int depth = 0;
        while (true) {
            // a value starts at p
            if (p >= e) return -1;
            int c = a[p];
            if (c == '"') {
                p = plainStringEnd(a, p + 1, e);
                if (p < 0) return -1;
            } else if (c == '{' || c == '[') {
                if (depth == DEPTH) return -1;
                boolean object = c == '{';
                objects = (objects << 1) | (object ? 1 : 0);
                depth++;
                p = skipSpace(a, p + 1, e);
                if (p >= e) return -1;
                c = a[p];
                if (c == (object ? '}' : ']')) {
                    p++;
                    objects >>>= 1;
                    depth--;
                } else {
                    if (object) {
                        p = plainKeyEnd(a, p, e);
                        if (p < 0) return -1;
                    }
                    continue;
                }
            } else if (c == '-' || c >= '0' && c <= '9') {
                p = plainNumberEnd(a, p, e);
                if (p < 0) return -1;
            } else return -1;
            // after a value: a comma, or the end of its container
            while (true) {
                if (depth == 0) return p;
                p = skipSpace(a, p, e);
                if (p >= e) return -1;
                c = a[p];
                boolean object = (objects & 1) != 0;
                if (c == ',') {
                    p = skipSpace(a, p + 1, e);
                    if (object) {
                        p = plainKeyEnd(a, p, e);
                        if (p < 0) return -1;
                    }
                    break;
                }
                if (c != (object ? '}' : ']')) return -1;
                p++;
                objects >>>= 1;
                depth--;
            }
        }
    }

    /**
     * The members of an object from the key whose text starts at {@code p} (after its opening quote) on, skipped
     * as {@link #valueEnd} skips values until one of the keys {@code k1}, {@code k2}, {@code k3} (which the
     * caller reads) or the object's end. Returns the position after the closing brace, or {@code −2 − q} when a key
     * to read starts at {@code q} (after its quote), or −1 when the caller must check the member at {@code p} byte
     * by byte.
     */
    public static int membersEnd(byte[] a, int p, int e, byte[] k1, byte[] k2, byte[] k3) {
        while (true) {
            if (isKey(a, p, e, k1) || isKey(a, p, e, k2) || isKey(a, p, e, k3)) return -2 - p;
            int v = plainKeyRest(a, p, e);
            if (v < 0) return -1;
            p = valueEnd(a, v, e);
            if (p < 0) return -1;
            p = skipSpace(a, p, e);
            if (p >= e) return -1;
            if (a[p] == '}') return p + 1;
            if (a[p] != ',') return -1;
            p = skipSpace(a, p + 1, e);
            if (p >= e || a[p] != '"') return -1;
            p++;
        }
    }

    /** Whether the key text at {@code p} is {@code k}, its closing quote before {@code e}. */
    private static boolean isKey(byte[] a, int p, int e, byte[] k) {
        int n = k.length;
        if (p + n >= e || a[p + n] != '"') return false;
        for (int i = 0; i < n; i++) if (a[p + i] != k[i]) return false;
        return true;
    }

    /** After whitespace from {@code p}. */
    private static int skipSpace(byte[] a, int p, int e) {
        while (p < e) {
            int c = a[p];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return p;
            p++;
        }
        return p;
    }

    /** A plain string key at {@code p} (its opening quote), the colon and the whitespace after: where its value starts, or −1. */
    private static int plainKeyEnd(byte[] a, int p, int e) {
        return p >= e || a[p] != '"' ? -1 : plainKeyRest(a, p + 1, e);
    }

    /** {@link #plainKeyEnd} from after the key's opening quote. */
    private static int plainKeyRest(byte[] a, int p, int e) {
        p = plainStringEnd(a, p, e);
        if (p < 0) return -1;
        p = skipSpace(a, p, e);
        if (p >= e || a[p] != ':') return -1;
        return skipSpace(a, p + 1, e);
    }

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L, HIGHS = 0x8080808080808080L;

    /**
     * After the opening quote at {@code p − 1}: past the closing quote of a plain string, or −1. Eight bytes at a
     * time while they fit before the limit: in a word, the lowest byte that is a quote, a backslash, below 0x20 or
     * above 0x7F is found exactly (a borrow only runs upwards from such a byte), and decides as the byte loop would.
     */
    static int plainStringEnd(byte[] a, int p, int e) {
        int limit = Math.min(e, p + TOKEN + 1);
        while (p + 8 <= limit) {
            long w = (long) WORDS.get(a, p);
            long q = w ^ 0x2222222222222222L, s = w ^ 0x5C5C5C5C5C5C5C5CL;
            long hit = (((w - 0x2020202020202020L) | w) | ((q - ONES) & ~q) | ((s - ONES) & ~s)) & HIGHS;
            if (hit != 0) {
                p += Long.numberOfTrailingZeros(hit) >>> 3;
                return a[p] == '"' ? p + 1 : -1;
            }
            p += 8;
        }
        while (p < limit) {
            int c = a[p++];
            if (c == '"') return p;
            if (c < 0x20 || c == '\\') return -1; // a control character, a multi-byte character or an escape
        }
        return -1;
    }

    /** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? from {@code p}, ending before {@code e}: its end, or −1. */
    private static int plainNumberEnd(byte[] a, int p, int e) {
        int limit = Math.min(e, p + TOKEN);
        if (a[p] == '-') p++;
        if (p >= limit) return -1;
        int c = a[p];
        if (c == '0') p++;
        else if (c >= '1' && c <= '9') p = digitsEnd(a, p + 1, limit);
        else return -1;
        if (p < limit && a[p] == '.') {
            int q = digitsEnd(a, p + 1, limit);
            if (q == p + 1) return -1;
            p = q;
        }
        if (p < limit && (a[p] == 'e' || a[p] == 'E')) {
            p++;
            if (p < limit && (a[p] == '+' || a[p] == '-')) p++;
            int q = digitsEnd(a, p, limit);
            if (q == p) return -1;
            p = q;
        }
        // the number must end before the limit: a digit there may continue it
        if (p >= limit) return -1;
        c = a[p];
        return c >= '0' && c <= '9' ? -1 : p;
    }

    private static int digitsEnd(byte[] a, int p, int limit) {
        while (p < limit && a[p] >= '0' && a[p] <= '9') p++;
        return p;
    }
}
