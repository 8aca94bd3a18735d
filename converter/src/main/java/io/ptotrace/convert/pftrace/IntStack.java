package io.ptotrace.convert.pftrace;

import java.util.Arrays;

/** A growable stack of ints: the open slices of one lane while the layout nests them. */
final class IntStack {
    int[] a = new int[16];
    int size;

    void add(int v) {
        if (size == a.length) a = Arrays.copyOf(a, size * 2);
        a[size++] = v;
    }

    int top() {
        return a[size - 1];
    }

    int pop() {
        return a[--size];
    }
}
