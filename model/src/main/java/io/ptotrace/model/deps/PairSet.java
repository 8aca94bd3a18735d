package io.ptotrace.model.deps;

import java.util.Arrays;

/**
 * Open-addressing set of (long, long) pairs, both halves of an entry side by side (one cache line per
 * probe). The pair (MIN, MIN) marks a free slot; the real pair (MIN, MIN) is kept in a flag.
 */
final class PairSet {
    private static final long FREE = Long.MIN_VALUE;
    private long[] slots; // x at 2i, y at 2i + 1
    private int size, mask;
    private boolean hasFreePair;

    PairSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        slots = new long[cap * 2];
        Arrays.fill(slots, FREE);
        mask = cap - 1;
    }

    private static int hash(long x, long y) {
        long h = x * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(y * 0xC2B2AE3D27D4EB4FL, 31);
        return (int) (h ^ (h >>> 29));
    }

    /** @return true when the pair was not there before */
    boolean add(long x, long y) {
        if (x == FREE && y == FREE) {
            if (hasFreePair) return false;
            hasFreePair = true;
            return true;
        }
        if (size * 2 >= mask + 1) grow();
        int i = hash(x, y) & mask;
        while (true) {
            long sx = slots[2 * i], sy = slots[2 * i + 1];
            if (sx == FREE && sy == FREE) break;
            if (sx == x && sy == y) return false;
            i = (i + 1) & mask;
        }
        slots[2 * i] = x;
        slots[2 * i + 1] = y;
        size++;
        return true;
    }

    private void grow() {
        long[] old = slots;
        allocate((mask + 1) * 2);
        size = 0;
        for (int i = 0; i < old.length; i += 2) if (old[i] != FREE || old[i + 1] != FREE) add(old[i], old[i + 1]);
    }
}
