package io.ptotrace.synth;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The text of one generator setting ({@code --set key=value}) as a number, a flag or a list of factors. */
final class SettingValues {
    private SettingValues() {}

    /** {@code NAME:FACTOR[,NAME:FACTOR...]} as a map. */
    static Map<String, Double> factors(String key, String value) {
        Map<String, Double> m = new TreeMap<>();
        for (String part : value.split(",")) {
            int colon = part.lastIndexOf(':');
            if (colon <= 0)
                throw new IllegalArgumentException(key + ": expected NAME:FACTOR (e.g. QK:1.3), got '" + part + "'");
            m.put(part.substring(0, colon).trim(), number(key, part.substring(colon + 1)));
        }
        return m;
    }

    static long integer(String key, String value, long max) {
        String v = value.trim().replace("_", "").toLowerCase(Locale.ROOT);
        long mul = 1;
        if (v.endsWith("k")) {
            mul = 1_000;
            v = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            mul = 1_000_000;
            v = v.substring(0, v.length() - 1);
        } else if (v.endsWith("g")) {
            mul = 1_000_000_000;
            v = v.substring(0, v.length() - 1);
        }
        long r;
        try {
            r = Math.multiplyExact(Long.parseLong(v), mul);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(key + ": not an integer: '" + value + "'");
        }
        if (r > max || r < -max) {
            throw new IllegalArgumentException(key + ": out of range: '" + value + "'");
        }
        return r;
    }

    static double number(String key, String value) {
        String v = value.trim();
        try {
            double d = v.endsWith("%")
                    ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100.0
                    : Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": not a number: '" + value + "'");
        }
    }

    static boolean bool(String key, String value) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1", "on", "y" -> {
                return true;
            }
            case "false", "no", "0", "off", "n" -> {
                return false;
            }
            default -> throw new IllegalArgumentException(key + ": not a boolean: '" + value + "'");
        }
    }
}
