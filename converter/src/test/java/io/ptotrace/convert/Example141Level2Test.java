package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The level-2 worked example: two cores, deps + name map, every event. */
class Example141Level2Test {
    static final String RECORDS = """
        {"l2_swimlane_level": 2,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 2, "core_types": ["aic", "aiv"]},
         "aicore_tasks": [[0, 0, 1, 110, 150, 2], [1, 1, 1, 160, 200, 3], [1, 4294967298, 2, 210, 230, 1]],
         "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [1, 2, 203, 240], [0, 9, 300, 310]]}
        """;
    static final String DEPS = """
        {"tasks": [
           {"task_id": "0", "scope": "auto", "kernel_ids": [0, -1, -1], "block_num": 1, "args": []},
           {"task_id": "1", "scope": "auto", "kernel_ids": [-1, 1, 1], "block_num": 1, "args": []},
           {"task_id": "4294967298", "scope": "auto", "kernel_ids": [-1, 2, -1], "block_num": 1, "args": []}],
         "tensors": [],
         "edges": [
           {"pred": "0", "succ": "1", "arg": 0, "source": "creator", "tensor_id": "13451765318376212391"},
           {"pred": "0", "succ": "1", "arg": 0, "source": "tensormap", "overlap": "covered", "tensor_id": "13451765318376212391"},
           {"pred": "1", "succ": "4294967298", "arg": 1, "source": "tensormap", "overlap": "other", "tensor_id": "1"}]}
        """;
    static final String NAMES = """
        {"orchestrator_name": "PagedAttn", "callable_id_to_name": {"0": "QK", "1": "SF"}}
        """;

    @TempDir
    Path dir;

    Trace t;

    @BeforeEach
    void build() {
        t = Trace.of(RECORDS).deps(DEPS).names(NAMES).build(dir);
    }

    @Test
    void funcIdsAreResolvedFromKernelIds() {
        assertThat(t.run.funcId).containsExactly(0, 1, 2);
    }

    @Test
    void metadataEvents() {
        assertThat(t.metaLines())
                .containsExactly(
                        "4 process_name=Worker View",
                        "4 process_sort_index=4",
                        "3 process_name=Scheduler View",
                        "3 process_sort_index=3",
                        "4/10000 thread_name=AIC_0",
                        "4/10010 thread_name=AIV_1",
                        "3/10000 thread_name=AIC_0",
                        "3/10010 thread_name=AIV_1",
                        "3/10011 thread_name=AIV_1");
        JsonNode first = t.meta().get(0);
        assertThat(Trace.fieldNames(first)).containsExactly("args", "cat", "name", "ph", "pid");
        assertThat(first.get("cat").asText()).isEqualTo("__metadata");
        JsonNode thread = t.meta().get(4);
        assertThat(Trace.fieldNames(thread)).containsExactly("args", "cat", "name", "ph", "pid", "tid");
    }

