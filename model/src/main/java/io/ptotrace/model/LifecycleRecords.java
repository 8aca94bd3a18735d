package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The streams era's {@code aicpu_lifecycle_records}: each AICPU thread's lifecycle stamps, in cycles. */
final class LifecycleRecords {
    private final Path file;
    private List<Map<String, Object>> raw;

    LifecycleRecords(Path file) {
        this.file = file;
    }

    /** {@code aicpu_lifecycle_records}: one object per AICPU thread with its lifecycle cycle stamps. */
    void read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        Object v = JsonValues.read(p);
        if (!(v instanceof List))
            throw new InputProblem(file, "aicpu_lifecycle_records must be an array of objects", null);
        raw = new ArrayList<>();
        for (Object o : (List<?>) v) {
            if (!(o instanceof Map))
                throw new InputProblem(file, "aicpu_lifecycle_records must be an array of objects", null);
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) o;
            raw.add(m);
        }
    }

    private static final String[] LIFECYCLE = {
        "handshake_start",
        "handshake_complete",
        "config_start",
        "topology_complete",
        "context_publish_start",
        "context_publish_complete",
        "bootstrap_wait_start",
        "bootstrap_complete",
        "register_release_start",
        "register_release_end",
        "exit_signal_start",
        "exit_signal_end",
        "exit_wait_start",
        "exit_wait_end"
    };

    /** Every positive integer lifecycle cycle stamp. */
    List<Long> cycles() {
        List<Long> out = new ArrayList<>();
        if (raw == null) return out;
        for (Map<String, Object> m : raw)
            for (String k : LIFECYCLE) {
                Object v = m.get(k + "_cycles");
                if (v instanceof Long && (Long) v > 0) out.add((Long) v);
            }
        return out;
    }

    List<Timeline.Lifecycle> times(java.util.function.LongToDoubleFunction toUs) {
        List<Timeline.Lifecycle> out = new ArrayList<>();
        if (raw == null) return out;
        for (int i = 0; i < raw.size(); i++) {
            Map<String, Object> m = raw.get(i);
            double[] us = new double[LIFECYCLE.length];
            for (int k = 0; k < LIFECYCLE.length; k++) {
                Object v = m.get(LIFECYCLE[k] + "_cycles");
                us[k] = v instanceof Long && (Long) v > 0 ? toUs.applyAsDouble((Long) v) : Double.NaN;
            }
            Object tid = m.get("aicpu_thread_id");
            out.add(new Timeline.Lifecycle(JsonValues.isPresent(tid) ? tid : (Object) (long) i, us));
        }
        return out;
    }
}
