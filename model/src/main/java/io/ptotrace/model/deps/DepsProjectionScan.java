package io.ptotrace.model.deps;

import io.ptotrace.io.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The projection's fast path: reads the task ids, kernel ids, block nums and edge endpoints of a deps.json straight
 * from its bytes, for files as the runtime writes them. It accepts a strict subset of JSON, every value of which
 * {@link DepsReader} reads the same way: ASCII strings without surprises in keys, ids as digit strings or plain
 * non-negative integers that fit 64 bits, kernel ids and block nums as plain integers in range, and every other
 * member valid JSON (checked, then skipped without decoding). On anything else (a syntax error, a value the general
 * reader would warn about or refuse, a number or string too long to be ordinary, a pipe that cannot be read twice)
 * it gives up and returns false before the caller keeps anything; {@link DepsProjection#read} then reads the file
 * with {@link DepsReader}, which says what is wrong.
 */
final class DepsProjectionScan {
    /** Longest string or number accepted (the general reader's limits are far higher). */
    private static final int MAX_TOKEN = 1 << 16;

    private static final int MAX_DEPTH = 256;
    /** (2^64 − 1) / 10; (2^64 − 1) % 10 is 5. */
    private static final long MAX_DIV_10 = 1844674407370955161L;

    private static final byte[] TASKS = key("tasks"),
            EDGES = key("edges"),
            TASK_ID = key("task_id"),
            KERNEL_IDS = key("kernel_ids"),
            BLOCK_NUM = key("block_num"),
            PRED = key("pred"),
            SUCC = key("succ");

    private static byte[] key(String k) {
        return k.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Thrown to give up: the file is not one this path reads. */
    private static final class NotCanonical extends Exception {
        NotCanonical() {
            super(null, null, false, false);
        }
    }

    private static final NotCanonical GIVE_UP = new NotCanonical();

    private final InputStream in;
    private byte[] buf = new byte[1 << 20];
    private int pos, end;
    private boolean eof;
    private final DepsVisitor v;
    private final DepsTask task = new DepsTask();
    private final DepsEdge edge = new DepsEdge();
    /** The value of the last id read. */
    private long id;

    private DepsProjectionScan(InputStream in, DepsVisitor v) {
        this.in = in;
        this.v = v;
    }

    /** True when the file was read whole into {@code v}; false when {@code v} must be dropped and the file read again. */
    static boolean read(Path file, DepsVisitor v) {
        if (!Files.isRegularFile(file)) return false; // a pipe cannot be read a second time
        try (InputStream in = Inputs.open(file)) {
            return read(in, v);
        } catch (IOException e) {
            return false;
        }
    }

    /** As {@link #read(Path, DepsVisitor)}, from a stream read to its end. */
    static boolean read(InputStream in, DepsVisitor v) {
        try {
            new DepsProjectionScan(in, v).document();
            return true;
        } catch (NotCanonical | IOException | RuntimeException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ bytes

    /** At least {@code n} bytes from pos on, unless the file ends first. */
    private void need(int n) throws IOException {
        if (end - pos >= n || eof) return;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, end - pos);
            end -= pos;
            pos = 0;
        }
        if (n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(n, buf.length * 2));
        while (end < n && !eof) {
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) eof = true;
            else end += r;
        }
    }

    /** The next byte without taking it, or −1 at the end. */
    private int peek() throws IOException {
        if (pos == end) need(1);
        return pos < end ? buf[pos] & 0xFF : -1;
    }

    private int next() throws IOException {
        if (pos == end) need(1);
        return pos < end ? buf[pos++] & 0xFF : -1;
    }

    /** The next byte after whitespace, taken. */
    private int nextToken() throws IOException {
        while (true) {
            while (pos < end) {
                int b = buf[pos++] & 0xFF;
                if (b != ' ' && b != '\n' && b != '\r' && b != '\t') return b;
            }
            need(1);
            if (pos == end) return -1;
        }
    }

    private void expect(int want, int got) throws NotCanonical {
        if (got != want) throw GIVE_UP;
    }

    // ------------------------------------------------------------------ structure

    private void document() throws IOException, NotCanonical {
        expect('{', nextToken());
        boolean edgesListed = false;
        int b = nextToken();
        if (b != '}') {
            while (true) {
                expect('"', b);
                int k = topKey();
                expect(':', nextToken());
                if (k == 1) readTasks();
                else if (k == 2) {
                    readEdges();
                    edgesListed = true;
                } else skipValue(nextToken(), 1);
                b = nextToken();
                if (b == '}') break;
                expect(',', b);
                b = nextToken();
            }
        }
        if (nextToken() != -1) throw GIVE_UP;
        if (!edgesListed) v.noEdgesList();
    }

    /** After the opening quote: 1 for "tasks", 2 for "edges", 0 for another key (checked, skipped). */
    private int topKey() throws IOException, NotCanonical {
        if (matches(TASKS)) return 1;
        if (matches(EDGES)) return 2;
        skipKey();
        return 0;
    }

    /** Whether the key at pos (after its opening quote) is {@code k}; takes it and its closing quote if so. */
    private boolean matches(byte[] k) throws IOException {
        need(k.length + 1);
        if (end - pos < k.length + 1 || buf[pos + k.length] != '"') return false;
        for (int i = 0; i < k.length; i++) if (buf[pos + i] != k[i]) return false;
        pos += k.length + 1;
        return true;
    }

    private void readTasks() throws IOException, NotCanonical {
        expect('[', nextToken());
        int b = nextToken();
        if (b == ']') return;
        int index = 0;
        while (true) {
            expect('{', b);
            DepsTask t = task;
            t.index = index++;
            t.idOk = false;
            t.kernelIds = null;
            t.kernelSlots = null;
            t.blockNumRaw = null;
            b = nextToken();
            if (b != '}') {
                while (true) {
                    expect('"', b);
                    if (matches(TASK_ID)) {
                        expect(':', nextToken());
                        t.id = id(nextToken());
                        t.idOk = true;
                    } else if (matches(KERNEL_IDS)) {
                        expect(':', nextToken());
                        kernelIds(t);
                    } else if (matches(BLOCK_NUM)) {
                        expect(':', nextToken());
                        t.blockNumRaw = blockNum(nextToken());
                    } else {
                        int r = PlainValues.membersEnd(buf, pos, end, TASK_ID, KERNEL_IDS, BLOCK_NUM);
                        if (r >= 0) {
                            pos = r;
                            break;
                        }
                        if (r < -1) {
                            pos = -2 - r;
                            continue;
                        }
                        skipKey();
                        expect(':', nextToken());
                        skipValue(nextToken(), 3);
                    }
                    b = nextToken();
                    if (b == '}') break;
                    expect(',', b);
                    b = nextToken();
                }
            }
            v.task(t);
            b = nextToken();
            if (b == ']') return;
            expect(',', b);
            b = nextToken();
        }
    }

    private void readEdges() throws IOException, NotCanonical {
        expect('[', nextToken());
        int b = nextToken();
        if (b == ']') return;
        int index = 0;
        while (true) {
            expect('{', b);
            DepsEdge e = edge;
            e.index = index++;
            boolean predOk = false, succOk = false;
            b = nextToken();
            if (b != '}') {
                while (true) {
                    expect('"', b);
                    if (matches(PRED)) {
                        expect(':', nextToken());
                        e.pred = id(nextToken());
                        predOk = true;
                    } else if (matches(SUCC)) {
                        expect(':', nextToken());
                        e.succ = id(nextToken());
                        succOk = true;
                    } else {
                        int r = PlainValues.membersEnd(buf, pos, end, PRED, SUCC, SUCC);
                        if (r >= 0) {
                            pos = r;
                            break;
                        }
                        if (r < -1) {
                            pos = -2 - r;
                            continue;
                        }
                        skipKey();
                        expect(':', nextToken());
                        skipValue(nextToken(), 3);
                    }
                    b = nextToken();
                    if (b == '}') break;
                    expect(',', b);
                    b = nextToken();
                }
            }
            e.endpointsOk = predOk && succOk;
            v.edge(e);
            b = nextToken();
            if (b == ']') return;
            expect(',', b);
            b = nextToken();
        }
    }

    /** kernel_ids as a list of plain integers in int range; the projection keeps it when it has three. */
    private void kernelIds(DepsTask t) throws IOException, NotCanonical {
        expect('[', nextToken());
        int[] k = {-1, -1, -1};
        int n = 0;
        int b = nextToken();
        if (b != ']') {
            while (true) {
                long val = plainInteger(b, 10);
                if (val < Integer.MIN_VALUE || val > Integer.MAX_VALUE) throw GIVE_UP;
                if (n < 3) k[n] = (int) val;
                n++;
                b = nextToken();
                if (b == ']') break;
                expect(',', b);
                b = nextToken();
            }
        }
        t.kernelSlots = k;
        t.kernelIds = n == 3 ? k : null;
    }

    /** block_num: null, or a plain integer 1..2^31−1 (anything else is the general reader's warning to give). */
    private Long blockNum(int b) throws IOException, NotCanonical {
        if (b == 'n') {
            literal("ull");
            return null;
        }
        long val = plainInteger(b, 10);
        if (val < 1 || val > Integer.MAX_VALUE) throw GIVE_UP;
        return val;
    }

    /** An id: a string of 1..20 digits, or a plain non-negative integer of at most 18 digits; its value fits 64 bits. */
    private long id(int b) throws IOException, NotCanonical {
        if (b != '"') {
            long val = plainInteger(b, 18);
            if (val < 0) throw GIVE_UP;
            return val;
        }
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

    /** A JSON integer without fraction or exponent, of at most {@code maxDigits} digits, starting with {@code b}. */
    private long plainInteger(int b, int maxDigits) throws IOException, NotCanonical {
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

    // ------------------------------------------------------------------ validated skipping

    /** Skips the value starting with {@code b} (taken), checking it is JSON. */
    private void skipValue(int b, int depth) throws IOException, NotCanonical {
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

    private void literal(String rest) throws IOException, NotCanonical {
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

    private void digits(boolean atLeastOne) throws IOException, NotCanonical {
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
    private void skipKey() throws IOException, NotCanonical {
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
    private void skipString() throws IOException, NotCanonical {
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
