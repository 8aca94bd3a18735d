package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Span containment of a host-orchestrated capture: which logs are read, which invocation is chosen, and every
 * reason a placement fails (a warning; the capture converts on its own clock and the metadata says why).
 */
class ContainmentTest {
    @TempDir
    Path dir;

    static final String CAPTURE = """
        {"chip_swimlane_level": 4,
         "metadata": {"runtime": "host_build_graph", "clock_freq_hz": 50000000, "core_types": ["aic", "aiv"], "core_to_thread": [0, 0],
                      "orchestrator_source": "host", "host_orchestration_origin_ns": 1000000 %s},
         "aicore_tasks": [[0, 7, 1, 2000, 2500, 5, 1]],
         "scheduler_tasks": {"producer": "aicpu", "records": [[0, 1, 1990, 2510, 1]]},
         "scheduler_records": {"streams": [{"producer": "aicpu", "scheduler_id": 0, "records": [
           {"start_cycles": 1980, "end_cycles": 1995, "run_epoch": 1, "loop_iter": 0, "kind": "dispatch", "tasks_processed": 1, "task_id": null},
           {"start_cycles": 3005, "end_cycles": 3020, "run_epoch": 1, "loop_iter": 2, "kind": "complete", "tasks_processed": 1, "task_id": null}]}]},
         "host_orchestrator_phases": [[{"submit_idx": 0, "task_id": 7, "start_host_ns": 1000000, "end_host_ns": 1002000}]]}
        """;

    static String span(int inv, String name, long ts, long dur, String attrs) {
        return "[mono_ns=1][T0x1][TIMING] emit_host_span: [STRACE] v=1 pid=4242 tid=4242 inv=" + inv
                + " hid=ab depth=1 name=" + name + " ts=" + ts + " dur=" + dur + " " + attrs + "\n";
    }

    /** One invocation: root, runner, device wall and its sched phase. */
    static String invocation(int inv, long runnerDur, long wallDur, String rootAttrs) {
        return span(inv, "chip.run", 990000, 1200000, "run_id=0 dispatch_id=0 slot_id=0 generation=0 " + rootAttrs)
                + span(inv, "chip.run.runner_run", 1010000, runnerDur, "")
                + span(inv, "chip.run.runner_run.device_wall", 0, wallDur, "clk=dev")
                + span(inv, "chip.run.runner_run.device_wall.sched", 100, 30000, "clk=dev");
    }

    private TestFiles.Read read(String meta, String log, ReadOptions options) {
        Path f = TestFiles.write(dir, "run/chip_swimlane_records.json", CAPTURE.formatted(meta));
        if (log != null) TestFiles.write(dir, "run/host.4242.log", log);
        List<String> w = new ArrayList<>();
        Timeline tl = RecordsReader.read(f, options, w::add);
        return new TestFiles.Read(tl, w);
    }

