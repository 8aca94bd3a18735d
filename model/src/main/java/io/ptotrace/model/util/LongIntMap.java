package io.ptotrace.model.util;


/** Open-addressing map from long keys to int values (no removal). Missing keys read as -1. */
public final class LongIntMap {
    private long[] keys;
    private int[] vals;
    private boolean[] used;
    private int size;
    private int mask;

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected + (expected >> 1))) << 1;
        keys = new long[cap];
        vals = new int[cap];
        used = new boolean[cap];
        mask = cap - 1;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    public int get(long k) {
        int i = hash(k) & mask;
        while (used[i]) {
            if (keys[i] == k) return vals[i];
            i = (i + 1) & mask;
        }
        return -1;
    }


    public void put(long k, int v) {
        if (size * 4 >= keys.length * 3) grow();
        int i = hash(k) & mask;
        while (used[i]) {
            if (keys[i] == k) { vals[i] = v; return; }
            i = (i + 1) & mask;
        }
        used[i] = true; keys[i] = k; vals[i] = v; size++;
    }

    /** Puts only if absent; returns the existing value or -1 when inserted. */
    public int putIfAbsent(long k, int v) {
        if (size * 4 >= keys.length * 3) grow();
        int i = hash(k) & mask;
        while (used[i]) {
            if (keys[i] == k) return vals[i];
            i = (i + 1) & mask;
        }
        used[i] = true; keys[i] = k; vals[i] = v; size++;
        return -1;
    }

    public int size() { return size; }

    private void grow() {
        long[] ok = keys; int[] ov = vals; boolean[] ou = used;
        int cap = ok.length * 2;
        keys = new long[cap]; vals = new int[cap]; used = new boolean[cap]; mask = cap - 1; size = 0;
        for (int i = 0; i < ok.length; i++) if (ou[i]) put(ok[i], ov[i]);
    }
}
