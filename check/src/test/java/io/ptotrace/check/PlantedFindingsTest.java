package io.ptotrace.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's generated runs with a planted lost RAW edge: the check reports exactly the planted finding on top
 * of what it reports for the unchanged graph (the generator's plain readers are untracked readers already), and
 * loses none of those. {@link RuntimeModelPlantedTest} plants the other kinds in graphs that start clean. A site is planted only where removing its pair's
 * edges leaves every other ordering intact (checked here by search), so nothing else can change.
 */
class PlantedFindingsTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Set<String> WRITES = Set.of("INOUT", "OUTPUT_EXISTING", "OUTPUT");

    @TempDir
    static Path dir;

    static JsonNode original;
    static Set<String> baseline;

    @BeforeAll
    static void generate() throws Exception {
        SynthRun.write(SynthOptions.builder().tasks(3000).level(1).seed(5).build(), dir.resolve("run"));
        original = JSON.readTree(dir.resolve("run").resolve("deps.json").toFile());
        baseline = findings(original);
        assertThat(baseline).isNotEmpty(); // the generator's plain readers are untracked readers already
    }

    static Set<String> findings(JsonNode deps) throws Exception {
        Path f = Files.createTempFile(dir, "deps", ".json");
        JSON.writeValue(f.toFile(), deps);
        Set<String> out = new HashSet<>();
        for (Finding x :
                HazardCheck.run(CheckJob.read(f, w -> {}), null, null, w -> {}).findings())
            out.add(key(
                    x.kind().key,
                    Long.toUnsignedString(x.first().taskId()),
                    x.first().slot(),
                    Long.toUnsignedString(x.second().taskId()),
                    x.second().slot()));
        return out;
    }

    static String key(String kind, String a, int sa, String b, int sb) {
        return kind + " " + a + ":" + sa + " -> " + b + ":" + sb;
    }

    /** Plants at the first site {@code pick} accepts whose pair can go alone; asserts the check finds exactly {@code want}. */
    /** A planted hazard: the finding it must give, and the arg type it changes (task id, idx, new type), if any. */
    record Plant(String want, String task, int idx, String type) {}

    private void plant(java.util.function.BiFunction<ObjectNode, JsonNode, Plant> pick) throws Exception {
        Graph g = new Graph(original);
        for (JsonNode e : original.get("edges")) {
            String pred = e.get("pred").asText(), succ = e.get("succ").asText();
            Plant p = pick.apply((ObjectNode) original, e);
            if (p == null || !g.onlyThisPairOrders(pred, succ)) continue;
            ObjectNode mutated = original.deepCopy();
            if (p.type() != null) argOf(task(mutated, p.task()), p.idx()).put("type", p.type());
            String want = p.want();
            removePair(mutated, pred, succ);
            Set<String> got = findings(mutated);
            Set<String> added = new HashSet<>(got);
            added.removeAll(baseline);
            Set<String> lost = new HashSet<>(baseline);
            lost.removeAll(got);
            assertThat(added).containsExactly(want);
            assertThat(lost).isEmpty();
            return;
        }
        throw new AssertionError("no site to plant at");
    }

    @Test
    void aRawEdgeRemovedIsALostRaw() throws Exception {
        plant((d, e) -> {
            if (!"RAW".equals(text(e, "hazard"))) return null;
            String pred = e.get("pred").asText(), succ = e.get("succ").asText(), tensor = text(e, "tensor_id");
            ObjectNode reader = task(d, succ);
            ObjectNode read = argOf(reader, e.get("arg").asInt());
            if (read == null
                    || !Set.of("INPUT", "TRACKED_INPUT")
                            .contains(read.get("type").asText())) return null;
            ObjectNode w = onlyArg(task(d, pred), tensor, WRITES);
            if (w == null || !lastWriter(d, pred, succ, tensor)) return null;
            return new Plant(
                    key(
                            "lost_raw",
                            pred,
                            w.get("idx").asInt(),
                            succ,
                            e.get("arg").asInt()),
                    null,
                    0,
                    null);
        });
    }

    // ---- the graph as JSON

    static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    static ObjectNode task(JsonNode d, String id) {
        for (JsonNode t : d.get("tasks")) if (t.get("task_id").asText().equals(id)) return (ObjectNode) t;
        return null;
    }

    static ObjectNode argOf(ObjectNode task, int idx) {
        if (task == null || task.get("args") == null) return null;
        for (JsonNode a : task.get("args")) if (a.get("idx").asInt() == idx) return (ObjectNode) a;
        return null;
    }

    /** The one arg of the task on {@code tensor} (any of its args on that tensor must be of {@code types}), or null. */
    static ObjectNode onlyArg(ObjectNode task, String tensor, Set<String> types) {
        if (task == null || tensor == null || task.get("args") == null) return null;
        ObjectNode found = null;
        for (JsonNode a : task.get("args")) {
            if (!tensor.equals(text(a, "tensor_id")) || "NO_DEP".equals(text(a, "type"))) continue;
            if (found != null || !types.contains(a.get("type").asText())) return null;
            found = (ObjectNode) a;
        }
        return found;
    }

    /** No task between pred and succ in submit order writes the tensor's buffer. */
    static boolean lastWriter(JsonNode d, String pred, String succ, String tensor) {
        Map<String, String> buffer = new HashMap<>();
        for (JsonNode t : d.get("tensors"))
            buffer.put(
                    t.get("tensor_id").asText(),
                    t.get("buffer_addr").asText() + "/" + t.get("version").asText());
        String b = buffer.get(tensor);
        boolean between = false;
        for (JsonNode t : d.get("tasks")) {
            String id = t.get("task_id").asText();
            if (id.equals(succ)) return between;
            if (between && t.get("args") != null)
                for (JsonNode a : t.get("args"))
                    if (WRITES.contains(a.get("type").asText())
                            && b != null
                            && b.equals(buffer.get(text(a, "tensor_id")))) return false;
            if (id.equals(pred)) between = true;
        }
        return false;
    }

    static void removePair(ObjectNode d, String pred, String succ) {
        ArrayNode kept = JSON.createArrayNode();
        for (JsonNode e : d.get("edges"))
            if (!(e.get("pred").asText().equals(pred) && e.get("succ").asText().equals(succ))) kept.add(e);
        d.set("edges", kept);
    }

    /** The pairs of a graph, and whether removing one pair changes any ordering but its own. */
    static final class Graph {
        final Map<String, Set<String>> out = new HashMap<>(), in = new HashMap<>();

        Graph(JsonNode d) {
            for (JsonNode e : d.get("edges")) {
                out.computeIfAbsent(e.get("pred").asText(), k -> new HashSet<>())
                        .add(e.get("succ").asText());
                in.computeIfAbsent(e.get("succ").asText(), k -> new HashSet<>())
                        .add(e.get("pred").asText());
            }
        }

        Set<String> walk(String from, Map<String, Set<String>> next, String skipFrom, String skipTo) {
            Set<String> seen = new HashSet<>(List.of(from));
            ArrayDeque<String> q = new ArrayDeque<>(List.of(from));
            while (!q.isEmpty()) {
                String x = q.poll();
                for (String y : next.getOrDefault(x, Set.of())) {
                    if (x.equals(skipFrom) && y.equals(skipTo)) continue;
                    if (seen.add(y)) q.add(y);
                }
            }
            return seen;
        }

        /** Without the pair, pred no longer reaches succ, and every other ancestor of pred still reaches every descendant of succ. */
        boolean onlyThisPairOrders(String pred, String succ) {
            if (walk(pred, out, pred, succ).contains(succ)) return false;
            Set<String> anc = walk(pred, in, null, null), desc = walk(succ, out, null, null);
            if (anc.size() * (long) desc.size() > 4_000_000) return false;
            for (String a : anc) {
                Set<String> r = walk(a, out, pred, succ);
                for (String x : desc) if (!(a.equals(pred) && x.equals(succ)) && !r.contains(x)) return false;
            }
            return true;
        }
    }
}
