package io.ptotrace.model.util;

import java.util.Arrays;

/**
 * Primitive columns indexed by row and stored in pages of {@link #PAGE} rows: growing never copies more
 * than one page, no single array gets huge, and the garbage collector has only a few hundred
 * reference-free arrays to look at however many rows there are. A page is allocated when a row in it is
 * first written (rows never written read as 0) and starts small, so small tables stay small. A full page
 * of longs or doubles is 128 KB, under G1's humongous-object threshold (half a region, 512 KB at a 2 GiB
 * heap): pages of 512 KB would each take a whole 1 MB region.
 */
public final class PagedColumns {
    private PagedColumns() {}

    public static final int SHIFT = 14, PAGE = 1 << SHIFT, MASK = PAGE - 1;

    /**
     * Length of a page that has to hold index {@code k}, at least {@code len}. A page after a full one ({@code
     * afterFull}) starts whole: the column is written row after row, and its page would otherwise be copied five
     * or six times on its way to full size. Other pages (the first, or those of a column written here and there)
     * grow by doubling.
     */
    private static int grownLength(boolean afterFull, int len, int k) {
        if (afterFull) return PAGE;
        return Math.min(PAGE, Math.max(Math.max(64, len * 2), Integer.highestOneBit(k) << 1));
    }

    /**
     * Longs, each page as narrow as its values allow: bytes, shorts, ints or longs (a page widens when a
     * value does not fit). Columns of small counters, indexes and ids take one to four bytes a row.
     */
    public static final class Longs {
        private Object[] pages = new Object[1];
        private byte[] width = new byte[1]; // per page: 0 (none), 1, 2, 4 or 8 bytes

