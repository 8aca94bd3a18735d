package io.ptotrace.model.graph;

import java.util.Arrays;

/**
 * Interns {@code long[]} values (shapes, strides) into one flat pool: equal contents get the same int id, so a
 * graph whose slices repeat stores each distinct shape once. −1 is "absent".
 */
final class LongArrayPool {
    private long[] data = new long[256];
    private int used;
    private int[] start = new int[64];
    private int[] len = new int[64];
    private int[] hashes = new int[64];
    private int count;
    private int[] table = new int[128]; // id + 1; 0 = empty
    private int mask = 127;

    private static int hash(long[] a, int n) {
        long h = 0x9E3779B97F4A7C15L ^ n;
        for (int k = 0; k < n; k++) {
            h ^= a[k];
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }

    int intern(long[] a) {
        if (a == null) return -1;
        int n = a.length;
        int h = hash(a, n);
        int i = h & mask;
        for (int id; (id = table[i] - 1) >= 0; i = (i + 1) & mask) {
            if (hashes[id] == h && contentEquals(id, a, n)) return id;
        }
        int id = count++;
        if (id == start.length) {
            int m = id * 2;
            start = Arrays.copyOf(start, m);
            len = Arrays.copyOf(len, m);
            hashes = Arrays.copyOf(hashes, m);
        }
        if (used + n > data.length) data = Arrays.copyOf(data, Math.max(data.length * 2, used + n));
        System.arraycopy(a, 0, data, used, n);
        start[id] = used;
        len[id] = n;
        hashes[id] = h;
        used += n;
        table[i] = id + 1;
        if (count * 2 > table.length) rehash();
        return id;
    }

    private boolean contentEquals(int id, long[] a, int n) {
        if (len[id] != n) return false;
        int s = start[id];
        for (int k = 0; k < n; k++) if (data[s + k] != a[k]) return false;
        return true;
    }

    private void rehash() {
        int cap = table.length * 2;
        table = new int[cap];
        mask = cap - 1;
        for (int id = 0; id < count; id++) {
            int i = hashes[id] & mask;
            while (table[i] != 0) i = (i + 1) & mask;
            table[i] = id + 1;
        }
    }

    /** The id of an array with {@code other}'s array {@code id} as content, or −1 when this pool has none. */
    int find(LongArrayPool other, int id) {
        if (id < 0) return -1;
        int n = other.len[id], from = other.start[id], h = other.hashes[id];
        for (int i = h & mask, own; (own = table[i] - 1) >= 0; i = (i + 1) & mask) {
            if (hashes[own] != h || len[own] != n) continue;
            int s = start[own];
            boolean same = true;
            for (int k = 0; k < n && same; k++) same = data[s + k] == other.data[from + k];
            if (same) return own;
        }
        return -1;
    }

    /** A copy of the interned array, or null for −1. */
    long[] get(int id) {
        if (id < 0) return null;
        return Arrays.copyOfRange(data, start[id], start[id] + len[id]);
    }

    int size() {
        return count;
    }

    /** Each id of this pool translated into {@code other}'s, or {@code other.size() + c} where it has no such array. */
    int[] codesIn(LongArrayPool other) {
        int n = size(), base = other.size();
        int[] t = new int[n];
        for (int c = 0; c < n; c++) {
            int o = other.find(this, c);
            t[c] = o >= 0 ? o : base + c;
        }
        return t;
    }
}
