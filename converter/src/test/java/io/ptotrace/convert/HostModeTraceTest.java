package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.model.HostModeExample;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host-orchestrated captures ({@code HostModeExample} and its variants): host lanes, H2D, arrow gating, top-level metadata. */
class HostModeTraceTest {
    @TempDir
    Path dir;

    static final String ANCHORS = HostModeExample.ANCHORS,
            CAPTURE = HostModeExample.CAPTURE,
            HOST_LANE = HostModeExample.HOST_LANE,
            UPLOAD = HostModeExample.UPLOAD;

    static String capture(String anchors, String capture, String hostLane) {
        return """
            {"chip_swimlane_level": 4,
             "metadata": {"clock_freq_hz": 50000000, "num_cores": 2, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0],
               "orchestrator_source": "host", "orchestrator_clock_domain": "host_monotonic_ns", "host_orchestration_origin_ns": 10000,
               %s %s
               "timeline_relation": "host_orchestration_precedes_device"},
             "aicore_tasks": [[0, 0, 1, 2000, 2500, 5], [1, 1, 1, 2600, 3000, 4]],
             "aicpu_tasks": [[0, 1, 1990, 2510], [1, 1, 2590, 3010]],
             "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 1980, "end_cycles": 1995, "loop_iter": 0, "tasks_processed": 1},
                                         {"kind": "complete", "start_cycles": 2505, "end_cycles": 2520, "loop_iter": 1, "tasks_processed": 1}]],
             %s %s
             "unused": 0}
            """.formatted(anchors, capture, hostLane, UPLOAD);
    }

    static final String DEPS = """
        {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1]}, {"task_id": "1", "kernel_ids": [-1, 1, -1]}],
         "edges": [{"pred": "0", "succ": "1", "arg": 0, "source": "tensormap", "flags": ["wait"], "hazard": "RAW", "access_kind": "WRITER"}]}
        """;
    static final String NAMES =
            "{\"orchestrator_name\": \"Ignored\", \"callable_id_to_name\": {\"0\": \"A\", \"1\": \"B\"}}";

