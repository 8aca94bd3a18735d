package io.ptotrace.check;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import io.ptotrace.model.graph.TaskGraph;

/**
 * Tasks named as the trace names them: the function of the first active kernel id (from the name map, else
 * {@code func_<n>_<letters>}), the id in the layout of the graph's runtime, and {@code _spmd} for a task of several blocks.
 */
final class TaskLabels {
    private final TaskGraph g;
    private final NameMap names;
    private final io.ptotrace.model.TaskLabels ids;

    TaskLabels(TaskGraph g, NameMap names) {
        this.g = g;
        this.names = names == null ? NameMap.EMPTY : names;
        this.ids = io.ptotrace.model.TaskLabels.ofRuntime(g.runtime());
    }

    String of(int node) {
        long id = g.nodeId(node);
        int row = g.taskRow(node);
        int func = -1;
        if (row >= 0) for (int s = 0; s < 3 && func < 0; s++) func = g.kernelId(row, s);
        String n = func >= 0 ? names.name(func) : null;
        String label = TaskDisplay.named(n != null ? n : TaskDisplay.unnamedFunction(func), ids.label(id));
        return row >= 0 && g.blockNum(row) > 1 ? TaskDisplay.spmd(label) : label;
    }
}
