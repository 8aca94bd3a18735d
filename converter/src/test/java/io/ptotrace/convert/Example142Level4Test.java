package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.model.PhaseRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The level-4 worked example: phases, SPMD, dummy, predicated skip and alloc. 1 MHz, every time
 * below is µs after base = 990 cycles (the t0 submit starts at 990).
 */
class Example142Level4Test {
    static final String RECORDS = """
        {"l2_swimlane_level": 4,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 3, "core_types": ["aic", "aiv", "aiv"], "core_to_thread": [0, 0, 1]},
         "aicore_tasks": [[0, 0, 1, 1010, 1030, 2], [1, 1, 1, 1040, 1060, 1], [2, 1, 1, 1041, 1058, 1], [0, 2, 2, 1075, 1090, 2]],
         "aicpu_tasks": [[0, 1, 1000, 1035], [1, 1, 1036, 1062], [2, 1, 1037, 1061], [0, 2, 1070, 1095]],
         "aicpu_scheduler_phases": [
           [{"kind": "dispatch", "loop_iter": 0, "start_cycles": 999, "end_cycles": 1001, "tasks_processed": 1, "pop_hit": 1, "pop_miss": 0,
             "shared_at_start": [1, 0, 0], "shared_at_end": [0, 0, 0]},
            {"kind": "dummy_task", "loop_iter": 1, "start_cycles": 1031, "end_cycles": 1031, "tasks_processed": 1, "task_id": "4"},
            {"kind": "complete", "loop_iter": 1, "start_cycles": 1033, "end_cycles": 1035, "tasks_processed": 1,
             "shared_at_start": [0, 0, 0], "shared_at_end": [0, 1, 0]},
            {"kind": "resolve", "loop_iter": 1, "start_cycles": 1034, "end_cycles": 1035, "tasks_processed": 1},
            {"kind": "dispatch", "loop_iter": 1, "start_cycles": 1035, "end_cycles": 1037, "tasks_processed": 2},
            {"kind": "complete", "loop_iter": 2, "start_cycles": 1061, "end_cycles": 1063, "tasks_processed": 1},
            {"kind": "dispatch", "loop_iter": 3, "start_cycles": 1069, "end_cycles": 1071, "tasks_processed": 1},
            {"kind": "complete", "loop_iter": 4, "start_cycles": 1094, "end_cycles": 1096},
            {"kind": "scan", "loop_iter": 5, "start_cycles": 1097, "end_cycles": 1098}],
           [{"kind": "predicated_skip", "loop_iter": 0, "start_cycles": 1050, "end_cycles": 1050, "tasks_processed": 1, "task_id": 5},
            {"kind": "complete", "loop_iter": 0, "start_cycles": 1060, "end_cycles": 1062, "tasks_processed": 1}]],
         "aicpu_orchestrator_phases": [
           [{"submit_idx": 0, "task_id": 0, "start_cycles": 990, "end_cycles": 995},
            {"submit_idx": 1, "task_id": 1, "start_cycles": 995, "end_cycles": 997},
            {"submit_idx": 2, "task_id": 3, "start_cycles": 997, "end_cycles": 998},
            {"submit_idx": 3, "task_id": 4, "start_cycles": 998, "end_cycles": 999},
            {"submit_idx": 4, "task_id": 5, "start_cycles": 999, "end_cycles": 1000},
            {"submit_idx": 5, "task_id": 2, "start_cycles": 1000, "end_cycles": 1002}]]}
        """;
    static final String DEPS = """
        {"tasks": [
           {"task_id": "0", "kernel_ids": [0, -1, -1], "block_num": 1},
           {"task_id": "1", "kernel_ids": [-1, 1, 1], "block_num": 2},
           {"task_id": "2", "kernel_ids": [2, -1, -1], "block_num": 1},
           {"task_id": "4", "kernel_ids": [-1, -1, -1], "block_num": 1},
           {"task_id": "5", "kernel_ids": [5, -1, -1], "block_num": 1}],
         "tensors": [],
         "edges": [
           {"pred": "0", "succ": "1", "arg": 0, "source": "tensormap"},
           {"pred": "1", "succ": "2", "arg": 0, "source": "tensormap"},
           {"pred": "3", "succ": "2", "arg": 1, "source": "creator"},
           {"pred": "0", "succ": "4", "arg": -1, "source": "explicit"},
           {"pred": "4", "succ": "2", "arg": -1, "source": "explicit"},
           {"pred": "5", "succ": "2", "arg": 2, "source": "tensormap"}]}
        """;
    static final String NAMES = """
        {"orchestrator_name": "PagedAttn", "callable_id_to_name": {"0": "QK", "1": "SF", "2": "PV", "5": "GATE"}}
        """;

