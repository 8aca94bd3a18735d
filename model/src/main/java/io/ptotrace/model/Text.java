package io.ptotrace.model;

/**
 * Input strings are made well-formed UTF-16 where the readers create them ({@link JsonValues#read} and
 * {@code TextInterner}), so everything built from them is well-formed too and both trace formats show
 * the same text: UTF-8 has no encoding for an unpaired surrogate, which the protobuf library would turn
 * into '?' (with a warning) while the JSON trace kept it as an escape.
 */
public final class Text {
    private Text() {}

    /** {@code s} with each unpaired surrogate replaced by U+FFFD; {@code s} itself when it has none. */
    public static String wellFormed(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) i++;
                else return repaired(s, i);
            }
        }
        return s;
    }

    private static String repaired(String s, int firstBad) {
        int n = s.length();
        StringBuilder b = new StringBuilder(n).append(s, 0, firstBad);
        for (int i = firstBad; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else {
                b.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return b.toString();
    }
}
