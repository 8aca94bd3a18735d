package io.ptotrace.diff;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import io.ptotrace.model.TaskLabels;
import io.ptotrace.model.graph.TaskGraph;

/**
 * One side of a diff: its task graph, its name map, and the graph's string and array codes in the codes of the
 * OLD side, so that a code of either side can be compared with one of the other.
 */
public final class Side {
    private final TaskGraph g;
    private final NameMap names;
    private int[] strings, arrays; // this side's code → OLD's; null on OLD itself
    private final int edgesWithFlags;
    private String[] displays; // filled lazily while reports are written
    private final TaskLabels labels;

    Side(TaskGraph g, NameMap names) {
        this.g = g;
        this.names = names;
        this.labels = TaskLabels.ofRuntime(g.runtime());
        int n = 0;
        for (int e = 0, m = g.edgeCount(); e < m; e++) if (g.edgeFlagsCode(e) >= 0) n++;
        edgesWithFlags = n;
    }

    /** Translates this side's codes into {@code old}'s, once. */
    void codesIn(Side old) {
        if (old == this || old.g == g) return;
        strings = g.stringCodesIn(old.g);
        arrays = g.arrayCodesIn(old.g);
    }

    public TaskGraph graph() {
        return g;
    }

    public NameMap names() {
        return names;
    }

    /** Number of annotated edges carrying the newer-era {@code flags} member. */
    int edgesWithFlags() {
        return edgesWithFlags;
    }

    /** A string code of this side's graph as a code comparable across the sides. */
    int text(int code) {
        return code < 0 || strings == null ? code : strings[code];
    }

    /** An array code of this side's graph as a code comparable across the sides. */
    int array(int code) {
        return code < 0 || arrays == null ? code : arrays[code];
    }

    /**
     * Kernel id of slot 0..2 as the diff compares it: the slot of a {@code kernel_ids} list of exactly three
     * entries; −1 for any other list or none.
     */
    int kernel(int row, int slot) {
        return g.kernelIdsExact(row) ? g.kernelId(row, slot) : -1;
    }

    /**
     * Function name of a node: its first kernel id other than −1, looked up in the name map; or null. (The
     * converter's slices take the first id ≥ 0: the two differ only for kernel ids below −1.)
     */
    String funcName(int node) {
        int row = g.taskRow(node);
        if (row < 0 || names.size() == 0) return null;
        for (int s = 0; s < 3; s++) {
            int k = kernel(row, s);
            if (k != -1) return names.name(k);
        }
        return null;
    }

    /**
     * {@code t5} / {@code r1t3}, with the function name when known: {@code QK(t5)} ({@link TaskDisplay#of}). A
     * graph that names its runtime shows ids as that runtime's trace does: {@code QK(r0t5)}, {@code QK(g7t3)}.
     */
    String display(int node) {
        String[] c = displays;
        if (c == null) c = displays = new String[g.nodeCount()];
        String s = c[node];
        if (s == null) s = c[node] = TaskDisplay.of(g.nodeId(node), funcName(node), labels);
        return s;
    }

    /** A task id of this side, bare, in this side's layout ({@link #display} without the function). */
    String id(long raw) {
        return labels.label(raw);
    }
}
