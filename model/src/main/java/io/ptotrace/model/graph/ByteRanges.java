package io.ptotrace.model.graph;

import java.util.Arrays;
import java.util.Locale;

/**
 * The bytes a tensor slice touches, as sorted, merged half-open intervals flattened into one array
 * ({@code [start0, end0, start1, end1, …]}), and the few set operations on them: the one definition of a byte
 * region that the deps viewer's dataflow proof and the hazard check share. Bytes are counted from the start of
 * the slice's buffer: buffer addresses are unsigned 64-bit values, and two slices are only ever compared within
 * one buffer, so the address itself never enters the arithmetic.
 */
public final class ByteRanges {
    private ByteRanges() {}

    public static final long[] EMPTY = new long[0];

    /** The most outer positions a slice may have before it is given up on as too complex. */
    public static final int MAX_OUTER = 10_000;

    /** Bytes per element, or 0 for a dtype the proof does not know. */
    public static int elementSize(String dtype) {
        if (dtype == null) return 0;
        switch (dtype.toUpperCase(Locale.ROOT)) {
            case "INT8":
            case "UINT8":
            case "BOOL":
                return 1;
            case "FLOAT16":
            case "BFLOAT16":
            case "INT16":
            case "UINT16":
                return 2;
            case "FLOAT32":
            case "INT32":
            case "UINT32":
                return 4;
            case "INT64":
            case "UINT64":
                return 8;
            default:
                return 0;
        }
    }