    @Test
    void calibratedExample101() {
        Trace t = Trace.of(null)
                .chip(capture(ANCHORS, CAPTURE, HOST_LANE))
                .deps(DEPS)
                .names(NAMES)
                .build(dir);
        assertThat(t.warnings).isEmpty();
        assertThat(t.metaLines())
                .containsExactly(
                        "4 process_name=Worker View",
                        "4 process_sort_index=4",
                        "3 process_name=Scheduler View",
                        "3 process_sort_index=3",
                        "4/10000 thread_name=AIC_0",
                        "4/10010 thread_name=AIV_1",
                        "4/19000 thread_name=AICPU_0",
                        "4/19001 thread_name=AICPU_1",
                        "3/10000 thread_name=AIC_0",
                        "3/10010 thread_name=AIV_1",
                        "2 process_name=AICPU Scheduler",
                        "2 process_sort_index=2",
                        "2/30000 thread_name=Sched_0",
                        "2/3999 thread_name=shared_ready_queue (global)",
                        "2/3999 thread_sort_index=100",
                        "1 process_name=Host Prepare",
                        "1/4100 thread_name=H2D",
                        "1 process_name=Host Orchestrator",
                        "1 process_sort_index=1",
                        "1/4000 thread_name=Host_0");

        JsonNode h2d = t.slice(1, "arena_h2d");
        assertThat(h2d).isEqualTo(Trace.parse("""
            {"name": "arena_h2d", "cat": "host_h2d", "ph": "X", "pid": 1, "tid": 4100, "ts": 4.0, "dur": 6.0,
             "cname": "thread_state_iowait", "args": {"bytes": 65536}}
            """));
        assertThat(Trace.fieldNames(h2d))
                .containsExactly("name", "cat", "ph", "pid", "tid", "ts", "dur", "cname", "args");
        assertThat(t.slice(1, "submit(t0)")).isEqualTo(Trace.parse("""
            {"args": {"phase": "orch_submit", "submit_idx": 0, "task_id": 0}, "cat": "orchestrator", "cname": "rail_animation",
             "name": "submit(t0)", "ph": "X", "pid": 1, "tid": 4000, "ts": 0.0, "dur": 2.0}
            """));
        assertThat(t.slice(1, "submit(t1)").get("ts").asDouble()).isEqualTo(2.0);
        assertThat(t.slice(1, "submit(t1)").get("dur").asDouble()).isEqualTo(1.0);

        JsonNode a = t.slice(4, "A(t0)");
        assertThat(a.get("ts").asDouble()).isEqualTo(18.952);
        assertThat(a.get("args").get("local_setup_us").asDouble()).isEqualTo(0.09999999999999787);
        assertThat(t.slice(3, "A(t0)").get("ts").asDouble()).isEqualTo(18.852);

        assertThat(t.flowLines("submit\u2192dispatch"))
                .containsExactly(
                        "submit\u2192dispatch pid1 4000@2.0 -> pid2 30000@18.852",
                        "submit\u2192dispatch pid1 4000@3.0 -> pid2 30000@30.846");

        assertThat(Trace.fieldNames(t.root)).containsExactly("traceEvents", "metadata");
        assertThat(t.root.get("metadata")).isEqualTo(Trace.parse("""
            {"layout": "clock_aligned", "trace_status": "complete", "relation": "host_orchestration_precedes_device",
             "clock_alignment": {"status": "calibrated", "method": "nominal_frequency_offset_interp_v1", "anchor_uncertainty_ns": 20,
               "host_timestamp_quantization_ns": 0, "max_uncertainty_ns": 20,
               "selected_sample_idx": {"pre_host_orchestration": 1, "post_device_execution": 0}},
             "host_capture": {"status": "complete", "expected_records": 2, "recorded_records": 2, "pool_records": 9, "dropped_records": 0, "error": null},
             "host_records_complete": true, "cross_domain_latency_available": true}
            """));
        assertThat(Trace.fieldNames(t.root.get("metadata")))
                .containsExactly(
                        "layout",
                        "trace_status",
                        "relation",
                        "clock_alignment",
                        "host_capture",
                        "host_records_complete",
                        "cross_domain_latency_available");
        assertThat(Trace.fieldNames(t.root.get("metadata").get("clock_alignment")))
                .containsExactly(
                        "status",
                        "method",
                        "anchor_uncertainty_ns",
                        "host_timestamp_quantization_ns",
                        "max_uncertainty_ns",
                        "selected_sample_idx");
        // H2D and Graph Execution slices are never flow endpoints, and take no slice id
        assertThat(h2d.has("id")).isFalse();
        assertThat(t.statistics())
                .contains(
                        "  Source chip_swimlane_level: 4 (full collection with orchestrator phases; recorded in chip_swimlane_records.json)");
    }

    @Test
    void withoutAnchorsExample102HasNoSubmitArrows() {
        Trace t =
                Trace.of(null).chip(capture("", CAPTURE, HOST_LANE)).deps(DEPS).build(dir);
        assertThat(t.flowLines("submit\u2192dispatch")).isEmpty();
        // each task's dispatch arrow from the scheduler's dispatch slice to its AICore slice and its Worker View bar
        assertThat(t.flowLines("dispatch"))
                .containsExactly(
                        "dispatch pid2 30000@3.2 -> pid4 10000@3.4",
                        "dispatch pid2 30000@3.2 -> pid3 10000@3.2 bind2",
                        "dispatch pid2 30000@15.200000000000001 -> pid4 10010@15.4",
                        "dispatch pid2 30000@15.200000000000001 -> pid3 10010@15.200000000000001 bind3");
        assertThat(t.root.get("metadata").get("layout").asText()).isEqualTo("causal_composite");
        assertThat(t.root.get("metadata").get("logical_seam_us").asDouble()).isEqualTo(3.0);
        assertThat(t.root.get("metadata").get("cross_domain_gap_unknown").asBoolean())
                .isTrue();
        assertThat(t.slice(2, "dispatch(1)").get("ts").asDouble()).isEqualTo(3.0);
        assertThat(t.slice(3, "func_0_a(t0)").get("ts").asDouble()).isEqualTo(3.2);
        assertThat(t.slice(3, "func_1_b(t1)").get("ts").asDouble()).isEqualTo(15.200000000000001);
    }

