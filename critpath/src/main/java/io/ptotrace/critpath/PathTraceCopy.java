package io.ptotrace.critpath;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.JsonValues;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The critical-path copies of a run's merged Chrome JSON trace ({@code CPM_static.json}, {@code CPM_observed.json}):
 * the same events, with every Worker View kernel slice of a task off the path renamed {@code ·(t<id>)}. The trace
 * is streamed event by event, so its size does not matter; {@link #check} reads it once and refuses a trace that
 * lacks a path task before anything is written.
 */
public final class PathTraceCopy {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    static final String NOT_EVENTS = "merged swimlane JSON must contain a traceEvents list";
    private static final int WORKER_PID = 4;

    private final Path trace;

    public PathTraceCopy(Path trace) {
        this.trace = trace;
    }

    /** Why a trace cannot be copied: the reason of the error line. */
    public static final class Refused extends RuntimeException {
        public Refused(String reason) {
            super(reason);
        }
    }

    /** Sees (and may change) each event object of the trace before it is written. */
    private interface EventVisitor {
        void event(Map<String, Object> ev) throws IOException;
    }

    /**
     * Checks that every task of each path has a Worker View kernel slice.
     *
     * @throws Refused for a trace that is not a traceEvents list or misses path tasks
     * @throws InputProblem when the file cannot be read or is not JSON
     */
    public void check(RunGraph g, int[]... paths) {
        // the path tasks' ids, sorted, and which of them the trace shows: the path is small, the trace need not be
        int sum = 0;
        for (int[] path : paths) sum += path.length;
        final int total = sum;
        long[] ids = new long[total];
        int k = 0;
        for (int[] path : paths) for (int t : path) ids[k++] = g.taskId[t];
        java.util.Arrays.sort(ids);
        java.util.BitSet seen = new java.util.BitSet(total);
        walk(null, ev -> {
            Long t = workerTask(ev);
            if (t == null) return;
            int i = java.util.Arrays.binarySearch(ids, t);
            if (i < 0) return;
            while (i > 0 && ids[i - 1] == t) i--;
            for (; i < total && ids[i] == t; i++) seen.set(i);
        });
        for (int[] path : paths) {
            List<String> missing = new ArrayList<>();
            for (int t : path) {
                int i = java.util.Arrays.binarySearch(ids, g.taskId[t]);
                if (!seen.get(i)) missing.add(Long.toUnsignedString(g.taskId[t]));
            }
            if (!missing.isEmpty()) {
                missing.sort(null);
                throw new Refused("merged Worker View is missing " + missing.size() + " critical task(s): "
                        + String.join(", ", missing.subList(0, Math.min(5, missing.size()))));
            }
        }
    }

    /** Writes the copy for one path (its tasks' ids as a set). */
    public void write(OutputStream os, RunGraph g, int[] path) throws IOException {
        java.util.HashSet<Long> on = new java.util.HashSet<>();
        for (int t : path) on.add(g.taskId[t]);
        Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 16);
        walk(w, ev -> {
            Long t = workerTask(ev);
            if (t != null && !on.contains(t)) ev.put("name", "\u00b7(" + g.labels.label(t) + ")");
        });
        w.write('\n');
        w.flush();
    }

    /** The normalised task of a Worker View kernel slice ({@code ph X}, {@code pid 4}, {@code args.taskId}), or null. */
    private static Long workerTask(Map<String, Object> ev) {
        if (!"X".equals(ev.get("ph"))) return null;
        Object pid = ev.get("pid");
        if (!(pid instanceof Long) || (Long) pid != WORKER_PID) return null;
        Object args = ev.get("args");
        if (!(args instanceof Map)) return null;
        Object id = ((Map<?, ?>) args).get("taskId");
        if (id == null || id == JsonValues.NULL) return null;
        if (id instanceof Long) return (Long) id;
        if (id instanceof java.math.BigInteger) return ((java.math.BigInteger) id).longValue();
        if (id instanceof String) {
            try {
                return Long.parseUnsignedLong(((String) id).trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * Streams the trace: each element of the events list to {@code v}; with {@code w}, everything else is written
     * through, so that {@code v} only has to write the events.
     */
    @SuppressWarnings("unchecked")
    private void walk(Writer w, EventVisitor v) {
        Inputs.readJson(trace, JSON, p -> {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_ARRAY) {
                if (w != null) w.write('[');
                events(p, w, v, 1);
                if (w != null) w.write(']');
            } else if (t == JsonToken.START_OBJECT) {
                boolean sawEvents = false, firstMember = true;
                if (w != null) w.write('{');
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    JsonToken vt = p.nextToken();
                    if (w != null) {
                        if (!firstMember) w.write(',');
                        PyJson.indent(w, 1);
                        PyJson.string(w, key);
                        w.write(": ");
                    }
                    firstMember = false;
                    if (key.equals("traceEvents") && !sawEvents) {
                        sawEvents = true;
                        if (vt != JsonToken.START_ARRAY) throw new Refused(NOT_EVENTS);
                        if (w != null) w.write('[');
                        events(p, w, v, 2);
                        if (w != null) w.write(']');
                    } else {
                        Object val = JsonValues.read(p);
                        if (w != null) PyJson.value(w, val, 1);
                    }
                }
                if (!sawEvents) throw new Refused(NOT_EVENTS);
                if (w != null) {
                    if (!firstMember) PyJson.indent(w, 0);
                    w.write('}');
                }
            } else throw new Refused(NOT_EVENTS);
            if (p.nextToken() != null) throw InputProblem.at(trace, p, "trailing content after the top-level value");
        });
    }

    @SuppressWarnings("unchecked")
    private static void events(JsonParser p, Writer w, EventVisitor v, int level) throws IOException {
        boolean any = false;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) throw new Refused(NOT_EVENTS);
            Map<String, Object> ev = (Map<String, Object>) JsonValues.read(p);
            v.event(ev);
            if (w != null) {
                if (any) w.write(',');
                PyJson.indent(w, level);
                PyJson.value(w, ev, level);
            }
            any = true;
        }
        if (w != null && any) PyJson.indent(w, level - 1);
    }
}
