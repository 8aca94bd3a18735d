package io.ptotrace.diff;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;

/**
 * Which task of one graph is which task of another, as {@code diff} pairs them: by task id, or with
 * {@code align} per ring in submit order by signature (kernel ids, block num, arg types, dtypes and shapes),
 * so that an inserted or removed submit leaves the tasks around it paired. Other tools that compare two runs
 * (timing, not structure) use the same pairing.
 */
public final class TaskMatching {
    private TaskMatching() {}

    /** For each node of {@code oldGraph} ({@link TaskGraph#nodeId}), the node of {@code newGraph} it is, or −1. */
    public static int[] oldToNew(TaskGraph oldGraph, TaskGraph newGraph, boolean align) {
        DiffOptions o = new DiffOptions();
        o.align = align;
        return new Differ(new Side(oldGraph, NameMap.EMPTY), new Side(newGraph, NameMap.EMPTY), o).matchTasks();
    }
}
