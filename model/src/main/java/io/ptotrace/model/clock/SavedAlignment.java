package io.ptotrace.model.clock;

import io.ptotrace.model.JsonValues;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A placement kept as numbers ({@code metadata.clock_alignment}, status {@code bounded}): the device anchor
 * cycle, its Host time and the bounds of that time. A capture carrying one is placed by it without a log.
 */
public final class SavedAlignment {
    public final long anchorCycles, hostAnchorNs, hostMinNs, hostMaxNs, freqHz;

    public SavedAlignment(long anchorCycles, long hostAnchorNs, long hostMinNs, long hostMaxNs, long freqHz) {
        this.anchorCycles = anchorCycles;
        this.hostAnchorNs = hostAnchorNs;
        this.hostMinNs = hostMinNs;
        this.hostMaxNs = hostMaxNs;
        this.freqHz = freqHz;
    }

    public double hostNs(long cycles) {
        return hostAnchorNs + (cycles - anchorCycles) * 1e9 / freqHz;
    }

    /** The written form, members in the order the runtime's tools write them. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "bounded");
        m.put("device_anchor_cycles", anchorCycles);
        m.put("host_anchor_ns", hostAnchorNs);
        m.put("host_anchor_min_ns", hostMinNs);
        m.put("host_anchor_max_ns", hostMaxNs);
        return m;
    }

    /** {@code {status: unavailable, reason}}: what the metadata says when no placement could be made. */
    public static Map<String, Object> unavailable(String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "unavailable");
        m.put("reason", reason);
        return m;
    }

    /**
     * A saved record as read: null when there is none (absent, null or {@code unavailable}).
     *
     * @throws PlacementFailure when the record is there but unusable (the reason says why)
     */
    public static SavedAlignment read(Object v, Object clockFreq) {
        if (!JsonValues.isPresent(v)) return null;
        if (!(v instanceof Map)) throw new PlacementFailure("clock_alignment must be an object");
        Map<?, ?> m = (Map<?, ?>) v;
        Object status = m.get("status");
        if ("unavailable".equals(status)) return null;
        if (!"bounded".equals(status)) throw new PlacementFailure("unsupported clock_alignment status");
        long[] n = new long[4];
        String[] keys = {"device_anchor_cycles", "host_anchor_ns", "host_anchor_min_ns", "host_anchor_max_ns"};
        for (int i = 0; i < 4; i++) {
            Object x = m.get(keys[i]);
            if (!(x instanceof Long)) throw new PlacementFailure("clock_alignment anchors and bounds must be integers");
            n[i] = (Long) x;
        }
        if (!(clockFreq instanceof Long) || (Long) clockFreq <= 0)
            throw new PlacementFailure("capture metadata has no usable clock_freq_hz");
        if (!(n[0] > 0 && 0 < n[2] && n[2] <= n[1] && n[1] <= n[3]))
            throw new PlacementFailure("invalid clock_alignment bounds");
        return new SavedAlignment(n[0], n[1], n[2], n[3], (Long) clockFreq);
    }
}