    @Test
    void placedWhenOneInvocationHoldsTheCapture() {
        TestFiles.Read r = read("", invocation(3, 100000, 40000, "run_epoch=1"), ReadOptions.DEFAULT);
        assertThat(r.warnings).isEmpty();
        assertThat(r.tl.timelineMetadata.get("layout")).isEqualTo("containment_spliced");
        assertThat(r.tl.streams.placement.slackNs).isEqualTo(60000.0);
        assertThat(r.tl.streams.placement.window.inv).isEqualTo(3);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "NONE||no matching Host runner_run/device_wall windows",
                "TWO||capture does not uniquely identify a Host invocation",
                "NARROW||pid 4242 inv 3 draws 40.0 us of device work but its chip.run.runner_run window is only 10.0 us wide",
                "SHORT_WALL||pid 4242 inv 3 and this capture cannot describe one run: the device windows they report do not overlap",
                "BAD_LAUNCH||invalid AICPU launch marker: expected Host clock, zero duration, and time within runner window",
                "LATE_LAUNCH||pid 4242 inv 3 has no legal placement: its chip.run.runner_run.aicpu_launch marker would put the device block outside the runner window",
                "ONE|, \"collection\": {\"run_epoch\": 2}|no single Host invocation carries this capture's run_epoch 2",
            })
    void failuresAreWarningsAndTheCaptureStillConverts(String log, String meta, String reason) {
        String text;
        switch (log) {
            case "NONE":
                text = span(3, "chip.run.collect", 1, 2, "");
                break;
            case "TWO":
                text = invocation(3, 100000, 40000, "") + invocation(4, 100000, 40000, "");
                break;
            case "NARROW":
                text = invocation(3, 10000, 40000, "");
                break;
            case "SHORT_WALL":
                text = invocation(3, 100000, 100, "");
                break;
            case "BAD_LAUNCH":
                text = invocation(3, 100000, 40000, "") + span(3, "chip.run.runner_run.aicpu_launch", 1020000, 5, "");
                break;
            case "LATE_LAUNCH":
                text = invocation(3, 100000, 40000, "") + span(3, "chip.run.runner_run.aicpu_launch", 1100000, 0, "");
                break;
            default:
                text = invocation(3, 100000, 40000, "run_epoch=1");
        }
        TestFiles.Read r = read(meta == null ? "" : meta, text, ReadOptions.DEFAULT);
        assertThat(r.warnings).containsExactly("Warning: clock alignment skipped: " + reason);
        Map<String, Object> m = r.tl.timelineMetadata;
        assertThat(m.get("layout")).isEqualTo("causal_composite");
        assertThat(m.get("clock_alignment")).isEqualTo(Map.of("status", "unavailable", "reason", reason));
        assertThat(m).doesNotContainKey("placement");
        assertThat(r.tl.rows).isEqualTo(1);
    }

    @Test
    void givenLogsReplaceTheOnesBeside() throws Exception {
        Path other = TestFiles.write(dir, "elsewhere/mine.log", invocation(3, 100000, 40000, ""));
        // the sibling log has no window; the given one does
        TestFiles.Read r = read("", span(3, "chip.run.collect", 1, 2, ""), new ReadOptions(List.of(other)));
        assertThat(r.warnings).isEmpty();
        assertThat(r.tl.timelineMetadata.get("layout")).isEqualTo("containment_spliced");
        assertThat(Files.exists(dir.resolve("run/host.4242.log"))).isTrue();
    }

    @Test
    void aSidecarNarrowsToItsHostProcess() {
        TestFiles.write(dir, "run/dispatch_identity.json", "{\"host_pid\": 999}");
        TestFiles.Read r = read("", invocation(3, 100000, 40000, ""), ReadOptions.DEFAULT);
        assertThat(r.warnings)
                .containsExactly("Warning: clock alignment skipped: no matching Host runner_run/device_wall windows");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "[1]|clock_alignment must be an object",
                "{\"status\": \"exact\"}|unsupported clock_alignment status",
                "{\"status\": \"bounded\", \"device_anchor_cycles\": 1.5, \"host_anchor_ns\": 1, \"host_anchor_min_ns\": 1, \"host_anchor_max_ns\": 1}|clock_alignment anchors and bounds must be integers",
                "{\"status\": \"bounded\", \"device_anchor_cycles\": 1980, \"host_anchor_ns\": 5, \"host_anchor_min_ns\": 6, \"host_anchor_max_ns\": 7}|invalid clock_alignment bounds",
            })
    void aBrokenSavedRecordIsIgnored(String record, String reason) {
        TestFiles.Read r = read(", \"clock_alignment\": " + record, null, ReadOptions.DEFAULT);
        assertThat(r.warnings).first().isEqualTo("Warning: ignoring saved clock alignment: " + reason);
        // no log beside: the placement is then tried, and fails for want of one
        assertThat(r.warnings).last().isEqualTo("Warning: clock alignment skipped: no Host log available");
    }

    @Test
    void aSavedRecordPlacesWithoutReadingALog() {
        String saved =
                ", \"clock_alignment\": {\"status\": \"bounded\", \"device_anchor_cycles\": 1980, \"host_anchor_ns\": 1014700,"
                        + " \"host_anchor_min_ns\": 1010100, \"host_anchor_max_ns\": 1079300}";
        TestFiles.Read r = read(saved, "not a log at all", ReadOptions.DEFAULT);
        assertThat(r.warnings).isEmpty();
        assertThat(r.tl.timelineMetadata.get("layout")).isEqualTo("containment_spliced");
        assertThat(r.tl.timelineMetadata).doesNotContainKey("placement");
        // 1990 cycles = 1014700 + 10 cycles · 20 ns
        assertThat(r.tl.dispatch[0])
                .isCloseTo((1014700 + 200 - 1000000) / 1000.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aPlacementAndOriginGivenFromOutsideAreUsed() {
        TestFiles.Read placed = read("", invocation(3, 100000, 40000, ""), ReadOptions.DEFAULT);
        io.ptotrace.model.clock.Placement p = placed.tl.streams.placement;
        io.ptotrace.model.clock.CaptureWindows cw =
                RecordsReader.captureWindowsOf(dir.resolve("run/chip_swimlane_records.json"));
        assertThat(cw.extent).containsExactly(1980, 3020);
        assertThat(cw.sched).containsExactly(1980, 3020);
        assertThat(cw.orch).isNull();
        Path f = dir.resolve("run/chip_swimlane_records.json");
        Timeline shared = RecordsReader.read(f, new ReadOptions(List.of(), p, 995000L), w -> {});
        assertThat(shared.timelineMetadata.get("timeline_origin_ns")).isEqualTo(995000L);
        assertThat(shared.dispatch[0])
                .isCloseTo(placed.tl.dispatch[0] + 5.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(org.assertj.core.api.Assertions.catchThrowable(
                        () -> RecordsReader.read(f, new ReadOptions(List.of(), null, 0L), w -> {})))
                .hasMessage("invalid shared timeline origin: 0");
    }
}
