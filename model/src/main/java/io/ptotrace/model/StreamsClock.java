package io.ptotrace.model;

import java.util.LinkedHashMap;
import java.util.Map;

/** How a streams-era capture's device cycles reach the trace's time axis, and what its metadata says of it. */
final class StreamsClock {
    long sourceOrigin, origin;
    boolean placed;
    double seam;
    io.ptotrace.model.clock.Placement placement;
    Object alignmentRecord;
    java.util.function.LongToDoubleFunction toUs;

    Map<String, Object> timelineMetadata(
            Map<String, Object> metadata, boolean hostMode, int hostRecords, TaskRuntime runtime) {
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
