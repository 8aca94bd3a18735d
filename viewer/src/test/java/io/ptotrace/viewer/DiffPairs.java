package io.ptotrace.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.diff.DiffOptions;
import io.ptotrace.diff.DiffTool;
import io.ptotrace.diff.Format;
import io.ptotrace.diff.GraphDiff;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Pairs of deps.json files for the diff page's tests, and the diff's JSON report of a pair. */
public final class DiffPairs {
    private DiffPairs() {}

    /**
     * OLD: t1 (QK) → t2 (SF) → t3 (QK) → t4 (SF), and t1 → t3. NEW: t3 has block_num 4, t4 is gone, t5 is new
     * (t3 → t5, t1 → t5), t1 → t3 is gone and the hazard of t1 → t2 is WAR instead of RAW.
     */
    public static final String OLD = "{\"tasks\": ["
            + "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\", \"tensor_id\": \"100\"}]},"
            + "{\"task_id\": \"2\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"100\"}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": []},"
            + "{\"task_id\": \"4\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": []}],"
            + " \"tensors\": [{\"tensor_id\": \"100\", \"buffer_addr\": \"4096\", \"dtype\": \"FLOAT32\", \"buffer_numel\": \"64\"}],"
            + " \"edges\": ["
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"tensormap\", \"tensor_id\": \"100\", \"hazard\": \"RAW\"},"
            + "{\"pred\": \"2\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"1\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"3\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"}]}";

    public static final String NEW = "{\"tasks\": ["
            + "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\", \"tensor_id\": \"100\"}]},"
            + "{\"task_id\": \"2\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"100\"}]},"
            + "{\"task_id\": \"3\", \"kernel_ids\": [0, -1, -1], \"block_num\": 4, \"args\": []},"
            + "{\"task_id\": \"5\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1, \"args\": []}],"
            + " \"tensors\": [{\"tensor_id\": \"100\", \"buffer_addr\": \"4096\", \"dtype\": \"FLOAT32\", \"buffer_numel\": \"64\"}],"
            + " \"edges\": ["
            + "{\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"tensormap\", \"tensor_id\": \"100\", \"hazard\": \"WAR\"},"
            + "{\"pred\": \"2\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"3\", \"succ\": \"5\", \"arg\": -1, \"source\": \"explicit\"},"
            + "{\"pred\": \"1\", \"succ\": \"5\", \"arg\": -1, \"source\": \"explicit\"}]}";

    private static final String NAMES = "{\"callable_id_to_name\": {\"0\": \"QK\", \"1\": \"SF\"}}";

    /** Writes the planted pair as {@code dir/old/deps.json} and {@code dir/new/deps.json}, each with a name map; returns both. */
    public static Path[] planted(Path dir) throws IOException {
        return new Path[] {run(dir.resolve("old"), OLD), run(dir.resolve("new"), NEW)};
    }

    private static Path run(Path folder, String deps) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("name_map_example.json"), NAMES);
        return Files.writeString(folder.resolve("deps.json"), deps);
    }

    public static GraphDiff diff(Path oldFile, Path newFile, DiffOptions o) {
        DiffTool.Sides s = DiffTool.load(oldFile, newFile, null, line -> {});
        return GraphDiff.of(s.oldSide(), s.newSide(), o);
    }

    /** The {@code summary} of the JSON report of the same diff. */
    public static JsonNode jsonSummary(Path oldFile, Path newFile, DiffOptions o) throws IOException {
        DiffTool.Request r = new DiffTool.Request();
        r.oldPath = oldFile;
        r.newPath = newFile;
        r.options = o.copy();
        r.format = Format.JSON;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DiffTool.run(r, out, false, line -> {});
        return new ObjectMapper().readTree(out.toByteArray()).get("summary");
    }
}
