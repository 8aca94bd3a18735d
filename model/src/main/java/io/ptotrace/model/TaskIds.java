package io.ptotrace.model;

/** Task id layout {@code (ring << 32) | local} and its display forms. */
public final class TaskIds {
    private TaskIds() {}

    public static int ring(long raw) { return (int) ((raw >>> 32) & 0xFF); }

    public static long local(long raw) { return raw & 0xFFFFFFFFL; }

    /** Converter display: {@code t<local>} on ring 0, else {@code r<ring>t<local>}. */
    public static String display(long raw) {
        int ring = ring(raw);
        long local = local(raw);
        return ring == 0 ? "t" + local : "r" + ring + "t" + local;
    }

    /**
     * The id a converter display form stands for ({@code t5}, {@code r1t3}), or -1 when the text is not one (or names
     * a ring over 255 or a local id over 32 bits).
     */
    public static long parseDisplay(CharSequence text) {
        int i = 0, n = text.length();
        long ring = 0;
        if (i < n && text.charAt(i) == 'r') {
            int from = ++i;
            while (i < n && i - from < 4 && Character.isDigit(text.charAt(i))) ring = ring * 10 + (text.charAt(i++) - '0');
            if (i == from || ring > 255) return -1;
        }
        if (i >= n || text.charAt(i++) != 't') return -1;
        int from = i;
        long local = 0;
        while (i < n && i - from < 11 && Character.isDigit(text.charAt(i))) local = local * 10 + (text.charAt(i++) - '0');
        if (i == from || i != n || local > 0xFFFFFFFFL) return -1;
        return make((int) ring, local);
    }

    public static long make(int ring, long local) { return ((long) ring << 32) | (local & 0xFFFFFFFFL); }
}
