package io.ptotrace.model;

import static io.ptotrace.model.TestFiles.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host-orchestrated captures: origin, clock alignment, seam, capture accounting, timeline metadata ({@link HostModeExample} and variants). */
class HostModeReaderTest {
    static final String ANCHORS = HostModeExample.ANCHORS,
            CAPTURE = HostModeExample.CAPTURE,
            HOST_LANE = HostModeExample.HOST_LANE,
            UPLOAD = HostModeExample.UPLOAD;

    @TempDir
    Path dir;

    /** The calibrated capture; the parts can be replaced to build the variants. */
    static String capture(
            String origin,
            String anchors,
            String capture,
            String hostLane,
            String upload,
            String aicoreEnd0,
            String extra) {
        return """
            {"chip_swimlane_level": 4,
             "metadata": {"clock_freq_hz": 50000000, "num_cores": 2, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0],
               "orchestrator_source": "host", "orchestrator_clock_domain": "host_monotonic_ns",
               %s %s %s
               "timeline_relation": "host_orchestration_precedes_device"},
             "aicore_tasks": [[0, 0, 1, 2000, %s, 5], [1, 1, 1, 2600, 3000, 4]],
             "aicpu_tasks": [[0, 1, 1990, 2510], [1, 1, 2590, 3010]],
             "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 1980, "end_cycles": 1995, "loop_iter": 0, "tasks_processed": 1},
                                         {"kind": "complete", "start_cycles": 2505, "end_cycles": 2520, "loop_iter": 1, "tasks_processed": 1}]],
             %s %s %s
             "unused": 0}
            """.formatted(origin, anchors, capture, aicoreEnd0, hostLane, upload, extra);
    }

    static final String ORIGIN = "\"host_orchestration_origin_ns\": 10000,";

    static String example101() {
        return capture(ORIGIN, ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "2500", "");
    }

    static String example102() {
        return capture(ORIGIN, "", CAPTURE, HOST_LANE, UPLOAD, "2500", "");
    }

