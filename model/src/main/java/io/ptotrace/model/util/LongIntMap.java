package io.ptotrace.model.util;

import java.util.Arrays;

/**
 * Map from long keys to int values (no removal). Missing keys read as -1.
 *
 * <p>Most keys here are task ids, {@code (ring << 32) | local} with dense local ids: those live in one plain
 * array per ring (one memory access, neighbours close together). Other keys go to an open-addressing
 * table whose key and value share a cache line. A key lives in exactly one of the two.
 */
public final class LongIntMap {
    private static final int MAX_RINGS = 64;
    private static final int DENSE_LIMIT = 1 << 28;

    private final int[][] rings = new int[MAX_RINGS][]; // value + 1; 0 = absent
    private final int[] ringCounts = new int[MAX_RINGS];

    private long[] slots; // [key, value + 1] pairs; value slot 0 = empty
    private int hashed;
    private int mask;
    private int size;

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, Math.min(expected, 1 << 12) * 2)) << 1;
        slots = new long[cap * 2];
        mask = cap - 1;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    public int get(long k) {
        long ring = k >>> 32;
        if (ring < MAX_RINGS) {
            int[] a = rings[(int) ring];
            long local = k & 0xFFFFFFFFL;
            if (a != null && local < a.length) {
                int v = a[(int) local];
                if (v != 0) return v - 1;
            }
        }
        if (hashed == 0) return -1;
        int i = hashSlot(k);
        return i < 0 ? -1 : (int) (slots[2 * i + 1] - 1);
    }

    public void put(long k, int v) {
        putOrGet(k, v, true);
    }

    /** Puts only if absent; returns the existing value or -1 when inserted. */
    public int putIfAbsent(long k, int v) {
        return putOrGet(k, v, false);
    }

    public int size() {
        return size;
    }

    private int putOrGet(long k, int v, boolean replace) {
        long ring = k >>> 32;
        long local = k & 0xFFFFFFFFL;
        // the arrays hold value + 1 with 0 for absent, so the value -1 always goes to the table
        if (ring < MAX_RINGS && local < DENSE_LIMIT) {
            int r = (int) ring, l = (int) local;
            int[] a = rings[r];
            // grow only while the ids stay dense; far-out ids go to the table instead
            if (v != -1 && (a == null || l >= a.length) && l < Math.max(1 << 12, 4L * ringCounts[r] + 1024)) {
                int len = Math.max(a == null ? 1024 : a.length * 2, Integer.highestOneBit(l) << 1);
                a = rings[r] = a == null ? new int[len] : Arrays.copyOf(a, len);
            }
            if (a != null && l < a.length) {
                int old = a[l];
                if (old != 0) {
                    if (!replace) return old - 1;
                    if (v != -1) {
                        a[l] = v + 1;
                        return old - 1;
                    }
                    a[l] = 0; // moves to the table
                    ringCounts[r]--;
                    size--;
                    hashPut(k, v, true);
                    return old - 1;
                }
                if (v != -1 && (hashed == 0 || hashSlot(k) < 0)) {
                    a[l] = v + 1;
                    ringCounts[r]++;
                    size++;
                    return -1;
                }
            }
        }
        return hashPut(k, v, replace);
    }

    /** The table slot holding {@code k}, or −1. */
    private int hashSlot(long k) {
        long[] s = slots;
        for (int i = hash(k) & mask; ; i = (i + 1) & mask) {
            if (s[2 * i + 1] == 0) return -1;
            if (s[2 * i] == k) return i;
        }
    }

    private int hashPut(long k, int v, boolean replace) {
        if (hashed * 4 >= (mask + 1) * 3) grow();
        long[] s = slots;
        for (int i = hash(k) & mask; ; i = (i + 1) & mask) {
            long old = s[2 * i + 1];
            if (old == 0) {
                s[2 * i] = k;
                s[2 * i + 1] = (v & 0xFFFFFFFFL) + 1;
                hashed++;
                size++;
                return -1;
            }
            if (s[2 * i] == k) {
                if (replace) s[2 * i + 1] = (v & 0xFFFFFFFFL) + 1;
                return (int) (old - 1);
            }
        }
    }

    private void grow() {
        long[] old = slots;
        int cap = (mask + 1) * 2;
        slots = new long[cap * 2];
        mask = cap - 1;
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] == 0) continue;
            int i = hash(old[j]) & mask;
            while (slots[2 * i + 1] != 0) i = (i + 1) & mask;
            slots[2 * i] = old[j];
            slots[2 * i + 1] = old[j + 1];
        }
    }
}
