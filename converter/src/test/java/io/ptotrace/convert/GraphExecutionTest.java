package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Graph Execution view on a worked example, at 4 MHz so every time is exact; the second prepare slice
 * ends at 11.25 µs instead of the example's 11.2 (not a multiple of a binary cycle length).
 */
class GraphExecutionTest {
    @TempDir
    Path dir;

    /** cycles for a time in µs: base 1000 at 0 µs, 4 cycles per µs. */
    static long c(double us) {
        return 1000 + Math.round(us * 4);
    }

    static long node(long outer, long index) {
        return (1L << 32) | (outer << 10) | index;
    }

    static String records() {
        return """
            {"chip_swimlane_level": 3,
             "metadata": {"clock_freq_hz": 4000000, "core_types": ["aiv", "aiv", "aiv"], "core_to_thread": [0, 0, 0]},
             "aicore_tasks": [[0, %d, 1, %d, %d], [1, %d, 1, %d, %d], [2, %d, 1, %d, %d]],
             "aicpu_tasks": [[0, 1, %d, %d], [1, 1, %d, %d], [2, 1, %d, %d]],
             "aicpu_scheduler_phases": [[
               {"kind": "scan", "start_cycles": 1000, "end_cycles": 1000},
               {"kind": "graph_prepare", "start_cycles": %d, "end_cycles": %d, "loop_iter": 1, "tasks_processed": 4, "task_id": "5"},
               {"kind": "graph_prepare", "start_cycles": %d, "end_cycles": %d, "loop_iter": 2, "tasks_processed": 2, "task_id": 9,
                "shared_at_start": [0, 1, 0], "shared_at_end": [0, 0, 0]},
               {"kind": "dummy_task", "start_cycles": %d, "end_cycles": %d, "loop_iter": 3, "task_id": "%d"}]]}
            """.formatted(
                        node(5, 0),
                        c(11.5),
                        c(14.0),
                        node(5, 2),
                        c(13.0),
                        c(16.0),
                        node(9, 1),
                        c(15.0),
                        c(15.5),
                        c(11.0),
                        c(14.5),
                        c(12.5),
                        c(16.5),
                        c(14.5),
                        c(16.0),
                        c(10.0),
                        c(10.5),
                        c(11.0),
                        c(11.25),
                        c(12.0),
                        c(12.0),
                        node(5, 7));
    }

    @Test
    void envelopesLanesAndLabels() {
        Trace t = Trace.of(null).chip(records()).build(dir);
        // the Graph Execution block comes first
        assertThat(t.metaLines().subList(0, 4))
                .containsExactly(
                        "5 process_name=Graph Execution",
                        "5 process_sort_index=1",
                        "5/5000 thread_name=Graph_0",
                        "5/5001 thread_name=Graph_1");
        List<JsonNode> graph = t.slices(5);
        assertThat(graph).hasSize(2);
        assertThat(graph.get(0)).isEqualTo(Trace.parse("""
            {"args": {"outer_task_id": 5, "visible_node_count": 3, "visible_node_index_min": 0, "visible_node_index_max": 7,
                      "prepare_slice_count": 1, "prepare_duration_us": 0.5, "execution_start_us": 11.0, "execution_duration_us": 5.5,
                      "synthetic_id_layout": "ring1:(outer_task_id << 10) | node_index"},
             "cat": "graph_execution", "cname": "rail_animation", "name": "GraphExecution(t5, 3 visible nodes)",
             "ph": "X", "pid": 5, "tid": 5000, "ts": 10.0, "dur": 6.5}
            """));
        assertThat(Trace.fieldNames(graph.get(0).get("args")))
                .containsExactly(
                        "outer_task_id",
                        "visible_node_count",
                        "visible_node_index_min",
                        "visible_node_index_max",
                        "prepare_slice_count",
                        "prepare_duration_us",
                        "execution_start_us",
                        "execution_duration_us",
                        "synthetic_id_layout");
        assertThat(graph.get(1).get("name").asText()).isEqualTo("GraphExecution(t9, 1 visible nodes)");
        assertThat(graph.get(1).get("tid").asInt()).isEqualTo(5001); // lane 0 is busy until 16.5
        assertThat(graph.get(1).get("ts").asDouble()).isEqualTo(11.0);
        assertThat(graph.get(1).get("dur").asDouble()).isEqualTo(5.0);
        assertThat(graph.get(1).get("args").get("execution_start_us").asDouble())
                .isEqualTo(14.5);
        assertThat(graph.get(1).get("args").get("prepare_duration_us").asDouble())
                .isEqualTo(0.25);

        assertThat(t.slices(2))
                .extracting(e -> e.get("name").asText() + "/" + e.get("cname").asText() + "@"
                        + e.get("tid").asInt())
                .containsExactly("graph_prepare(4)/rail_animation@30000", "graph_prepare(2)/rail_animation@30000");
        assertThat(t.slice(2, "graph_prepare(4)").get("args"))
                .isEqualTo(Trace.parse("{\"phase\": \"graph_prepare\", \"loop_iter\": 1, \"tasks_processed\": 4}"));
        assertThat(t.slice(2, "graph_prepare(2)").get("args").has("task_id")).isFalse();
        assertThat(t.slice(2, "graph_prepare(2)").get("args").has("shared_at_end (aic,aiv,mix)"))
                .isTrue();
        assertThat(t.counters("shared_ready_queue")).isEmpty(); // no sample for graph_prepare

        assertThat(t.slices(4))
                .extracting(e -> e.get("name").asText())
                .containsExactly("task(r1t5120)", "task(r1t5122)", "task(r1t9217)", "dummy(r1t5127)");
        assertThat(graph).allSatisfy(e -> assertThat(e.has("id")).isFalse());
    }

    @Test
    void noEnvelopeWithoutPrepareRecords() {
        Trace t = Trace.of(null)
                .chip(records().replace("\"graph_prepare\"", "\"dispatch\""))
                .build(dir);
        assertThat(t.slices(5)).isEmpty();
        assertThat(t.metaLines()).noneMatch(s -> s.startsWith("5 "));
    }
}