    @TempDir
    Path dir;

    Trace t;

    @BeforeEach
    void build() {
        t = Trace.of(RECORDS).deps(DEPS).names(NAMES).overhead().build(dir);
    }

    @Test
    void noWarnings() {
        assertThat(t.warnings).isEmpty();
    }

    @Test
    void metadataAndLanes() {
        assertThat(t.metaLines())
                .containsExactly(
                        "4 process_name=Worker View",
                        "4 process_sort_index=4",
                        "3 process_name=Scheduler View",
                        "3 process_sort_index=3",
                        "4/10000 thread_name=AIC_0",
                        "4/10010 thread_name=AIV_1",
                        "4/10020 thread_name=AIV_2",
                        "4/19000 thread_name=AICPU_0",
                        "4/19001 thread_name=AICPU_1",
                        "4/19002 thread_name=AICPU_2",
                        "3/10000 thread_name=AIC_0",
                        "3/10010 thread_name=AIV_1",
                        "3/10020 thread_name=AIV_2",
                        "2 process_name=AICPU Scheduler",
                        "2 process_sort_index=2",
                        "2/30000 thread_name=Sched_0",
                        "2/30001 thread_name=Sched_0",
                        "2/30010 thread_name=Sched_1",
                        "2/3999 thread_name=shared_ready_queue (global)",
                        "2/3999 thread_sort_index=100",
                        "1 process_name=AICPU PagedAttn",
                        "1 process_sort_index=1",
                        "1/4000 thread_name=Orch_0");
    }

    @Test
    void workerViewSlices() {
        JsonNode b1 = t.sliceById(1), b2 = t.sliceById(2);
        assertThat(b1.get("name").asText()).isEqualTo("SF_spmd(t1)");
        assertThat(b1.get("tid").asInt()).isEqualTo(10010);
        assertThat(b1.get("ts").asDouble()).isEqualTo(49.0);
        assertThat(b1.get("dur").asDouble()).isEqualTo(21.0);
        assertThat(b2.get("name").asText()).isEqualTo("SF_spmd(t1)");
        assertThat(b2.get("tid").asInt()).isEqualTo(10020);
        assertThat(b2.get("ts").asDouble()).isEqualTo(50.0);
        assertThat(b2.get("dur").asDouble()).isEqualTo(18.0);
        JsonNode pv = t.sliceById(3);
        assertThat(pv.get("name").asText()).isEqualTo("PV(t2)");
        assertThat(pv.get("args").get("fanin-hint").asText()).isEqualTo("4: [t1, t3, t4, t5]");
        assertThat(t.sliceById(0).get("args").get("fanout-hint").asText()).isEqualTo("2: [t1, t4]");
        // Scheduler View: ids 4..7 in task-record order, all on base lanes
        assertThat(List.of(4, 5, 6, 7))
                .extracting(i -> t.sliceById(i).get("pid").asInt())
                .containsOnly(3);
        assertThat(List.of(4, 5, 6, 7))
                .extracting(i -> t.sliceById(i).get("tid").asInt())
                .containsExactly(10000, 10010, 10020, 10000);
        assertThat(t.sliceById(5).get("name").asText()).isEqualTo("SF_spmd(t1)");
    }

