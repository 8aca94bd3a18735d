package io.ptotrace.inspect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** What {@code ptotrace inspect} reports about one trace. */
public final class Summary {
    /** Problems kept in detail per kind; all are counted. */
    public static final int DETAIL_LIMIT = 1000;

    public String file;
    public TraceInspector.Format format;
    public final Map<Integer, String> processes = new TreeMap<>();
    /** key pid, then tid → name ("" when unnamed). */
    public final Map<Integer, Map<Integer, String>> threads = new TreeMap<>();

    public long slices;
    /** pftrace: ptotrace's zero-length arrow markers (hb_violation, unbound arrow ends, backward arrows). */
    public long markerSlices;
    /** Counter values (rows of Perfetto's counter table). */
    public long counterSamples;

    public long counterTracks;
    /** Arrows in the file (start + end pairs). */
    public long flows;
    /** Arrows Perfetto shows (both ends bound, end not before start). */
    public long flowsShown;

    public final Map<String, Long> flowsByKind = new TreeMap<>();
    public long hbViolations;
    public long hbMarkers;
    /** ns; Long.MAX_VALUE / MIN_VALUE when the trace has no timed event. */
    public long firstNs = Long.MAX_VALUE, lastNs = Long.MIN_VALUE;

    public final List<Problem> problems = new ArrayList<>();
    public final Map<Problem.Kind, Long> problemCounts = new EnumMap<>(Problem.Kind.class);

    void thread(int pid, int tid, String name) {
        Map<Integer, String> m = threads.computeIfAbsent(pid, k -> new TreeMap<>());
        if (name != null) m.put(tid, name);
        else m.putIfAbsent(tid, "");
    }

    void problem(Problem.Kind kind, String where, String message) {
        long n = problemCounts.merge(kind, 1L, Long::sum);
        if (n <= DETAIL_LIMIT) problems.add(new Problem(kind, where, message));
    }

    void span(long ns) {
        if (ns < firstNs) firstNs = ns;
        if (ns > lastNs) lastNs = ns;
    }

    public long problemCount() {
        long n = 0;
        for (long v : problemCounts.values()) n += v;
        return n;
    }

    public long threadCount() {
        long n = 0;
        for (Map<Integer, String> m : threads.values()) n += m.size();
        return n;
    }

    public boolean clean() {
        return problemCounts.isEmpty();
    }

    static String us(long ns) {
        return String.format(Locale.ROOT, "%.3f", ns / 1000.0);
    }

    public String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append(file)
                .append(" (")
                .append(format == TraceInspector.Format.JSON ? "Chrome JSON" : "Perfetto protobuf")
                .append(")\n");
        sb.append("processes: ").append(processes.size()).append('\n');
        for (Map.Entry<Integer, String> p : processes.entrySet()) {
            Map<Integer, String> th = threads.getOrDefault(p.getKey(), Map.of());
            sb.append("  pid ")
                    .append(p.getKey())
                    .append(' ')
                    .append(p.getValue().isEmpty() ? "(unnamed)" : p.getValue())
                    .append(": ")
                    .append(th.size())
                    .append(th.size() == 1 ? " thread" : " threads")
                    .append('\n');
            for (Map.Entry<Integer, String> t : th.entrySet()) {
                sb.append("    tid ")
                        .append(t.getKey())
                        .append(' ')
                        .append(t.getValue().isEmpty() ? "(unnamed)" : t.getValue())
                        .append('\n');
            }
        }
        sb.append("slices: ").append(slices);
        if (markerSlices > 0) sb.append(" (+").append(markerSlices).append(" arrow markers)");
        sb.append('\n');
        sb.append("counter samples: ")
                .append(counterSamples)
                .append(" on ")
                .append(counterTracks)
                .append(" tracks\n");
        sb.append("flows: ").append(flows).append(" (").append(flowsShown).append(" shown by Perfetto)\n");
        for (Map.Entry<String, Long> e : flowsByKind.entrySet())
            sb.append("  ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        sb.append("hb_violations: ").append(hbViolations).append('\n');
        if (firstNs <= lastNs) {
            sb.append("time span: ")
                    .append(us(firstNs))
                    .append(" us .. ")
                    .append(us(lastNs))
                    .append(" us (")
                    .append(us(lastNs - firstNs))
                    .append(" us)\n");
        } else {
            sb.append("time span: empty\n");
        }
        if (problemCounts.isEmpty()) {
            sb.append("problems: none\n");
        } else {
            sb.append("problems: ").append(problemCount()).append('\n');
            for (Map.Entry<Problem.Kind, Long> e : problemCounts.entrySet()) {
                sb.append("  ")
                        .append(e.getKey().id())
                        .append(": ")
                        .append(e.getValue())
                        .append(" (")
                        .append(e.getKey().title)
                        .append(e.getKey().losesArrow ? "; Perfetto loses the arrow" : "")
                        .append(")\n");
                int shown = 0;
                for (Problem p : problems) {
                    if (p.kind != e.getKey()) continue;
                    if (shown++ == 10) {
                        sb.append("    ...\n");
                        break;
                    }
                    sb.append("    ")
                            .append(p.where)
                            .append(": ")
                            .append(p.message)
                            .append('\n');
                }
            }
        }
        return sb.toString();
    }

    public String toJson() {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("file", file);
            g.writeStringField("format", format == TraceInspector.Format.JSON ? "json" : "pftrace");
            g.writeArrayFieldStart("processes");
            for (Map.Entry<Integer, String> p : processes.entrySet()) {
                g.writeStartObject();
                g.writeNumberField("pid", p.getKey());
                g.writeStringField("name", p.getValue());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            for (Map.Entry<Integer, Map<Integer, String>> p : threads.entrySet()) {
                for (Map.Entry<Integer, String> t : p.getValue().entrySet()) {
                    g.writeStartObject();
                    g.writeNumberField("pid", p.getKey());
                    g.writeNumberField("tid", t.getKey());
                    g.writeStringField("name", t.getValue());
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeNumberField("slices", slices);
            g.writeNumberField("marker_slices", markerSlices);
            g.writeNumberField("counter_samples", counterSamples);
            g.writeNumberField("counter_tracks", counterTracks);
            g.writeNumberField("flows", flows);
            g.writeNumberField("flows_shown", flowsShown);
            g.writeObjectFieldStart("flows_by_kind");
            for (Map.Entry<String, Long> e : flowsByKind.entrySet()) g.writeNumberField(e.getKey(), e.getValue());
            g.writeEndObject();
            g.writeNumberField("hb_violations", hbViolations);
            g.writeObjectFieldStart("time_span_us");
            if (firstNs <= lastNs) {
                g.writeNumberField("start", firstNs / 1000.0);
                g.writeNumberField("end", lastNs / 1000.0);
                g.writeNumberField("duration", (lastNs - firstNs) / 1000.0);
            }
            g.writeEndObject();
            g.writeObjectFieldStart("problem_counts");
            for (Map.Entry<Problem.Kind, Long> e : problemCounts.entrySet())
                g.writeNumberField(e.getKey().id(), e.getValue());
            g.writeEndObject();
            g.writeArrayFieldStart("problems");
            for (Problem p : problems) {
                g.writeStartObject();
                g.writeStringField("kind", p.kind.id());
                g.writeBooleanField("loses_arrow", p.kind.losesArrow);
                g.writeStringField("location", p.where);
                g.writeStringField("message", p.message);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
