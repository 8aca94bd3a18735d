package io.ptotrace.model.util;

import java.util.Arrays;

/** A growable list of primitive longs. */
public final class LongList {
    private long[] a;
    private int n;

    public LongList() {
        this(16);
    }

    public LongList(int capacity) {
        a = new long[Math.max(4, capacity)];
    }

    public void add(long v) {
        if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
        a[n++] = v;
    }

    public long get(int i) {
        return a[i];
    }

    public void set(int i, long v) {
        a[i] = v;
    }

    public int size() {
        return n;
    }

    public void clearAll() {
        n = 0;
    }

    public long[] toArray() {
        return Arrays.copyOf(a, n);
    }
}