    @Test
    void markersAndAlloc() {
        JsonNode dummy = t.sliceById(8);
        assertThat(dummy).isEqualTo(Trace.parse("""
            {"args": {"loop_iter": 1, "task_id": 4, "event-hint": "dummy(t4)", "phase": "dummy_task"}, "cat": "event", "id": 8,
             "name": "dummy(t4)", "ph": "X", "pid": 4, "tid": 19000, "ts": 41.0, "dur": 0.02}
            """));
        assertThat(Trace.fieldNames(dummy)).doesNotContain("cname");
        assertThat(Trace.fieldNames(dummy.get("args"))).containsExactly("loop_iter", "task_id", "event-hint", "phase");
        JsonNode gate = t.sliceById(9);
        assertThat(gate).isEqualTo(Trace.parse("""
            {"args": {"loop_iter": 0, "task_id": 5, "event-hint": "GATE(t5)", "predicated_pass": false}, "cat": "event", "id": 9,
             "name": "GATE(t5)", "ph": "X", "pid": 4, "tid": 19001, "ts": 60.0, "dur": 0.02}
            """));
        JsonNode alloc = t.sliceById(10);
        assertThat(alloc).isEqualTo(Trace.parse("""
            {"args": {"phase": "alloc", "task_id": 3, "event-hint": "alloc(t3)"}, "cat": "event", "cname": "olive", "id": 10,
             "name": "alloc(t3)", "ph": "X", "pid": 4, "tid": 19002, "ts": 7.0, "dur": 1.0}
            """));
        assertThat(Trace.fieldNames(alloc))
                .containsExactly("args", "cat", "cname", "id", "name", "ph", "pid", "tid", "ts", "dur");
        assertThat(t.slices(4))
                .hasSize(7); // 4 kernel rows + dummy + predicated skip + alloc (no bar for t4/t5 submits)
    }

    @Test
    void schedulerPhaseSlices() {
        List<JsonNode> phases = t.slices(2);
        assertThat(phases)
                .extracting(e -> e.get("name").asText() + "@" + e.get("tid").asInt() + ":"
                        + e.get("ts").asText())
                .containsExactly(
                        "dispatch(1)@30000:9.0",
                        "complete(1)@30000:43.0",
                        "resolve(1)@30001:44.0",
                        "dispatch(2)@30000:45.0",
                        "complete(1)@30000:71.0",
                        "dispatch(1)@30000:79.0",
                        "complete(1)@30000:104.0",
                        "complete(1)@30010:70.0");
        assertThat(phases.get(0)).isEqualTo(Trace.parse("""
            {"args": {"phase": "dispatch", "loop_iter": 0, "tasks_processed": 1, "shared_at_start (aic,aiv,mix)": [1, 0, 0],
                      "shared_at_end (aic,aiv,mix)": [0, 0, 0]},
             "cat": "scheduler", "cname": "terrible", "name": "dispatch(1)", "ph": "X", "pid": 2, "tid": 30000, "ts": 9.0, "dur": 2.0}
            """));
        assertThat(Trace.fieldNames(phases.get(0)))
                .containsExactly("args", "cat", "cname", "name", "ph", "pid", "tid", "ts", "dur");
        assertThat(phases.get(1).get("cname").asText()).isEqualTo("good");
        assertThat(phases.get(1).get("args")).isEqualTo(Trace.parse("""
            {"phase": "complete", "loop_iter": 1, "tasks_processed": 1, "shared_at_start (aic,aiv,mix)": [0, 0, 0],
             "shared_at_end (aic,aiv,mix)": [0, 1, 0], "finishes_processed": 1, "finish_rows_attributed": 1}
            """));
        assertThat(Trace.fieldNames(phases.get(1).get("args")))
                .containsExactly(
                        "phase",
                        "loop_iter",
                        "tasks_processed",
                        "shared_at_start (aic,aiv,mix)",
                        "shared_at_end (aic,aiv,mix)",
                        "finishes_processed",
                        "finish_rows_attributed");
        assertThat(phases.get(2)).isEqualTo(Trace.parse("""
            {"args": {"phase": "resolve", "loop_iter": 1, "tasks_processed": 1}, "cat": "scheduler", "cname": "vsync_highlight_color",
             "name": "resolve(1)", "ph": "X", "pid": 2, "tid": 30001, "ts": 44.0, "dur": 1.0}
            """));
        // the complete without tasks_processed shows the attributed row count (fallback)
        assertThat(phases.get(6).get("args")).isEqualTo(Trace.parse("""
            {"phase": "complete", "loop_iter": 4, "tasks_processed": 1, "finishes_processed": 1}
            """));
        assertThat(Trace.fieldNames(phases.get(6).get("args")))
                .containsExactly("phase", "loop_iter", "tasks_processed", "finishes_processed");
        assertThat(phases.get(7).get("args").get("finish_rows_attributed").asInt())
                .isEqualTo(1); // t1's block on core 2
        assertThat(t.result.stats.skippedPhaseRecords).isEqualTo(1); // the scan record
    }

