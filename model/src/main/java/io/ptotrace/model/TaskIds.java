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

    public static long make(int ring, long local) { return ((long) ring << 32) | (local & 0xFFFFFFFFL); }
}
