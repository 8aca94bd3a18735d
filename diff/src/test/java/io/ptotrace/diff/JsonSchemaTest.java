package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The documented JSON schema (ptotrace-diff/1): required keys, their types, u64 values as decimal strings. */
class JsonSchemaTest {
    static final List<String> SUMMARY = List.of(
            "tasks_added",
            "tasks_removed",
            "tasks_changed",
            "tasks_matched_by_alignment",
            "edges_added",
            "edges_removed",
            "annotated_edges_added",
            "annotated_edges_removed",
            "annotated_edges_changed",
            "tensors_added",
            "tensors_removed",
            "tensors_changed");
    static final List<String> LISTS = List.of(
            "tasks_added",
            "tasks_removed",
            "tasks_changed",
            "edges_added",
            "edges_removed",
            "annotated_edges_added",
            "annotated_edges_removed",
            "annotated_edges_changed",
            "tensors_added",
            "tensors_removed",
            "tensors_changed");
    static final List<String> TOP = List.of("schema", "identical", "summary", "old", "new", "options", "notes");

    @TempDir
    Path dir;

    @Test
    void keysTypesAndOrder() {
        Path a = Fixtures.resource("small_old.json", dir.resolve("a/deps.json"));
        Path b = Fixtures.resource("small_new.json", dir.resolve("b/deps.json"));
        JsonNode j = diff(a, b).align().structure().json().json();
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        List<String> expected = new ArrayList<>(TOP);
        expected.addAll(LISTS);
        assertThat(keys).containsExactlyElementsOf(expected);
        assertThat(j.get("schema").asText()).isEqualTo("ptotrace-diff/1");
        assertThat(j.get("identical").isBoolean()).isTrue();
        List<String> summaryKeys = new ArrayList<>();
        j.get("summary").fieldNames().forEachRemaining(summaryKeys::add);
        assertThat(summaryKeys).containsExactlyElementsOf(SUMMARY);
        for (String k : SUMMARY)
            assertThat(j.get("summary").get(k).isInt()).as(k).isTrue();
        for (String k : LISTS) {
            assertThat(j.get(k).isArray()).as(k).isTrue();
            String count = k;
            assertThat(j.get(k).size())
                    .as(k)
                    .isEqualTo(j.get("summary").get(count).asInt());
        }
        for (String side : List.of("old", "new")) {
            JsonNode s = j.get(side);
            assertThat(s.get("file").isTextual()).isTrue();
            for (String k : List.of("tasks", "edges", "annotated_edges", "tensors"))
                assertThat(s.get(k).isInt()).as(k).isTrue();
        }
        assertThat(j.at("/options/projected").isBoolean()).isTrue();
        assertThat(j.at("/options/align").asBoolean()).isTrue();
        assertThat(j.at("/options/match_tensors").asText()).isEqualTo("structure");
        assertThat(j.at("/options/ignore").isArray()).isTrue();
        assertThat(j.get("notes").isArray()).isTrue();

        for (JsonNode t : j.get("tasks_added")) {
            assertU64(t.get("task_id"));
            assertThat(t.get("display").isTextual()).isTrue();
            assertThat(t.get("kernel_ids").size()).isEqualTo(3);
            assertThat(t.get("block_num").isInt()).isTrue();
            assertThat(t.get("args").isArray()).isTrue();
            for (JsonNode arg : t.get("args")) if (arg.has("tensor_id")) assertU64(arg.get("tensor_id"));
        }
        for (JsonNode t : j.get("tasks_changed")) {
            assertU64(t.get("task_id"));
            assertU64(t.get("old_task_id"));
            assertThat(t.get("changes").size()).isPositive();
            for (JsonNode c : t.get("changes")) {
                assertThat(c.get("field").isTextual()).isTrue();
                assertThat(c.has("old") && c.has("new")).isTrue();
            }
        }
        for (String k : List.of("edges_added", "edges_removed")) {
            for (JsonNode p : j.get(k)) {
                assertU64(p.get("pred"));
                assertU64(p.get("succ"));
                assertThat(p.get("pred_display").isTextual()).isTrue();
            }
        }
        for (String k : List.of("annotated_edges_added", "annotated_edges_removed")) {
            for (JsonNode e : j.get(k)) {
                assertU64(e.get("pred"));
                assertU64(e.get("succ"));
                assertThat(e.get("arg").isInt()).isTrue();
                assertThat(e.get("source").isTextual()).isTrue();
                if (e.has("tensor_id")) assertU64(e.get("tensor_id"));
                if (e.has("consumer_start_offset")) assertU64(e.get("consumer_start_offset"));
            }
        }
        for (JsonNode e : j.get("annotated_edges_changed")) {
            assertU64(e.at("/old/pred"));
            assertU64(e.at("/new/succ"));
            assertThat(e.get("changes").isArray()).isTrue();
        }
        for (JsonNode t : j.get("tensors_added")) {
            assertU64(t.get("tensor_id"));
            assertU64(t.get("buffer_addr"));
            assertU64(t.get("buffer_numel"));
            assertThat(t.get("version").isInt()).isTrue();
        }
        for (JsonNode t : j.get("tensors_changed")) {
            assertU64(t.at("/old/tensor_id"));
            assertU64(t.at("/new/tensor_id"));
        }
    }

    private static void assertU64(JsonNode n) {
        assertThat(n).isNotNull();
        assertThat(n.isTextual()).as("u64 as a string: %s", n).isTrue();
        assertThat(n.asText()).matches("0|[1-9][0-9]{0,19}");
        Long.parseUnsignedLong(n.asText());
    }
}
