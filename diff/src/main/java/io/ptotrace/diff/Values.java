package io.ptotrace.diff;

import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The texts and shape/stride arrays of a graph, numbered: the graph's columns hold these codes (−1 is absent)
 * rather than the values, because the garbage collector tracks every store into a column of references (on a
 * 100k-task graph that made reading a fifth slower), and none into a column of ints. The deps.json reader's
 * interners (the model's) already hand out one instance per distinct value, so a value is mostly found by
 * identity; one they did not keep (too long, or past their limit) is found by content. Codes count from 0
 * in the order values first come.
 */
final class Values {
    private final List<String> texts = new ArrayList<>();
    private final Map<String, Integer> textCodes = new HashMap<>(); // String.equals stops at ==
    private final List<long[]> arrays = new ArrayList<>();
    private final Map<long[], Integer> arrayCodes = new IdentityHashMap<>();
    private final Map<LongBuffer, Integer> arrayCodesByContent = new HashMap<>();

    int text(String s) {
        if (s == null) return -1;
        Integer c = textCodes.get(s);
        if (c == null) {
            c = texts.size();
            texts.add(s);
            textCodes.put(s, c);
        }
        return c;
    }

    int array(long[] a) {
        if (a == null) return -1;
        Integer c = arrayCodes.get(a);
        if (c != null) return c;
        LongBuffer content = LongBuffer.wrap(a);
        c = arrayCodesByContent.get(content);
        if (c == null) {
            // the first instance of a value: the interner's, which comes again (a copy it did not keep does not)
            c = arrays.size();
            arrays.add(a);
            arrayCodesByContent.put(content, c);
            arrayCodes.put(a, c);
        }
        return c;
    }

    String text(int code) { return code < 0 ? null : texts.get(code); }

    /** The array of a code (not to be modified), or null for −1. */
    long[] array(int code) { return code < 0 ? null : arrays.get(code); }

    int textCount() { return texts.size(); }

    int arrayCount() { return arrays.size(); }

    /** Numbers every text of this table in {@code target}; returns this table's code → target code. */
    int[] textsInto(Values target) {
        int[] t = new int[texts.size()];
        for (int i = 0; i < t.length; i++) t[i] = target.text(texts.get(i));
        return t;
    }

    /** Numbers every array of this table in {@code target}; returns this table's code → target code. */
    int[] arraysInto(Values target) {
        int[] t = new int[arrays.size()];
        for (int i = 0; i < t.length; i++) t[i] = target.array(arrays.get(i));
        return t;
    }
}
