package io.ptotrace.model.util;

/**
 * Open-addressing map from long keys to int values (no removal). Missing keys read as -1. Each key sits
 * next to its value in one array, so a lookup touches one cache line.
 */
public final class LongIntMap {
    private long[] slots; // [key, value + 1] pairs; value slot 0 = empty
    private int size;
    private int mask;

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected + (expected >> 1))) << 1;
        slots = new long[cap * 2];
        mask = cap - 1;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    public int get(long k) {
        long[] s = slots;
        for (int i = hash(k) & mask; ; i = (i + 1) & mask) {
            long v = s[2 * i + 1];
            if (v == 0) return -1;
            if (s[2 * i] == k) return (int) (v - 1);
        }
    }

    public void put(long k, int v) { putOrGet(k, v, true); }

    /** Puts only if absent; returns the existing value or -1 when inserted. */
    public int putIfAbsent(long k, int v) { return putOrGet(k, v, false); }

    private int putOrGet(long k, int v, boolean replace) {
        if (size * 4 >= (mask + 1) * 3) grow();
        long[] s = slots;
        for (int i = hash(k) & mask; ; i = (i + 1) & mask) {
            long old = s[2 * i + 1];
            if (old == 0) {
                s[2 * i] = k;
                s[2 * i + 1] = (v & 0xFFFFFFFFL) + 1;
                size++;
                return -1;
            }
            if (s[2 * i] == k) {
                if (replace) s[2 * i + 1] = (v & 0xFFFFFFFFL) + 1;
                return (int) (old - 1);
            }
        }
    }

    public int size() { return size; }

    private void grow() {
        long[] old = slots;
        int cap = (mask + 1) * 2;
        slots = new long[cap * 2];
        mask = cap - 1;
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] != 0) putOrGet(old[i], (int) (old[i + 1] - 1), true);
        }
    }
}
