package io.ptotrace.diff;

import java.util.Arrays;

/** Growable primitive columns that hand out their backing array (no copy on finish). */
final class Cols {
    private Cols() {}

    static final class Ints {
        int[] a;
        int n;

        Ints(int cap) { a = new int[Math.max(16, cap)]; }

        void add(int v) {
            if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
            a[n++] = v;
        }
    }

    static final class Longs {
        long[] a;
        int n;

        Longs(int cap) { a = new long[Math.max(16, cap)]; }

        void add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
            a[n++] = v;
        }
    }

    static final class Bytes {
        byte[] a;
        int n;

        Bytes(int cap) { a = new byte[Math.max(16, cap)]; }

        void add(int v) {
            if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
            a[n++] = (byte) v;
        }
    }

    static void remap(int[] col, int n, int[] map) {
        for (int i = 0; i < n; i++) if (col[i] >= 0) col[i] = map[col[i]];
    }
}
