package io.ptotrace.model.util;

import java.util.Arrays;

/**
 * Growable primitive columns whose backing array and size are open fields, for code that sorts,
 * remaps or scans whole columns in place (the trace analyzers, the graph differ). Elements
 * {@code [0, n)} of {@code a} are the column.
 */
public final class GrowableColumns {
    private GrowableColumns() {}

    /** The length a full column of {@code len} grows to: the one growth rule of every growable column. */
    public static int grown(int len) {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) len + (len >> 1) + 16);
    }

    // For structures of several plain arrays sharing one count (synth's rows, markers, args): each array with
    // room for element n, grown by the same rule; the array itself while it has room.

    public static int[] room(int[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, grown(a.length));
    }

    public static long[] room(long[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, grown(a.length));
    }

    public static short[] room(short[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, grown(a.length));
    }

    public static byte[] room(byte[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, grown(a.length));
    }

    public static final class Ints {
        public int[] a;
        public int n;

        public Ints() {
            this(1024);
        }

        public Ints(int capacity) {
            a = new int[Math.max(16, capacity)];
        }

        public void add(int v) {
            if (n == a.length) a = Arrays.copyOf(a, grown(a.length));
            a[n++] = v;
        }
    }

    public static final class Longs {
        public long[] a;
        public int n;

        public Longs() {
            this(1024);
        }

        public Longs(int capacity) {
            a = new long[Math.max(16, capacity)];
        }

        public void add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, grown(a.length));
            a[n++] = v;
        }
    }

    public static final class Bytes {
        public byte[] a;
        public int n;

        public Bytes() {
            this(1024);
        }

        public Bytes(int capacity) {
            a = new byte[Math.max(16, capacity)];
        }

        public void add(int v) {
            if (n == a.length) a = Arrays.copyOf(a, grown(a.length));
            a[n++] = (byte) v;
        }
    }

    /** Replaces every non-negative code in {@code col[0, n)} by {@code map[code]}. */
    public static void remap(int[] col, int n, int[] map) {
        for (int i = 0; i < n; i++) if (col[i] >= 0) col[i] = map[col[i]];
    }
}
