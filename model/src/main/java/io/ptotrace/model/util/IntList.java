package io.ptotrace.model.util;

import java.util.Arrays;

/** A growable list of primitive ints. */
public final class IntList {
    private int[] a;
    private int n;

    public IntList() {
        this(16);
    }

    public IntList(int capacity) {
        a = new int[Math.max(4, capacity)];
    }

    public void add(int v) {
        if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
        a[n++] = v;
    }

    /** Makes room for {@code more} further ints at once, so adding them copies nothing. */
    public void ensureRoom(int more) {
        if (n + more > a.length) a = Arrays.copyOf(a, n + more);
    }

    public int get(int i) {
        return a[i];
    }

    public void set(int i, int v) {
        a[i] = v;
    }

    public int size() {
        return n;
    }

    public void clear() {
        n = 0;
    }

    public int[] toArray() {
        return Arrays.copyOf(a, n);
    }

    /** Drops the unused capacity (growth leaves up to a third of the array empty). */
    public void trimToSize() {
        if (a.length > n + 4) a = Arrays.copyOf(a, Math.max(4, n));
    }
}
