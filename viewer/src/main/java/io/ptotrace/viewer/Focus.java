package io.ptotrace.viewer;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The tasks of {@code --focus TASK[,TASK…]} and the {@code --hops} around them. A TASK is written as the views
 * print it: {@code 42} or {@code (1, 42)} (ring, local), as the diff prints it ({@code t42}, {@code r1t42}), or as
 * the raw decimal id of deps.json ({@code 4294967338}). A bare number is the raw id, which for ring 0 is the
 * local id the view prints.
 */
public final class Focus {
    /** Hops when {@code --hops} is not given. */
    public static final int DEFAULT_HOPS = 2;

    /** The tasks as written, one per entry. */
    final List<String> written;
    /** Their raw ids. */
    final long[] ids;

    public final int hops;
    /** The option's value as given, for the stdout line. */
    final String spec;

    private Focus(String spec, List<String> written, long[] ids, int hops) {
        this.spec = spec;
        this.written = written;
        this.ids = ids;
        this.hops = hops;
    }

    /**
     * Reads a {@code --focus} value.
     *
     * @throws IllegalArgumentException with a one-line message when an entry is no task id or hops is negative
     */
    public static Focus parse(String spec, int hops) {
        if (hops < 0) throw new IllegalArgumentException("--hops: expected 0 or more, not " + hops);
        List<String> items = split(spec);
        if (items.isEmpty()) throw new IllegalArgumentException("--focus: no task given");
        long[] ids = new long[items.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = id(items.get(i));
        return new Focus(spec.trim(), items, ids, hops);
    }

    /** Entries separated by commas outside parentheses, trimmed; an empty entry is refused. */
    private static List<String> split(String spec) {
        List<String> out = new ArrayList<>();
        if (spec.isBlank()) return out;
        int depth = 0, from = 0;
        for (int i = 0; i <= spec.length(); i++) {
            char c = i < spec.length() ? spec.charAt(i) : ',';
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if ((c == ',' && depth <= 0) || i == spec.length()) {
                String item = spec.substring(from, i).trim();
                if (item.isEmpty()) throw new IllegalArgumentException("--focus: an empty task in '" + spec + "'");
                out.add(item);
                from = i + 1;
            }
        }
        return out;
    }

    private static long id(String item) {
        try {
            return TaskIds.parseReference(item);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--focus: " + e.getMessage());
        }
    }

    /** The focus tasks as nodes of {@code g}; a task the graph does not have is bad input. */
    int[] nodes(TaskGraph g) {
        int[] nodes = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            nodes[i] = g.nodeOf(ids[i]);
            if (nodes[i] < 0)
                throw new InputProblem(g.file(), "--focus: no task " + written.get(i) + " in this graph", null);
        }
        return nodes;
    }
}
