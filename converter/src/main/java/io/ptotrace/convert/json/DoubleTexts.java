package io.ptotrace.convert.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.model.PyFloat;
import java.io.IOException;

/**
 * The Python-repr texts of recently written doubles, encoded once. A trace repeats its numbers: an arrow
 * starts where its slice ends, a counter sample sits on a slice's start, durations recur. A direct-mapped
 * table by bit pattern turns those repeats into byte copies; one table per rendering thread.
 */
final class DoubleTexts {
    private static final int BITS = 14, SIZE = 1 << BITS;
    private final long[] keys = new long[SIZE];
    private final SerializedString[] texts = new SerializedString[SIZE];

    /** Writes {@code d} as {@link PyFloat#write} does. */
    void write(JsonGenerator g, double d) throws IOException {
        if (PyFloat.writtenAsNull(d)) {
            PyFloat.write(g, d);
            return;
        }
        long b = Double.doubleToRawLongBits(d);
        int h = (int) ((b * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        SerializedString t = texts[h];
        if (t == null || keys[h] != b) {
            t = new SerializedString(PyFloat.repr(d));
            texts[h] = t;
            keys[h] = b;
        }
        g.writeRawValue(t);
    }
}
