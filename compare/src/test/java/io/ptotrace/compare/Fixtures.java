package io.ptotrace.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Generated runs with planted changes: one graph (seed 3), other timing seeds, slowed kernels or scheduler. */
final class Fixtures {
    static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {}

    static SynthOptions.Builder base(int tasks) {
        return SynthOptions.builder().tasks(tasks).level(4).seed(3);
    }

    static Path run(Path dir, SynthOptions.Builder b) throws IOException {
        SynthRun.write(b.build(), dir);
        return dir;
    }

    /** Compares with default rules; warnings go to {@code warnings}. */
    static Comparison compare(Path oldPath, Path newPath, boolean align, List<String> warnings) throws IOException {
        CompareJob.Options o = new CompareJob.Options();
        o.oldPath = oldPath;
        o.newPath = newPath;
        o.align = align;
        return CompareJob.run(o, new ByteArrayOutputStream(), warnings::add).comparison();
    }

    static Comparison compare(Path oldPath, Path newPath) throws IOException {
        return compare(oldPath, newPath, false, new ArrayList<>());
    }

    static String render(Comparison c, ReportFormat f) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Reports.write(c, f, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The significant families' names. */
    static List<String> significant(Comparison c) {
        List<String> l = new ArrayList<>();
        for (Comparison.Family f : c.families) if (f.verdict().significant()) l.add(f.name());
        return l;
    }

    /**
     * A copy of a level-1 L2-era run with one task inserted before the task at {@code at} (in submit order): a copy
     * of it (same kernel and args, another block count, no edges), every later id moved up by one in deps.json and the records, its one
     * row placed in the widest idle gap of a core. The rest of the timing stays as it was.
     */
    static Path withInsertedTask(Path from, Path to, int at) throws IOException {
        Files.createDirectories(to);
        ObjectNode deps = (ObjectNode) JSON.readTree(from.resolve("deps.json").toFile());
        ArrayNode tasks = (ArrayNode) deps.get("tasks");
        long x = Long.parseLong(tasks.get(at).get("task_id").asText());
        for (JsonNode t : tasks) shift((ObjectNode) t, "task_id", x);
        for (JsonNode e : deps.get("edges")) {
            shift((ObjectNode) e, "pred", x);
            shift((ObjectNode) e, "succ", x);
        }
        ObjectNode inserted = tasks.get(at).deepCopy();
        inserted.put("task_id", Long.toString(x));
        inserted.put("block_num", 7); // a signature of its own: the alignment cannot take it for its neighbour
        tasks.insert(at, inserted);
        JSON.writeValue(to.resolve("deps.json").toFile(), deps);

        ObjectNode rec = (ObjectNode)
                JSON.readTree(from.resolve("l2_swimlane_records.json").toFile());
        ArrayNode rows = (ArrayNode) rec.get("aicore_tasks");
        for (JsonNode r : rows) {
            long id = r.get(1).asLong();
            if (id >= x) ((ArrayNode) r).set(1, JSON.getNodeFactory().numberNode(id + 1));
        }
        long[] gap = widestGap(rows);
        ArrayNode row = JSON.createArrayNode();
        long len = Math.max(1, (gap[2] - gap[1]) / 3);
        row.add(gap[0]).add(x).add(100_000).add(gap[1] + len).add(gap[1] + 2 * len);
        rows.add(row);
        JSON.writeValue(to.resolve("l2_swimlane_records.json").toFile(), rec);
        Files.copy(from.resolve("name_map_synth.json"), to.resolve("name_map_synth.json"));
        return to;
    }

    private static void shift(ObjectNode n, String key, long from) {
        long v = Long.parseLong(n.get(key).asText());
        if (v >= from) n.put(key, Long.toString(v + 1));
    }

    /** {core, gap start, gap end} of the widest gap between two rows on one core. */
    private static long[] widestGap(ArrayNode rows) {
        java.util.Map<Long, List<long[]>> byCore = new java.util.TreeMap<>();
        for (JsonNode r : rows)
            byCore.computeIfAbsent(r.get(0).asLong(), k -> new ArrayList<>())
                    .add(new long[] {r.get(3).asLong(), r.get(4).asLong()});
        long[] best = {0, 0, 0};
        for (var e : byCore.entrySet()) {
            List<long[]> l = e.getValue();
            l.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 1; i < l.size(); i++)
                if (l.get(i)[0] - l.get(i - 1)[1] > best[2] - best[1])
                    best = new long[] {e.getKey(), l.get(i - 1)[1], l.get(i)[0]};
        }
        return best;
    }
}