    @Test
    void everySlice() {
        List<JsonNode> expected = new ArrayList<>();
        for (String line : """
            {"args": {"event-hint": "Task:t0, FuncId:0, CoreId:0", "fanout-hint": "1: [t1]", "fanin-hint": "0: []", "duration-us": 42.0, "kernel-duration-us": 40.0, "local_setup_us": 2.0, "taskId": 0}, "cat": "event", "id": 0, "name": "QK(t0)", "ph": "X", "pid": 4, "tid": 10000, "ts": 8.0, "dur": 42.0}
            {"args": {"event-hint": "Task:t1, FuncId:1, CoreId:1", "fanout-hint": "1: [r1t2]", "fanin-hint": "1: [t0]", "duration-us": 43.0, "kernel-duration-us": 40.0, "local_setup_us": 3.0, "taskId": 1}, "cat": "event", "id": 1, "name": "SF(t1)", "ph": "X", "pid": 4, "tid": 10010, "ts": 57.0, "dur": 43.0}
            {"args": {"event-hint": "Task:r1t2, FuncId:2, CoreId:1", "fanout-hint": "0: []", "fanin-hint": "1: [t1]", "duration-us": 21.0, "kernel-duration-us": 20.0, "local_setup_us": 1.0, "taskId": 4294967298}, "cat": "event", "id": 2, "name": "func_2_c(r1t2)", "ph": "X", "pid": 4, "tid": 10010, "ts": 109.0, "dur": 21.0}
            {"args": {"event-hint": "Task:t0, FuncId:0, CoreId:0", "dispatch-time-us": 0.0, "finish-time-us": 55.0, "aicpu-duration-us": 55.0, "taskId": 0}, "cat": "event", "id": 3, "name": "QK(t0)", "ph": "X", "pid": 3, "tid": 10000, "ts": 0.0, "dur": 55.0}
            {"args": {"event-hint": "Task:t1, FuncId:1, CoreId:1", "dispatch-time-us": 52.0, "finish-time-us": 105.0, "aicpu-duration-us": 53.0, "taskId": 1}, "cat": "event", "id": 4, "name": "SF(t1)", "ph": "X", "pid": 3, "tid": 10010, "ts": 52.0, "dur": 53.0}
            {"args": {"event-hint": "Task:r1t2, FuncId:2, CoreId:1", "dispatch-time-us": 103.0, "finish-time-us": 140.0, "aicpu-duration-us": 37.0, "taskId": 4294967298}, "cat": "event", "id": 5, "name": "func_2_c(r1t2)", "ph": "X", "pid": 3, "tid": 10011, "ts": 103.0, "dur": 37.0}
            """.split("\n")) expected.add(Trace.parse(line));
        assertThat(t.slices()).containsExactlyElementsOf(expected);
        assertThat(Trace.fieldNames(t.slices().get(0)))
                .containsExactly("args", "cat", "id", "name", "ph", "pid", "tid", "ts", "dur");
        assertThat(Trace.fieldNames(t.slices().get(0).get("args")))
                .containsExactly(
                        "event-hint",
                        "fanout-hint",
                        "fanin-hint",
                        "duration-us",
                        "kernel-duration-us",
                        "local_setup_us",
                        "taskId");
        assertThat(Trace.fieldNames(t.slices().get(3).get("args")))
                .containsExactly("event-hint", "dispatch-time-us", "finish-time-us", "aicpu-duration-us", "taskId");
        assertThat(t.ph("C")).isEmpty();
    }

    @Test
    void everyFlow() {
        List<JsonNode> expected = new ArrayList<>();
        for (String line : """
            {"cat": "flow", "id": 0, "name": "dependency", "ph": "s", "pid": 4, "tid": 10000, "ts": 8.0, "input_task_count": 1, "output_task_count": 1, "bind_id": 0}
            {"cat": "flow", "id": 0, "name": "dependency", "ph": "f", "pid": 4, "tid": 10010, "ts": 57.0, "bp": "e", "input_task_count": 1, "output_task_count": 1, "bind_id": 1}
            {"cat": "flow", "id": 1, "name": "dependency", "ph": "s", "pid": 4, "tid": 10010, "ts": 57.0, "input_task_count": 1, "output_task_count": 1, "bind_id": 1}
            {"cat": "flow", "id": 1, "name": "dependency", "ph": "f", "pid": 4, "tid": 10010, "ts": 109.0, "bp": "e", "input_task_count": 1, "output_task_count": 1, "bind_id": 2}
            {"cat": "flow", "id": 2, "name": "hb_violation", "ph": "s", "pid": 3, "tid": 10000, "ts": 0.0, "input_task_count": 1, "output_task_count": 1, "bind_id": 3}
            {"cat": "flow", "id": 2, "name": "hb_violation", "ph": "f", "pid": 3, "tid": 10010, "ts": 52.0, "bp": "e", "input_task_count": 1, "output_task_count": 1, "bind_id": 4}
            {"cat": "flow", "id": 3, "name": "hb_violation", "ph": "s", "pid": 3, "tid": 10010, "ts": 52.0, "input_task_count": 1, "output_task_count": 1, "bind_id": 4}
            {"cat": "flow", "id": 3, "name": "hb_violation", "ph": "f", "pid": 3, "tid": 10011, "ts": 103.0, "bp": "e", "input_task_count": 1, "output_task_count": 1, "bind_id": 5}
            """.split("\n")) expected.add(Trace.parse(line));
        List<JsonNode> flowEvents = t.where(e -> e.path("cat").asText().equals("flow"));
        assertThat(flowEvents).containsExactlyElementsOf(expected);
        assertThat(Trace.fieldNames(flowEvents.get(0)))
                .containsExactly(
                        "cat",
                        "id",
                        "name",
                        "ph",
                        "pid",
                        "tid",
                        "ts",
                        "input_task_count",
                        "output_task_count",
                        "bind_id");
        assertThat(Trace.fieldNames(flowEvents.get(1)))
                .containsExactly(
                        "cat",
                        "id",
                        "name",
                        "ph",
                        "pid",
                        "tid",
                        "ts",
                        "bp",
                        "input_task_count",
                        "output_task_count",
                        "bind_id");
    }

