package io.ptotrace.model.util;

import java.util.Arrays;

/** A growable list of primitive doubles. */
public final class DoubleList {
    private double[] a;
    private int n;

    public DoubleList() {
        this(16);
    }

    public DoubleList(int capacity) {
        a = new double[Math.max(4, capacity)];
    }

    public void add(double v) {
        if (n == a.length) a = Arrays.copyOf(a, a.length + (a.length >> 1) + 16);
        a[n++] = v;
    }

    public double get(int i) {
        return a[i];
    }

    public int size() {
        return n;
    }

    public double[] toArray() {
        return Arrays.copyOf(a, n);
    }
}
