package io.ptotrace.diff;

import java.util.Arrays;

/**
 * long id → int map tuned for task and tensor ids. Task ids are {@code (ring << 32) | local} with
 * dense local ids: those go to one plain int array per ring (one memory access). Everything else
 * (tensor ids are FNV hashes) goes to an open-addressing table whose key and value share a cache
 * line. No removal; absent keys read as −1.
 */
final class IdIndex {
    private static final int DENSE_LIMIT = 1 << 28;
    private final boolean dense;
    private long[] uppers = new long[8];
    private int[][] locals = new int[8][]; // value + 1; 0 = absent
    private int[] counts = new int[8];
    private int nUpper, lastUpper = -1;

    private long[] table; // [key, value + 1] pairs; value slot 0 = empty
    // a small direct-mapped cache in front of the table: references to recent ids are common
    private final long[] cacheKey = new long[4096];
    private final int[] cacheVal = new int[4096]; // value + 1; 0 = empty
    private int mask, used;
    private int size;

    /** @param denseIds true for task ids (per-ring dense arrays), false for hashed ids */
    IdIndex(boolean denseIds, int expected) {
        dense = denseIds;
        int cap = Integer.highestOneBit(Math.max(16, expected * 3 / 2)) << 1;
        table = new long[cap * 2];
        mask = cap - 1;
    }

    int size() { return size; }

    private int upper(long up, boolean create) {
        if (lastUpper >= 0 && uppers[lastUpper] == up) return lastUpper;
        for (int i = 0; i < nUpper; i++) if (uppers[i] == up) return lastUpper = i;
        if (!create || nUpper == 64) return -1;
        if (nUpper == uppers.length) {
            uppers = Arrays.copyOf(uppers, nUpper * 2);
            locals = Arrays.copyOf(locals, nUpper * 2);
            counts = Arrays.copyOf(counts, nUpper * 2);
        }
        uppers[nUpper] = up;
        locals[nUpper] = new int[1024];
        return lastUpper = nUpper++;
    }

    int get(long id) {
        if (dense) {
            int u = upper(id >>> 32, false);
            if (u >= 0) {
                long local = id & 0xFFFFFFFFL;
                int[] a = locals[u];
                if (local < a.length) {
                    int v = a[(int) local];
                    if (v != 0) return v - 1;
                }
            }
        }
        return used == 0 ? -1 : hashGet(id);
    }

    /** Stores {@code v} unless the id is present; returns the existing value, or −1 when stored. */
    int putIfAbsent(long id, int v) {
        if (dense) {
            long local = id & 0xFFFFFFFFL;
            int u = upper(id >>> 32, true);
            if (u >= 0 && local < DENSE_LIMIT) {
                int[] a = locals[u];
                int l = (int) local;
                // grow only while the ids stay dense (a few far-out ids go to the table instead)
                if (l >= a.length && l < Math.max(1 << 16, 4L * counts[u] + 1024)) {
                    a = Arrays.copyOf(a, Math.max(a.length * 2, Integer.highestOneBit(l) << 1));
                    locals[u] = a;
                }
                if (l < a.length) {
                    int old = a[l];
                    if (old != 0) return old - 1;
                    if (used > 0) {
                        int h = hashGet(id);
                        if (h >= 0) return h;
                    }
                    a[l] = v + 1;
                    counts[u]++;
                    size++;
                    return -1;
                }
            }
        }
        return hashPut(id, v);
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }

    private int hashGet(long k) {
        int ci = mix(k) >>> 20;
        if (cacheVal[ci] != 0 && cacheKey[ci] == k) return cacheVal[ci] - 1;
        long[] t = table;
        int i = mix(k) & mask;
        while (true) {
            long v = t[2 * i + 1];
            if (v == 0) return -1;
            if (t[2 * i] == k) return (int) v - 1;
            i = (i + 1) & mask;
        }
    }

    private int hashPut(long k, int val) {
        int h = mix(k);
        int ci = h >>> 20;
        if (cacheVal[ci] != 0 && cacheKey[ci] == k) return cacheVal[ci] - 1;
        long[] t = table;
        int i = h & mask;
        while (true) {
            long v = t[2 * i + 1];
            if (v == 0) break;
            if (t[2 * i] == k) {
                cacheKey[ci] = k;
                cacheVal[ci] = (int) v;
                return (int) v - 1;
            }
            i = (i + 1) & mask;
        }
        cacheKey[ci] = k;
        cacheVal[ci] = val + 1;
        t[2 * i] = k;
        t[2 * i + 1] = val + 1L;
        size++;
        if (++used * 10 > (mask + 1) * 7) grow();
        return -1;
    }

    private void grow() {
        long[] old = table;
        int cap = (mask + 1) * 2;
        table = new long[cap * 2];
        mask = cap - 1;
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] == 0) continue;
            int i = mix(old[j]) & mask;
            while (table[2 * i + 1] != 0) i = (i + 1) & mask;
            table[2 * i] = old[j];
            table[2 * i + 1] = old[j + 1];
        }
    }
}