        public long get(int i) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) return 0;
            switch (width[p]) {
                case 1: {
                    byte[] a = (byte[]) pages[p];
                    return k < a.length ? a[k] : 0;
                }
                case 2: {
                    short[] a = (short[]) pages[p];
                    return k < a.length ? a[k] : 0;
                }
                case 4: {
                    int[] a = (int[]) pages[p];
                    return k < a.length ? a[k] : 0;
                }
                case 8: {
                    long[] a = (long[]) pages[p];
                    return k < a.length ? a[k] : 0;
                }
                default:
                    return 0;
            }
        }

        public void set(int i, long v) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) {
                if (v == 0) return;
                int n = Math.max(p + 1, pages.length * 2);
                pages = Arrays.copyOf(pages, n);
                width = Arrays.copyOf(width, n);
            }
            int need = v == (byte) v ? 1 : v == (short) v ? 2 : v == (int) v ? 4 : 8;
            int w = width[p];
            if (w == 0) {
                if (v == 0) return;
                pages[p] = page(need, grownLength(afterFull(p), 0, k), null, 0);
                width[p] = (byte) (w = need);
            }
            int len = length(pages[p], w);
            if (k >= len && v == 0) return; // reads past the page's end are 0 already
            if (need > w || k >= len) {
                int nw = Math.max(need, w);
                pages[p] = page(nw, k >= len ? grownLength(afterFull(p), len, k) : len, pages[p], w);
                width[p] = (byte) (w = nw);
            }
            switch (w) {
                case 1:
                    ((byte[]) pages[p])[k] = (byte) v;
                    break;
                case 2:
                    ((short[]) pages[p])[k] = (short) v;
                    break;
                case 4:
                    ((int[]) pages[p])[k] = (int) v;
                    break;
                default:
                    ((long[]) pages[p])[k] = v;
            }
        }

        private boolean afterFull(int p) {
            return p > 0 && width[p - 1] != 0 && length(pages[p - 1], width[p - 1]) == PAGE;
        }

        private static int length(Object a, int w) {
            switch (w) {
                case 1:
                    return ((byte[]) a).length;
                case 2:
                    return ((short[]) a).length;
                case 4:
                    return ((int[]) a).length;
                default:
                    return ((long[]) a).length;
            }
        }

        /** A page of width {@code w} and length {@code len} holding the values of {@code old} (width {@code ow}). */
        private static Object page(int w, int len, Object old, int ow) {
            int n = old == null ? 0 : length(old, ow);
            switch (w) {
                case 1:
                    return old == null ? new byte[len] : Arrays.copyOf((byte[]) old, len);
                case 2: {
                    if (ow == 2) return Arrays.copyOf((short[]) old, len);
                    short[] a = new short[len];
                    for (int k = 0; k < n; k++) a[k] = (short) narrow(old, ow, k);
                    return a;
                }
                case 4: {
                    if (ow == 4) return Arrays.copyOf((int[]) old, len);
                    int[] a = new int[len];
                    for (int k = 0; k < n; k++) a[k] = (int) narrow(old, ow, k);
                    return a;
                }
                default: {
                    if (ow == 8) return Arrays.copyOf((long[]) old, len);
                    long[] a = new long[len];
                    for (int k = 0; k < n; k++) a[k] = narrow(old, ow, k);
                    return a;
                }
            }
        }

        private static long narrow(Object a, int w, int k) {
            switch (w) {
                case 1:
                    return ((byte[]) a)[k];
                case 2:
                    return ((short[]) a)[k];
                default:
                    return ((int[]) a)[k];
            }
        }

        /** Bytes held by the pages (without array headers). */
        public long bytes() {
            long b = 0;
            for (int p = 0; p < pages.length; p++) if (width[p] != 0) b += (long) length(pages[p], width[p]) * width[p];
            return b;
        }
    }

    /** Doubles. */
    public static final class Doubles {
        private double[][] pages = new double[1][];

        /**
         * The value of row {@code i}, which was {@link #set}: without {@link #get}'s checks for rows never written,
         * so that the JIT's first tier inlines it where a table reads every row it wrote.
         */
        public double at(int i) {
            return pages[i >>> SHIFT][i & MASK];
        }

        public double get(int i) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) return 0.0;
            double[] a = pages[p];
            return a != null && k < a.length ? a[k] : 0.0;
        }

        private int grown(int p, int len, int k) {
            return grownLength(p > 0 && pages[p - 1] != null && pages[p - 1].length == PAGE, len, k);
        }

        public void set(int i, double v) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            double[] a = pages[p];
            if (a == null) a = pages[p] = new double[grown(p, 0, k)];
            else if (k >= a.length) a = pages[p] = Arrays.copyOf(a, grown(p, a.length, k));
            a[k] = v;
        }

        /** Bytes held by the pages (without array headers). */
        public long bytes() {
            long b = 0;
            for (double[] a : pages) if (a != null) b += 8L * a.length;
            return b;
        }
    }

    /** Ints (a fixed four bytes a row: for columns read on hot paths, where a width switch would cost). */
    public static final class Ints {
        private int[][] pages = new int[1][];

        /**
         * The value of row {@code i}, which was {@link #set}: without {@link #get}'s checks for rows never written,
         * so that the JIT's first tier inlines it where a table reads every row it wrote.
         */
        public int at(int i) {
            return pages[i >>> SHIFT][i & MASK];
        }

        public int get(int i) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) return 0;
            int[] a = pages[p];
            return a != null && k < a.length ? a[k] : 0;
        }

        private int grown(int p, int len, int k) {
            return grownLength(p > 0 && pages[p - 1] != null && pages[p - 1].length == PAGE, len, k);
        }

        public void set(int i, int v) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            int[] a = pages[p];
            if (a == null) a = pages[p] = new int[grown(p, 0, k)];
            else if (k >= a.length) a = pages[p] = Arrays.copyOf(a, grown(p, a.length, k));
            a[k] = v;
        }
    }

    /** Bytes. */
    public static final class Bytes {
        private byte[][] pages = new byte[1][];

        /**
         * The value of row {@code i}, which was {@link #set}: without {@link #get}'s checks for rows never written,
         * so that the JIT's first tier inlines it where a table reads every row it wrote.
         */
        public byte at(int i) {
            return pages[i >>> SHIFT][i & MASK];
        }

        public byte get(int i) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) return 0;
            byte[] a = pages[p];
            return a != null && k < a.length ? a[k] : 0;
        }

        private int grown(int p, int len, int k) {
            return grownLength(p > 0 && pages[p - 1] != null && pages[p - 1].length == PAGE, len, k);
        }

        public void set(int i, byte v) {
            int p = i >>> SHIFT, k = i & MASK;
            if (p >= pages.length) pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
            byte[] a = pages[p];
            if (a == null) a = pages[p] = new byte[grown(p, 0, k)];
            else if (k >= a.length) a = pages[p] = Arrays.copyOf(a, grown(p, a.length, k));
            a[k] = v;
        }
    }
}
