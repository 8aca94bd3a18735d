package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.clock.Placement;
import io.ptotrace.model.clock.PlacementFailure;
import io.ptotrace.model.clock.SavedAlignment;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongToDoubleFunction;

/**
 * The clock of the streams era: the capture is placed on the Host clock by span containment in the Host log of
 * the process that ran it (or by a placement given from outside, or a saved record in the capture), else it
 * stays on its device clock, after a logical seam when it is host-orchestrated. Clock anchors of the older era
 * are ignored. The placement and its record go into the trace's metadata.
 */
final class StreamsClock implements CaptureClock {
    long sourceOrigin, origin;
    boolean placed;
    double seam;
    Placement placement;
    Object alignmentRecord;
    private LongToDoubleFunction toUs;

    private StreamsClock() {}

    static StreamsClock of(Inputs in) {
        Map<String, Object> metadata = in.metadata;
        if (metadata.containsKey("clock_anchors"))
            in.warn.accept("Warning: " + in.file
                    + ": metadata.clock_anchors is ignored; a capture of this era is placed on the Host"
                    + " clock by span containment");
        StreamsClock c = new StreamsClock();
        long sourceOrigin = in.originGiven != null ? in.originGiven : 0;
        if (sourceOrigin == 0) {
            Object o = metadata.get("host_timeline_origin_ns");
            Long l = o instanceof Long ? (Long) o : null;
            if (l != null) sourceOrigin = l;
        }
        // uploads count too, or an upload before the first submit would be refused
        if (sourceOrigin == 0 && in.hostRecords > 0) sourceOrigin = Math.min(in.hostMin, in.uploadMin);
        c.sourceOrigin = sourceOrigin;

        Object savedRaw = metadata.get("clock_alignment");
        SavedAlignment saved = null;
        if (JsonValues.isPresent(savedRaw)) {
            c.alignmentRecord = savedRaw;
            try {
                saved = SavedAlignment.read(savedRaw, metadata.get("clock_freq_hz"));
            } catch (PlacementFailure e) {
                in.warn.accept("Warning: ignoring saved clock alignment: " + e.getMessage());
                c.alignmentRecord = SavedAlignment.unavailable(e.getMessage());
            }
        }
        boolean contain = in.level >= 3 && (in.hostMode || in.uploads);
        LongToDoubleFunction hostNs = null;
        double placeLo = 0;
        if (in.options.placement != null) {
            c.placement = in.options.placement;
            c.alignmentRecord = c.placement.savedRecord().toJson();
            Placement pl = c.placement;
            hostNs = pl::hostNs;
            placeLo = pl.placeLoNs;
        } else if (contain) {
            boolean logsGiven = !in.options.hostLogs.isEmpty();
            if (!logsGiven && saved != null) {
                SavedAlignment sv = saved;
                hostNs = sv::hostNs;
                placeLo = sv.hostMinNs;
            } else {
                try {
                    c.placement = in.placer.place();
                    c.alignmentRecord = c.placement.savedRecord().toJson();
                    Placement pl = c.placement;
                    hostNs = pl::hostNs;
                    placeLo = pl.placeLoNs;
                } catch (PlacementFailure | InputProblem | java.io.UncheckedIOException e) {
                    String reason = e.getMessage();
                    in.warn.accept("Warning: clock alignment skipped: " + reason);
                    c.alignmentRecord = SavedAlignment.unavailable(reason);
                }
            }
        }
        long origin = sourceOrigin;
        if (hostNs != null && origin == 0) origin = (long) placeLo;
        if (in.options.sharedOriginNs != null) {
            if (in.options.sharedOriginNs <= 0)
                throw new InputProblem(in.file, "invalid shared timeline origin: " + in.options.sharedOriginNs, null);
            if (hostNs == null)
                throw new InputProblem(
                        in.file, "a shared timeline origin requires a containment placement for this capture", null);
            origin = in.options.sharedOriginNs;
        }
        c.origin = origin;
        c.placed = hostNs != null;
        double seam = 0.0;
        if (in.hostMode && hostNs == null) {
            long last = Long.MIN_VALUE;
            if (in.hostRecords > 0) last = in.hostMax;
            last = Math.max(last, in.uploadMax);
            seam = last == Long.MIN_VALUE ? 0.0 : (last - origin) / 1000.0;
        }
        c.seam = seam;
        final LongToDoubleFunction h = hostNs;
        final long fOrigin = origin, fBase = in.base;
        final double fSeam = seam, factor = in.factor;
        final boolean composite = in.hostMode;
        c.toUs = x -> {
            if (x <= 0) return 0.0;
            if (h != null) return (h.applyAsDouble(x) - fOrigin) / 1000.0;
            double v = (double) (x - fBase) * factor;
            return composite ? fSeam + v : v;
        };
        return c;
    }

    @Override
    public long origin() {
        return origin;
    }

    @Override
    public double toUs(long cycles) {
        return toUs.applyAsDouble(cycles);
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public Map<String, Object> timelineMetadata(Inputs in, TaskRuntime runtime) {
        Map<String, Object> metadata = in.metadata;
        boolean hostMode = in.hostMode;
        int hostRecords = in.hostRecords;
        Map<String, Object> m = new LinkedHashMap<>();
        if (hostMode) {
            HostCapture hc = HostCapture.of(metadata, hostRecords);
            m.put("layout", placed ? "containment_spliced" : "causal_composite");
            m.put("trace_status", hc.complete ? "complete" : "partial");
            Object rel = metadata.get("timeline_relation");
            m.put("relation", JsonValues.isPresent(rel) ? rel : "host_orchestration_precedes_device");
            m.put("host_capture", hc.capture);
            m.put("host_records_complete", hc.complete);
            m.put("cross_domain_latency_available", placed && hc.complete);
            m.put("source_timeline_origin_ns", sourceOrigin);
            m.put("timeline_origin_ns", origin);
            if (!placed) {
                m.put("cross_domain_gap_unknown", true);
                m.put("logical_seam_us", seam);
            }
            if (hostRecords == 0) m.put("host_records_missing", true);
        } else if (placed) {
            m.put("layout", "containment_spliced");
            m.put("trace_status", "complete");
            m.put("host_records_complete", false);
            m.put("cross_domain_latency_available", true);
            m.put("source_timeline_origin_ns", sourceOrigin);
            m.put("timeline_origin_ns", origin);
        } else if (JsonValues.isPresent(metadata.get("clock_alignment"))) {
            m.put("layout", "device_relative");
            m.put("cross_domain_latency_available", false);
        }
        if (!m.isEmpty()) {
            if (alignmentRecord != null) m.put("clock_alignment", alignmentRecord);
            if (placement != null) m.put("placement", placement.metadata());
            Object dom = metadata.get("host_clock_domain_id");
            if (dom instanceof String && !((String) dom).isEmpty()) m.put("host_clock_domain_id", dom);
        }
        m.put("runtime", runtime.wireName);
        return m;
    }
}
