package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.model.Timeline;
import java.util.List;

/**
 * The AICPU threads' lifecycle (handshake, topology, context publish, bootstrap, release, exit): up to seven
 * spans per thread, each from one stamp to another (the ref is {@code 8 · record + span}).
 */
final class LifecycleSlices extends SliceKind {
    /** Span names and their start/end stamps (indexes into {@link Timeline.Lifecycle#us}). */
    static final String[] NAMES = {
        "handshake_partition",
        "topology_config",
        "context_publish",
        "bootstrap_wait",
        "register_release",
        "exit_signal",
        "exit_wait"
    };

    static final int[][] STAMPS = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}};

    private final List<Timeline.Lifecycle> records;

    LifecycleSlices(List<Timeline.Lifecycle> records) {
        super("aicpu_lifecycle");
        this.records = records;
    }

    @Override
    public String name(int ref) {
        return NAMES[ref % 8];
    }

    @Override
    public void args(int ref, ArgSink a) {
        a.raw("aicpu_thread_id", records.get(ref / 8).threadId);
    }

    /** The span's start (a missing start counts as 0) and end, or null when the span is not drawn. */
    static double[] span(Timeline.Lifecycle l, int k) {
        double s = l.us[STAMPS[k][0]], e = l.us[STAMPS[k][1]];
        if (Double.isNaN(s)) s = 0.0;
        if (Double.isNaN(e) || e <= 0 || e < s) return null;
        return new double[] {s, e};
    }
}