    @Test
    void topLevelHasOnlyTraceEvents() {
        assertThat(Trace.fieldNames(t.root)).containsExactly("traceEvents");
        assertThat(t.json).doesNotContain("\n");
    }

    @Test
    void statisticsTable() {
        String eq = "=".repeat(140), dash = "-".repeat(140);
        assertThat(t.statistics())
                .isEqualTo(String.join(
                        "\n",
                        "",
                        eq,
                        "Task Statistics by Function",
                        "  Source l2_swimlane_level: 2 (AICore + AICPU timing; recorded in l2_swimlane_records.json)",
                        "  Exec = kernel time on AICore; Latency = dispatch->finish (incl. head OH + Exec + tail OH)",
                        "  Head OH split (v3): Prop = NoC propagation (dispatch_ts\u2192AICore receive); Local = dcci+ack (receive\u2192start)",
                        eq,
                        "Func_ID  Func_Name    Count   Avg Exec(us)  Avg Latency(us)   Exec%   Avg Head OH(us)  Avg Tail OH(us)  Avg Prop(us)  Avg Local(us)",
                        dash,
                        "0        QK               1          40.00            55.00   72.7%             10.00             5.00          8.00           2.00",
                        "1        SF               1          40.00            53.00   75.5%              8.00             5.00          5.00           3.00",
                        "2        func_2_c         1          20.00            37.00   54.1%              7.00            10.00          6.00           1.00",
                        dash,
                        "TOTAL                     3         100.00           145.00",
                        "",
                        "Total Test Time: 140.00 us (from earliest dispatch to latest finish)",
                        "",
                        "--- Task execution vs Scheduler overhead ---",
                        "  Per-task (all):  Avg Exec = 33.33 us,  Avg Latency (dispatch->finish) = 48.33 us,  Exec/Latency = 68.97%",
                        "  (Latency = dispatch\u2192finish; Exec = AICore kernel time per task)",
                        "=".repeat(110),
                        ""));
    }

    @Test
    void happensBeforeCounts() {
        assertThat(t.result.stats.workerPairs).isEqualTo(2);
        assertThat(t.result.stats.workerViolations).isZero();
        assertThat(t.result.stats.schedulerViolations).isEqualTo(2);
    }

    @Test
    void readerWarningIsTheUnmatchedAicpuRow() {
        assertThat(t.warnings)
                .containsExactly(
                        "Warning: 1 aicpu_task(s) had no matching AICore record (top offenders: core 0: 1); "
                                + "the missing AICore buffer(s) were dropped on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
    }
}
