package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Python converter's behaviours our trace deliberately changes, and the ones it keeps (docs/differences.md). */
class QuirkFixesTest {
    @TempDir
    Path dir;

    /**
     * Twice-dispatched tasks get their own lane: SPMD task 1 (block_num 2) dispatched twice to core 1. Block A: dispatch 10, receive 12, start 13,
     * end 20, finish 30; block B: dispatch 20, receive 22, start 23, end 28, finish 40 — overlapping in the
     * Scheduler View. Task 0 (core 0) precedes it, task 2 (core 0) follows it.
     */
    static final String Q_T1 = """
        {"l2_swimlane_level": 3,
         "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
         "aicore_tasks": [[0, 0, 1, 102, 108, 1], [1, 1, 7, 113, 120, 1], [1, 1, 8, 123, 128, 1], [0, 2, 2, 145, 150, 0]],
         "aicpu_tasks": [[0, 1, 100, 109], [1, 7, 110, 130], [1, 8, 120, 140], [0, 2, 142, 155]],
         "aicpu_scheduler_phases": [[{"kind": "complete", "start_cycles": 139, "end_cycles": 141, "tasks_processed": 2}]]}
        """;

    static final String Q_T1_DEPS = """
        {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1]}, {"task_id": "1", "kernel_ids": [-1, 1, -1], "block_num": 2},
                   {"task_id": "2", "kernel_ids": [2, -1, -1]}],
         "edges": [{"pred": "0", "succ": "1"}, {"pred": "1", "succ": "2"}]}
        """;

    @Test
    void sameTaskTwiceOnOneCoreGetsTwoLanesAndArrowsBindToTheRowUsed() {
        Trace t = Trace.of(Q_T1).deps(Q_T1_DEPS).build(dir);
        // Worker View ids: t0 0, block A 1, block B 2, t2 3; Scheduler View: t0 4, A 5, B 6, t2 7
        JsonNode a = t.sliceById(5), b = t.sliceById(6);
        assertThat(a.get("pid").asInt()).isEqualTo(3);
        assertThat(a.get("tid").asInt()).isEqualTo(10010);
        assertThat(a.get("ts").asDouble()).isEqualTo(10.0);
        assertThat(b.get("tid").asInt()).isEqualTo(10011);
        assertThat(b.get("ts").asDouble()).isEqualTo(20.0);
        assertThat(t.metaLines()).contains("3/10010 thread_name=AIV_1", "3/10011 thread_name=AIV_1");
        assertThat(t.flowLines())
                .containsExactly(
                        // Worker View: the SPMD successor anchors on block A (earliest receive) and binds to A's slice
                        "dependency pid4 10000@1.0 bind0 -> pid4 10010@12.0 bind1 in=2 out=1",
                        "dependency pid4 10010@12.0 bind1 -> pid4 10000@45.0 bind3 in=1 out=2",
                        "dependency pid3 10000@0.0 bind4 -> pid3 10010@10.0 bind5 in=2 out=1",
                        "dependency pid3 10010@10.0 bind5 -> pid3 10000@42.0 bind7 in=1 out=2",
                        // t0's finish (9) precedes the only complete: the "next complete" fallback takes it, arrows end
                        // at its start
                        "complete pid4 10000@7.99 bind0 -> pid2 30000@39.0",
                        "complete pid3 10000@8.99 bind4 -> pid2 30000@39.0",
                        // the last finish (block B, 40) is inside the complete [39, 41]; arrows leave from anchor A
                        "complete pid4 10010@19.99 bind1 -> pid2 30000@40.0",
                        "complete pid3 10010@29.99 bind5 -> pid2 30000@40.0",
                        // t0's complete also releases t1, but t1 was dispatched before it ended: no backwards arrow
                        "complete\u2192ready pid2 30000@40.99 -> pid2 30000@42.0",
                        // every row's dispatch lands on its own Scheduler View slice
                        "dispatch pid2 30000@0.0 -> pid4 10000@2.0",
                        "dispatch pid2 30000@0.0 -> pid3 10000@0.0 bind4",
                        "dispatch pid2 30000@10.0 -> pid4 10010@13.0",
                        "dispatch pid2 30000@10.0 -> pid3 10010@10.0 bind5",
                        "dispatch pid2 30000@20.0 -> pid4 10010@23.0",
                        "dispatch pid2 30000@20.0 -> pid3 10011@20.0 bind6",
                        "dispatch pid2 30000@42.0 -> pid4 10000@45.0",
                        "dispatch pid2 30000@42.0 -> pid3 10000@42.0 bind7");
    }

