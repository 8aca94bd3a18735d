package io.ptotrace.inspect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Streams a Chrome trace-event JSON file (object with "traceEvents", or a bare array) into a {@link JsonAnalyzer}. */
final class JsonTraceReader {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER) // correctly rounded too, like Double.parseDouble
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            .build();
    private static final long NONE = Long.MIN_VALUE;

    private final String file;
    private final JsonAnalyzer an;
    /**
     * The args that may be counter values: numbers (text null) and strings that may spell one. Whether an event
     * is a counter is known only after its args (the writer puts "args" first), so strings are tested then.
     */
    private final List<String> valueKeys = new ArrayList<>(), valueTexts = new ArrayList<>();

    JsonTraceReader(String file, JsonAnalyzer an) {
        this.file = file;
        this.an = an;
    }

    void read(InputStream in) throws IOException {
        JsonParser p = JSON.createParser(in);
        try {
            JsonToken t = p.nextToken();
            if (t == null) throw new InputProblem(file, "empty file", null, null);
            boolean found = false;
            if (t == JsonToken.START_ARRAY) {
                events(p);
                found = true;
            } else if (t == JsonToken.START_OBJECT) {
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    t = p.nextToken();
                    if ("traceEvents".equals(k)) {
                        if (t != JsonToken.START_ARRAY) throw problem(p, "\"traceEvents\" is not an array");
                        events(p);
                        found = true;
                    } else {
                        p.skipChildren();
                    }
                }
                if (t != JsonToken.END_OBJECT) throw problem(p, "expected a field name");
            } else {
                throw problem(p, "not a trace: expected a JSON object or array");
            }
            if (!found) throw new InputProblem(file, "no \"traceEvents\" array", null, null);
            if (p.nextToken() != null) throw problem(p, "trailing data after the trace");
        } catch (JsonProcessingException e) {
            throw InputProblem.notJson(file, e, p); // before close: a limit's position comes from the parser
        } finally {
            p.close();
        }
    }

    private InputProblem problem(JsonParser p, String msg) {
        return new InputProblem(file, msg, InputProblem.location(p.currentTokenLocation()), null);
    }

    private void events(JsonParser p) throws IOException {
        long index = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) throw problem(p, "truncated JSON (traceEvents not closed)");
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                index++;
                continue;
            }
            event(p, index++);
        }
    }

    private void event(JsonParser p, long index) throws IOException {
        String ph = null, name = null, cat = null, bp = null, argName = null;
        int pid = 0, tid = 0;
        boolean hasPid = false, hasTid = false;
        double ts = Double.NaN, dur = Double.NaN;
        boolean tsInt = false, durInt = false;
        long tsL = 0, durL = 0;
        long id = NONE, bindId = NONE, jsonId = NONE;
        boolean idPresent = false;
        valueKeys.clear();
        valueTexts.clear();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            t = p.nextToken();
            switch (k) {
                case "ph":
                    ph = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    break;
                case "name":
                    name = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    break;
                case "cat":
                    cat = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    break;
                case "bp":
                    bp = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    break;
                case "pid":
                    pid = pidOf(p, t, k);
                    hasPid = true;
                    break;
                case "tid":
                    tid = pidOf(p, t, k);
                    hasTid = true;
                    break;
                case "ts":
                    if (t == JsonToken.VALUE_NUMBER_INT) {
                        tsInt = true;
                        tsL = longOf(p, k);
                        ts = tsL;
                    } else ts = number(p, t);
                    break;
                case "dur":
                    if (t == JsonToken.VALUE_NUMBER_INT) {
                        durInt = true;
                        durL = longOf(p, k);
                        dur = durL;
                    } else dur = number(p, t);
                    break;
                case "id":
                    idPresent = true;
                    id = flowId(p, t);
                    jsonId = t == JsonToken.VALUE_NUMBER_INT ? id : NONE;
                    break;
                case "bind_id":
                    bindId = t == JsonToken.VALUE_NUMBER_INT ? uint64Of(p, k) : NONE;
                    break;
                case "args":
                    if (t == JsonToken.START_OBJECT) {
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String ak = p.currentName();
                            JsonToken at = p.nextToken();
                            if (at == JsonToken.VALUE_NUMBER_INT || at == JsonToken.VALUE_NUMBER_FLOAT) {
                                valueKeys.add(ak);
                                valueTexts.add(null);
                            } else if (at == JsonToken.VALUE_STRING) {
                                if (ak.equals("name")) argName = p.getText();
                                else if (p.getTextLength() > 0
                                        && maybeNumber(p.getTextCharacters()[p.getTextOffset()])) {
                                    valueKeys.add(ak);
                                    valueTexts.add(p.getText());
                                }
                            } else p.skipChildren();
                        }
                    } else {
                        p.skipChildren();
                    }
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (t != JsonToken.END_OBJECT) throw problem(p, "expected a field name in event " + index);
        if (ph == null || ph.isEmpty()) return;
        if (!hasTid) tid = pid;
        long tsNs = tsInt ? tsL * 1000 : tsNs(ts);
        long durNs = durInt ? durL * 1000 : durNs(dur);
        switch (ph.charAt(0)) {
            case 'X':
                if (durNs == NONE) return; // Perfetto ignores an X without dur
                an.slice(JsonAnalyzer.X, pid, tid, tsNs, durNs, jsonId, index);
                break;
            case 'B':
                an.slice(JsonAnalyzer.B, pid, tid, tsNs, 0, jsonId, index);
                break;
            case 'E':
                an.slice(JsonAnalyzer.E, pid, tid, tsNs, 0, NONE, index);
                break;
            case 'i':
            case 'I':
            case 'R':
                an.slice(JsonAnalyzer.I, pid, tid, tsNs, 0, jsonId, index);
                break;
            case 'C':
                an.counter(
                        pid,
                        name == null ? "" : name + (idPresent && id != NONE ? " id: " + id : ""),
                        counterValueKeys(),
                        tsNs);
                break;
            case 's':
                an.flow(JsonAnalyzer.S, id, cat, name, pid, tid, tsNs, bindId, false, index);
                break;
            case 't':
                an.flow(JsonAnalyzer.T, id, cat, name, pid, tid, tsNs, bindId, false, index);
                break;
            case 'f':
                an.flow(JsonAnalyzer.F, id, cat, name, pid, tid, tsNs, bindId, "e".equals(bp), index);
                break;
            case 'M':
                if ("process_name".equals(name)) an.processName(pid, argName);
                else if ("thread_name".equals(name) && hasTid) an.threadName(pid, tid, argName);
                else if (hasTid) an.thread(pid, tid);
                else if (hasPid) an.process(pid);
                break;
            default:
                if (hasPid) an.process(pid);
        }
    }

    private List<String> counterValueKeys() {
        List<String> keys = new ArrayList<>(valueKeys.size());
        for (int i = 0; i < valueKeys.size(); i++) {
            String text = valueTexts.get(i);
            if (text == null || numeric(text)) keys.add(valueKeys.get(i));
        }
        return keys;
    }

    /** A float {@code ts} in µs as Perfetto imports it: to the nearest ns ({@link #nearestNs}); null (NaN here) is 0. */
    static long tsNs(double us) {
        return Double.isNaN(us) ? 0 : nearestNs(us);
    }

    /** A float {@code dur} in µs as Perfetto imports it, to the nearest ns; null (NaN here) is no dur ({@code NONE}). */
    static long durNs(double us) {
        return Double.isNaN(us) ? NONE : nearestNs(us);
    }

    /**
     * µs × 1000 rounded to the nearest integer, halves away from zero, as the importer's {@code llround} does (older
     * importers truncated; the one the project checks against rounds: 38959.759999999995 µs reads as 38959760 ns).
     */
    static long nearestNs(double us) {
        double ns = us * 1000.0;
        return ns < 0 ? -Math.round(-ns) : Math.round(ns);
    }

    /** A counter value given as a string (Perfetto parses it as a double); cheap test first, no exceptions on text. */
    static boolean numeric(String t) {
        if (t.isEmpty()) return false;
        if (!maybeNumber(t.charAt(0))) return false;
        try {
            Double.parseDouble(t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static boolean maybeNumber(char c) {
        return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'N' || c == 'I';
    }

    /** An integer that must fit in 64 bits (Jackson's getLongValue would throw for a bigger one). */
    private long longOf(JsonParser p, String field) throws IOException {
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) throw outOfRange(p, field);
        return p.getLongValue();
    }

    /** Perfetto reads ids as uint64: 2^63 .. 2^64-1 keep their bits. */
    private long uint64Of(JsonParser p, String field) throws IOException {
        if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) return p.getLongValue();
        BigInteger v = p.getBigIntegerValue();
        if (v.signum() < 0 || v.bitLength() > 64) throw outOfRange(p, field);
        return v.longValue();
    }

    private InputProblem outOfRange(JsonParser p, String field) throws IOException {
        String n = p.getText();
        if (n.length() > 40) n = n.substring(0, 20) + "..." + " (" + n.length() + " digits)";
        return problem(p, "number " + n + " out of range for \"" + field + "\"");
    }

    private int pidOf(JsonParser p, JsonToken t, String field) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT) return (int) longOf(p, field);
        if (t == JsonToken.VALUE_NUMBER_FLOAT) return (int) p.getDoubleValue();
        if (t == JsonToken.VALUE_STRING) return 0x40000000 | (p.getText().hashCode() & 0x3FFFFFFF);
        p.skipChildren();
        return 0;
    }

    private static double number(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) return p.getDoubleValue();
        if (t == JsonToken.VALUE_STRING) {
            try {
                return Double.parseDouble(p.getText());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        p.skipChildren();
        return Double.NaN;
    }

    /** Perfetto reads a numeric id as uint64 and a string id as hex. */
    private long flowId(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT) return uint64Of(p, "id");
        if (t == JsonToken.VALUE_STRING) {
            String s = p.getText().trim();
            if (s.startsWith("0x") || s.startsWith("0X")) s = s.substring(2);
            try {
                return Long.parseUnsignedLong(s, 16);
            } catch (NumberFormatException e) {
                return NONE;
            }
        }
        p.skipChildren();
        return NONE;
    }
}
