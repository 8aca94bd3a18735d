package io.ptotrace.viewer;

import java.io.IOException;
import java.io.OutputStream;

/** Buffered writing of text (UTF-8) and decimal numbers straight to bytes; ASCII takes the fast path. */
final class AsciiOut {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;

    AsciiOut(OutputStream out) {
        this.out = out;
    }

    AsciiOut text(String s) throws IOException {
        for (int i = 0, len = s.length(); i < len; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) return utf8(s.substring(i));
            if (n == buf.length) drain();
            buf[n++] = (byte) c;
        }
        return this;
    }

    private AsciiOut utf8(String s) throws IOException {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (n + b.length > buf.length) drain();
        if (b.length > buf.length) out.write(b);
        else {
            System.arraycopy(b, 0, buf, n, b.length);
            n += b.length;
        }
        return this;
    }

    AsciiOut ch(char c) throws IOException {
        if (n == buf.length) drain();
        buf[n++] = (byte) c;
        return this;
    }

    AsciiOut num(long v) throws IOException {
        if (n + 20 > buf.length) drain();
        if (v < 0) {
            if (v == Long.MIN_VALUE) return text(Long.toString(v));
            buf[n++] = '-';
            v = -v;
        }
        int start = n;
        do {
            buf[n++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        for (int i = start, j = n - 1; i < j; i++, j--) {
            byte t = buf[i];
            buf[i] = buf[j];
            buf[j] = t;
        }
        return this;
    }

    AsciiOut nl() throws IOException {
        return ch('\n');
    }

    private void drain() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }

    void flush() throws IOException {
        drain();
        out.flush();
    }
}
