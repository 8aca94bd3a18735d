package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two single-capture worked examples of the streams era: a host-orchestrated host_build_graph capture
 * placed by span containment in its Host log, and a device-orchestrated tensormap_and_ringbuffer capture.
 */
class StreamsExamplesTest {
    static final long SUB = (1L << 62) | (7L << 32) | 3;

    static final String HBG = """
        {"chip_swimlane_level": 4,
         "metadata": {"runtime": "host_build_graph", "clock_freq_hz": 50000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0],
                      "orchestrator_source": "host", "host_orchestration_origin_ns": 1000000,
                      "host_capture": {"status": "complete", "expected_records": 2, "recorded_records": 2, "dropped_records": 0},
                      "host_clock_domain_id": "boot-abc"},
         "aicore_tasks": [[0, 7, 1, 2000, 2500, 5, 1], [1, %d, 1, 2600, 3000, 4, 1]],
         "scheduler_tasks": {"producer": "aicpu", "records": [[0, 1, 1990, 2510, 1], [1, 1, 2590, 3010, 1]]},
         "scheduler_records": {"streams": [{"producer": "aicpu", "scheduler_id": 0, "worker_id": 0, "records": [
           {"start_cycles": 1980, "end_cycles": 1995, "run_epoch": 1, "loop_iter": 0, "kind": "dispatch", "tasks_processed": 1, "task_id": null},
           {"start_cycles": 2550, "end_cycles": 2570, "run_epoch": 1, "loop_iter": 1, "kind": "graph_prepare", "tasks_processed": 1, "task_id": 7},
           {"start_cycles": 2505, "end_cycles": 2520, "run_epoch": 1, "loop_iter": 1, "kind": "complete", "tasks_processed": 1, "task_id": null},
           {"start_cycles": 3005, "end_cycles": 3020, "run_epoch": 1, "loop_iter": 2, "kind": "resolve_standalone", "tasks_processed": 1, "task_id": null}]}]},
         "host_orchestrator_phases": [[{"submit_idx": 0, "task_id": 7, "start_host_ns": 1000000, "end_host_ns": 1002000}]],
         "host_device_uploads": [{"phase": "arena_h2d", "start_host_ns": 1002500, "end_host_ns": 1004000, "detail": 4096}]}
        """.formatted(SUB);

    static final String HOST_LOG = String.join(
            "\n",
            "[mono_ns=1][T0x1][TIMING] emit_host_span: [STRACE] v=1 pid=4242 tid=4242 inv=3 hid=ab depth=0 name=chip.run ts=990000 dur=1200000 run_id=0 dispatch_id=0 slot_id=0 generation=0 run_epoch=1",
            "[mono_ns=2][T0x1][TIMING] emit_host_span: [STRACE] v=1 pid=4242 tid=4242 inv=3 hid=ab depth=1 name=chip.run.runner_run ts=1010000 dur=100000 ",
            "[mono_ns=3][T0x1][TIMING] emit_host_span: [STRACE] v=1 pid=4242 tid=4242 inv=3 hid=ab depth=2 name=chip.run.runner_run.device_wall ts=0 dur=40000 clk=dev",
            "[mono_ns=4][T0x1][TIMING] emit_host_span: [STRACE] v=1 pid=4242 tid=4242 inv=3 hid=ab depth=3 name=chip.run.runner_run.device_wall.sched ts=100 dur=30000 clk=dev",
            "");

    static final String SAVED = "{\"status\":\"bounded\",\"device_anchor_cycles\":1980,\"host_anchor_ns\":1014700,"
            + "\"host_anchor_min_ns\":1010100,\"host_anchor_max_ns\":1079300}";

    @TempDir
    Path dir;

    private static double ts(JsonNode e) {
        return e.get("ts").asDouble();
    }

    private static double dur(JsonNode e) {
        return e.get("dur").asDouble();
    }