    @Test
    void queueCounter() {
        List<JsonNode> q = t.counters("shared_ready_queue");
        assertThat(q)
                .containsExactly(
                        Trace.parse(
                                "{\"args\": {\"AIC\": 0, \"AIV\": 0, \"MIX\": 0}, \"cat\": \"queue\", \"name\": \"shared_ready_queue\", \"ph\": \"C\", \"pid\": 2, \"tid\": 3999, \"ts\": 11.0}"),
                        Trace.parse(
                                "{\"args\": {\"AIC\": 0, \"AIV\": 1, \"MIX\": 0}, \"cat\": \"queue\", \"name\": \"shared_ready_queue\", \"ph\": \"C\", \"pid\": 2, \"tid\": 3999, \"ts\": 45.0}"));
        assertThat(Trace.fieldNames(q.get(0))).containsExactly("args", "cat", "name", "ph", "pid", "tid", "ts");
    }

    @Test
    void orchestratorSlices() {
        List<JsonNode> orch = t.slices(1);
        assertThat(orch)
                .extracting(e -> e.get("name").asText())
                .containsExactly("submit(t0)", "submit(t1)", "submit(t3)", "submit(t4)", "submit(t5)", "submit(t2)");
        assertThat(t.slice(1, "submit(t3)")).isEqualTo(Trace.parse("""
            {"args": {"phase": "orch_submit", "submit_idx": 2, "task_id": 3}, "cat": "orchestrator", "cname": "rail_animation",
             "name": "submit(t3)", "ph": "X", "pid": 1, "tid": 4000, "ts": 7.0, "dur": 1.0}
            """));
        assertThat(orch).allSatisfy(e -> assertThat(e.has("id")).isFalse());
        assertThat(t.slices(2)).allSatisfy(e -> assertThat(e.has("id")).isFalse());
    }

    @Test
    void everyFlowInOrder() {
        assertThat(t.flowLines())
                .containsExactly(
                        "dependency pid4 10000@18.0 bind0 -> pid4 10010@49.0 bind1 in=2 out=1",
                        "dependency pid4 10000@18.0 bind0 -> pid4 19000@41.0 bind8 in=1 out=1",
                        "dependency pid4 10010@49.0 bind1 -> pid4 10000@83.0 bind3 in=1 out=2",
                        "dependency pid4 19002@7.0 bind10 -> pid4 10000@83.0 bind3 in=1 out=1",
                        "dependency pid4 19000@41.0 bind8 -> pid4 10000@83.0 bind3 in=1 out=1",
                        "dependency pid4 19001@60.0 bind9 -> pid4 10000@83.0 bind3 in=1 out=1",
                        "dependency pid3 10000@10.0 bind4 -> pid3 10010@46.0 bind5 in=2 out=1",
                        "dependency pid3 10010@46.0 bind5 -> pid3 10000@80.0 bind7 in=1 out=2",
                        "complete pid4 10000@39.99 bind0 -> pid2 30000@45.0",
                        "complete pid3 10000@44.99 bind4 -> pid2 30000@45.0",
                        "complete pid4 10010@69.99 bind1 -> pid2 30000@72.0",
                        "complete pid3 10010@71.99 bind5 -> pid2 30000@72.0",
                        "complete pid4 10000@99.99 bind3 -> pid2 30000@105.0",
                        "complete pid3 10000@104.99 bind7 -> pid2 30000@105.0",
                        "complete\u2192ready pid2 30000@44.99 -> pid2 30000@46.0",
                        "dispatch pid2 30000@10.0 -> pid4 10000@20.0",
                        "dispatch pid2 30000@10.0 -> pid3 10000@10.0 bind4",
                        "dispatch pid2 30000@46.0 -> pid4 10010@50.0",
                        "dispatch pid2 30000@46.0 -> pid3 10010@46.0 bind5",
                        "dispatch pid2 30010@47.0 -> pid4 10020@51.0",
                        "dispatch pid2 30010@47.0 -> pid3 10020@47.0 bind6",
                        "dispatch pid2 30000@80.0 -> pid4 10000@85.0",
                        "dispatch pid2 30000@80.0 -> pid3 10000@80.0 bind7",
                        "submit\u2192dispatch pid1 4000@5.0 -> pid2 30000@10.0",
                        "submit\u2192dispatch pid1 4000@7.0 -> pid2 30000@46.0",
                        "submit\u2192dispatch pid1 4000@7.0 -> pid2 30010@47.0",
                        "submit\u2192dispatch pid1 4000@12.0 -> pid2 30000@80.0");
        assertThat(t.flows())
                .extracting(f -> f.id)
                .containsExactlyElementsOf(
                        () -> java.util.stream.IntStream.range(0, 27).iterator());
    }

