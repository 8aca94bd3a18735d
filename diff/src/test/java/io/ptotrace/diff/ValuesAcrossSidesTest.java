package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Texts and shapes are compared by value across the two sides, also where the readers' interners keep no
 * single instance: texts longer than they keep, arrays longer than they keep, more distinct texts than they keep.
 */
class ValuesAcrossSidesTest {
    @TempDir
    Path dir;

    static final String LONG_DTYPE = "FLOAT16_" + "x".repeat(100);
    static final String LONG_SHAPE =
            IntStream.range(1, 25).mapToObj(Integer::toString).collect(Collectors.joining(", "));

    /** One task and one edge with a long dtype, a long shape, and {@code extraTasks} tasks of distinct scopes. */
    private Path deps(String name, String dtype, String shape, int extraTasks) {
        StringBuilder sb = new StringBuilder("{\"tasks\": [");
        sb.append(
                        "{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", "
                                + "\"tensor_id\": \"7\", \"dtype\": \"")
                .append(dtype)
                .append("\", \"shape\": [")
                .append(shape)
                .append("], \"start_offset\": \"0\", " + "\"strides\": [")
                .append(shape)
                .append("]}]}");
        for (int i = 0; i < extraTasks; i++) {
            sb.append(",\n{\"task_id\": \"")
                    .append(100 + i)
                    .append("\", \"scope\": \"scope_")
                    .append(i)
                    .append("\", \"kernel_ids\": [1, -1, -1], \"block_num\": 1, \"args\": []}");
        }
        sb.append(
                        "], \"edges\": [{\"pred\": \"1\", \"succ\": \"100\", \"arg\": 0, \"source\": \"tensormap\", \"flags\": [\"wait\", \"")
                .append("f".repeat(80))
                .append("\"], \"consumer_dtype\": \"")
                .append(dtype)
                .append("\", \"consumer_shape\": [")
                .append(shape)
                .append("], \"producer_shape\": [")
                .append(shape)
                .append("]}]}");
        return Fixtures.write(dir.resolve(name + "/deps.json"), sb.toString());
    }

    @Test
    void equalValuesBeyondWhatTheInternersKeepAreEqual() {
        int many = 70_000; // more distinct scopes than an interner keeps
        Path a = deps("a", LONG_DTYPE, LONG_SHAPE, many), b = deps("b", LONG_DTYPE, LONG_SHAPE, many);
        Fixtures.Result r = diff(a, b).json();
        assertThat(r.diff().identical()).as(r.out()).isTrue();
        assertThat(r.summary().tasksChanged()).isZero();
    }

    @Test
    void aDifferenceAtTheEndOfALongValueIsFound() {
        Path a = deps("a", LONG_DTYPE, LONG_SHAPE, 1), b = deps("b", LONG_DTYPE + "y", LONG_SHAPE + ", 99", 1);
        Fixtures.Result r = diff(a, b).json();
        assertThat(r.diff().identical()).isFalse();
        JsonNode task = r.json().get("tasks_changed").get(0);
        assertThat(task.get("changes").findValuesAsText("field"))
                .containsExactly("args[0].dtype", "args[0].shape", "args[0].strides");
        assertThat(task.get("changes").get(0).get("new").asText()).isEqualTo(LONG_DTYPE + "y");
        JsonNode edge = r.json().get("annotated_edges_changed").get(0);
        assertThat(edge.get("changes").findValuesAsText("field"))
                .containsExactly("consumer_dtype", "consumer_shape", "producer_shape");
    }
}
