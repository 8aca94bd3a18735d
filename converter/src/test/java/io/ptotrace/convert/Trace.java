package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A trace built in-process from small input files: the picture, the Chrome JSON written by
 * {@link ChromeJsonWriter} and parsed back, and helpers to find events by name/pid/tid.
 */
final class Trace {
    static final ObjectMapper JSON = new ObjectMapper();

    final Timeline tl;
    final Run run;
    final TraceBuilder.Result result;
    final List<String> warnings;
    /** Verbose lines the rules printed. */
    final List<String> verbose;

    final String json;
    final JsonNode root;
    final List<JsonNode> events = new ArrayList<>();

    private Trace(Timeline tl, Run run, TraceBuilder.Result result, List<String> warnings, List<String> verbose) {
        this.verbose = verbose;
        this.tl = tl;
        this.run = run;
        this.result = result;
        this.warnings = warnings;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ChromeJsonWriter.write(result.picture, out);
            json = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            root = JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        root.get("traceEvents").forEach(events::add);
    }

    /** Inputs of one run; null parts are absent. */
    static final class Inputs {
        String recordsName = "l2_swimlane_records.json";
        String records;
        String deps;
        String nameMap;
        boolean overhead;
        Consumer<Timeline> tweak = t -> {};

        Inputs records(String s) {
            records = s;
            return this;
        }

        Inputs chip(String s) {
            recordsName = "chip_swimlane_records.json";
            records = s;
            return this;
        }

        Inputs deps(String s) {
            deps = s;
            return this;
        }

        Inputs names(String s) {
            nameMap = s;
            return this;
        }

        Inputs overhead() {
            overhead = true;
            return this;
        }

        Inputs tweak(Consumer<Timeline> c) {
            tweak = c;
            return this;
        }

        Trace build(Path dir) {
            return Trace.build(dir, this);
        }
    }

    static Inputs of(String records) {
        return new Inputs().records(records);
    }

    static Trace build(Path dir, Inputs in) {
        try {
            Path rec = dir.resolve(in.recordsName);
            Files.writeString(rec, in.records);
            List<String> warnings = new ArrayList<>();
            Timeline tl = RecordsReader.read(rec, warnings::add);
            in.tweak.accept(tl);
            DepsProjection deps = null;
            if (in.deps != null) deps = DepsProjection.read(Files.writeString(dir.resolve("deps.json"), in.deps));
            NameMap names = in.nameMap == null
                    ? null
                    : NameMap.read(Files.writeString(dir.resolve("name_map_case.json"), in.nameMap));
            Run run = new Run(tl, deps, names);
            List<String> verbose = new ArrayList<>();
            TraceBuilder.Result r = TraceBuilder.build(run, in.overhead, warnings::add, verbose::add);
            return new Trace(tl, run, r, warnings, verbose);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String statistics() {
        return StatisticsReport.render(run);
    }

    // ------------------------------------------------------------------ queries

    List<JsonNode> where(Predicate<JsonNode> p) {
        return events.stream().filter(p).collect(Collectors.toList());
    }

    List<JsonNode> ph(String ph) {
        return where(e -> ph.equals(e.path("ph").asText()));
    }

    List<JsonNode> meta() {
        return ph("M");
    }

    List<JsonNode> slices() {
        return ph("X");
    }

    List<JsonNode> slices(int pid) {
        return where(e -> "X".equals(e.path("ph").asText()) && e.path("pid").asInt() == pid);
    }

    List<JsonNode> slices(int pid, String name) {
        return where(e -> "X".equals(e.path("ph").asText())
                && e.path("pid").asInt() == pid
                && name.equals(e.path("name").asText()));
    }

    JsonNode slice(int pid, String name) {
        List<JsonNode> l = slices(pid, name);
        assertThat(l).as("slices named " + name + " on pid " + pid).hasSize(1);
        return l.get(0);
    }

    JsonNode sliceById(int id) {
        List<JsonNode> l = where(e ->
                "X".equals(e.path("ph").asText()) && e.has("id") && e.get("id").asInt() == id);
        assertThat(l).as("slice id " + id).hasSize(1);
        return l.get(0);
    }

    List<JsonNode> counters(String name) {
        return where(e ->
                "C".equals(e.path("ph").asText()) && name.equals(e.path("name").asText()));
    }

    /** Metadata events rendered as "pid/tid name=value" strings, in file order. */
    List<String> metaLines() {
        List<String> out = new ArrayList<>();
        for (JsonNode m : meta()) {
            String v = m.get("args").has("name")
                    ? m.get("args").get("name").asText()
                    : m.get("args").get("sort_index").asText();
            out.add(m.get("pid").asInt() + (m.has("tid") ? "/" + m.get("tid").asInt() : "") + " "
                    + m.get("name").asText() + "=" + v);
        }
        return out;
    }

    /** One flow pair. */
    static final class Flow {
        final int id;
        final String name;
        final JsonNode s;
        final JsonNode f;

        Flow(int id, String name, JsonNode s, JsonNode f) {
            this.id = id;
            this.name = name;
            this.s = s;
            this.f = f;
        }

        private static String end(JsonNode e) {
            return "pid" + e.get("pid").asInt() + " " + e.get("tid").asInt() + "@"
                    + e.get("ts").asText()
                    + (e.has("bind_id") ? " bind" + e.get("bind_id").asInt() : "");
        }

        /** e.g. {@code dependency pid4 10000@8.0 bind0 -> pid4 10010@57.0 bind1 in=1 out=1}. */
        @Override
        public String toString() {
            return name + " " + end(s) + " -> " + end(f)
                    + (s.has("input_task_count")
                            ? " in=" + s.get("input_task_count").asInt() + " out="
                                    + s.get("output_task_count").asInt()
                            : "");
        }
    }

    List<Flow> flows() {
        Map<Integer, JsonNode> starts = new LinkedHashMap<>();
        Map<Integer, JsonNode> finishes = new LinkedHashMap<>();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            if (ph.equals("s"))
                assertThat(starts.put(e.get("id").asInt(), e))
                        .as("duplicate flow start")
                        .isNull();
            if (ph.equals("f"))
                assertThat(finishes.put(e.get("id").asInt(), e))
                        .as("duplicate flow finish")
                        .isNull();
        }
        assertThat(finishes.keySet()).containsExactlyInAnyOrderElementsOf(starts.keySet());
        List<Flow> out = new ArrayList<>();
        for (Map.Entry<Integer, JsonNode> e : starts.entrySet()) {
            JsonNode s = e.getValue(), f = finishes.get(e.getKey());
            assertThat(f.get("name").asText()).isEqualTo(s.get("name").asText());
            out.add(new Flow(e.getKey(), s.get("name").asText(), s, f));
        }
        return out;
    }

    List<String> flowLines() {
        return flows().stream().map(Flow::toString).collect(Collectors.toList());
    }

    List<String> flowLines(String kind) {
        return flows().stream()
                .filter(f -> f.name.equals(kind))
                .map(Flow::toString)
                .collect(Collectors.toList());
    }

    static List<String> fieldNames(JsonNode n) {
        List<String> l = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) l.add(it.next());
        return l;
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