    @Test
    void nonDependencyFlowKeyOrder() {
        Trace.Flow complete = t.flows().get(8);
        assertThat(Trace.fieldNames(complete.s))
                .containsExactly("cat", "id", "name", "ph", "pid", "tid", "ts", "bind_id");
        assertThat(Trace.fieldNames(complete.f)).containsExactly("cat", "id", "name", "ph", "pid", "tid", "ts", "bp");
        Trace.Flow dispatchToSv = t.flows().get(16);
        assertThat(Trace.fieldNames(dispatchToSv.f))
                .containsExactly("cat", "id", "name", "ph", "pid", "tid", "ts", "bp", "bind_id");
    }

    @Test
    void overheadCounters() {
        List<String> samples = new ArrayList<>();
        for (JsonNode c : t.ph("C")) {
            if (!c.get("cat").asText().equals("overhead")) continue;
            String n = c.get("name").asText();
            assertThat(c.get("args").get(n)).isNotNull();
            samples.add(n + " " + c.get("args").get(n).asInt() + " @"
                    + c.get("ts").asText() + " tid" + c.get("tid").asInt());
        }
        assertThat(samples)
                .containsExactly(
                        "oh_aic_idle 0 @20.0 tid9101",
                        "oh_aic_ready 0 @20.0 tid9102",
                        "oh_aic_overhead 0 @20.0 tid9103",
                        "oh_aiv_idle 2 @20.0 tid9111",
                        "oh_aiv_ready 0 @20.0 tid9112",
                        "oh_aiv_overhead 0 @20.0 tid9113",
                        "oh_all_overhead 0 @20.0 tid9121",
                        "oh_has_overhead 0 @20.0 tid9122",
                        "oh_aic_idle 1 @40.0 tid9101",
                        "oh_aiv_ready 1 @40.0 tid9112",
                        "oh_aiv_overhead 1 @40.0 tid9113",
                        "oh_has_overhead 1 @40.0 tid9122",
                        "oh_aiv_ready 0 @46.0 tid9112",
                        "oh_aiv_overhead 0 @46.0 tid9113",
                        "oh_has_overhead 0 @46.0 tid9122",
                        "oh_aiv_idle 1 @50.0 tid9111",
                        "oh_aiv_idle 0 @51.0 tid9111",
                        "oh_aiv_idle 1 @68.0 tid9111",
                        "oh_aic_ready 1 @70.0 tid9102",
                        "oh_aic_overhead 1 @70.0 tid9103",
                        "oh_aiv_idle 2 @70.0 tid9111",
                        "oh_has_overhead 1 @70.0 tid9122",
                        "oh_aic_ready 0 @80.0 tid9102",
                        "oh_aic_overhead 0 @80.0 tid9103",
                        "oh_has_overhead 0 @80.0 tid9122",
                        "oh_aic_idle 0 @85.0 tid9101");
        JsonNode first = t.counters("oh_aiv_idle").get(0);
        assertThat(first)
                .isEqualTo(
                        Trace.parse(
                                "{\"ph\": \"C\", \"cat\": \"overhead\", \"name\": \"oh_aiv_idle\", \"pid\": 2, \"tid\": 9111, \"ts\": 20.0, \"args\": {\"oh_aiv_idle\": 2}}"));
        assertThat(Trace.fieldNames(first)).containsExactly("ph", "cat", "name", "pid", "tid", "ts", "args");
    }

