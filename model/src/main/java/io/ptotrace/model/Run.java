package io.ptotrace.model;

import io.ptotrace.model.deps.DepsProjection;

/** One run as the converter sees it: timing, the projected dependency graph and names. */
public final class Run {
    public final Timeline timeline;
    public final DepsProjection deps;
    public final NameMap names;

    public Run(Timeline timeline, DepsProjection deps, NameMap names) {
        this.timeline = timeline;
        this.deps = deps == null ? DepsProjection.none() : deps;
        this.names = names == null ? NameMap.EMPTY : names;
    }
}