    @Test
    void withoutHostCaptureTheTraceIsPartialAndHasNoSubmitArrows() {
        Trace t = Trace.of(null).chip(capture(ANCHORS, "", HOST_LANE)).build(dir);
        assertThat(t.flowLines("submit\u2192dispatch")).isEmpty();
        assertThat(t.root.get("metadata").get("trace_status").asText()).isEqualTo("partial");
        assertThat(t.root.get("metadata").get("host_capture").get("error").asText())
                .isEqualTo("legacy_capture_status_missing");
        assertThat(t.metaLines()).contains("1 process_name=Host Orchestrator");
    }

    @Test
    void emptyHostLaneKeepsTheH2dLaneButNoOrchestratorProcess() {
        String cap =
                "\"host_capture\": {\"status\": \"complete\", \"expected_records\": 2, \"recorded_records\": 0, \"dropped_records\": 0, \"error\": null},";
        Trace t = Trace.of(null)
                .chip(capture(ANCHORS, cap, "\"host_orchestrator_phases\": [[]],"))
                .build(dir);
        assertThat(t.metaLines())
                .contains("1 process_name=Host Prepare", "1/4100 thread_name=H2D", "4/19000 thread_name=AICPU_0")
                .doesNotContain(
                        "1 process_name=Host Orchestrator", "1/4000 thread_name=Host_0", "4/19001 thread_name=AICPU_1");
        assertThat(t.slices(1)).extracting(e -> e.get("name").asText()).containsExactly("arena_h2d");
        assertThat(t.root.get("metadata").get("host_records_missing").asBoolean())
                .isTrue();
        assertThat(t.root.get("metadata")
                        .get("host_capture")
                        .get("converter_validation_errors")
                        .get(0)
                        .asText())
                .isEqualTo("expected_record_count_mismatch");
    }

    @Test
    void hostSubmittedAllocIsDrawnOnTheHostLanesAicpuLane() { // kept as the newer converter draws it
        String lane = HOST_LANE.replace(
                "]],", ", {\"submit_idx\": 2, \"task_id\": 7, \"start_host_ns\": 13000, \"end_host_ns\": 13000}]],");
        String cap = CAPTURE.replace(
                "\"expected_records\": 2, \"recorded_records\": 2", "\"expected_records\": 3, \"recorded_records\": 3");
        Trace t = Trace.of(null).chip(capture(ANCHORS, cap, lane)).build(dir);
        JsonNode alloc = t.slice(4, "alloc(t7)");
        assertThat(alloc.get("tid").asInt()).isEqualTo(19001);
        assertThat(alloc.get("ts").asDouble()).isEqualTo(3.0);
        assertThat(alloc.get("dur").asDouble()).isEqualTo(0.02);
        assertThat(t.flowLines("submit\u2192dispatch")).hasSize(2);
    }

    @Test
    void deviceOnlyNewerCaptureHasNoTopLevelMetadata() {
        String json = capture("", "", "")
                .replace("\"orchestrator_source\": \"host\",", "")
                .replace(UPLOAD, "");
        Trace t = Trace.of(null).chip(json).build(dir);
        assertThat(Trace.fieldNames(t.root)).containsExactly("traceEvents");
        assertThat(t.metaLines()).noneMatch(s -> s.startsWith("1 "));
    }

    @Test
    void uploadDefaultsAndUploadsOutsideHostMode() { // uploads outside host mode warn
        String json = capture("", "", "")
                .replace("\"orchestrator_source\": \"host\",", "")
                .replace("\"host_orchestration_origin_ns\": 10000,", "")
                .replace(UPLOAD, "\"host_device_uploads\": [{\"start_host_ns\": 14000, \"end_host_ns\": 20000}],");
        Trace t = Trace.of(null).chip(json).build(dir);
        assertThat(t.slice(1, "upload")).isEqualTo(Trace.parse("""
            {"name": "upload", "cat": "host_h2d", "ph": "X", "pid": 1, "tid": 4100, "ts": 14.0, "dur": 6.0,
             "cname": "thread_state_iowait", "args": {"bytes": 0}}
            """));
        assertThat(t.warnings).hasSize(1);
        assertThat(t.warnings.get(0)).contains("not aligned with device time");
        assertThat(t.metaLines()).contains("1 process_name=Host Prepare").doesNotContain("1 process_sort_index=1");
    }
}
