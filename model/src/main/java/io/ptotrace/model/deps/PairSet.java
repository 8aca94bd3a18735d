package io.ptotrace.model.deps;

/** Open-addressing set of (long, long) pairs. */
final class PairSet {
    private long[] a, b;
    private boolean[] used;
    private int size, mask;

    PairSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        a = new long[cap]; b = new long[cap]; used = new boolean[cap]; mask = cap - 1;
    }

    private static int hash(long x, long y) {
        long h = x * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(y * 0xC2B2AE3D27D4EB4FL, 31);
        return (int) (h ^ (h >>> 29));
    }

    /** @return true when the pair was not there before */
    boolean add(long x, long y) {
        if (size * 2 >= a.length) grow();
        int i = hash(x, y) & mask;
        while (used[i]) {
            if (a[i] == x && b[i] == y) return false;
            i = (i + 1) & mask;
        }
        used[i] = true; a[i] = x; b[i] = y; size++;
        return true;
    }

    private void grow() {
        long[] oa = a, ob = b; boolean[] ou = used;
        int cap = oa.length * 2;
        a = new long[cap]; b = new long[cap]; used = new boolean[cap]; mask = cap - 1; size = 0;
        for (int i = 0; i < oa.length; i++) if (ou[i]) add(oa[i], ob[i]);
    }
}
