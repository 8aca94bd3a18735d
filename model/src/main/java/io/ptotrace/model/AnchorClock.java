package io.ptotrace.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The clock of the two older eras. A device-orchestrated capture stays on its device clock, its base at 0. A
 * host-orchestrated one is put on the Host clock: through its clock anchors when they calibrate the device
 * clock, else as a causal composite (the Host records first, the device work after a logical seam at the last
 * Host record).
 */
final class AnchorClock implements CaptureClock {
    private final long origin, base;
    private final double factor, seam;
    /** The anchors' fit when they calibrate the device clock, else null. */
    private final ClockAlignment fit;
    /** A host-orchestrated capture whose anchors do not calibrate: device times follow the seam. */
    private final boolean composite;
    /** The anchors as read (host-orchestrated captures only, else null), for the metadata. */
    private final ClockAlignment align;

    private AnchorClock(long origin, long base, double factor, double seam, ClockAlignment align, boolean hostMode) {
        this.origin = origin;
        this.base = base;
        this.factor = factor;
        this.seam = seam;
        this.align = align;
        this.fit = hostMode && align.calibrated ? align : null;
        this.composite = hostMode && !align.calibrated;
    }

    static AnchorClock of(Inputs in) {
        ClockAlignment align = null;
        if (in.hostMode) {
            Object quantization = in.metadata.get("host_timestamp_quantization_ns");
            if (!JsonValues.exact(quantization))
                throw in.outOfRange("host_timestamp_quantization_ns", quantization, TaskRows.INT64);
            align = ClockAlignment.build(
                    in.metadata.get("clock_anchors"),
                    in.freq,
                    quantization,
                    in.devMin == Long.MAX_VALUE ? null : new long[] {in.devMin, in.devMax},
                    v -> in.rangeWarnings.add(
                            "clock_anchors sample",
                            "out of range (expected " + TaskRows.INT64 + "), sample not used",
                            in.at.apply(v)));
        }
        long origin = 0;
        if (in.originGiven != null && in.originGiven != 0) origin = in.originGiven;
        else if (in.hostRecords > 0)
            origin = Math.min(in.hostMin, in.uploadMin); // uploads count too, or an early upload would be refused
        else if (in.hostMode && align.calibrated) origin = align.startMid();
        double seam = 0.0;
        if (in.hostMode && !align.calibrated) seam = in.hostRecords > 0 ? (in.hostMax - origin) / 1000.0 : 0.0;
        return new AnchorClock(origin, in.base, in.factor, seam, align, in.hostMode);
    }

    @Override
    public long origin() {
        return origin;
    }

    @Override
    public double toUs(long c) {
        if (c <= 0) return 0.0;
        if (fit != null) return (fit.hostNs(c) - origin) / 1000.0;
        double v = (double) (c - base) * factor;
        return composite ? seam + v : v;
    }

    /** Host-orchestrated captures only: how the Host and device clocks were joined. */
    @Override
    public Map<String, Object> timelineMetadata(Inputs in, TaskRuntime runtime) {
        if (!in.hostMode) return null;
        HostCapture hc = HostCapture.of(in.metadata, in.hostRecords);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("layout", align.calibrated ? "clock_aligned" : "causal_composite");
        m.put("trace_status", hc.complete ? "complete" : "partial");
        Object rel = in.metadata.get("timeline_relation");
        m.put("relation", JsonValues.isPresent(rel) ? rel : "host_orchestration_precedes_device");
        m.put("clock_alignment", align.describe());
        m.put("host_capture", hc.capture);
        m.put("host_records_complete", hc.complete);
        m.put("cross_domain_latency_available", align.calibrated && hc.complete);
        if (!align.calibrated) {
            m.put("cross_domain_gap_unknown", true);
            m.put("logical_seam_us", seam);
        }
        if (in.hostRecords == 0) m.put("host_records_missing", true);
        return m;
    }
}
