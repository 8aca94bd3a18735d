package io.ptotrace.diff;

import java.util.ArrayList;
import java.util.HashMap;

/** Interns the strings of a graph (dtypes, arg types, sources, …) as small int codes; −1 is "absent". */
final class StringPool {
    private final HashMap<String, Integer> codes = new HashMap<>();
    private final ArrayList<String> strings = new ArrayList<>();

    int code(String s) {
        if (s == null) return -1;
        Integer c = codes.get(s);
        if (c != null) return c;
        int n = strings.size();
        codes.put(s, n);
        strings.add(s);
        return n;
    }

    String get(int code) { return code < 0 ? null : strings.get(code); }

    int size() { return strings.size(); }

    /** Interns every string of this pool into {@code target}; returns this pool's code → target code. */
    int[] mergeInto(StringPool target) {
        int[] t = new int[strings.size()];
        for (int i = 0; i < t.length; i++) t[i] = target.code(strings.get(i));
        return t;
    }
}
