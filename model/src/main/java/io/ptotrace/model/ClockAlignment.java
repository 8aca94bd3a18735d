package io.ptotrace.model;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Maps device cycles onto host nanoseconds from paired clock readings (method
 * {@code nominal_frequency_offset_interp_v1}, the newer converter's): the best pre-orchestration and
 * post-execution readings fix the offset and the drift, the nominal frequency the slope (docs/inputs.md).
 */
public final class ClockAlignment {
    public static final String METHOD = "nominal_frequency_offset_interp_v1";
    private static final String PRE = "pre_host_orchestration";
    private static final String POST = "post_device_execution";

    public final boolean calibrated;
    public final String reason;
    private final long quantization;
    private Anchor start;
    private Anchor end;
    private final long freq;
    // constant parts of hostNs, exact: a long could overflow on them (a low frequency, a long span)
    private BigInteger startCycles, startMid, span, f, drift;

    private static final class Anchor {
        long idx, cycles, mid, rtt, uncertainty;
    }

    private ClockAlignment(boolean calibrated, String reason, long quantization, long freq) {
        this.calibrated = calibrated;
        this.reason = reason;
        this.quantization = quantization;
        this.freq = freq;
    }

    /** As {@link #build(Object, long, Object, long[], Consumer)}, not told of out-of-range sample values. */
    public static ClockAlignment build(Object anchors, long freq, Object quantizationRaw, long[] deviceMinMax) {
        return build(anchors, freq, quantizationRaw, deviceMinMax, v -> {});
    }

    /**
     * @param deviceMinMax the least and greatest device timestamp that will be converted (values ≤ 0 are ignored)
     * @param outOfRange told of each sample value that is a number but not an integer that fits 64 bits (the
     *     sample is not used)
     */
    public static ClockAlignment build(
            Object anchors, long freq, Object quantizationRaw, long[] deviceMinMax, Consumer<Object> outOfRange) {
        long q = 0;
        if (JsonValues.isPresent(quantizationRaw)) {
            Long v = JsonValues.asLong(quantizationRaw);
            q = v == null ? 0 : v;
        }
        if (q < 0) return new ClockAlignment(false, "invalid_host_timestamp_quantization", 0, freq);
        if (freq <= 0) return new ClockAlignment(false, "invalid_device_frequency", q, freq);
        if (!(anchors instanceof Map)) return new ClockAlignment(false, "missing_clock_anchors", q, freq);
        Map<?, ?> a = (Map<?, ?>) anchors;
        Object samples = a.get("samples");
        if (!(samples instanceof List)) return new ClockAlignment(false, "missing_clock_anchor_samples", q, freq);
        if (!"syscnt_cycles".equals(a.get("device_timestamp_unit")))
            return new ClockAlignment(false, "unsupported_device_timestamp_unit", q, freq);
        Object rawUnit =
                a.containsKey("raw_device_timestamp_unit") ? a.get("raw_device_timestamp_unit") : "syscnt_cycles";
        if (!"syscnt_cycles".equals(rawUnit) && !"device_uptime_us".equals(rawUnit))
            return new ClockAlignment(false, "unsupported_raw_device_timestamp_unit", q, freq);
        long dq = "device_uptime_us".equals(rawUnit) ? 1000 : 0;
        Anchor pre = null, post = null;
        for (Object o : (List<?>) samples) {
            if (!(o instanceof Map)) continue;
            Map<?, ?> s = (Map<?, ?>) o;
            Object pos = s.get("position");
            if (!PRE.equals(pos) && !POST.equals(pos)) continue;
            Object err = s.containsKey("error") ? s.get("error") : JsonValues.NULL;
            boolean good = err == JsonValues.NULL
                    || "".equals(err)
                    || (err instanceof Long && (Long) err == 0)
                    || (err instanceof Double && (Double) err == 0.0);
            if (!good) continue;
            Long idx = intOf(s.get("sample_idx"), outOfRange),
                    hb = intOf(s.get("host_before_ns"), outOfRange),
                    dc = intOf(s.get("device_cycles"), outOfRange),
                    ha = intOf(s.get("host_after_ns"), outOfRange);
            if (idx == null || hb == null || dc == null || ha == null) continue;
            if (hb <= 0 || dc <= 0 || ha < hb || idx < 0) continue;
            Anchor an = new Anchor();
            an.idx = idx;
            an.cycles = dc;
            an.rtt = ha - hb;
            an.mid = hb + Math.floorDiv(an.rtt, 2);
            an.uncertainty = Math.floorDiv(an.rtt + 1, 2) + dq;
            if (PRE.equals(pos)) pre = better(pre, an);
            else post = better(post, an);
        }
        if (pre == null) return new ClockAlignment(false, "no_valid_pre_host_orchestration_anchor", q, freq);
        if (post == null) return new ClockAlignment(false, "no_valid_post_device_execution_anchor", q, freq);
        if (post.mid <= pre.mid) return new ClockAlignment(false, "host_anchor_order_invalid", q, freq);
        if (post.cycles <= pre.cycles) return new ClockAlignment(false, "device_anchor_order_invalid", q, freq);
        if (deviceMinMax != null && (deviceMinMax[0] < pre.cycles || deviceMinMax[1] > post.cycles))
            return new ClockAlignment(false, "device_timestamps_outside_anchor_coverage", q, freq);
        ClockAlignment c = new ClockAlignment(true, null, q, freq);
        c.start = pre;
        c.end = post;
        c.startCycles = BigInteger.valueOf(pre.cycles);
        c.startMid = BigInteger.valueOf(pre.mid);
        c.span = BigInteger.valueOf(post.cycles - pre.cycles);
        c.f = BigInteger.valueOf(freq);
        BigInteger nominalEnd = c.startMid.add(c.span.multiply(GIGA).divide(c.f));
        c.drift = BigInteger.valueOf(post.mid).subtract(nominalEnd);
        return c;
    }

    private static final BigInteger GIGA = BigInteger.valueOf(1_000_000_000L);

    /** Only JSON integers (or integral values Python int() accepts) count. */
    private static Long intOf(Object v, Consumer<Object> outOfRange) {
        if (v == null || v == JsonValues.NULL || v instanceof Boolean) return null;
        if (!JsonValues.exact(v)) {
            outOfRange.accept(v);
            return null;
        }
        return JsonValues.asLong(v);
    }

    private static Anchor better(Anchor cur, Anchor cand) {
        if (cur == null) return cand;
        if (cand.rtt < cur.rtt || (cand.rtt == cur.rtt && cand.idx < cur.idx)) return cand;
        return cur;
    }

    public long startMid() {
        return start.mid;
    }

    /** Device cycles → host ns (exact integer arithmetic, truncating divisions; a result beyond a long saturates). */
    public long hostNs(long c) {
        BigInteger delta = BigInteger.valueOf(c).subtract(startCycles);
        BigInteger nominalDelta = delta.multiply(GIGA).divide(f);
        BigInteger corr = drift.multiply(delta).divide(span);
        BigInteger ns = startMid.add(nominalDelta).add(corr);
        if (ns.bitLength() < 64) return ns.longValue();
        return ns.signum() > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
    }

    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", calibrated ? "calibrated" : "unaligned");
        m.put("method", METHOD);
        if (calibrated) {
            long au = Math.max(start.uncertainty, end.uncertainty);
            m.put("anchor_uncertainty_ns", au);
            m.put("host_timestamp_quantization_ns", quantization);
            long max = au + quantization;
            m.put(
                    "max_uncertainty_ns",
                    max >= au ? (Object) max : BigInteger.valueOf(au).add(BigInteger.valueOf(quantization)));
        } else {
            m.put("anchor_uncertainty_ns", JsonValues.NULL);
            m.put("host_timestamp_quantization_ns", quantization);
            m.put("max_uncertainty_ns", JsonValues.NULL);
            m.put("reason", reason);
        }
        if (calibrated) {
            Map<String, Object> sel = new LinkedHashMap<>();
            sel.put(PRE, start.idx);
            sel.put(POST, end.idx);
            m.put("selected_sample_idx", sel);
        }
        return m;
    }
}
