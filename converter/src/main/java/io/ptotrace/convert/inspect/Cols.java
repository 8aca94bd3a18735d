package io.ptotrace.convert.inspect;

import java.util.Arrays;

/** Growable primitive columns for the analyzers. */
final class Cols {
    private Cols() {}

    static final class Bytes {
        byte[] a = new byte[1024];
        int n;

        void add(byte v) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }
    }

    static final class Ints {
        int[] a = new int[1024];
        int n;

        void add(int v) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }
    }

    static final class Longs {
        long[] a = new long[1024];
        int n;

        void add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }
    }
}