    @Test
    void everyUsedSchedulerViewLaneIsNamed() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [0, 1, 2, 120, 160], [0, 2, 3, 130, 170], [0, 3, 4, 200, 210]],
             "aicpu_tasks": [[0, 1, 100, 155], [0, 2, 101, 165], [0, 3, 102, 175], [0, 4, 160, 215]]}
            """).build(dir);
        assertThat(t.slices(3)).extracting(e -> e.get("tid").asInt()).containsExactly(10000, 10001, 10002, 10000);
        assertThat(t.metaLines())
                .containsSubsequence(
                        "3/10000 thread_name=AIV_0", "3/10001 thread_name=AIV_0", "3/10002 thread_name=AIV_0");
    }

    @Test
    void spmdSuffixGoesBeforeTheTaskSuffixParenthesis() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aiv", "aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 0, 1, 111, 151]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 101, 156]]}
            """)
                .deps(
                        "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [-1, 3, -1], \"block_num\": 2}], \"edges\": []}")
                .names("{\"callable_id_to_name\": {\"3\": \"mm(fused)\"}}")
                .build(dir);
        assertThat(t.slices(4))
                .extracting(e -> e.get("name").asText())
                .containsExactly("mm(fused)_spmd(t0)", "mm(fused)_spmd(t0)");
    }

    @Test
    void spmdLabels() {
        assertThat(TaskDisplay.spmd("fa_fused_aic(r2t18)")).isEqualTo("fa_fused_aic_spmd(r2t18)");
        assertThat(TaskDisplay.spmd("task(r2t18)")).isEqualTo("task_spmd(r2t18)");
        assertThat(TaskDisplay.spmd("spmd_write_aiv(t0)")).isEqualTo("spmd_write_aiv(t0)");
        assertThat(TaskDisplay.spmd("SPMDKernel(t0)")).isEqualTo("SPMDKernel(t0)");
        assertThat(TaskDisplay.spmd("fa_fused_aic_spmd(r2t18)")).isEqualTo("fa_fused_aic_spmd(r2t18)");
        assertThat(TaskDisplay.spmd("f(x)(t1)")).isEqualTo("f(x)_spmd(t1)");
    }

    @Test
    void aTaskNameSaysSpmdOnceAndKeepsItsFunction() {
        NameMap names = new NameMap(Map.of("3", "SPMD_write", "4", "gemm"), null);
        assertThat(Labels.taskName(3, "t7", true, names)).isEqualTo("SPMD_write(t7)");
        assertThat(Labels.taskName(4, "r1t7", true, names)).isEqualTo("gemm_spmd(r1t7)");
        assertThat(Labels.taskName(4, "t7", false, names)).isEqualTo("gemm(t7)");
        assertThat(Labels.taskName(9, "t7", true, names)).isEqualTo("func_9_j_spmd(t7)");
        assertThat(Labels.taskName(-1, "unknown", true, names)).isEqualTo("task_spmd(unknown)");
    }

    @Test
    void noSchedulerViewLegForARowWithoutASchedulerViewSlice() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 1, 1, 120, 160]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 105, 0]],
             "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 100, "end_cycles": 106}]]}
            """).build(dir);
        assertThat(t.slices(3)).hasSize(1);
        assertThat(t.flowLines("dispatch"))
                .containsExactly(
                        "dispatch pid2 30000@0.0 -> pid4 10000@10.0",
                        "dispatch pid2 30000@0.0 -> pid3 10000@0.0 bind2",
                        "dispatch pid2 30000@5.0 -> pid4 10010@20.0");
    }

    @Test
    void aMissingFinishIsNotAttributedToAComplete() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 1, 1, 120, 160]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 105, 0]],
             "aicpu_scheduler_phases": [[{"kind": "complete", "start_cycles": 154, "end_cycles": 156},
                                         {"kind": "complete", "start_cycles": 170, "end_cycles": 171, "tasks_processed": 3}]]}
            """).build(dir);
        List<JsonNode> completes = t.slices(2);
        assertThat(completes).extracting(e -> e.get("name").asText()).containsExactly("complete(1)", "complete(3)");
        assertThat(completes.get(0).get("args").get("finishes_processed").asInt())
                .isEqualTo(1);
        assertThat(completes.get(1).get("args").get("finish_rows_attributed").asInt())
                .isZero();
        assertThat(t.flowLines("complete"))
                .containsExactly(
                        "complete pid4 10000@49.99 bind0 -> pid2 30000@55.0",
                        "complete pid3 10000@54.99 bind2 -> pid2 30000@55.0");
    }

    @Test
    void workerViewHappensBeforeComparesWithTheSuccessorsReceive() { // kept
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150, 0], [1, 1, 1, 152, 170, 3], [0, 2, 2, 150, 160, 0]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 140, 175], [0, 2, 149, 165]]}
            """)
                .deps("{\"edges\": [{\"pred\": \"0\", \"succ\": \"1\"}, {\"pred\": \"0\", \"succ\": \"2\"}]}")
                .build(dir);
        // t1 receives at 49 (< t0's end 50) although it starts at 52 → hb_violation; t2 receives at 50 → dependency
        assertThat(t.flowLines())
                .containsExactly(
                        "hb_violation pid4 10000@10.0 bind0 -> pid4 10010@49.0 bind1 in=1 out=1",
                        "dependency pid4 10000@10.0 bind0 -> pid4 10000@50.0 bind2 in=1 out=1",
                        "hb_violation pid3 10000@0.0 bind3 -> pid3 10010@40.0 bind4 in=1 out=1",
                        "hb_violation pid3 10000@0.0 bind3 -> pid3 10001@49.0 bind5 in=1 out=1"); // t2 overlaps t0 on
        // core 0: lane 1
        assertThat(t.result.stats.workerViolations).isEqualTo(1);
        assertThat(t.result.stats.schedulerViolations).isEqualTo(2);
    }

    @Test
    void mixTaskWithoutBlockMapIsNotSpmdAndAnchorsOnEveryRow() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv", "aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 0, 1, 110, 150], [2, 0, 1, 111, 151], [0, 1, 2, 160, 170]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 100, 155], [2, 1, 101, 156], [0, 2, 157, 175]]}
            """).deps("""
            {"tasks": [{"task_id": "0", "kernel_ids": [4, 5, 6]}], "edges": [{"pred": "0", "succ": "1"}]}
            """).build(dir);
        assertThat(t.slices(4))
                .extracting(e -> e.get("name").asText())
                .containsExactly(
                        "func_4_e(t0)", "func_5_f(t0)", "func_5_f(t0)", "task(t1)"); // AIV1 named after AIV0's kernel
        assertThat(t.flowLines("dependency")).hasSize(3 + 3);
        assertThat(t.flowLines("hb_violation")).isEmpty();
        assertThat(t.flows().get(0).toString()).endsWith("in=1 out=1");
    }

    @Test
    void listedBlockNumOneIsAuthoritative() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aiv", "aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 0, 1, 111, 151]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 101, 156]]}
            """)
                .deps(
                        "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [-1, 3, -1], \"block_num\": 1}], \"edges\": []}")
                .build(dir);
        assertThat(t.slices(4)).extracting(e -> e.get("name").asText()).containsOnly("func_3_d(t0)");
    }

    @Test
    void spmdTaskWithoutRowsStillCountsItsBlocks() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]]}
            """).deps("""
            {"tasks": [{"task_id": "0", "kernel_ids": [-1, 3, -1], "block_num": 4}, {"task_id": "1", "kernel_ids": [-1, 3, -1], "block_num": 3}],
             "edges": [{"pred": "1", "succ": "0"}]}
            """).build(dir);
        assertThat(t.slice(4, "func_3_d_spmd(t0)").get("args").get("fanin-hint").asText())
                .isEqualTo("1: [t1]");
        assertThat(t.flows()).isEmpty(); // t1 has neither rows nor anchors
    }

    @Test
    void spmdHappensBeforeLooksOnlyAtTheAnchorBlock() { // kept
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv", "aiv"]},
             "aicore_tasks": [[1, 0, 1, 110, 120], [2, 0, 1, 111, 140], [0, 1, 1, 130, 150]],
             "aicpu_tasks": [[1, 1, 100, 125], [2, 1, 101, 145], [0, 1, 128, 155]]}
            """).deps("""
            {"tasks": [{"task_id": "0", "kernel_ids": [-1, 1, -1], "block_num": 2}, {"task_id": "1", "kernel_ids": [0, -1, -1]}],
             "edges": [{"pred": "0", "succ": "1"}]}
            """).build(dir);
        // block B (core 2) ends at 40, after t1's bar starts at 30, but only the anchor block A (ends at 20) is
        // compared
        assertThat(t.flowLines())
                .filteredOn(f -> f.contains("pid4 1") && (f.startsWith("dep") || f.startsWith("hb")))
                .containsExactly("dependency pid4 10010@10.0 bind0 -> pid4 10000@30.0 bind2 in=1 out=2");
    }

    @Test
    void statisticsKeepRowsWithAMissingFinish() { // kept
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [0, 1, 2, 130, 140]],
             "aicpu_tasks": [[0, 1, 100, 160], [0, 2, 120, 0]]}
            """).build(dir);
        assertThat(t.slices(3)).hasSize(1);
        assertThat(t.statistics())
                .contains(
                        "\n-1       func_-1_         2          25.00            20.00  125.0%             10.00           -15.00         10.00           0.00\n",
                        "\nTOTAL                     2          50.00            40.00\n", "Total Test Time: 60.00 us");
    }
}
