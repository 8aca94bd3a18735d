package io.ptotrace.viewer.page;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Interned page strings: each distinct text is stored once and referred to by its code (first-seen order). */
public final class StringTable {
    private final Map<String, Integer> codes = new HashMap<>();
    private final List<String> texts = new ArrayList<>();

    /** The code of {@code text}, added if new; null gives −1. */
    public int code(String text) {
        if (text == null) return -1;
        Integer c = codes.get(text);
        if (c != null) return c;
        int n = texts.size();
        texts.add(text);
        codes.put(text, n);
        return n;
    }

    public String text(int code) { return code < 0 ? null : texts.get(code); }

    public int size() { return texts.size(); }
}