    /** The size of a buffer of {@code numel} elements of {@code dtype} in bytes, or −1 when it has none. */
    public static long bufferBytes(long numel, String dtype) {
        int size = elementSize(dtype);
        if (size == 0 || numel < 0) return -1;
        try {
            return Math.multiplyExact(numel, size);
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /**
     * The byte intervals of a slice of a buffer, counted from the buffer's first byte, or null when the slice
     * cannot be placed exactly: a value missing, negative or too large, shape and strides not equal-length lists
     * of positive numbers, a dtype without a known size or other than the buffer's, too many outer positions, or a
     * byte outside the buffer.
     */
    public static long[] of(long numel, String bufferDtype, Long offset, long[] shape, long[] strides, String dtype) {
        if (offset == null || shape == null || strides == null) return null;
        if (numel < 0 || offset < 0) return null;
        int dims = shape.length;
        if (dims == 0 || strides.length != dims) return null;
        for (int d = 0; d < dims; d++) if (shape[d] <= 0 || strides[d] <= 0) return null;
        int size = elementSize(dtype), bufferSize = elementSize(bufferDtype);
        if (size == 0 || bufferSize == 0 || !dtype.equalsIgnoreCase(bufferDtype)) return null;
        try {
            long block = 1;
            int d = dims - 1;
            while (d >= 0 && strides[d] == block) block = Math.multiplyExact(block, shape[d--]);
            long outer = 1;
            for (int k = 0; k <= d; k++) {
                outer = Math.multiplyExact(outer, shape[k]);
                if (outer > MAX_OUTER) return null;
            }
            long hi = Math.multiplyExact(numel, bufferSize);
            long[] out = new long[(int) outer * 2];
            long[] index = new long[d + 1];
            for (int i = 0; i < outer; i++) {
                long o = offset;
                for (int k = 0; k <= d; k++) o = Math.addExact(o, Math.multiplyExact(index[k], strides[k]));
                long s = Math.multiplyExact(o, size);
                long e = Math.multiplyExact(Math.addExact(o, block), size);
                if (e > hi) return null;
                out[2 * i] = s;
                out[2 * i + 1] = e;
                for (int k = d; k >= 0; k--) {
                    if (++index[k] < shape[k]) break;
                    index[k] = 0;
                }
            }
            return merged(out, (int) outer);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /**
     * The one interval from the slice's first to its last byte, for a slice {@link #of} cannot place exactly
     * (zero strides, a view in another dtype, too many outer positions): {@code [offset·size, (offset + Σ
     * (shape[d] − 1)·strides[d] + 1)·size)} from the buffer's first byte, with the element size of {@code dtype}.
     * Empty when a dimension is 0; null when a value is missing or negative, shape and strides differ in length, the
     * dtype has no known size, or a number overflows.
     */
    public static long[] bounding(Long offset, long[] shape, long[] strides, String dtype) {
        if (offset == null || shape == null || strides == null) return null;
        if (offset < 0 || shape.length == 0 || strides.length != shape.length) return null;
        int size = elementSize(dtype);
        if (size == 0) return null;
        long extent = 0;
        try {
            for (int d = 0; d < shape.length; d++) {
                if (shape[d] < 0 || strides[d] < 0) return null;
                if (shape[d] == 0) return EMPTY;
                extent = Math.addExact(extent, Math.multiplyExact(shape[d] - 1, strides[d]));
            }
            long s = Math.multiplyExact(offset, size);
            long e = Math.multiplyExact(Math.addExact(Math.addExact(offset, extent), 1), size);
            return new long[] {s, e};
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** Sorts {@code count} intervals by start and merges overlapping or touching ones. */
    public static long[] merged(long[] iv, int count) {
        if (count == 0) return EMPTY;
        boolean sorted = true;
        for (int i = 1; i < count && sorted; i++) sorted = iv[2 * i - 2] <= iv[2 * i];
        long[] a = iv;
        if (!sorted) {
            Integer[] ix = new Integer[count];
            for (int i = 0; i < count; i++) ix[i] = i;
            long[] src = iv;
            Arrays.sort(ix, (x, y) -> Long.compare(src[2 * x], src[2 * y]));
            a = new long[count * 2];
            for (int i = 0; i < count; i++) {
                a[2 * i] = src[2 * ix[i]];
                a[2 * i + 1] = src[2 * ix[i] + 1];
            }
        }
        long[] out = new long[count * 2];
        int m = 0;
        for (int i = 0; i < count; i++) {
            long s = a[2 * i], e = a[2 * i + 1];
            if (m > 0 && s <= out[2 * m - 1]) out[2 * m - 1] = Math.max(out[2 * m - 1], e);
            else {
                out[2 * m] = s;
                out[2 * m + 1] = e;
                m++;
            }
        }
        return m * 2 == out.length ? out : Arrays.copyOf(out, m * 2);
    }

    /** The intersection of two merged interval lists (merged). */
    public static long[] intersect(long[] a, long[] b) {
        long[] out = new long[Math.max(0, a.length + b.length)];
        int m = 0, i = 0, j = 0;
        while (i < a.length && j < b.length) {
            long s = Math.max(a[i], b[j]), e = Math.min(a[i + 1], b[j + 1]);
            if (s < e) {
                out[m++] = s;
                out[m++] = e;
            }
            if (a[i + 1] < b[j + 1]) i += 2;
            else j += 2;
        }
        return m == 0 ? EMPTY : Arrays.copyOf(out, m);
    }

    /** Every byte of {@code need} lies in {@code have} (both merged). */
    public static boolean covers(long[] have, long[] need) {
        int j = 0;
        for (int i = 0; i < need.length; i += 2) {
            while (j < have.length && have[j + 1] <= need[i]) j += 2;
            if (j == have.length || have[j] > need[i] || have[j + 1] < need[i + 1]) return false;
        }
        return true;
    }

    /** Collects intervals from several merged lists into one merged list. */
    public static final class Union {
        private long[] iv = new long[16];
        private int count;

        public void add(long[] merged) {
            if (count * 2 + merged.length > iv.length)
                iv = Arrays.copyOf(iv, Math.max(iv.length * 2, count * 2 + merged.length));
            System.arraycopy(merged, 0, iv, count * 2, merged.length);
            count += merged.length / 2;
        }

        public long[] result() {
            return merged(Arrays.copyOf(iv, count * 2), count);
        }
    }
}
