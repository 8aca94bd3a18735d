package io.ptotrace.convert.pftrace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A small, allocation-free protobuf encoder for the hot path (one TracePacket at a time). Nested
 * messages reserve one length byte and shift their content when the length needs more bytes, so a
 * packet is encoded in one pass into one reusable buffer. Field numbers come from the generated
 * classes' {@code *_FIELD_NUMBER} constants so the encoding follows {@code proto/}.
 */
final class PbWriter {
    private byte[] buf = new byte[4096];
    private int pos;
    private int[] marks = new int[16];
    private int depth;

    void reset() {
        pos = 0;
        depth = 0;
    }

    int size() {
        return pos;
    }

    byte[] buffer() {
        return buf;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }

    void rawVarint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    private void tag(int field, int wire) {
        rawVarint(((long) field << 3) | wire);
    }

    void varint(int field, long v) {
        tag(field, 0);
        rawVarint(v);
    }

    void bool(int field, boolean v) {
        varint(field, v ? 1 : 0);
    }

    /** int32/int64 fields: negative values are sign-extended to 10 bytes, as protobuf does. */
    void int64(int field, long v) {
        varint(field, v);
    }

    void fixed64(int field, long v) {
        tag(field, 1);
        ensure(8);
        for (int i = 0; i < 8; i++) buf[pos++] = (byte) (v >>> (8 * i));
    }

    void dbl(int field, double v) {
        fixed64(field, Double.doubleToRawLongBits(v));
    }

    void string(int field, String s) {
        tag(field, 2);
        // ASCII fast path: one byte per char.
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n; i++)
            if (s.charAt(i) >= 0x80) {
                ascii = false;
                break;
            }
        if (ascii) {
            rawVarint(n);
            ensure(n);
            for (int i = 0; i < n; i++) buf[pos++] = (byte) s.charAt(i);
        } else {
            bytes(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    private void bytes(byte[] b) {
        rawVarint(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    void bytes(int field, byte[] b, int off, int len) {
        tag(field, 2);
        rawVarint(len);
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    /** Starts a length-delimited sub-message; close it with {@link #end()}. */
    void begin(int field) {
        tag(field, 2);
        ensure(1);
        if (depth == marks.length) marks = Arrays.copyOf(marks, depth * 2);
        marks[depth++] = pos;
        buf[pos++] = 0;
    }

    void end() {
        int mark = marks[--depth];
        int len = pos - mark - 1;
        int need = varintSize(len);
        if (need > 1) {
            ensure(need - 1);
            System.arraycopy(buf, mark + 1, buf, mark + need, len);
            pos += need - 1;
        }
        int p = mark;
        long v = len;
        while ((v & ~0x7FL) != 0) {
            buf[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[p] = (byte) v;
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            n++;
            v >>>= 7;
        }
        return n;
    }
}
