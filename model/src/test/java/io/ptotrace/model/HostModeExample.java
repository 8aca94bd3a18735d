package io.ptotrace.model;

/**
 * Pieces of a calibrated host-mode capture (50 MHz, two host submits, one
 * upload, 2+1 clock anchors), shared by the reader's and the converter's tests.
 */
public final class HostModeExample {
    private HostModeExample() {}

    public static final String ANCHORS = """
        "clock_anchors": {"device_timestamp_unit": "syscnt_cycles", "samples": [
            {"position": "pre_host_orchestration", "sample_idx": 0, "host_before_ns": 9000, "device_cycles": 1000, "host_after_ns": 9060, "error": null},
            {"position": "pre_host_orchestration", "sample_idx": 1, "host_before_ns": 9100, "device_cycles": 1003, "host_after_ns": 9140, "error": null},
            {"position": "post_device_execution", "sample_idx": 0, "host_before_ns": 109000, "device_cycles": 6000, "host_after_ns": 109030, "error": null}]},
        """;
    public static final String CAPTURE = """
        "host_capture": {"status": "complete", "expected_records": 2, "recorded_records": 2, "pool_records": 9, "dropped_records": 0, "error": null},
        """;
    public static final String HOST_LANE = """
        "host_orchestrator_phases": [[{"submit_idx": 0, "task_id": 0, "start_host_ns": 10000, "end_host_ns": 12000},
                                      {"submit_idx": 1, "task_id": 1, "start_host_ns": 12000, "end_host_ns": 13000}]],
        """;
    public static final String UPLOAD = """
        "host_device_uploads": [{"phase": "arena_h2d", "start_host_ns": 14000, "end_host_ns": 20000, "detail": 65536}],
        """;
}
