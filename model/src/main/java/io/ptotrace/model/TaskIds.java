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
     * The id a converter display form stands for ({@code t5}, {@code r0t5}, {@code r1t3}), or -1 when the text is
     * not one (or names a ring or a local id over 32 bits). {@code r<ring>t<local>} with ring 0 is accepted.
     */
    public static long parseDisplay(CharSequence text) {
        int i = 0, n = text.length();
        long ring = 0;
        if (i < n && text.charAt(i) == 'r') {
            int from = ++i;
            while (i < n && i - from < 11 && Character.isDigit(text.charAt(i)))
                ring = ring * 10 + (text.charAt(i++) - '0');
            if (i == from || ring > 0xFFFFFFFFL) return -1;
        }
        if (i >= n || text.charAt(i++) != 't') return -1;
        int from = i;
        long local = 0;
        while (i < n && i - from < 11 && Character.isDigit(text.charAt(i)))
            local = local * 10 + (text.charAt(i++) - '0');
        if (i == from || i != n || local > 0xFFFFFFFFL) return -1;
        return make(ring, local);
    }

    /** Whether {@code text} is a display form ({@link #parseDisplay} is -1 for the largest id too). */
    public static boolean isDisplay(CharSequence text) {
        return parseDisplay(text) != -1 || "r4294967295t4294967295".contentEquals(text);
    }

    /**
     * The one reader of a task reference typed by a user, for every option that takes one: the trace's form
     * ({@code t5}, {@code r0t5}, {@code r1t3}), the deps view's {@code (1, 3)} (ring, local), or the raw decimal id of
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
                "'" + text + "' is not a task id (write it as t5, r1t3, (1, 3) or the raw decimal id)");
    }

    private static final java.util.regex.Pattern PAIR =
            java.util.regex.Pattern.compile("\\(\\s*([0-9]{1,11})\\s*,\\s*([0-9]{1,11})\\s*\\)");

    public static long make(long ring, long local) {
        return (ring << 32) | (local & 0xFFFFFFFFL);
    }
}
