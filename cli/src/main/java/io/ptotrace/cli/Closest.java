package io.ptotrace.cli;

import java.util.Collection;

/** The valid word closest to a mistyped one, for "did you mean …?". */
final class Closest {
    private Closest() {}

    /** The candidate nearest to {@code word} by edit distance, when it is near enough to be a typo; else null. */
    static String to(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word, c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(2, word.length() / 3) ? best : null;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
