package io.ptotrace.convert.picture;

import java.util.Arrays;

/**
 * Append-only primitive columns stored in fixed pages: growing never copies, and no single huge array
 * has to fit in the heap (a million-task picture has tens of millions of entries).
 */
final class Columns {
    private Columns() {}

    // 32K entries: a page of doubles is 256 KB, under G1's humongous-object threshold (half a region: 512 KB
    // at a 2 GiB heap), so pages pack into regions instead of each taking a whole 1 MB region
    static final int SHIFT = 15, PAGE = 1 << SHIFT, MASK = PAGE - 1;

    static final class Ints {
        private int[][] pages = new int[4][];

        void set(int i, int v) {
            int p = i >>> SHIFT;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            if (pages[p] == null) pages[p] = new int[PAGE];
            pages[p][i & MASK] = v;
        }

        int get(int i) { return pages[i >>> SHIFT][i & MASK]; }
    }

    static final class Doubles {
        private double[][] pages = new double[4][];

        void set(int i, double v) {
            int p = i >>> SHIFT;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            if (pages[p] == null) pages[p] = new double[PAGE];
            pages[p][i & MASK] = v;
        }

        double get(int i) { return pages[i >>> SHIFT][i & MASK]; }
    }

    static final class Bytes {
        private byte[][] pages = new byte[4][];

        void set(int i, byte v) {
            int p = i >>> SHIFT;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            if (pages[p] == null) pages[p] = new byte[PAGE];
            pages[p][i & MASK] = v;
        }

        byte get(int i) { return pages[i >>> SHIFT][i & MASK]; }
    }
}
