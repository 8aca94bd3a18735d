package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Verdict;
import java.util.Locale;

/** How figures are written in the text, Markdown and HTML reports. */
final class Fmt {
    private Fmt() {}

    static String us(double v) {
        if (Double.isNaN(v)) return "-";
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.2f", v);
    }

    static String signedUs(double v) {
        if (Double.isNaN(v)) return "-";
        return (v > 0 ? "+" : v < 0 ? "\u2212" : "\u00b1") + us(Math.abs(v));
    }

    static String pct(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    /** The relative change of new against old: {@code +5.4 %}. */
    static String change(double oldV, double newV) {
        if (Double.isNaN(oldV) || Double.isNaN(newV) || oldV == 0) return "-";
        double r = (newV - oldV) / oldV * 100;
        return (r > 0 ? "+" : r < 0 ? "\u2212" : "\u00b1") + String.format(Locale.ROOT, "%.1f %%", Math.abs(r));
    }

    static String ratio(double r) {
        return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.3f\u00d7", r);
    }

    static String p(double p) {
        if (Double.isNaN(p)) return "";
        if (p < 1e-6) return "p<1e-6";
        return String.format(Locale.ROOT, p < 0.001 ? "p=%.1e" : "p=%.3f", p);
    }

    /** {@code slower}, {@code faster}, or {@code ~} (not significant), as benchstat shows it. */
    static String verdict(Verdict v) {
        return v.significant() ? v.direction().label : "~";
    }

    static String count(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }
}
