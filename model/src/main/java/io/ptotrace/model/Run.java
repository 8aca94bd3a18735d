package io.ptotrace.model;

import io.ptotrace.model.deps.DepsProjection;
import java.util.Arrays;

/** One run as the converter sees it: timing, the projected dependency graph and names. */
public final class Run {
    public final Timeline timeline;
    public final DepsProjection deps;
    public final NameMap names;
    /**
     * The kernel function of each timeline row, or −1: the records do not say which function a row ran, the
     * kernel ids deps.json lists per task do (an AIC row ran the task's AIC kernel, any other row its first
     * AIV one). Computed once here so the trace and the statistics see the same functions.
     */
    public final int[] funcId;

    public Run(Timeline timeline, DepsProjection deps, NameMap names) {
        this.timeline = timeline;
        this.deps = deps == null ? DepsProjection.none() : deps;
        this.names = names == null ? NameMap.EMPTY : names;
        this.funcId = functions(timeline, this.deps);
    }

    private static int[] functions(Timeline tl, DepsProjection deps) {
        int[] f = new int[tl.rows];
        Arrays.fill(f, -1);
        if (!deps.hasKernelMap()) return f;
        for (int r = 0; r < tl.rows; r++) {
            long t = tl.taskId[r];
            if (!deps.hasKernels(t)) continue;
            if ("aic".equals(tl.coreType[r])) {
                if (deps.kernel(t, 0) >= 0) f[r] = deps.kernel(t, 0);
            } else if (deps.kernel(t, 1) >= 0) f[r] = deps.kernel(t, 1);
            else if (deps.kernel(t, 2) >= 0) f[r] = deps.kernel(t, 2);
        }
        return f;
    }
}
