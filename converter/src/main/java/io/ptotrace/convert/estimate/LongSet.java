package io.ptotrace.convert.estimate;

/** A set of 64-bit keys (open addressing, no removal); 0 is kept apart. */
final class LongSet {
    private long[] keys = new long[1 << 12];
    private int size;
    private boolean hasZero;

    /** Adds {@code k}; true when it was not there. */
    boolean add(long k) {
        if (k == 0) {
            if (hasZero) return false;
            hasZero = true;
            return true;
        }
        if (2 * (size + 1) > keys.length) grow();
        if (!insert(keys, k)) return false;
        size++;
        return true;
    }

    private static boolean insert(long[] t, long k) {
        int mask = t.length - 1;
        int i = (int) (mix(k) & mask);
        while (t[i] != 0) {
            if (t[i] == k) return false;
            i = (i + 1) & mask;
        }
        t[i] = k;
        return true;
    }

    private void grow() {
        long[] t = new long[keys.length * 2];
        for (long k : keys) if (k != 0) insert(t, k);
        keys = t;
    }

    private static long mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    int size() {
        return size + (hasZero ? 1 : 0);
    }
}
