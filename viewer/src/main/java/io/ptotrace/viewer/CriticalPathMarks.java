package io.ptotrace.viewer;

import io.ptotrace.critpath.ObservedPath;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.page.GraphPage;

/**
 * With a records file beside the deps.json, the page shows the run's observed critical path (the as-executed blame
 * path of {@code ptotrace critical-path}): its tasks carry the page's {@code critical} mark, drawn as an outline of
 * its own colour, named in the legend and in a selected task's panel.
 */
final class CriticalPathMarks {
    /** The path's outline colour (rose: apart from the palette of kinds, statuses and neighbours). */
    static final String COLOR = "#e11d48";

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
        int bit = page.addMark(
                "critical", "observed critical path (" + o.size() + " tasks)", COLOR, "on the observed critical path");
        for (int i = 0; i < o.size(); i++) {
            int v = g.nodeOf(rg.taskId[o.task[i]]);
            if (v >= 0) page.mark(v, bit);
        }
    }
}
