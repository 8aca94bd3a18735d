package io.ptotrace.convert.json;

import io.ptotrace.model.PyFloat;

/**
 * The Python-repr texts of recently written doubles, encoded once. A trace repeats its numbers: an arrow
 * starts where its slice ends, a counter sample sits on a slice's start, durations recur. A direct-mapped
 * table by bit pattern turns those repeats into byte copies; one table per rendering thread.
 *
 * <p>The texts live in one slab, a fixed slot per table entry beside its key, rather than as an array per text:
 * a lookup then touches two nearby cache lines instead of following a reference to wherever the heap put the
 * text (measured: the lookup cost more than the digit conversion it saves).
 *
 * <p>A table belongs to a thread, not to a chunk buffer: the buffers go round the rendering threads, and a table
 * that moves between cores is read from memory instead of from the core's cache.
 */
final class DoubleTexts {
    private static final ThreadLocal<DoubleTexts> OF_THREAD = ThreadLocal.withInitial(DoubleTexts::new);

    /** The calling thread's table. */
    static DoubleTexts ofThisThread() {
        return OF_THREAD.get();
    }

    private static final int BITS = 14, SIZE = 1 << BITS;
    /** The longest repr of a double: a sign, 17 digits, a point, "e-308". */
    static final int SLOT = 32;

    private final long[] keys = new long[SIZE];
    private final byte[] lengths = new byte[SIZE];
    private final byte[] slab = new byte[SIZE * SLOT];

    /** Copies {@link PyFloat#repr} of a finite {@code d} as ASCII to {@code out} at {@code at}; returns its length. */
    int copy(double d, byte[] out, int at) {
        long b = Double.doubleToRawLongBits(d);
        int h = (int) ((b * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        int n = lengths[h];
        if (n == 0 || keys[h] != b) {
            int base = h * SLOT;
            n = PyFloat.writeShort(d, slab, base);
            if (n < 0) {
                String s = PyFloat.reprOther(d);
                n = s.length();
                for (int i = 0; i < n; i++) slab[base + i] = (byte) s.charAt(i);
            }
            keys[h] = b;
            lengths[h] = (byte) n;
        }
        System.arraycopy(slab, h * SLOT, out, at, n);
        return n;
    }
}
