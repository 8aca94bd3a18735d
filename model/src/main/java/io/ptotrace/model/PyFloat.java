package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;

/** Doubles printed the way Python's repr prints them (shortest round-trip digits, Python exponent rules). */
public final class PyFloat {
    private PyFloat() {}

    public static String repr(double d) {
        if (Double.isNaN(d)) return "NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
        if (d == 0) return (1 / d < 0) ? "-0.0" : "0.0";
        String java = Double.toString(d);
        if (java.indexOf('E') < 0) return java; // 1e-3 <= |d| < 1e7: Java and Python agree on layout
        // Java's Double.toString gives the shortest digits that round-trip (JDK 19+ exactly; close enough
        // on 17 for reading back the same double); re-layout them with Python's exponent thresholds.
        BigDecimal bd = new BigDecimal(java).stripTrailingZeros();
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

    public static void write(JsonGenerator g, double d) throws IOException {
        if (Double.isNaN(d) || Double.isInfinite(d)) { g.writeNull(); return; }
        g.writeNumber(repr(d));
    }
}
