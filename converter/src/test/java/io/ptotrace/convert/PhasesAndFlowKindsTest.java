package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.PhaseRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Phase taxonomy, colours, lanes, markers, legacy orchestrator kinds, core-to-thread voting (docs/trace-layout.md). */
class PhasesAndFlowKindsTest {
    @TempDir
    Path dir;

    @Test
    void drawnPhasesColoursAndQueueSamples() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"], "core_to_thread": [0]},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[
               {"kind": "complete", "start_cycles": 150, "end_cycles": 160, "shared_at_start": [1, 1, 1], "shared_at_end": [2, 3, 4]},
               {"kind": "dispatch", "start_cycles": 101, "end_cycles": 102, "tasks_processed": 1, "shared_at_start": [0, 0, 0], "shared_at_end": [5, 6, 7]},
               {"kind": "async_poll", "start_cycles": 103, "end_cycles": 104, "shared_at_start": [0, 0, 0], "shared_at_end": [1, 1, 1]},
               {"kind": "release", "start_cycles": 120, "end_cycles": 119},
               {"kind": "dummy", "start_cycles": 105, "end_cycles": 106},
               {"kind": "early_dispatch", "start_cycles": 106, "end_cycles": 107},
               {"kind": "drain", "start_cycles": 107, "end_cycles": 108},
               {"kind": "drain_prepare", "start_cycles": 108, "end_cycles": 109},
               {"kind": "drain_publish", "start_cycles": 109, "end_cycles": 110},
               {"kind": "resolve", "start_cycles": 110, "end_cycles": 111},
               {"kind": "scan"}, {"kind": "poll"}, {"kind": "idle"}, {"kind": "fanout"}, {"kind": "prestage"}, {}, {"kind": "mystery"},
               {"kind": "dispatch", "start_cycles": 112, "end_cycles": 113, "tasks_processed": 0, "shared_at_start": [1, 2], "shared_at_end": [0, 0, 0]}
             ]]}
            """).build(dir);
        assertThat(t.slices(2))
                .extracting(e -> e.get("name").asText() + " " + e.get("cname").asText() + " "
                        + e.get("tid").asInt() + " " + e.get("dur").asText())
                .containsExactly(
                        "complete(1) good 30000 10.0",
                        "dispatch(1) terrible 30000 1.0",
                        "async_poll(0) yellow 30000 1.0",
                        "release(0) olive 30000 -1.0",
                        "dummy(0) grey 30000 1.0",
                        "early_dispatch(0) rail_animation 30000 1.0",
                        "drain(0) cq_build_running 30000 1.0",
                        "drain_prepare(0) cq_build_attempt_runnable 30000 1.0",
                        "drain_publish(0) cq_build_attempt_passed 30000 1.0",
                        "resolve(0) vsync_highlight_color 30001 1.0",
                        "dispatch(0) terrible 30000 1.0");
        assertThat(t.result.stats.skippedPhaseRecords).isEqualTo(7);
        assertThat(t.slice(2, "async_poll(0)").get("args").has("shared_at_end (aic,aiv,mix)"))
                .isTrue();
        assertThat(t.slice(2, "dispatch(0)").get("args"))
                .isEqualTo(Trace.parse("{\"phase\": \"dispatch\", \"loop_iter\": 0, \"tasks_processed\": 0}"));
        // samples only after complete/dispatch with valid depths, at the phase end
        assertThat(t.counters("shared_ready_queue"))
                .extracting(c -> c.get("ts").asText() + " " + c.get("args"))
                .containsExactly("60.0 {\"AIC\":2,\"AIV\":3,\"MIX\":4}", "2.0 {\"AIC\":5,\"AIV\":6,\"MIX\":7}");
        assertThat(t.metaLines()).contains("2/30001 thread_name=Sched_0");
    }

    static final String LEVEL4 = """
        {"l2_swimlane_level": 4, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
         "aicore_tasks": [[0, 0, 1, 110, 150], [1, 1, 1, 160, 200], [0, 2, 2, 210, 230]],
         "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [0, 2, 203, 240]],
         "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 99, "end_cycles": 104}]],
         "aicpu_orchestrator_phases": [[
           {"submit_idx": 0, "task_id": 0, "start_cycles": 90, "end_cycles": 91},
           {"submit_idx": 1, "task_id": "1", "start_cycles": 91, "end_cycles": 92},
           {"submit_idx": 2, "task_id": 1, "start_cycles": 92, "end_cycles": 93},
           {"submit_idx": 3, "task_id": 2, "start_cycles": 93, "end_cycles": 94},
           {"submit_idx": 7, "task_id": -1, "start_cycles": 94, "end_cycles": 95},
           {"submit_idx": 8, "task_id": "abc", "start_cycles": 95, "end_cycles": 96},
           {"submit_idx": 9, "task_id": 2, "start_cycles": 96, "end_cycles": 97},
           {"submit_idx": 10, "task_id": 2, "start_cycles": 97, "end_cycles": 98},
           {"submit_idx": 11, "task_id": 2, "start_cycles": 98, "end_cycles": 99},
           {"submit_idx": 12, "start_cycles": 99, "end_cycles": 99}]]}
        """;

    @Test
    void legacyOrchestratorPhasesNamesColoursAndFlowKinds() {
        String[] phases = {
            "orch_fanin",
            "orch_params",
            "orch_submit",
            "orch_sync",
            "orch_alloc",
            "orch_lookup",
            "orch_insert",
            "orch_custom_x",
            "orch_params",
            "orch_submit"
        };
        Trace t = Trace.of(LEVEL4)
                .tweak(tl -> {
                    List<PhaseRecord> lane = tl.orchestratorPhases.get(0);
                    for (int i = 0; i < phases.length; i++) lane.get(i).setPhase(phases[i]);
                })
                .build(dir);
        assertThat(t.slices(1))
                .extracting(e -> e.get("name").asText() + " " + e.get("cname").asText())
                .containsExactly(
                        "fanin(t0) rail_animation",
                        "params(t1) good",
                        "submit(t1) rail_animation",
                        "sync(t2) thread_state_iowait",
                        "alloc(7) terrible",
                        "lookup(8) thread_state_running",
                        "insert(t2) olive",
                        "custom_x(t2) generic_work",
                        "params(t2) good",
                        "submit(12) rail_animation");
        assertThat(t.slice(1, "lookup(8)").get("args"))
                .isEqualTo(Trace.parse("{\"phase\": \"orch_lookup\", \"submit_idx\": 8, \"task_id\": \"abc\"}"));
        assertThat(t.slice(1, "params(t1)").get("args").get("task_id").asText())
                .isEqualTo("1"); // raw value kept in the args
        assertThat(t.slice(1, "submit(12)").get("args").get("task_id").asInt()).isEqualTo(-1);
        assertThat(t.flowLines())
                .filteredOn(s -> s.contains("\u2192dispatch"))
                .containsExactly(
                        "fanin\u2192dispatch pid1 4000@1.0 -> pid2 30000@10.0",
                        "submit\u2192dispatch pid1 4000@3.0 -> pid2 30000@62.0",
                        "params\u2192dispatch pid1 4000@9.0 -> pid2 30000@113.0");
        assertThat(t.slices(4))
                .extracting(e -> e.get("name").asText())
                .doesNotContainAnyElementsOf(List.of("alloc(t2)", "alloc(t1)"));
    }

    /**
     * Which orchestrator record a task's arrow to its dispatch starts at: its first submit, else its first fanin or
     * params; a submit takes a task from an earlier fanin or params, nothing takes it from a submit.
     */
    @Test
    void submitClaimsATaskBeforeFaninAndParams() {
        String[] phases = {
            "orch_fanin", // t0: the only claim
            "orch_submit", // t1: claims it
            "orch_params", // t1: too late
            "orch_params", // t2: claims it, until
            "orch_alloc",
            "orch_lookup",
            "orch_submit", // t2: a submit takes it over
            "orch_submit", // t2: the first submit keeps it
            "orch_fanin", // t2: too late
            "orch_submit"
        };
        Trace t = Trace.of(LEVEL4)
                .tweak(tl -> {
                    List<PhaseRecord> lane = tl.orchestratorPhases.get(0);
                    for (int i = 0; i < phases.length; i++) lane.get(i).setPhase(phases[i]);
                })
                .build(dir);
        assertThat(t.flowLines())
                .filteredOn(s -> s.contains("\u2192dispatch"))
                .containsExactly(
                        "fanin\u2192dispatch pid1 4000@1.0 -> pid2 30000@10.0",
                        "submit\u2192dispatch pid1 4000@2.0 -> pid2 30000@62.0",
                        "submit\u2192dispatch pid1 4000@7.0 -> pid2 30000@113.0");
    }

    @Test
    void orchestratorTaskIdStringsAreNormalised() {
        Trace t = Trace.of(LEVEL4).build(dir);
        assertThat(t.slices(1))
                .extracting(e -> e.get("name").asText())
                .containsExactly(
                        "submit(t0)",
                        "submit(t1)",
                        "submit(t1)",
                        "submit(t2)",
                        "submit(7)",
                        "submit(8)",
                        "submit(t2)",
                        "submit(t2)",
                        "submit(t2)",
                        "submit(12)");
        // the first submit of a task claims it
        assertThat(t.flowLines("submit\u2192dispatch"))
                .containsExactly(
                        "submit\u2192dispatch pid1 4000@1.0 -> pid2 30000@10.0",
                        "submit\u2192dispatch pid1 4000@2.0 -> pid2 30000@62.0",
                        "submit\u2192dispatch pid1 4000@4.0 -> pid2 30000@113.0");
        assertThat(t.metaLines()).contains("1 process_name=AICPU Orchestrator", "1/4000 thread_name=Orch_0");
    }

    @Test
    void coreToThreadByVoting() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"]},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 1, 1, 160, 200], [0, 2, 2, 210, 230]],
             "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [0, 2, 203, 240]],
             "aicpu_scheduler_phases": [
               [{"kind": "dispatch", "start_cycles": 95, "end_cycles": 105}, {"kind": "dispatch", "start_cycles": 200, "end_cycles": 205},
                {"kind": "complete", "start_cycles": 150, "end_cycles": 160}],
               [{"kind": "dispatch", "start_cycles": 150, "end_cycles": 155}, {"kind": "dispatch", "start_cycles": 95, "end_cycles": 101}]]}
            """)
                .deps("{\"edges\": [{\"pred\": \"0\", \"succ\": \"1\"}]}")
                .build(dir);
        assertThat(t.flowLines("dispatch"))
                .extracting(s -> s.substring(0, s.indexOf(" ->")))
                .containsExactly(
                        "dispatch pid2 30000@5.0",
                        "dispatch pid2 30000@5.0",
                        "dispatch pid2 30010@57.0",
                        "dispatch pid2 30010@57.0",
                        "dispatch pid2 30000@108.0",
                        "dispatch pid2 30000@108.0");
        assertThat(t.flowLines("complete")).isEmpty(); // complete flows need core_to_thread
        assertThat(t.flowLines("complete\u2192ready")).isEmpty();
        assertThat(t.verbose).contains("  Core-to-thread mapping: 2 cores (inferred via voting)");
        assertThat(t.metaLines())
                .contains("4/19000 thread_name=AICPU_0", "4/19001 thread_name=AICPU_1")
                .doesNotContain("4/19002 thread_name=AICPU_2");
        // without core_to_thread, completes have no attributed rows
        assertThat(t.slice(2, "complete(0)")
                        .get("args")
                        .get("finishes_processed")
                        .asInt())
                .isZero();
    }

    @Test
    void aicpuLanesFollowCoreToThreadAndMarkers() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 4, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 3, -1]},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[
               {"kind": "dummy_task", "start_cycles": 120, "end_cycles": 120},
               {"kind": "predicated_skip", "start_cycles": 121, "end_cycles": 125, "loop_iter": 9, "task_id": "4294967298"},
               {"kind": "predicated_skip", "start_cycles": 126, "end_cycles": 126, "task_id": {"bad": 1}}]],
             "aicpu_orchestrator_phases": [[{"submit_idx": 0, "task_id": 6, "start_cycles": 95, "end_cycles": 95}]]}
            """)
                .deps("""
            {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1]}, {"task_id": "4294967298", "kernel_ids": [-1, 7, -1], "block_num": 2}],
             "edges": [{"pred": "6", "succ": "0"}, {"pred": "4294967298", "succ": "0"}]}
            """)
                .names("{\"callable_id_to_name\": {\"7\": \"exp_gate_mm\"}}")
                .build(dir);
        assertThat(t.metaLines())
                .contains("4/19000 thread_name=AICPU_0", "4/19003 thread_name=AICPU_3", "4/19004 thread_name=AICPU_4")
                .doesNotContain("4/19005 thread_name=AICPU_5");
        assertThat(t.slices(4))
                .extracting(e -> e.get("name").asText() + "@" + e.get("tid").asInt() + " "
                        + e.get("dur").asText())
                .containsExactly(
                        "func_0_a(t0)@10000 40.0",
                        "dummy(unknown)@19000 0.02",
                        "exp_gate_mm_spmd(r1t2)@19000 4.0",
                        "task(unknown)@19000 0.02",
                        "alloc(t6)@19004 0.02");
        assertThat(t.slice(4, "dummy(unknown)").get("args"))
                .isEqualTo(
                        Trace.parse(
                                "{\"loop_iter\": 0, \"task_id\": null, \"event-hint\": \"dummy(unknown)\", \"phase\": \"dummy_task\"}"));
        assertThat(t.slice(4, "exp_gate_mm_spmd(r1t2)").get("args"))
                .isEqualTo(
                        Trace.parse(
                                "{\"loop_iter\": 9, \"task_id\": 4294967298, \"event-hint\": \"exp_gate_mm_spmd(r1t2)\", \"predicated_pass\": false}"));
        // base 95: both AICPU anchors feed arrows into t0 (receive 15.0); the SPMD predicated task counts its blocks;
        // its marker ends at 30.0, after t0's bar starts → hb_violation. The marker without a task id anchors nothing.
        assertThat(t.flowLines())
                .filteredOn(s -> s.startsWith("dependency") || s.startsWith("hb_violation"))
                .containsExactly(
                        "dependency pid4 19004@0.0 bind5 -> pid4 10000@15.0 bind0 in=1 out=1",
                        "hb_violation pid4 19000@26.0 bind3 -> pid4 10000@15.0 bind0 in=1 out=2");
    }

    @Test
    void emptyPhaseListsAreAbsent() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"], "core_to_thread": [0]},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [], "aicpu_orchestrator_phases": []}
            """).build(dir);
        assertThat(t.tl.schedulerPhases).isNull();
        assertThat(t.tl.orchestratorPhases).isNull();
        assertThat(t.metaLines()).noneMatch(s -> s.startsWith("2 ") || s.startsWith("2/") || s.startsWith("1 "));
        assertThat(t.flows()).isEmpty();
        // a list holding only empty threads is a phase list: pid 2 exists, and its lanes count for AICPU_i
        Trace u = Trace.of("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[], []]}
            """).build(dir);
        assertThat(u.metaLines())
                .contains(
                        "2 process_name=AICPU Scheduler",
                        "2/30000 thread_name=Sched_0",
                        "2/30010 thread_name=Sched_1",
                        "4/19000 thread_name=AICPU_0",
                        "4/19001 thread_name=AICPU_1");
    }
}
