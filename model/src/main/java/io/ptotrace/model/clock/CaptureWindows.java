package io.ptotrace.model.clock;

/**
 * The device-clock bounds of a capture, in cycles: the whole extent, and the bounds of the records the Host
 * log also brackets ({@code sched}: the AICPU scheduler streams, {@code orch}: the AICPU orchestrator); a
 * missing bound is null.
 */
public final class CaptureWindows {
    public final long[] extent, sched, orch;

    public CaptureWindows(long[] extent, long[] sched, long[] orch) {
        this.extent = extent;
        this.sched = sched;
        this.orch = orch;
    }

    /** Running min/max of positive values. */
    public static final class Bounds {
        private long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;

        public void add(long c) {
            if (c <= 0) return;
            if (c < lo) lo = c;
            if (c > hi) hi = c;
        }

        public long[] get() {
            return lo == Long.MAX_VALUE ? null : new long[] {lo, hi};
        }
    }
}
