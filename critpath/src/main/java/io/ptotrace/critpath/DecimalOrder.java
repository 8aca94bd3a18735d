package io.ptotrace.critpath;

/**
 * The order of unsigned 64-bit task ids as their decimal strings ({@code "10" < "9"}), without building strings.
 * The established analyser breaks ties between tasks this way; keeping it keeps paths equal on ties.
 */
public final class DecimalOrder {
    private DecimalOrder() {}

    /** 10^19, the smallest 20-digit value, as unsigned bits. */
    private static final long TEN_TO_19 = Long.parseUnsignedLong("10000000000000000000");

    /** Digits of a value below 2^63. */
    private static int digits(long v) {
        int d = 1;
        long x = v;
        while (x >= 10) {
            x /= 10;
            d++;
        }
        return d;
    }

    private static int digitsUnsigned(long v) {
        if (v >= 0) return digits(v);
        return Long.compareUnsigned(v, TEN_TO_19) >= 0 ? 20 : 19;
    }

    /** Compares {@code Long.toUnsignedString(a)} with {@code Long.toUnsignedString(b)} lexicographically. */
    public static int compare(long a, long b) {
        if (a == b) return 0;
        int da = digitsUnsigned(a), db = digitsUnsigned(b);
        if (da == db) return Long.compareUnsigned(a, b);
        if (da < db) {
            long head = Long.divideUnsigned(b, pow10(db - da));
            int c = Long.compareUnsigned(a, head);
            return c != 0 ? c : -1;
        }
        long head = Long.divideUnsigned(a, pow10(da - db));
        int c = Long.compareUnsigned(head, b);
        return c != 0 ? c : 1;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) p *= 10;
        return p;
    }
}
