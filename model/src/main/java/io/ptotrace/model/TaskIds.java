package io.ptotrace.model;

/**
 * Task id layout {@code (ring << 32) | local} and its display forms. Every bit of the id is shown: the ring is
 * the whole upper half (the runtime uses a few rings, but an id with higher bits set is shown as it is, never
 * folded onto another task's form), so two different ids never share a display form.
 */
public final class TaskIds {
    private TaskIds() {}

    /** The upper 32 bits, unsigned. */
    public static long ring(long raw) {
        return raw >>> 32;
    }

    public static long local(long raw) {
        return raw & 0xFFFFFFFFL;
    }

    /** Converter display: {@code t<local>} on ring 0, else {@code r<ring>t<local>}. */
    public static String display(long raw) {
        long ring = ring(raw);
        long local = local(raw);
        return ring == 0 ? "t" + local : "r" + ring + "t" + local;
    }

    /**
     * The id a converter display form stands for, or -1 when the text is not one (or names a ring, parent or local
     * id wider than its field): the older layout's {@code t5}, {@code r1t3} (ring 0 accepted, {@code r0t5} as
     * tensormap_and_ringbuffer writes every id) and host_build_graph's {@code g7t3} (a graph's sub-task, parent in
     * 20 bits) and {@code p4} (a parameter). {@code t5} is the same id in every layout.
     */
    public static long parseDisplay(CharSequence text) {
        int n = text.length();
        if (n == 0) return -1;
        char first = text.charAt(0);
        int[] at = {first == 'r' || first == 'g' || first == 'p' ? 1 : 0};
        long upper = 0;
        if (first == 'r' || first == 'g') {
            upper = digits(text, at, first == 'r' ? 0xFFFFFFFFL : 0xFFFFFL);
            if (upper < 0) return -1;
        }
        if (first != 'p' && (at[0] >= n || text.charAt(at[0]++) != 't')) return -1;
        long local = digits(text, at, 0xFFFFFFFFL);
        if (local < 0 || at[0] != n) return -1;
        if (first == 'g') return (1L << 62) | (upper << 32) | local;
        if (first == 'p') return (2L << 62) | local;
        return make(upper, local);
    }

    /** The decimal number at {@code at[0]} (at most 11 digits, at most {@code max}), advancing it; -1 if none. */
    private static long digits(CharSequence text, int[] at, long max) {
        int i = at[0], from = i, n = text.length();
        long v = 0;
        for (char c; i < n && i - from < 11 && (c = text.charAt(i)) >= '0' && c <= '9'; i++) v = v * 10 + (c - '0');
        at[0] = i;
        return i == from || v > max ? -1 : v;
    }

    /** Whether {@code text} is a display form ({@link #parseDisplay} is -1 for the largest id too). */
    public static boolean isDisplay(CharSequence text) {
        return parseDisplay(text) != -1 || "r4294967295t4294967295".contentEquals(text);
    }

    /**
     * The one reader of a task reference typed by a user, for every option that takes one: the trace's form
     * ({@code t5}, {@code r0t5}, {@code r1t3}, host_build_graph's {@code g7t3} and {@code p4}), the deps view's {@code (1, 3)} (ring, local), or the raw decimal id of
     * deps.json ({@code 4294967299}; for ring 0 the raw id is the local id). Throws IllegalArgumentException
     * saying why the text is not a task id.
     */
    public static long parseReference(String text) {
        String t = text.trim();
        if (isDisplay(t)) return parseDisplay(t);
        java.util.regex.Matcher pair = PAIR.matcher(t);
        if (pair.matches()) {
            long ring = Long.parseLong(pair.group(1)), local = Long.parseLong(pair.group(2));
            if (ring <= 0xFFFFFFFFL && local <= 0xFFFFFFFFL) return make(ring, local);
            throw new IllegalArgumentException("'" + text + "' is not a task id: ring and local id are 32-bit numbers");
        }
        if (t.matches("[0-9]{1,20}")) {
            try {
                return Long.parseUnsignedLong(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not a task id: larger than 64 bits");
            }
        }
        throw new IllegalArgumentException(
                "'" + text + "' is not a task id (write it as t5, r1t3, g7t3, p4, (1, 3) or the raw decimal id)");
    }

    private static final java.util.regex.Pattern PAIR =
            java.util.regex.Pattern.compile("\\(\\s*([0-9]{1,11})\\s*,\\s*([0-9]{1,11})\\s*\\)");

    public static long make(long ring, long local) {
        return (ring << 32) | (local & 0xFFFFFFFFL);
    }
}
