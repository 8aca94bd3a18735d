package io.ptotrace.critpath;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The reports' numbers: ticks to µs/ms (divide by the frequency first, then scale, in doubles) and fixed-point
 * text of the exact binary value rounded half-to-even, as Python's {@code format(x, ".Nf")} writes it.
 */
final class Fmt {
    private Fmt() {}

    static double us(long ticks, long freq) {
        return (double) ticks / freq * 1e6;
    }

    static double ms(long ticks, long freq) {
        return us(ticks, freq) / 1e3;
    }

    static double pct(long a, long b) {
        return b == 0 ? 0.0 : (double) a / b * 100;
    }

    static String f(double x, int digits) {
        if (Double.isNaN(x)) return "nan";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        String s = new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
        if (x < 0 || (x == 0 && 1 / x < 0)) {
            if (!s.startsWith("-")) s = "-" + s; // Python keeps the sign of a value that rounds to zero
        }
        return s;
    }
}
