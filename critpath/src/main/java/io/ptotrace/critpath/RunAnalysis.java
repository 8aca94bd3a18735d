package io.ptotrace.critpath;

import io.ptotrace.model.Era;
import io.ptotrace.model.Timeline;
import java.util.ArrayList;
import java.util.List;

/** Everything found about one run folder: its graph, both paths and the observed path's families. */
public final class RunAnalysis {
    public final String label;
    public final Era era;
    public final RunGraph graph;
    public final StaticPath staticPath;
    public final ObservedPath observed;
    public final List<Families.Row> families;
    /** The run's joined timeline (scheduler attribution, the trace overlay), or null. */
    public final Timeline timeline;

    public RunAnalysis(String label, Era era, RunGraph graph) {
        this(label, era, graph, null);
    }

    public RunAnalysis(String label, Era era, RunGraph graph, Timeline timeline) {
        this.label = label;
        this.era = era;
        this.graph = graph;
        this.timeline = timeline;
        this.staticPath = StaticPath.of(graph);
        this.observed = ObservedPath.of(graph);
        this.families = Families.of(graph, observed);
    }

    public long makespan() {
        return graph.makespan();
    }

    /** The stall kinds with non-zero stall, largest first; ties in order of first occurrence along the path. */
    public List<StallKind> stallKinds() {
        List<StallKind> seen = new ArrayList<>();
        for (StallKind k : observed.kind) if (!seen.contains(k)) seen.add(k);
        seen.removeIf(k -> observed.stallByKind[k.ordinal()] == 0);
        seen.sort((a, b) -> Long.compare(observed.stallByKind[b.ordinal()], observed.stallByKind[a.ordinal()]));
        return seen;
    }
}
