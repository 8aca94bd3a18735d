package io.ptotrace.model.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The base of the fast paths that read a large input straight from its bytes (deps.json, the records file): a
 * buffered cursor over a stream and the checks of a strict subset of JSON. A subclass reads the members it wants
 * and skips every other value after checking it is JSON. On anything outside the subset (a syntax error, an
 * escaped key, a non-ASCII string, a number too long or not plain) it throws {@link #GIVE_UP}, and its caller reads
 * the file again with the general Jackson reader, which then says what is wrong or reads what is unusual.
 */
public abstract class JsonByteScan {
    /** Longest string or number accepted (the general readers' limits are far higher). */
    protected static final int MAX_TOKEN = 1 << 16;

    protected static final int MAX_DEPTH = 256;
    /** (2^64 − 1) / 10; (2^64 − 1) % 10 is 5. */
    private static final long MAX_DIV_10 = 1844674407370955161L;

    /** Thrown to give up: the input is not one the fast path reads. */
    public static final class NotCanonical extends Exception {
        private NotCanonical() {
            super(null, null, false, false);
        }
    }

    protected static final NotCanonical GIVE_UP = new NotCanonical();

    private final InputStream in;
    protected byte[] buf = new byte[1 << 20];
    protected int pos, end;
    /** Where the bytes kept in the buffer start ({@link #valueBytes}), or −1. */
    private int mark = -1;

    private boolean eof;
    /** Bytes of the stream before the buffer's first. */
    private long dropped;

    protected JsonByteScan(InputStream in) {
        this.in = in;
    }

    protected static byte[] key(String k) {
        return k.getBytes(StandardCharsets.US_ASCII);
    }

    // ------------------------------------------------------------------ bytes

    /**
     * At least {@code n} bytes from pos on, unless the input ends first. The bytes before pos are dropped, but not
     * those from {@link #mark} on while it is set.
     */
    protected final void need(int n) throws IOException {
        if (end - pos >= n || eof) return;
        int keep = mark >= 0 ? mark : pos;
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, end - keep);
            dropped += keep;
            end -= keep;
            pos -= keep;
            if (mark >= 0) mark = 0;
        }
        int want = pos + n;
        if (want > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(want, buf.length * 2));
        while (end < want && !eof) {
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) eof = true;
            else end += r;
        }
    }

    /** Where pos is in the stream: the bytes taken from it so far. */
    protected final long offset() {
        return dropped + pos;
    }

    /** The next byte without taking it, or −1 at the end. */
    protected final int peek() throws IOException {
        if (pos == end) need(1);
        return pos < end ? buf[pos] & 0xFF : -1;
    }

    protected final int next() throws IOException {
        if (pos == end) need(1);
        return pos < end ? buf[pos++] & 0xFF : -1;
    }

    /** The next byte after whitespace, taken; −1 at the end. */
    protected final int nextToken() throws IOException {
        while (true) {
            while (pos < end) {
                int b = buf[pos++] & 0xFF;
                if (b != ' ' && b != '\n' && b != '\r' && b != '\t') return b;
            }
            need(1);
            if (pos == end) return -1;
        }
    }

    protected static void expect(int want, int got) throws NotCanonical {
        if (got != want) throw GIVE_UP;
    }

    /** Whether the key at pos (after its opening quote) is {@code k}; takes it and its closing quote if so. */
    protected final boolean matches(byte[] k) throws IOException {
        need(k.length + 1);
        if (end - pos < k.length + 1 || buf[pos + k.length] != '"') return false;
        for (int i = 0; i < k.length; i++) if (buf[pos + i] != k[i]) return false;
        pos += k.length + 1;
        return true;
    }

    // ------------------------------------------------------------------ numbers

    /** A JSON integer without fraction or exponent, of at most {@code maxDigits} digits, starting with {@code b}. */
    protected final long plainInteger(int b, int maxDigits) throws IOException, NotCanonical {
        boolean negative = b == '-';
        if (negative) b = next();
        int d = b - '0';
        if (d < 0 || d > 9) throw GIVE_UP;
        long val = d;
        int digits = 1;
        need(maxDigits + 2);
        if (d == 0) {
            int c = peek();
            if (c >= '0' && c <= '9') throw GIVE_UP; // a leading zero is not JSON
        } else {
            while (pos < end) {
                int c = buf[pos];
                if (c < '0' || c > '9') break;
                if (++digits > maxDigits) throw GIVE_UP;
                val = val * 10 + (c - '0');
                pos++;
            }
        }
        int c = peek();
        if (c == '.' || c == 'e' || c == 'E') throw GIVE_UP;
        return negative ? -val : val;
    }

    /**
     * A plain JSON integer (no fraction or exponent) from −(2^63 − 1) to 2^64 − 1, starting with {@code b}, as the
     * 64 bits of its value: one above 2^63 − 1 keeps its unsigned bits, as task tokens and cycle counts do.
     */
    protected final long integer64(int b) throws IOException, NotCanonical {
        if (b == '-') return plainInteger(b, 18); // 18 digits: never below −(2^63 − 1)
        int d = b - '0';
        if (d < 0 || d > 9) throw GIVE_UP;
        need(22);
        long val = d;
        if (d == 0) {
            int c = peek();
            if (c >= '0' && c <= '9') throw GIVE_UP;
        } else {
            int digits = 1;
            while (pos < end) {
                int c = buf[pos] - '0';
                if (c < 0 || c > 9) break;
                if (++digits > 20) throw GIVE_UP;
                if (Long.compareUnsigned(val, MAX_DIV_10) >= 0 && (val != MAX_DIV_10 || c > 5)) throw GIVE_UP;
                val = val * 10 + c;
                pos++;
            }
        }
        int c = peek();
        if (c == '.' || c == 'e' || c == 'E') throw GIVE_UP;
        return val;
    }

    /** After an opening quote: a string of 1..20 digits whose value fits 64 bits, unsigned. */
    protected final long digitString() throws IOException, NotCanonical {
        need(22);
        long val = 0;
        int digits = 0;
        while (true) {
            if (pos == end) throw GIVE_UP;
            int c = buf[pos++];
            if (c == '"') break;
            int d = c - '0';
            if (d < 0 || d > 9 || ++digits > 20) throw GIVE_UP;
            if (Long.compareUnsigned(val, MAX_DIV_10) >= 0 && (val != MAX_DIV_10 || d > 5)) throw GIVE_UP;
            val = val * 10 + d;
        }
        if (digits == 0) throw GIVE_UP;
        return val;
    }

    // ------------------------------------------------------------------ validated skipping

    /** The bytes of the value starting with {@code b} (taken), checked as {@link #skipValue} checks it. */
    protected final byte[] valueBytes(int b) throws IOException, NotCanonical {
        mark = pos - 1;
        try {
            skipValue(b, 1);
            return java.util.Arrays.copyOfRange(buf, mark, pos);
        } finally {
            mark = -1;
        }
    }

    /** Skips the value starting with {@code b} (taken), checking it is JSON. */
    protected final void skipValue(int b, int depth) throws IOException, NotCanonical {
        if (depth + PlainValues.DEPTH <= MAX_DEPTH) {
            int after = PlainValues.valueEnd(buf, pos - 1, end);
            if (after >= 0) {
                pos = after;
                return;
            }
        }
        switch (b) {
            case '"':
                skipString();
                return;
            case '{':
                if (depth > MAX_DEPTH) throw GIVE_UP;
                b = nextToken();
                if (b == '}') return;
                while (true) {
                    expect('"', b);
                    skipString();
                    expect(':', nextToken());
                    skipValue(nextToken(), depth + 1);
                    b = nextToken();
                    if (b == '}') return;
                    expect(',', b);
                    b = nextToken();
                }
            case '[':
                if (depth > MAX_DEPTH) throw GIVE_UP;
                b = nextToken();
                if (b == ']') return;
                while (true) {
                    skipValue(b, depth + 1);
                    b = nextToken();
                    if (b == ']') return;
                    expect(',', b);
                    b = nextToken();
                }
            case 't':
                literal("rue");
                return;
            case 'f':
                literal("alse");
                return;
            case 'n':
                literal("ull");
                return;
            default:
                skipNumber(b);
        }
    }

    protected final void literal(String rest) throws IOException, NotCanonical {
        need(rest.length());
        if (end - pos < rest.length()) throw GIVE_UP;
        for (int i = 0; i < rest.length(); i++) if (buf[pos + i] != rest.charAt(i)) throw GIVE_UP;
        pos += rest.length();
        int c = peek();
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') throw GIVE_UP;
    }

    /** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, the first byte taken. */
    private void skipNumber(int b) throws IOException, NotCanonical {
        need(MAX_TOKEN);
        int start = pos - 1;
        if (b == '-') b = next();
        if (b == '0') {
            int c = peek();
            if (c >= '0' && c <= '9') throw GIVE_UP;
        } else if (b >= '1' && b <= '9') digits(false);
        else throw GIVE_UP;
        if (peek() == '.') {
            pos++;
            digits(true);
        }
        int c = peek();
        if (c == 'e' || c == 'E') {
            pos++;
            c = peek();
            if (c == '+' || c == '-') pos++;
            digits(true);
        }
        if (pos - start > MAX_TOKEN - 2) throw GIVE_UP;
    }

    private void digits(boolean atLeastOne) throws NotCanonical {
        int n = 0;
        while (pos < end && buf[pos] >= '0' && buf[pos] <= '9') {
            pos++;
            n++;
        }
        if (atLeastOne && n == 0) throw GIVE_UP;
    }

    /**
     * A key this path does not read, after its opening quote: without escapes, since an escaped key may spell one it
     * reads.
     */
    protected final void skipKey() throws IOException, NotCanonical {
        while (true) {
            while (pos < end) {
                int c = buf[pos++];
                if (c == '"') return;
                if (c < 0x20 || c == '\\') throw GIVE_UP;
            }
            need(1);
            if (pos == end) throw GIVE_UP;
        }
    }

    /** After the opening quote: printable ASCII and JSON escapes up to the closing quote. */
    protected final void skipString() throws IOException, NotCanonical {
        int length = 0;
        while (true) {
            while (pos < end) {
                int c = buf[pos++];
                if (c == '"') return;
                if (c < 0x20) throw GIVE_UP; // a control character, or a byte of a multi-byte character
                if (c == '\\') {
                    escape();
                    continue;
                }
                if (++length > MAX_TOKEN) throw GIVE_UP;
            }
            need(1);
            if (pos == end) throw GIVE_UP;
        }
    }

    private void escape() throws IOException, NotCanonical {
        int c = next();
        switch (c) {
            case '"':
            case '\\':
            case '/':
            case 'b':
            case 'f':
            case 'n':
            case 'r':
            case 't':
                return;
            case 'u':
                for (int i = 0; i < 4; i++) {
                    int h = next();
                    if (!(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F')) throw GIVE_UP;
                }
                return;
            default:
                throw GIVE_UP;
        }
    }
}
