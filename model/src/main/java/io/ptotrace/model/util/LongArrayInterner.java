package io.ptotrace.model.util;

/**
 * Canonical {@code long[]} instances for the contents of a scratch list: the shapes and strides of a
 * deps.json are a few hundred distinct arrays repeated millions of times. Callers must not modify the
 * arrays returned. Arrays longer than {@link #MAX_LENGTH} and arrays past {@link #MAX_ENTRIES} distinct
 * ones are returned as fresh copies.
 */
public final class LongArrayInterner {
    static final int MAX_LENGTH = 16;
    static final int MAX_ENTRIES = 1 << 16;

    private long[][] table = new long[256][];
    private int[] hashes = new int[256];
    private int size;

    public long[] intern(LongList values) {
        int n = values.size();
        if (n > MAX_LENGTH) return values.toArray();
        long h = 0x9E3779B97F4A7C15L ^ n;
        for (int k = 0; k < n; k++) {
            h ^= values.get(k);
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        int hash = (int) (h ^ (h >>> 32));
        int mask = table.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long[] a = table[i];
            if (a == null) break;
            if (hashes[i] == hash && same(a, values)) return a;
        }
        long[] a = values.toArray();
        if (size < MAX_ENTRIES) {
            if ((size + 1) * 2 > table.length) grow();
            put(table, hashes, a, hash);
            size++;
        }
        return a;
    }

    public int size() {
        return size;
    }

    private static boolean same(long[] a, LongList v) {
        if (a.length != v.size()) return false;
        for (int k = 0; k < a.length; k++) if (a[k] != v.get(k)) return false;
        return true;
    }

    private static void put(long[][] t, int[] hs, long[] a, int h) {
        int mask = t.length - 1;
        int i = h & mask;
        while (t[i] != null) i = (i + 1) & mask;
        t[i] = a;
        hs[i] = h;
    }

    private void grow() {
        long[][] ot = table;
        int[] oh = hashes;
        table = new long[ot.length * 2][];
        hashes = new int[ot.length * 2];
        for (int i = 0; i < ot.length; i++) if (ot[i] != null) put(table, hashes, ot[i], oh[i]);
    }
}
