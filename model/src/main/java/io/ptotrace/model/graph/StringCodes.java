package io.ptotrace.model.graph;

import java.util.ArrayList;

/**
 * Interns the strings of a graph (dtypes, arg types, sources, …) as small int codes; −1 is "absent". The reader
 * hands over the same String instance for equal texts, so a lookup is usually one reference comparison.
 */
final class StringCodes {
    private String[] keys = new String[64];
    private int[] vals = new int[64];
    private final ArrayList<String> strings = new ArrayList<>();

    int code(String s) {
        if (s == null) return -1;
        int mask = keys.length - 1;
        int i = slot(s, mask);
        for (String k; (k = keys[i]) != null; i = (i + 1) & mask) {
            if (k == s || k.equals(s)) return vals[i];
        }
        int n = strings.size();
        strings.add(s);
        keys[i] = s;
        vals[i] = n;
        if (n * 2 >= keys.length) grow();
        return n;
    }

    /** The code of {@code s}, or −1 when the graph never saw it. */
    int find(String s) {
        if (s == null) return -1;
        int mask = keys.length - 1;
        for (int i = slot(s, mask); keys[i] != null; i = (i + 1) & mask) if (keys[i].equals(s)) return vals[i];
        return -1;
    }

    private static int slot(String s, int mask) {
        int h = s.hashCode() * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    private void grow() {
        String[] ok = keys;
        int[] ov = vals;
        keys = new String[ok.length * 2];
        vals = new int[ok.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] == null) continue;
            int i = slot(ok[j], mask);
            while (keys[i] != null) i = (i + 1) & mask;
            keys[i] = ok[j];
            vals[i] = ov[j];
        }
    }

    String get(int code) {
        return code < 0 ? null : strings.get(code);
    }

    int size() {
        return strings.size();
    }

    /** Each code of this table translated into {@code other}'s, or {@code other.size() + c} where it has no such string. */
    int[] codesIn(StringCodes other) {
        int n = size(), base = other.size();
        int[] t = new int[n];
        for (int c = 0; c < n; c++) {
            int o = other.find(get(c));
            t[c] = o >= 0 ? o : base + c;
        }
        return t;
    }
}
