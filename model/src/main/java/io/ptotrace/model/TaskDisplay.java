package io.ptotrace.model;

import java.util.Locale;

/**
 * How a task is named where people read it, in traces and diff reports alike: its function, then its id in
 * the form of {@link TaskIds#display}, e.g. {@code QK(t5)} or {@code QK(r1t3)}.
 */
public final class TaskDisplay {
    private TaskDisplay() {}

    /** {@code function(id)}; {@code id} is a task's display form, or a stand-in such as {@code unknown}. */
    public static String named(String function, String id) {
        return function + "(" + id + ")";
    }

    /** {@code QK(t5)} when the function is known, else the bare id {@code t5} (diff reports). */
    public static String of(long taskId, String functionOrNull) {
        return of(taskId, functionOrNull, TaskIds::display);
    }

    /** {@code QK(g7t3)}, {@code QK(r0t5)}: as {@link #of(long, String)}, the id in the given layout. */
    public static String of(long taskId, String functionOrNull, TaskLabels labels) {
        String id = labels.label(taskId);
        return functionOrNull == null ? id : named(functionOrNull, id);
    }

    /** Bijective base-26 letters of n+1 ({@code 0→a, 26→aa}); empty for negative n. */
    public static String letters(long n) {
        if (n < 0) return "";
        StringBuilder sb = new StringBuilder();
        long v = n + 1;
        while (v > 0) {
            v--;
            sb.append((char) ('a' + (v % 26)));
            v /= 26;
        }
        return sb.reverse().toString();
    }

    /** The function of a task without a name: {@code func_<n>_<letters>}; {@code task} for an unknown function (n < 0). */
    public static String unnamedFunction(long funcId) {
        return funcId < 0 ? "task" : "func_" + funcId + "_" + letters(funcId);
    }

    /**
     * Inserts {@code _spmd} before the '(' that starts the task suffix (the last one: a function name may
     * contain '(' itself) unless the base says spmd already.
     */
    public static String spmd(String label) {
        int paren = label.lastIndexOf('(');
        if (paren < 0) return label;
        String base = label.substring(0, paren);
        if (saysSpmd(base)) return label;
        return base + "_spmd" + label.substring(paren);
    }

    /** {@link #spmd} of {@code named(function, id)}, in one step when {@code id} has no '(' (a task label never has one). */
    public static String spmdNamed(String function, String id) {
        if (id.indexOf('(') >= 0) return spmd(named(function, id));
        return saysSpmd(function) ? named(function, id) : function + "_spmd(" + id + ")";
    }

    /** Whether {@code base} contains "spmd" in any case (as its lower-case form does). */
    private static boolean saysSpmd(String base) {
        int n = base.length();
        for (int i = 0; i < n; i++)
            if (base.charAt(i) >= 0x80) return base.toLowerCase(Locale.ROOT).contains("spmd");
        for (int i = 0; i + 4 <= n; i++)
            if ((base.charAt(i) | 0x20) == 's'
                    && (base.charAt(i + 1) | 0x20) == 'p'
                    && (base.charAt(i + 2) | 0x20) == 'm'
                    && (base.charAt(i + 3) | 0x20) == 'd') return true;
        return false;
    }
}
