package io.ptotrace.synth;

/**
 * The cores of one type ordered by the time they become free (ties by core id). Queries are binary
 * searches; an update moves one core inside a small sorted array (core counts are bounded, so a
 * task costs O(log C + C) with C the cores of one type — linear in the number of tasks).
 */
final class CorePool {
    private final int[] order;
    private final int[] pos;
    private final long[] free;
    private final int n;

    /** {@code cores}: global core ids of this pool; {@code free}: shared per-core free times. */
    CorePool(int[] cores, long[] free, int numCores) {
        this.n = cores.length;
        this.order = cores.clone();
        this.pos = new int[numCores];
        this.free = free;
        java.util.Arrays.fill(pos, -1);
        // all free times start equal, so id order is sorted order
        java.util.Arrays.sort(order);
        for (int i = 0; i < n; i++) {
            pos[order[i]] = i;
        }
    }

    boolean isEmpty() {
        return n == 0;
    }

    /**
     * The core a task that is ready at {@code ready} should take: the one that became free last
     * among those already free at {@code ready} (best fit, leaving long-idle cores to others); if none
     * is free yet, the one that becomes free first.
     */
    int bestFit(long ready) {
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (free[order[mid]] <= ready) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return order[found >= 0 ? found : 0];
    }

    /** Sets the free time of {@code core} (a member of this pool) and restores the order. */
    void update(int core, long newFree) {
        int i = pos[core];
        free[core] = newFree;
        // move right while the next one sorts before us
        while (i + 1 < n && before(order[i + 1], core)) {
            order[i] = order[i + 1];
            pos[order[i]] = i;
            i++;
        }
        while (i > 0 && before(core, order[i - 1])) {
            order[i] = order[i - 1];
            pos[order[i]] = i;
            i--;
        }
        order[i] = core;
        pos[core] = i;
    }

    private boolean before(int a, int b) {
        long fa = free[a];
        long fb = free[b];
        return fa < fb || (fa == fb && a < b);
    }
}
