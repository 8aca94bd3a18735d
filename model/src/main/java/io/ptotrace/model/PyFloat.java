package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Doubles printed the way Python's repr prints them (shortest round-trip digits, Python exponent rules). */
public final class PyFloat {
    private PyFloat() {}

    private static final double[] POW10 = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
    private static final long[] LPOW10 = {1, 10, 100, 1000, 10000, 100000, 1000000};

    /**
     * Writes {@link #repr} of {@code d} as ASCII to {@code out} at {@code at} when it has a short decimal form: at most
     * 15 significant digits, at most 6 of them after the point, 1e-4 <= |d| < 1e15. Returns the length written, or -1
     * (nothing written) for every other value. Timestamps in microseconds with a few decimals are such values.
     *
     * <p>Why this is the repr: {@code k / 10^p}, with k and 10^p exact doubles, is correctly rounded, so it equals d
     * exactly when the decimal k·10^-p reads back as d. Two different decimals of at most 15 significant digits never
     * read back as the same double, so no shorter decimal does, and Python's shortest round-trip digits are k's. In
     * 1e-4 <= |d| < 1e16 Python lays them out without an exponent.
     */
    public static int writeShort(double d, byte[] out, int at) {
        double a = Math.abs(d);
        if (!(a >= 1e-4 && a < 1e15)) return -1;
        for (int p = 0; p < POW10.length; p++) {
            double m = a * POW10[p];
            if (m >= 1e15) return -1;
            double k = Math.rint(m);
            if (k / POW10[p] != a) continue;
            long digits = (long) k;
            int pos = at;
            if (d < 0) out[pos++] = '-';
            long whole = digits / LPOW10[p], frac = digits - whole * LPOW10[p];
            pos = writeDigits(whole, out, pos);
            out[pos++] = '.';
            if (p == 0) out[pos++] = '0';
            for (int i = p - 1; i >= 0; i--) {
                long q = frac / LPOW10[i];
                out[pos++] = (byte) ('0' + q);
                frac -= q * LPOW10[i];
            }
            return pos - at;
        }
        return -1;
    }

    private static int writeDigits(long v, byte[] out, int at) {
        int n = 1;
        for (long t = v; t >= 10; t /= 10) n++;
        for (int i = at + n - 1; i >= at; i--) {
            out[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return at + n;
    }

    public static String repr(double d) {
        byte[] b = new byte[24];
        int n = writeShort(d, b, 0);
        if (n > 0) return new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
        return reprOther(d);
    }

    /** {@link #repr} of a value {@link #writeShort} does not take (it gives the same for every other value too). */
    public static String reprOther(double d) {
        if (Double.isNaN(d)) return "NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
        if (d == 0) return (1 / d < 0) ? "-0.0" : "0.0";
        String java = com.fasterxml.jackson.core.io.NumberOutput.toString(d, true); // Schubfach: shortest digits, fast
        if (java.indexOf('E') < 0) return java; // 1e-3 <= |d| < 1e7: Java and Python agree on layout
        // Java's Double.toString gives the shortest digits that round-trip (JDK 19+ exactly; close enough
        // on 17 for reading back the same double); re-layout them with Python's exponent thresholds.
        BigDecimal bd = new BigDecimal(java).stripTrailingZeros();
        // Python keeps one digit where Java's rules keep two (Double.MIN_VALUE: 5e-324, not 4.9E-324), and
        // JDK 17's Double.toString was not shortest for integral values in [1e16, 2^63) (8.7136640921453664E16)
        // nor for 1e23 (9.999999999999999E22). Drop digits while the nearest shorter decimal still reads back
        // as d; only long digit strings and subnormals can be affected, which keeps the common path cheap.
        BigDecimal exact = bd.precision() >= 16 || Math.abs(d) < Double.MIN_NORMAL ? new BigDecimal(d) : null;
        for (int p = bd.precision() - 1; exact != null && p >= 1; p--) {
            BigDecimal shorter = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (shorter.doubleValue() != d) break;
            bd = shorter.stripTrailingZeros();
        }
        String digits = bd.unscaledValue().abs().toString();
        int exp = digits.length() - 1 - bd.scale(); // value = d.ddd x 10^exp
        StringBuilder sb = new StringBuilder(24);
        if (d < 0) sb.append('-');
        if (exp >= -4 && exp < 16) {
            if (exp >= 0) {
                if (digits.length() <= exp + 1) {
                    sb.append(digits);
                    for (int i = digits.length(); i <= exp; i++) sb.append('0');
                    sb.append(".0");
                } else {
                    sb.append(digits, 0, exp + 1).append('.').append(digits, exp + 1, digits.length());
                }
            } else {
                sb.append("0.");
                for (int i = -1; i > exp; i--) sb.append('0');
                sb.append(digits);
            }
        } else {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
            sb.append('e').append(exp < 0 ? '-' : '+');
            int ae = Math.abs(exp);
            if (ae < 10) sb.append('0');
            sb.append(ae);
        }
        return sb.toString();
    }

    /**
     * The value a JSON reader gets back from {@link #write}: {@code d} itself, since its shortest round-trip digits
     * parse to the same double, or NaN standing for the null a non-finite value is written as.
     */
    public static double readBack(double d) {
        return writtenAsNull(d) ? Double.NaN : d;
    }

    /** Whether {@link #write} writes {@code d} as null: JSON has no NaN or infinity. */
    public static boolean writtenAsNull(double d) {
        return !Double.isFinite(d);
    }

    public static void write(JsonGenerator g, double d) throws IOException {
        if (writtenAsNull(d)) {
            g.writeNull();
            return;
        }
        g.writeNumber(repr(d));
    }
}