    @Test
    void calibratedExample101() {
        TestFiles.Read r = read(dir, "chip_swimlane_records.json", example101());
        Timeline tl = r.tl;
        assertThat(r.warnings).isEmpty();
        assertThat(tl.era).isEqualTo(Era.CHIP);
        assertThat(tl.hostMode()).isTrue();
        assertThat(tl.taskId).containsExactly(0L, 1L);
        assertThat(tl.dispatch).containsExactly(18.852, 30.846);
        assertThat(tl.receive).containsExactly(18.952, 30.966);
        assertThat(tl.start).containsExactly(19.052, 31.046);
        assertThat(tl.end).containsExactly(29.047, 39.043);
        assertThat(tl.finish).containsExactly(29.247, 39.242);
        assertThat(tl.localSetup[0]).isEqualTo(0.09999999999999787);
        assertThat(tl.duration(0)).isEqualTo(29.047 - 19.052); // a 500-cycle kernel shows as ~9.995 µs

        PhaseRecord dispatch = tl.schedulerPhases.get(0).get(0),
                complete = tl.schedulerPhases.get(0).get(1);
        assertThat(dispatch.startUs()).isEqualTo(18.652);
        assertThat(dispatch.endUs()).isEqualTo(18.952);
        assertThat(complete.startUs()).isEqualTo(29.147);
        assertThat(complete.endUs()).isEqualTo(29.447);

        assertThat(tl.orchestratorSource).isEqualTo("host");
        assertThat(tl.orchestratorPhases).hasSize(1);
        List<PhaseRecord> host = tl.orchestratorPhases.get(0);
        assertThat(host).extracting(p -> p.phase()).containsExactly("orch_submit", "orch_submit");
        assertThat(host).extracting(p -> p.startUs()).containsExactly(0.0, 2.0);
        assertThat(host).extracting(p -> p.endUs()).containsExactly(2.0, 3.0);
        assertThat(host).extracting(p -> p.submitIdx()).containsExactly(0L, 1L);
        assertThat(host).extracting(p -> p.taskId()).containsExactly(0L, 1L);

        assertThat(tl.uploads).hasSize(1);
        assertThat(tl.uploads.get(0).phase).isEqualTo("arena_h2d");
        assertThat(tl.uploads.get(0).startUs).isEqualTo(4.0);
        assertThat(tl.uploads.get(0).endUs).isEqualTo(10.0);
        assertThat(tl.uploads.get(0).detail).isEqualTo(65536L);

        Map<String, Object> tm = tl.timelineMetadata;
        assertThat(tm)
                .containsExactly(
                        Map.entry("layout", "clock_aligned"),
                        Map.entry("trace_status", "complete"),
                        Map.entry("relation", "host_orchestration_precedes_device"),
                        Map.entry("clock_alignment", tm.get("clock_alignment")),
                        Map.entry("host_capture", tm.get("host_capture")),
                        Map.entry("host_records_complete", true),
                        Map.entry("cross_domain_latency_available", true));
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>) tm.get("clock_alignment");
        assertThat(ca)
                .containsExactly(
                        Map.entry("status", "calibrated"),
                        Map.entry("method", "nominal_frequency_offset_interp_v1"),
                        Map.entry("anchor_uncertainty_ns", 20L),
                        Map.entry("host_timestamp_quantization_ns", 0L),
                        Map.entry("max_uncertainty_ns", 20L),
                        Map.entry(
                                "selected_sample_idx",
                                Map.of("pre_host_orchestration", 1L, "post_device_execution", 0L)));
        @SuppressWarnings("unchecked")
        Map<String, Object> hc = (Map<String, Object>) tm.get("host_capture");
        assertThat(hc.keySet())
                .containsExactly(
                        "status", "expected_records", "recorded_records", "pool_records", "dropped_records", "error");
        assertThat(hc.get("pool_records")).isEqualTo(9L);
    }

    @Test
    void quantizationIsAddedToTheErrorBound() {
        String json = capture(
                ORIGIN + "\"host_timestamp_quantization_ns\": 7,", ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "2500", "");
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>)
                read(dir, "c.json", json).tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("anchor_uncertainty_ns")).isEqualTo(20L);
        assertThat(ca.get("host_timestamp_quantization_ns")).isEqualTo(7L);
        assertThat(ca.get("max_uncertainty_ns")).isEqualTo(27L);
    }

    @Test
    void nullQuantizationCountsAsZero() {
        String json = capture(
                ORIGIN + "\"host_timestamp_quantization_ns\": null,", ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "2500", "");
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>)
                read(dir, "c.json", json).tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("calibrated");
        assertThat(ca.get("host_timestamp_quantization_ns")).isEqualTo(0L);
    }

    @Test
    void negativeQuantizationRefusesTheAlignment() {
        String json = capture(
                ORIGIN + "\"host_timestamp_quantization_ns\": -1,", ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "2500", "");
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>)
                read(dir, "c.json", json).tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("unaligned");
        assertThat(ca.get("reason")).isEqualTo("invalid_host_timestamp_quantization");
        assertThat(ca.get("host_timestamp_quantization_ns")).isEqualTo(0L);
    }

    @Test
    void withoutAnchorsExample102() {
        Timeline tl = read(dir, "chip_swimlane_records.json", example102()).tl;
        assertThat(tl.dispatch).containsExactly(3.2, 15.200000000000001);
        assertThat(tl.receive).containsExactly(3.3, 15.32);
        assertThat(tl.start).containsExactly(3.4, 15.4);
        assertThat(tl.end[0]).isEqualTo(13.4);
        assertThat(tl.finish[0]).isEqualTo(13.6);
        assertThat(tl.schedulerPhases.get(0).get(0).startUs()).isEqualTo(3.0); // the seam
        assertThat(tl.orchestratorPhases.get(0)).extracting(p -> p.endUs()).containsExactly(2.0, 3.0);

        Map<String, Object> tm = tl.timelineMetadata;
        assertThat(tm.keySet())
                .containsExactly(
                        "layout",
                        "trace_status",
                        "relation",
                        "clock_alignment",
                        "host_capture",
                        "host_records_complete",
                        "cross_domain_latency_available",
                        "cross_domain_gap_unknown",
                        "logical_seam_us");
        assertThat(tm.get("layout")).isEqualTo("causal_composite");
        assertThat(tm.get("trace_status")).isEqualTo("complete");
        assertThat(tm.get("host_records_complete")).isEqualTo(true);
        assertThat(tm.get("cross_domain_latency_available")).isEqualTo(false);
        assertThat(tm.get("cross_domain_gap_unknown")).isEqualTo(true);
        assertThat(tm.get("logical_seam_us")).isEqualTo(3.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>) tm.get("clock_alignment");
        assertThat(ca.keySet())
                .containsExactly(
                        "status",
                        "method",
                        "anchor_uncertainty_ns",
                        "host_timestamp_quantization_ns",
                        "max_uncertainty_ns",
                        "reason");
        assertThat(ca.get("status")).isEqualTo("unaligned");
        assertThat(ca.get("reason")).isEqualTo("missing_clock_anchors");
        assertThat(ca.get("anchor_uncertainty_ns")).isEqualTo(JsonValues.NULL);
        assertThat(ca.get("max_uncertainty_ns")).isEqualTo(JsonValues.NULL);
    }

    @Test
    void deviceTimestampOutsideTheAnchorsGivesTheCompositeLayout() {
        Timeline tl = read(dir, "c.json", capture(ORIGIN, ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "7000", "")).tl;
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>) tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("reason")).isEqualTo("device_timestamps_outside_anchor_coverage");
        assertThat(tl.timelineMetadata.get("layout")).isEqualTo("causal_composite");
        assertThat(tl.dispatch[0]).isEqualTo(3.2);
    }

    @Test
    void otherAlignmentRefusals() {
        String badUnit =
                ANCHORS.replace("\"device_timestamp_unit\": \"syscnt_cycles\"", "\"device_timestamp_unit\": \"us\"");
        assertThat(reason(badUnit)).isEqualTo("unsupported_device_timestamp_unit");
        String badRaw = ANCHORS.replace(
                "\"device_timestamp_unit\": \"syscnt_cycles\",",
                "\"device_timestamp_unit\": \"syscnt_cycles\", \"raw_device_timestamp_unit\": \"ms\",");
        assertThat(reason(badRaw)).isEqualTo("unsupported_raw_device_timestamp_unit");
        assertThat(reason("\"clock_anchors\": {\"device_timestamp_unit\": \"syscnt_cycles\"},"))
                .isEqualTo("missing_clock_anchor_samples");
        assertThat(reason("\"clock_anchors\": [],")).isEqualTo("missing_clock_anchors");
        String noPost = ANCHORS.replace(
                "\"host_after_ns\": 109030, \"error\": null",
                "\"host_after_ns\": 109030, \"error\": {\"stage\": 1, \"code\": 2}");
        assertThat(reason(noPost)).isEqualTo("no_valid_post_device_execution_anchor");
        String noPre = ANCHORS.replace("\"device_cycles\": 1000", "\"device_cycles\": 0")
                .replace("\"device_cycles\": 1003", "\"device_cycles\": null");
        assertThat(reason(noPre)).isEqualTo("no_valid_pre_host_orchestration_anchor");
        String hostOrder = ANCHORS.replace("\"host_before_ns\": 109000", "\"host_before_ns\": 9000")
                .replace("\"host_after_ns\": 109030", "\"host_after_ns\": 9030");
        assertThat(reason(hostOrder)).isEqualTo("host_anchor_order_invalid");
        String devOrder = ANCHORS.replace("\"device_cycles\": 6000", "\"device_cycles\": 1003");
        assertThat(reason(devOrder)).isEqualTo("device_anchor_order_invalid");
    }

    @Test
    void deviceUptimeRawUnitAddsOneMicrosecondOfUncertainty() {
        String a = ANCHORS.replace(
                "\"device_timestamp_unit\": \"syscnt_cycles\",",
                "\"device_timestamp_unit\": \"syscnt_cycles\", \"raw_device_timestamp_unit\": \"device_uptime_us\",");
        @SuppressWarnings("unchecked")
        Map<String, Object> ca =
                (Map<String, Object>) read(dir, "c.json", capture(ORIGIN, a, CAPTURE, HOST_LANE, UPLOAD, "2500", ""))
                        .tl
                        .timelineMetadata
                        .get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("calibrated");
        assertThat(ca.get("anchor_uncertainty_ns")).isEqualTo(1020L);
    }

    private String reason(String anchors) {
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>)
                read(dir, "c.json", capture(ORIGIN, anchors, CAPTURE, HOST_LANE, UPLOAD, "2500", ""))
                        .tl
                        .timelineMetadata
                        .get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("unaligned");
        return (String) ca.get("reason");
    }

    // ------------------------------------------------------------------ host-capture variants

    @Test
    void noHostCaptureObjectIsSynthesisedAndPartial() {
        Timeline tl = read(dir, "c.json", capture(ORIGIN, ANCHORS, "", HOST_LANE, UPLOAD, "2500", "")).tl;
        Map<String, Object> tm = tl.timelineMetadata;
        assertThat(tm.get("layout")).isEqualTo("clock_aligned");
        assertThat(tm.get("trace_status")).isEqualTo("partial");
        assertThat(tm.get("host_records_complete")).isEqualTo(false);
        assertThat(tm.get("cross_domain_latency_available")).isEqualTo(false);
        @SuppressWarnings("unchecked")
        Map<String, Object> hc = (Map<String, Object>) tm.get("host_capture");
        assertThat(hc)
                .containsExactly(
                        Map.entry("status", "unknown"),
                        Map.entry("recorded_records", 2L),
                        Map.entry("dropped_records", JsonValues.NULL),
                        Map.entry("error", "legacy_capture_status_missing"));
    }

    @Test
    void emptyHostLaneIsStillHostModeAndRecordsAreMissing() {
        String cap =
                "\"host_capture\": {\"status\": \"complete\", \"expected_records\": 2, \"recorded_records\": 0, \"dropped_records\": 0, \"error\": null},";
        String json = capture(ORIGIN, ANCHORS, cap, "\"host_orchestrator_phases\": [[]],", UPLOAD, "2500", "")
                .replace("\"orchestrator_source\": \"host\",", "");
        Timeline tl = read(dir, "c.json", json).tl;
        assertThat(tl.hostMode()).isTrue();
        assertThat(tl.orchestratorPhases).isNull();
        assertThat(tl.uploads).hasSize(1);
        Map<String, Object> tm = tl.timelineMetadata;
        assertThat(tm.get("trace_status")).isEqualTo("partial");
        assertThat(tm.get("host_records_missing")).isEqualTo(true);
        assertThat(tm.keySet()).last().isEqualTo("host_records_missing");
        @SuppressWarnings("unchecked")
        Map<String, Object> hc = (Map<String, Object>) tm.get("host_capture");
        assertThat(hc.get("converter_validation_errors")).isEqualTo(List.of("expected_record_count_mismatch"));
        assertThat(hc.keySet()).last().isEqualTo("converter_validation_errors");
    }

    @Test
    void validationCodesInOrder() {
        String cap = "\"host_capture\": {\"status\": \"dropped\", \"recorded_records\": 3, \"dropped_records\": 1},";
        Timeline tl = read(dir, "c.json", capture(ORIGIN, ANCHORS, cap, HOST_LANE, UPLOAD, "2500", "")).tl;
        @SuppressWarnings("unchecked")
        Map<String, Object> hc = (Map<String, Object>) tl.timelineMetadata.get("host_capture");
        assertThat(hc.get("converter_validation_errors"))
                .isEqualTo(List.of("recorded_record_count_mismatch", "expected_record_count_missing"));
        assertThat(tl.timelineMetadata.get("trace_status")).isEqualTo("partial");
    }

    @Test
    void hostCaptureObjectAloneSwitchesHostModeOn() {
        String json =
                capture(ORIGIN, ANCHORS, CAPTURE, "", "", "2500", "").replace("\"orchestrator_source\": \"host\",", "");
        Timeline tl = read(dir, "c.json", json).tl;
        assertThat(tl.hostMode()).isTrue();
        assertThat(tl.timelineMetadata).containsKey("host_records_missing");
    }

    @Test
    void uploadsAloneDoNotSwitchHostModeOnButWarn() {
        String json = capture("", "", "", "", UPLOAD, "2500", "").replace("\"orchestrator_source\": \"host\",", "");
        TestFiles.Read r = read(dir, "c.json", json);
        assertThat(r.tl.hostMode()).isFalse();
        assertThat(r.tl.timelineMetadata).isNull();
        assertThat(r.tl.uploads).hasSize(1);
        assertThat(r.tl.uploads.get(0).startUs).isEqualTo(14.0); // origin 0 when not in host mode
        assertThat(r.warnings).hasSize(1);
        assertThat(r.warnings.get(0)).startsWith("Warning: ").contains("H2D", "not aligned");
    }

    @Test
    void uploadBeforeTheFirstSubmitWithoutAnOriginIsAccepted() { // uploads count when choosing the host origin
        String up = UPLOAD.replace("\"start_host_ns\": 14000", "\"start_host_ns\": 9500");
        Timeline tl = read(dir, "c.json", capture("", ANCHORS, CAPTURE, HOST_LANE, up, "2500", "")).tl;
        // origin = min(first submit 10000, upload 9500)
        assertThat(tl.uploads.get(0).startUs).isEqualTo(0.0);
        assertThat(tl.uploads.get(0).endUs).isEqualTo(10.5);
        assertThat(tl.orchestratorPhases.get(0)).extracting(p -> p.startUs()).containsExactly(0.5, 2.5);
        assertThat(tl.dispatch[0]).isEqualTo(19.352);
    }

    @Test
    void originFromTheFirstHostRecordWhenNotGiven() {
        Timeline tl = read(
                        dir,
                        "c.json",
                        capture(
                                "\"host_orchestration_origin_ns\": 0,",
                                ANCHORS,
                                CAPTURE,
                                HOST_LANE,
                                UPLOAD,
                                "2500",
                                ""))
                .tl;
        assertThat(tl.orchestratorPhases.get(0).get(0).startUs()).isEqualTo(0.0);
        assertThat(tl.dispatch[0]).isEqualTo(18.852);
    }

    @Test
    void originFromTheAnchorWhenThereAreNoHostRecords() {
        String json = capture("", ANCHORS, CAPTURE, "", "", "2500", "");
        Timeline tl = read(dir, "c.json", json).tl;
        // origin = pre anchor midpoint 9120 → dispatch 1990 maps to 28852 ns → 19.732 µs
        assertThat(tl.dispatch[0]).isEqualTo(19.732);
        assertThat(tl.orchestratorPhases).isNull();
    }

    @Test
    void uploadBeforeAGivenOriginIsRejected() {
        String up = UPLOAD.replace("\"start_host_ns\": 14000", "\"start_host_ns\": 9500");
        InputProblem p = problem(capture(ORIGIN, ANCHORS, CAPTURE, HOST_LANE, up, "2500", ""));
        assertThat(p.getMessage()).isEqualTo("invalid host device upload: origin=10000, start=9500, end=20000");
    }

    @Test
    void ambiguousOrchestratorSources() {
        InputProblem p = problem(
                capture(
                        ORIGIN,
                        ANCHORS,
                        CAPTURE,
                        HOST_LANE,
                        UPLOAD,
                        "2500",
                        "\"aicpu_orchestrator_phases\": [[{\"submit_idx\": 0, \"task_id\": 0, \"start_cycles\": 1970, \"end_cycles\": 1975}]],"));
        assertThat(p.getMessage())
                .isEqualTo("both AICPU and host orchestrator phases are present; clock-domain source is ambiguous");
        InputProblem q = problem(
                capture(ORIGIN, ANCHORS, CAPTURE, HOST_LANE, UPLOAD, "2500", "\"aicpu_orchestrator_phases\": [[]],"));
        assertThat(q.getMessage())
                .isEqualTo("both AICPU and host orchestrator phases are present; clock-domain source is ambiguous");
    }

    @Test
    void hostRecordEndingBeforeItStarts() {
        String lane = HOST_LANE.replace(
                "\"start_host_ns\": 12000, \"end_host_ns\": 13000", "\"start_host_ns\": 12000, \"end_host_ns\": 11000");
        InputProblem p = problem(capture(ORIGIN, ANCHORS, CAPTURE, lane, UPLOAD, "2500", ""));
        assertThat(p.getMessage()).isEqualTo("invalid host orchestrator phase: origin=10000, start=12000, end=11000");
    }

    @Test
    void hostRecordBeforeTheOrigin() {
        InputProblem p = problem(
                capture("\"host_orchestration_origin_ns\": 11000,", ANCHORS, CAPTURE, HOST_LANE, "", "2500", ""));
        assertThat(p.getMessage()).isEqualTo("invalid host orchestrator phase: origin=11000, start=10000, end=12000");
    }

    @Test
    void hostRecordWithoutItsHostTimestamps() {
        String lane = HOST_LANE.replace(", \"end_host_ns\": 13000", "");
        InputProblem p = problem(capture(ORIGIN, ANCHORS, CAPTURE, lane, UPLOAD, "2500", ""));
        assertThat(p.getMessage()).contains("host_orchestrator_phases[0][1]", "start_host_ns", "end_host_ns");
        assertThat(p.where()).isNotNull();
    }

    private InputProblem problem(String json) {
        Path f = TestFiles.write(dir, "chip_swimlane_records.json", json);
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(f, w -> {}));
        assertThat(p).isNotNull();
        assertThat(p.file()).isEqualTo(f.toString());
        return p;
    }

    @Test
    void alignmentMappingTruncatesTowardZero() {
        // the calibrated example's mapping: dispatch 1990 → Δ 987, nominalΔ 19 740, correction trunc(−45·987/4997) = −8
        // → 28 852 ns
        Map<String, Object> anchors = new java.util.LinkedHashMap<>();
        anchors.put("device_timestamp_unit", "syscnt_cycles");
        anchors.put(
                "samples",
                List.of(
                        Map.of(
                                "position",
                                "pre_host_orchestration",
                                "sample_idx",
                                1L,
                                "host_before_ns",
                                9100L,
                                "device_cycles",
                                1003L,
                                "host_after_ns",
                                9140L,
                                "error",
                                JsonValues.NULL),
                        Map.of(
                                "position",
                                "post_device_execution",
                                "sample_idx",
                                0L,
                                "host_before_ns",
                                109000L,
                                "device_cycles",
                                6000L,
                                "host_after_ns",
                                109030L,
                                "error",
                                0L)));
        ClockAlignment a = ClockAlignment.build(anchors, 50_000_000L, JsonValues.ABSENT, new long[] {1980, 3010});
        assertThat(a.calibrated).isTrue();
        assertThat(a.startMid()).isEqualTo(9120L);
        assertThat(a.hostNs(1990)).isEqualTo(28852L);
        assertThat(a.hostNs(1003)).isEqualTo(9120L);
        assertThat(a.hostNs(6000)).isEqualTo(109015L);
        // large deltas must not overflow (Δ·10^9 beyond a long)
        ClockAlignment big = ClockAlignment.build(
                Map.of(
                        "device_timestamp_unit",
                        "syscnt_cycles",
                        "samples",
                        List.of(
                                Map.of(
                                        "position",
                                        "pre_host_orchestration",
                                        "sample_idx",
                                        0L,
                                        "host_before_ns",
                                        1L,
                                        "device_cycles",
                                        1L,
                                        "host_after_ns",
                                        1L),
                                Map.of(
                                        "position",
                                        "post_device_execution",
                                        "sample_idx",
                                        0L,
                                        "host_before_ns",
                                        40_000_000_001L,
                                        "device_cycles",
                                        40_000_000_001L,
                                        "host_after_ns",
                                        40_000_000_001L))),
                1_000_000_000L,
                JsonValues.ABSENT,
                null);
        assertThat(big.hostNs(20_000_000_001L)).isEqualTo(20_000_000_001L);
    }
}
