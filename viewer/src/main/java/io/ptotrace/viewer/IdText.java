package io.ptotrace.viewer;

import io.ptotrace.model.TaskIds;
import io.ptotrace.model.TaskLabels;
import io.ptotrace.model.TaskRuntime;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;

/**
 * Task ids as the views print them, one rule for the whole graph. A graph that names the runtime which built it
 * (deps.json's top-level {@code runtime}) prints each id as that runtime's converted trace names it ({@code r0t5};
 * {@code t7}, {@code g7t3}, {@code p4}). A graph without one prints as the older viewer did: the local id when
 * every task is on ring 0, otherwise {@code (ring, local)} for every task.
 */
final class IdText {
    private final boolean rings;
    /** The runtime's labels, or null for the older forms. */
    private final TaskLabels labels;

    private IdText(boolean anyRing, TaskLabels labels) {
        this.rings = anyRing;
        this.labels = labels;
    }

    /** The rule for {@code g} and tasks known only from a sidecar ({@code extra}). */
    static IdText of(TaskGraph g, long[] extra, int extraCount) {
        if (namesRuntime(g)) return new IdText(false, TaskLabels.ofRuntime(g.runtime()));
        return new IdText(anyRing(g) || anyRing(extra, extraCount), null);
    }

    /**
     * The rule for one side of a diff page, as the text diff names that side's tasks: its runtime's labels, else
     * the older forms decided over both graphs' ids.
     */
    static IdText ofSide(TaskGraph side, TaskGraph other) {
        if (namesRuntime(side)) return new IdText(false, TaskLabels.ofRuntime(side.runtime()));
        return new IdText(anyRing(side) || anyRing(other), null);
    }

    private static boolean namesRuntime(TaskGraph g) {
        return g.runtime() != null && TaskRuntime.ofWireName(g.runtime()) != null;
    }

    private static boolean anyRing(TaskGraph g) {
        for (int v = 0; v < g.nodeCount(); v++) if (TaskIds.ring(g.nodeId(v)) != 0) return true;
        return false;
    }

    private static boolean anyRing(long[] ids, int n) {
        for (int i = 0; i < n; i++) if (TaskIds.ring(ids[i]) != 0) return true;
        return false;
    }

    void append(AsciiOut out, long raw) throws IOException {
        if (labels != null) out.text(labels.label(raw));
        else if (rings)
            out.ch('(')
                    .num(TaskIds.ring(raw))
                    .text(", ")
                    .num(TaskIds.local(raw))
                    .ch(')');
        else out.num(TaskIds.local(raw));
    }

    String text(long raw) {
        if (labels != null) return labels.label(raw);
        return rings ? "(" + TaskIds.ring(raw) + ", " + TaskIds.local(raw) + ")" : Long.toString(TaskIds.local(raw));
    }
}
