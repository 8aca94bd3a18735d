package io.ptotrace.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The host capture's accounting as the trace's metadata shows it, and whether it is complete. */
final class HostCapture {
    final Map<String, Object> capture;
    final boolean complete;

    HostCapture(Map<String, Object> capture, boolean complete) {
        this.capture = capture;
        this.complete = complete;
    }

    /** The accounting of {@code metadata.host_capture} against the host records the file holds. */
    static HostCapture of(Map<String, Object> metadata, int hostRecords) {
        Object hc = metadata.get("host_capture");
        Map<String, Object> capture = new LinkedHashMap<>();
        boolean complete;
        if (hc instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) hc).entrySet()) capture.put(String.valueOf(e.getKey()), e.getValue());
            Object recorded = capture.getOrDefault("recorded_records", JsonValues.ABSENT);
            Object expected = capture.getOrDefault("expected_records", JsonValues.ABSENT);
            Object dropped = capture.getOrDefault("dropped_records", JsonValues.ABSENT);
            Object status = capture.get("status");
            boolean recordedOk = !JsonValues.isPresent(recorded) || equalsInt(recorded, hostRecords);
            boolean expectedOk = JsonValues.isPresent(expected) && equalsInt(expected, hostRecords);
            boolean droppedZero = JsonValues.isPresent(dropped) && equalsInt(dropped, 0);
            complete = "complete".equals(status) && droppedZero && recordedOk && expectedOk;
            List<Object> errors = new ArrayList<>();
            if (JsonValues.isPresent(recorded) && !equalsInt(recorded, hostRecords))
                errors.add("recorded_record_count_mismatch");
            if (!JsonValues.isPresent(expected)) errors.add("expected_record_count_missing");
            else if (!equalsInt(expected, hostRecords)) errors.add("expected_record_count_mismatch");
            if (!errors.isEmpty()) capture.put("converter_validation_errors", errors);
        } else {
            capture.put("status", "unknown");
            capture.put("recorded_records", (long) hostRecords);
            capture.put("dropped_records", JsonValues.NULL);
            capture.put("error", "legacy_capture_status_missing");
            complete = false;
        }
        return new HostCapture(capture, complete);
    }

    private static boolean equalsInt(Object v, long n) {
        if (v instanceof Boolean || !JsonValues.exact(v)) return false;
        Long l = JsonValues.asLong(v);
        if (v instanceof String) return false;
        return l != null && l == n && !(v instanceof Double && (Double) v != Math.rint((Double) v));
    }
}