    @Test
    void hostBuildGraphPlacedByContainment() throws Exception {
        Path log = Files.writeString(dir.resolve("host.4242.log"), HOST_LOG);
        FileTime logTime = Files.getLastModifiedTime(log);
        Trace t = Trace.of(HBG).chip(HBG).build(dir);
        assertThat(ts(t.slice(ProcessLayout.SINGLE.scheduler(), "dispatch(1)")))
                .isCloseTo(14.7, org.assertj.core.data.Offset.offset(1e-9));
        JsonNode w = t.slice(ProcessLayout.SINGLE.worker(), "task(t7)");
        assertThat(ts(w)).isCloseTo(15.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dur(w)).isCloseTo(10.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ts(t.slice(ProcessLayout.SINGLE.worker(), "task(g7t3)")))
                .isCloseTo(27.02, org.assertj.core.data.Offset.offset(1e-9));
        JsonNode g = t.slice(ProcessLayout.SINGLE.graph(), "GraphExecution(t7, 1 visible sub-tasks)");
        assertThat(ts(g)).isCloseTo(26.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dur(g)).isCloseTo(9.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(t.metaLines()).contains("5/5000 thread_name=Graph_0", "2/30000 thread_name=Sched_0");
        assertThat(t.slice(ProcessLayout.SINGLE.scheduler(), "graph_prepare(1)")
                        .get("tid")
                        .asInt())
                .isEqualTo(30000);
        JsonNode resolve = t.slice(ProcessLayout.SINGLE.scheduler(), "resolve(1)");
        assertThat(resolve.get("tid").asInt()).isEqualTo(30000);
        assertThat(resolve.get("args").get("phase").asText()).isEqualTo("resolve");
        JsonNode submit = t.slice(ProcessLayout.SINGLE.orchestrator(), "submit(t7)");
        assertThat(ts(submit)).isEqualTo(0.0);
        assertThat(dur(submit)).isEqualTo(2.0);
        JsonNode up = t.slice(ProcessLayout.SINGLE.orchestrator(), "arena_h2d");
        assertThat(ts(up)).isEqualTo(2.5);
        assertThat(dur(up)).isEqualTo(1.5);
        assertThat(t.flowLines("submit\u2192dispatch")).isEmpty();

        JsonNode m = t.root.get("metadata");
        assertThat(m.get("layout").asText()).isEqualTo("containment_spliced");
        assertThat(m.get("trace_status").asText()).isEqualTo("partial");
        assertThat(m.get("host_capture").get("converter_validation_errors").toString())
                .isEqualTo("[\"recorded_record_count_mismatch\",\"expected_record_count_mismatch\"]");
        assertThat(m.get("source_timeline_origin_ns").asLong()).isEqualTo(1000000);
        assertThat(m.get("timeline_origin_ns").asLong()).isEqualTo(1000000);
        assertThat(m.get("clock_alignment").toString()).isEqualTo(SAVED);
        JsonNode p = m.get("placement");
        assertThat(p.get("slack_ns").asLong()).isEqualTo(60000);
        assertThat(p.get("place_lo_ns").asLong()).isEqualTo(1010000);
        assertThat(p.get("join").toString())
                .isEqualTo("{\"sources\":[\"sched\",\"device_wall\"],\"origin_cycles\":1745,\"residual_ns\":9200}");
        assertThat(m.get("host_clock_domain_id").asText()).isEqualTo("boot-abc");
        assertThat(Trace.fieldNames(m)).last().isEqualTo("runtime");
        assertThat(m.get("runtime").asText()).isEqualTo("host_build_graph");
        // the capture and its log are read, never written
        assertThat(Files.readString(dir.resolve("chip_swimlane_records.json"))).isEqualTo(HBG);
        assertThat(Files.getLastModifiedTime(log)).isEqualTo(logTime);

        // the same capture carrying the saved record, without a log: the same events, no placement member
        Path second = Files.createDirectories(dir.resolve("second"));
        String withRecord = HBG.replace(
                "\"host_clock_domain_id\": \"boot-abc\"}",
                "\"host_clock_domain_id\": \"boot-abc\", \"clock_alignment\": " + SAVED + "}");
        Trace s = Trace.of(withRecord).chip(withRecord).build(second);
        assertThat(s.root.get("metadata").has("placement")).isFalse();
        assertThat(s.root.get("metadata").get("clock_alignment").toString()).isEqualTo(SAVED);
        assertThat(s.slices().size()).isEqualTo(t.slices().size());
        for (int i = 0; i < t.slices().size(); i++) {
            assertThat(s.slices().get(i).get("name"))
                    .isEqualTo(t.slices().get(i).get("name"));
            assertThat(ts(s.slices().get(i)))
                    .isCloseTo(ts(t.slices().get(i)), org.assertj.core.data.Offset.offset(1e-3));
        }
    }

    @Test
    void withoutALogThePlacementIsSkippedWithAWarning() {
        Trace t = Trace.of(HBG).chip(HBG).build(dir);
        assertThat(t.warnings).contains("Warning: clock alignment skipped: no Host log available");
        JsonNode m = t.root.get("metadata");
        assertThat(m.get("layout").asText()).isEqualTo("causal_composite");
        assertThat(m.get("clock_alignment").toString())
                .isEqualTo("{\"status\":\"unavailable\",\"reason\":\"no Host log available\"}");
        assertThat(m.has("placement")).isFalse();
        assertThat(m.get("cross_domain_gap_unknown").asBoolean()).isTrue();
    }

    static final String TMR = """
        {"chip_swimlane_level": 4,
         "metadata": {"runtime": "tensormap_and_ringbuffer", "clock_freq_hz": 50000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
         "aicore_tasks": [[0, 0, 1, 2000, 2500, 5, 1], [1, 4294967297, 1, 2600, 3000, 4, 1]],
         "scheduler_tasks": {"producer": "aicpu", "records": [[0, 1, 1990, 2510, 1], [1, 1, 2590, 3010, 1]]},
         "scheduler_records": {"streams": [{"producer": "aicpu", "scheduler_id": 0, "worker_id": 0, "records": [
           {"start_cycles": 2700, "end_cycles": 2700, "run_epoch": 1, "loop_iter": 3, "kind": "dummy_task", "tasks_processed": 1, "task_id": 5}]}]},
         "aicpu_orchestrator_phases": [[
           {"submit_idx": 0, "task_id": 0, "start_cycles": 1900, "end_cycles": 1950, "run_epoch": 1},
           {"submit_idx": 1, "task_id": 4294967297, "start_cycles": 1950, "end_cycles": 1970, "run_epoch": 1}]]}
        """;

    @Test
    void tensormapAndRingbufferDeviceOrchestrated() {
        Trace t = Trace.of(TMR)
                .chip(TMR)
                .deps("""
            {"runtime": "tensormap_and_ringbuffer", "tasks": [
               {"task_id": "0", "kernel_ids": [0, -1, -1], "block_num": 1},
               {"task_id": "4294967297", "kernel_ids": [-1, 1, -1], "block_num": 1}],
             "tensors": [], "edges": [{"pred": "0", "succ": "4294967297"}]}
            """)
                .names("{\"callable_id_to_name\": {\"0\": \"QK\", \"1\": \"SF\"}}")
                .build(dir);
        JsonNode qk = t.slice(ProcessLayout.SINGLE.worker(), "QK(r0t0)");
        assertThat(ts(qk)).isCloseTo(1.9, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dur(qk)).isCloseTo(10.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(qk.get("args").get("run_epoch").asLong()).isEqualTo(1);
        assertThat(ts(t.slice(ProcessLayout.SINGLE.worker(), "SF(r1t1)")))
                .isCloseTo(13.92, org.assertj.core.data.Offset.offset(1e-9));
        JsonNode submit = t.slice(ProcessLayout.SINGLE.orchestrator(), "submit(r0t0)");
        assertThat(ts(submit)).isEqualTo(0.0);
        assertThat(dur(submit)).isEqualTo(1.0);
        JsonNode dummy = t.slice(ProcessLayout.SINGLE.worker(), "dummy(r0t5)");
        assertThat(ts(dummy)).isCloseTo(16.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dur(dummy)).isEqualTo(0.02);
        assertThat(t.metaLines()).contains("4/19000 thread_name=AICPU_0");
        assertThat(dummy.get("tid").asInt()).isEqualTo(19000);
        assertThat(t.root.get("metadata").toString()).isEqualTo("{\"runtime\":\"tensormap_and_ringbuffer\"}");
    }

    @Test
    void aCaptureOfTwoRunsDrawsEachRunsArrowsWithinIt() throws Exception {
        String two = """
            {"chip_swimlane_level": 4,
             "metadata": {"runtime": "tensormap_and_ringbuffer", "clock_freq_hz": 50000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0]},
             "aicore_tasks": [[0, 0, 1, 2000, 2500, 5, 1], [1, 4294967297, 1, 2600, 3000, 4, 1],
                              [0, 0, 1, 4000, 4500, 5, 2], [1, 4294967297, 1, 4600, 5000, 4, 2]],
             "scheduler_tasks": {"producer": "aicpu", "records": [[0, 1, 1990, 2510, 1], [1, 1, 2590, 3010, 1],
                                                                   [0, 1, 3990, 4510, 2], [1, 1, 4590, 5010, 2]]},
             "aicpu_orchestrator_phases": [[
               {"submit_idx": 0, "task_id": 0, "start_cycles": 1900, "end_cycles": 1950, "run_epoch": 1},
               {"submit_idx": 0, "task_id": 0, "start_cycles": 3900, "end_cycles": 3950, "run_epoch": 2}]]}
            """;
        Trace t = Trace.of(two).chip(two).deps("""
            {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1], "block_num": 1},
                       {"task_id": "4294967297", "kernel_ids": [-1, 1, -1], "block_num": 1}],
             "tensors": [], "edges": [{"pred": "0", "succ": "4294967297"}]}
            """).build(dir);
        java.util.List<String> deps = new java.util.ArrayList<>();
        for (Trace.Flow f : t.flows())
            if (f.name.equals("dependency") && f.s.get("pid").asInt() == ProcessLayout.SINGLE.worker())
                deps.add(f.s.get("ts").asDouble() + "->" + f.f.get("ts").asDouble());
        // each run's QK → SF, never across runs (receive times: run 1 at 1.9/13.92, run 2 at 41.9/53.92)
        assertThat(deps).hasSize(2);
        assertThat(deps.get(0)).startsWith("1.9").contains("->13.92");
        assertThat(deps.get(1)).startsWith("41.9").contains("->53.92");
        assertThat(t.slices(ProcessLayout.SINGLE.worker()).stream()
                        .map(e -> e.get("args").get("run_epoch").asLong())
                        .distinct())
                .containsExactly(1L, 2L);
    }

    @Test
    void thePlacementBoundLanesShowTheWindowAndItsSlack() throws Exception {
        Files.writeString(dir.resolve("host.4242.log"), HOST_LOG);
        Trace t = Trace.of(HBG).chip(HBG).build(dir);
        io.ptotrace.model.clock.Placement p = t.tl.streams.placement;
        io.ptotrace.convert.picture.TracePicture pic = new io.ptotrace.convert.picture.TracePicture();
        PlacementLanes.emitBound(pic, p, 13, "rank0 / Placement Bound", "rank0", 1000000);
        PlacementLanes.emitDevicePhases(pic, p, 12, "rank0 / Device phases (placed)", 0L, 1000000);
        assertThat(pic.sliceCount()).isEqualTo(3);
        assertThat(pic.sliceName(0)).isEqualTo("chip.run.runner_run (rank0)");
        assertThat(pic.sliceTs(0)).isEqualTo(10.0);
        assertThat(pic.sliceDur(0)).isEqualTo(100.0);
        assertThat(pic.sliceName(1)).isEqualTo("slack 60.0 us");
        assertThat(pic.sliceDur(1)).isEqualTo(60.0);
        // the sched phase (device ts 100 ns) placed at place_lo + 100 ns − head
        assertThat(pic.sliceName(2)).isEqualTo("sched");
        assertThat(pic.sliceTs(2)).isCloseTo(10.1, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void streamsTheAicoreSchedulerWroteAreNamedByTheirWork() {
        String aicore = """
            {"chip_swimlane_level": 3,
             "metadata": {"runtime": "host_build_graph", "clock_freq_hz": 1000000, "core_types": ["aic"], "core_to_thread": [0]},
             "aicore_tasks": [[0, 5, 1, 110, 150, 2, 1]],
             "scheduler_tasks": {"producer": "aicore", "records": [[0, 1, 100, 155, 1]]},
             "scheduler_records": {"streams": [{"producer": "aicore", "scheduler_id": 0, "worker_id": 7, "records": [
               {"start_cycles": 100, "end_cycles": 105, "run_epoch": 1, "loop_iter": 0, "kind": "dispatch", "tasks_processed": 1, "task_id": 5},
               {"start_cycles": 150, "end_cycles": 156, "run_epoch": 1, "loop_iter": 1, "kind": "complete", "tasks_processed": 1, "task_id": 5},
               {"start_cycles": 156, "end_cycles": 160, "run_epoch": 1, "loop_iter": 2, "kind": "worksteal", "tasks_processed": 0, "task_id": null},
               {"start_cycles": 160, "end_cycles": 161, "run_epoch": 1, "loop_iter": 2, "kind": "release", "tasks_processed": 0, "task_id": null}]}]}}
            """;
        Trace t = Trace.of(aicore).chip(aicore).build(dir);
        assertThat(t.metaLines()).contains("2 process_name=AICore Scheduler", "2/30000 thread_name=Scheduler_7");
        JsonNode d = t.slice(ProcessLayout.SINGLE.scheduler(), "Dispatch(t5)");
        assertThat(d.get("args").get("task_id").asLong()).isEqualTo(5);
        assertThat(d.get("args").get("run_epoch").asLong()).isEqualTo(1);
        assertThat(t.slice(ProcessLayout.SINGLE.scheduler(), "Completion(t5)")
                        .get("cname")
                        .asText())
                .isEqualTo("good");
        assertThat(t.slice(ProcessLayout.SINGLE.scheduler(), "Worksteal")
                        .get("cname")
                        .asText())
                .isEqualTo("cq_build_attempt_failed");
        // release is not a host_build_graph phase: not drawn
        assertThat(t.slices(ProcessLayout.SINGLE.scheduler())).hasSize(3);
        assertThat(t.result.stats.skippedPhaseRecords).isEqualTo(1);
    }
}
