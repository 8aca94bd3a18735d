package io.ptotrace.model;

import io.ptotrace.model.clock.CaptureWindows;
import io.ptotrace.model.util.LongList;
import java.util.List;

/**
 * Every device-clock stamp of a capture (AICore and dispatch rows, scheduler and orchestrator records, lifecycle
 * stamps): the base the trace's time starts from, and the windows a placement on the Host clock joins on.
 */
final class DeviceCycles {
    private final TaskRows rows;
    private final SchedulerStreams streams;
    /** The older eras' scheduler and the orchestrator records' raw cycles; null when the lane is not drawn. */
    private final LongList schedRaw, orchRaw;

    private final List<Long> lifecycle;

    DeviceCycles(TaskRows rows, SchedulerStreams streams, LongList schedRaw, LongList orchRaw, List<Long> lifecycle) {
        this.rows = rows;
        this.streams = streams;
        this.schedRaw = schedRaw;
        this.orchRaw = orchRaw;
        this.lifecycle = lifecycle;
    }

    /**
     * {base, min, max} of the device timestamps: the base is the smallest positive one (so that the earliest event
     * lands at 0), over AICore and dispatch rows, lifecycle stamps and the scheduler and orchestrator records.
     */
    long[] bounds() {
        long base = Long.MAX_VALUE;
        long devMin = Long.MAX_VALUE, devMax = Long.MIN_VALUE;
        int n = rows.core.size();
        for (int i = 0; i < n; i++) {
            long recv = rows.cStart.get(i) - rows.r2s.get(i);
            if (recv > 0 && recv < base) base = recv;
            if (rows.cEnd.get(i) > 0 && rows.cEnd.get(i) < base) base = rows.cEnd.get(i);
            for (long c : new long[] {recv, rows.cStart.get(i), rows.cEnd.get(i)})
                if (c > 0) {
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
        }
        for (int i = 0; i < rows.aCore.size(); i++) {
            for (long c : new long[] {rows.aDispatch.get(i), rows.aFinish.get(i)})
                if (c > 0) {
                    if (c < base) base = c;
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
        }
        LongList schedCycles = streams.lanes != null ? streams.raw : schedRaw;
        for (long c : lifecycle)
            if (c > 0) {
                if (c < base) base = c;
                devMin = Math.min(devMin, c);
                devMax = Math.max(devMax, c);
            }
        for (LongList raw : java.util.Arrays.asList(schedRaw == null ? null : schedCycles, orchRaw)) {
            if (raw == null) continue;
            for (int k = 0; k < raw.size(); k++) {
                long c = raw.get(k);
                if (c > 0) {
                    if (c < base) base = c;
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
            }
        }
        if (base == Long.MAX_VALUE) base = 0;
        return new long[] {base, devMin, devMax};
    }

    /** The device-clock bounds the placement joins on. */
    CaptureWindows windows() {
        CaptureWindows.Bounds ext = new CaptureWindows.Bounds(),
                sch = new CaptureWindows.Bounds(),
                orc = new CaptureWindows.Bounds();
        for (int i = 0; i < rows.core.size(); i++) {
            ext.add(rows.cStart.get(i) - rows.r2s.get(i));
            ext.add(rows.cStart.get(i));
            ext.add(rows.cEnd.get(i));
        }
        for (int j = 0; j < rows.aCore.size(); j++) {
            ext.add(rows.aDispatch.get(j));
            ext.add(rows.aFinish.get(j));
        }
        if (streams.lanes != null) {
            int k = 0;
            for (int s = 0; s < streams.lanes.size(); s++) {
                boolean aicpu = "aicpu".equals(streams.streamMeta.get(s).get("producer"));
                for (int r = streams.lanes.get(s).from; r < streams.lanes.get(s).to; r++) {
                    long a = streams.raw.get(k++), b = streams.raw.get(k++);
                    ext.add(a);
                    ext.add(b);
                    if (aicpu) {
                        sch.add(a);
                        sch.add(b);
                    }
                }
            }
        } else if (schedRaw != null)
            for (int k = 0; k < schedRaw.size(); k++) {
                ext.add(schedRaw.get(k));
                sch.add(schedRaw.get(k));
            }
        if (orchRaw != null)
            for (int k = 0; k < orchRaw.size(); k++) {
                ext.add(orchRaw.get(k));
                orc.add(orchRaw.get(k));
            }
        for (long c : lifecycle) ext.add(c);
        return new CaptureWindows(ext.get(), sch.get(), orc.get());
    }
}
