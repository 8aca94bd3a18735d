package io.ptotrace.viewer;

import io.ptotrace.critpath.ObservedPath;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.page.GraphPage;

/**
 * With a records file beside the deps.json, the page shows the run's observed critical path (the as-executed blame
 * path of {@code ptotrace critical-path}): its tasks and the dependency edges between consecutive ones are flagged
 * {@link GraphPage#CRITICAL}.
 */
final class CriticalPathMarks {
    private CriticalPathMarks() {}

    /** Marks the path of {@code whole}'s run on the page of {@code g} (the whole graph or a focused part of it). */
    static void mark(GraphPage page, TaskGraph g, TaskGraph whole, PerfSidecar sidecar, NameMap names) {
        if (sidecar == null || sidecar.cycles == null || sidecar.cycles.rows == 0) return;
        RunGraph rg;
        try {
            rg = RunGraph.build(sidecar.file, sidecar.cycles, sidecar.clockFreqHz, whole, names, 2);
        } catch (InputProblem e) {
            return;
        }
        ObservedPath o = ObservedPath.of(rg);
        int prev = -1;
        for (int i = 0; i < o.size(); i++) {
            int v = g.nodeOf(rg.taskId[o.task[i]]);
            if (v >= 0) {
                page.markNode(v, GraphPage.CRITICAL);
                int p = prev >= 0 ? g.pair(prev, v) : -1;
                if (p >= 0) page.markEdge(p, GraphPage.CRITICAL);
            }
            prev = v;
        }
    }
}
