package io.ptotrace.convert.json;

import io.ptotrace.model.PyFloat;
import java.nio.charset.StandardCharsets;

/**
 * The Python-repr texts of recently written doubles, encoded once. A trace repeats its numbers: an arrow
 * starts where its slice ends, a counter sample sits on a slice's start, durations recur. A direct-mapped
 * table by bit pattern turns those repeats into byte copies; one table per rendering thread.
 */
final class DoubleTexts {
    private static final int BITS = 14, SIZE = 1 << BITS;
    private final long[] keys = new long[SIZE];
    private final byte[][] texts = new byte[SIZE][];

    /** {@link PyFloat#repr} of a finite {@code d}, as ASCII bytes. */
    byte[] text(double d) {
        long b = Double.doubleToRawLongBits(d);
        int h = (int) ((b * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        byte[] t = texts[h];
        if (t == null || keys[h] != b) {
            t = PyFloat.repr(d).getBytes(StandardCharsets.US_ASCII);
            texts[h] = t;
            keys[h] = b;
        }
        return t;
    }
}
