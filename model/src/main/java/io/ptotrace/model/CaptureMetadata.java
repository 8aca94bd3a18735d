package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A records file's {@code metadata} object as read, with where each value is (by identity), so that a value a
 * range check refuses is named at its line and column.
 */
final class CaptureMetadata {
    private final Path file;
    /** Every member as read; empty when the file has none. */
    Map<String, Object> values = new LinkedHashMap<>();

    private final Map<Object, JsonLocation> at = new IdentityHashMap<>();

    CaptureMetadata(Path file) {
        this.file = file;
    }

    /** Reads the object at the parser (which is at its START_OBJECT). */
    @SuppressWarnings("unchecked")
    void read(JsonParser p) throws IOException {
        at.clear();
        values = (Map<String, Object>) JsonValues.read(p, at);
    }

    Object get(String key) {
        return values.get(key);
    }

    boolean containsKey(String key) {
        return values.containsKey(key);
    }

    /** {@code metadata.clock_freq_hz}, checked. */
    long clockFreq() {
        Object fq = values.get("clock_freq_hz");
        Long freqL = JsonValues.isPresent(fq) && !(fq instanceof Boolean) ? JsonValues.asLong(fq) : Long.valueOf(0);
        if (freqL == null)
            throw new InputProblem(
                    file, "metadata.clock_freq_hz is not an integer: " + fq, InputProblem.location(locationOf(fq)));
        if (!JsonValues.exact(fq)) throw outOfRange("clock_freq_hz", fq, "an integer 1..2^63-1");
        long freq = freqL;
        if (freq <= 0) throw new InputProblem(file, "metadata missing/zero clock_freq_hz: " + freq, null);
        return freq;
    }

    /** {@code metadata.host_clock_domain_id} when it is a non-empty string. */
    String hostClockDomain() {
        Object dom = values.get("host_clock_domain_id");
        return dom instanceof String && !((String) dom).isEmpty() ? (String) dom : null;
    }

    JsonLocation locationOf(Object v) {
        return at.get(v);
    }

    InputProblem outOfRange(String key, Object v, String range) {
        return new InputProblem(
                file,
                "metadata." + key + " " + JsonValues.shown(v) + " out of range (expected " + range + ")",
                InputProblem.location(locationOf(v)));
    }

    /** {@code metadata.KEY} as strings (interned; a non-string entry is null); absent: none. */
    String[] stringList(String key) {
        Object v = values.get(key);
        String what = "metadata." + key;
        if (!JsonValues.isPresent(v)) return new String[0];
        if (!(v instanceof List)) throw new InputProblem(file, what + " is not an array", null);
        List<?> l = (List<?>) v;
        String[] out = new String[l.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = l.get(i);
            out[i] = o instanceof String ? ((String) o).intern() : null;
        }
        return out;
    }

    /** {@code metadata.KEY} as 32-bit integers; absent: none. */
    int[] intList(String key) {
        Object v = values.get(key);
        String what = "metadata." + key;
        if (!JsonValues.isPresent(v)) return new int[0];
        if (!(v instanceof List)) throw new InputProblem(file, what + " is not an array", null);
        List<?> l = (List<?>) v;
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = l.get(i);
            Long x = o instanceof Boolean ? null : JsonValues.asLong(o);
            if (x == null)
                throw new InputProblem(
                        file, what + "[" + i + "] is not an integer", InputProblem.location(locationOf(o)));
            if (!JsonValues.exact(o) || x != (int) (long) x)
                throw new InputProblem(
                        file,
                        what + "[" + i + "] " + JsonValues.shown(o) + " out of range (expected " + TaskRows.INT32 + ")",
                        InputProblem.location(locationOf(o)));
            out[i] = (int) (long) x;
        }
        return out;
    }
}