    @Test
    void statistics() {
        List<String> rows = new ArrayList<>();
        for (String line : t.statistics().split("\n")) {
            String n = line.strip().replaceAll(" +", " ");
            if (n.matches("^-?\\d+ .*") || n.startsWith("TOTAL") || n.startsWith("Total Test Time")) rows.add(n);
        }
        assertThat(rows)
                .containsExactly(
                        "0 QK 1 20.00 35.00 57.1% 10.00 5.00 8.00 2.00",
                        "1 SF 2 18.50 25.00 74.0% 4.00 2.50 3.00 1.00",
                        "2 PV 1 15.00 25.00 60.0% 5.00 5.00 3.00 2.00",
                        "TOTAL 4 72.00 110.00",
                        "Total Test Time: 95.00 us (from earliest dispatch to latest finish)");
        assertThat(t.statistics())
                .contains(
                        "  Source l2_swimlane_level: 4 (full collection with orchestrator phases; recorded in l2_swimlane_records.json)");
    }

    @Test
    void dummyWithoutSchedulerRecordWarnsOncePerTask() {
        Trace u = Trace.of(RECORDS.replace("\"kind\": \"dummy_task\"", "\"kind\": \"idle\"")
                        .replace(
                                "{\"submit_idx\": 5, \"task_id\": 2,",
                                "{\"submit_idx\": 6, \"task_id\": 4, \"start_cycles\": 1002, \"end_cycles\": 1003},\n"
                                        + "{\"submit_idx\": 5, \"task_id\": 2,"))
                .deps(DEPS)
                .names(NAMES)
                .build(dir);
        assertThat(u.warnings)
                .containsExactly(
                        "Warning: dummy(t4) has no dummy_task scheduler record; its Worker View bar cannot be rendered.");
        assertThat(u.slices(4)).extracting(e -> e.get("name").asText()).doesNotContain("dummy(t4)", "alloc(t4)");
        // without its anchor, the 0→4 and 4→2 arrows are skipped
        assertThat(u.flowLines("dependency")).noneMatch(s -> s.contains("19000@41.0"));
        assertThat(u.result.stats.missingSuccessors).isEqualTo(1);
        assertThat(u.verbose).contains("Warning: Task t0 (raw 0) references non-existent successor t4 (raw 4)");
    }

    @Test
    void noDepsGivesTaskLabelsAndNoDependencyArrows() {
        Trace u = Trace.of(RECORDS).names(NAMES).build(dir);
        assertThat(u.slices(4))
                .extracting(e -> e.get("name").asText())
                .containsExactly(
                        "task(t0)", "task_spmd(t1)", "task_spmd(t1)", "task(t2)", "dummy(t4)", "task(t5)", "alloc(t3)");
        // without a kernel map: t4 is a dummy through its runtime record, t5 predicated through its record, t3 an alloc
        assertThat(u.flows())
                .extracting(f -> f.name)
                .doesNotContain("dependency", "hb_violation", "complete\u2192ready");
        assertThat(u.flowLines("complete")).hasSize(6);
    }

    @Test
    void completeRecordsAreRealPhaseRecords() {
        PhaseRecord r = t.tl.schedulerPhases.get(0).get(7);
        assertThat(r.phase()).isEqualTo("complete");
        assertThat(r.hasTasksProcessed()).isFalse();
    }
}
