package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers outside their member's range are refused at their location, never read as another value. */
class RecordsReaderRangeTest {
    @TempDir
    Path dir;

    private Path file;

    private InputProblem problem(String json) {
        file = TestFiles.write(dir, "l2_swimlane_records.json", json);
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(file, w -> {}));
        assertThat(p).as("an InputProblem for " + json).isNotNull();
        assertThat(p.file()).isEqualTo(file.toString());
        return p;
    }

    /** Line and column of the first {@code needle} in {@code text}, as Jackson counts them. */
    static String at(String text, String needle) {
        int i = text.indexOf(needle);
        assertThat(i).as(needle).isNotNegative();
        int line = 1, start = 0;
        for (int k = 0; k < i; k++)
            if (text.charAt(k) == '\n') {
                line++;
                start = k + 1;
            }
        return "line " + line + ", column " + (i - start + 1);
    }

    private static final String ROWS = "\"aicore_tasks\": [[0, 0, 1, 110, 150]], \"aicpu_tasks\": [[0, 1, 100, 160]]";

    @ParameterizedTest
    @ValueSource(
            strings = {
                "18446744073709551616",
                "18446744073709551618",
                "\"18446744073709551618\"",
                "-18446744073709551614"
            })
    void levelBeyond64BitsIsNotReadAsItsLowBits(String v) {
        String json = "{\"l2_swimlane_level\": " + v + ", \"metadata\": {\"clock_freq_hz\": 1000000}, " + ROWS + "}";
        InputProblem p = problem(json);
        assertThat(p.getMessage()).isEqualTo("Unsupported l2_swimlane_level: " + v + " (expected 1, 2, 3, or 4)");
        assertThat(p.where()).isEqualTo("line 1, column 23");
    }

    @Test
    void fractionalOrHugeFloatLevelIsUnsupported() {
        assertThat(problem("{\"chip_swimlane_level\": 2.5, \"metadata\": {\"clock_freq_hz\": 1}, " + ROWS + "}")
                        .getMessage())
                .isEqualTo("Unsupported chip_swimlane_level: 2.5 (expected 1, 2, 3, or 4)");
        assertThat(problem("{\"chip_swimlane_level\": 1e308, \"metadata\": {\"clock_freq_hz\": 1}, " + ROWS + "}")
                        .getMessage())
                .isEqualTo("Unsupported chip_swimlane_level: 1e+308 (expected 1, 2, 3, or 4)");
    }

    @Test
    void levelsThatAgreeOnlyInTheirLowBitsDisagree() {
        InputProblem p = problem("{\"l2_swimlane_level\": 18446744073709551618, \"chip_swimlane_level\": 2,"
                + " \"metadata\": {\"clock_freq_hz\": 1}, " + ROWS + "}");
        assertThat(p.getMessage())
                .isEqualTo("chip_swimlane_level and l2_swimlane_level disagree (2 vs 18446744073709551618)");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "18446744073709551616",
                "1e308",
                "9223372036854775808",
                "\"18446744073709551616\"",
                "1000000.5",
                "-1e19"
            })
    void clockFrequencyOutOfRange(String v) {
        String json = "{\"l2_swimlane_level\": 2, \"metadata\": {\"num_cores\": 1, \"clock_freq_hz\": " + v + "}, "
                + ROWS + "}";
        InputProblem p = problem(json);
        String shown = v.equals("1e308") ? "1e+308" : v.equals("-1e19") ? "-1e+19" : v;
        assertThat(p.getMessage())
                .isEqualTo("metadata.clock_freq_hz " + shown + " out of range (expected an integer 1..2^63-1)");
        assertThat(p.where()).isEqualTo(at(json, v + "}"));
    }

    @Test
    void coreIdBeyond32BitsIsAnError() {
        String json = "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000},\n"
                + " \"aicore_tasks\": [[0, 0, 1, 110, 150], [4294967296, 1, 1, 160, 200]]}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo(
                        "aicore_tasks row 1 column 0 is 4294967296, out of range (expected an integer -2^31..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, "4294967296"));
        String big = "{\"l2_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 1000000},"
                + " \"aicore_tasks\": [[0, 0, 1, 110, 150]], \"aicpu_tasks\": [[18446744073709551616, 1, 100, 160]]}";
        InputProblem q = problem(big);
        assertThat(q.getMessage())
                .isEqualTo(
                        "aicpu_tasks row 0 column 0 is 18446744073709551616, out of range (expected a 64-bit integer)");
        assertThat(q.where()).isEqualTo(at(big, "18446744073709551616"));
    }

    @Test
    void timestampBeyond64BitsIsAnError() {
        String json = "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000},"
                + " \"aicore_tasks\": [[0, 0, 1, 18446744073709551616, 150]]}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo(
                        "aicore_tasks row 0 column 3 is 18446744073709551616, out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "18446744073709551616"));
        String phase = "{\"l2_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1000000}, \"aicore_tasks\": [],"
                + " \"aicpu_scheduler_phases\": [[{\"kind\": \"complete\", \"start_cycles\": 5, \"end_cycles\": -9223372036854775809}]]}";
        InputProblem q = problem(phase);
        assertThat(q.getMessage())
                .isEqualTo("aicpu_scheduler_phases[0][0].end_cycles is -9223372036854775809, out of range"
                        + " (expected a 64-bit integer)");
        assertThat(q.where()).isEqualTo(at(phase, "-9223372036854775809"));
    }

    @Test
    void taskTokenUpTo64BitsKeepsItsUnsignedBits() {
        TestFiles.Read r = TestFiles.read(
                dir,
                "ok.json",
                "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000},"
                        + " \"aicore_tasks\": [[0, 18446744073709551615, 1, 110, 150]]}");
        assertThat(r.tl.taskId).containsExactly(-1L);
        assertThat(r.warnings).isEmpty();
    }

    @Test
    void phaseTaskIdBeyond64BitsIsKeptAndCountedInOneWarning() {
        String json = "{\"l2_swimlane_level\": 4, \"metadata\": {\"clock_freq_hz\": 1000000}, \"aicore_tasks\": [],\n"
                + " \"aicpu_orchestrator_phases\": [[{\"submit_idx\": 0, \"task_id\": \"18446744073709551617\", \"start_cycles\": 1, \"end_cycles\": 2},\n"
                + "   {\"submit_idx\": 1, \"task_id\": 36893488147419103234, \"start_cycles\": 3, \"end_cycles\": 4},\n"
                + "   {\"submit_idx\": 2, \"task_id\": \"18446744073709551615\", \"start_cycles\": 5, \"end_cycles\": 6}]]}";
        TestFiles.Read r = TestFiles.read(dir, "l2_swimlane_records.json", json);
        assertThat(r.warnings)
                .containsExactly(
                        "Warning: " + dir.resolve("l2_swimlane_records.json") + ": 2 task_id values out of range"
                                + " (expected a 64-bit integer), matched by the low 64 bits (first at "
                                + at(json, "\"18446744073709551617\"") + ")");
        PhaseRecord first = r.tl.orchestratorPhases.get(0).get(0);
        assertThat(r.tl.phases.value(first.row(), PhaseTable.TASK_ID)).isEqualTo("18446744073709551617");
    }

    @Test
    void coreToThreadEntryBeyond32BitsIsAnError() {
        String json =
                "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000, \"core_to_thread\": [0, 4294967296]},"
                        + " \"aicore_tasks\": []}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo("metadata.core_to_thread[1] 4294967296 out of range (expected an integer -2^31..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, "4294967296"));
        assertThat(problem(json.replace("4294967296", "1.5")).getMessage())
                .isEqualTo("metadata.core_to_thread[1] 1.5 out of range (expected an integer -2^31..2^31-1)");
    }

    private static String hostCapture(String origin, String anchors) {
        return HostModeReaderTest.capture(
                origin,
                anchors,
                HostModeExample.CAPTURE,
                HostModeExample.HOST_LANE,
                HostModeExample.UPLOAD,
                "2500",
                "");
    }

    @Test
    void hostOriginAndQuantizationBeyond64BitsAreErrors() {
        String json = hostCapture("\"host_orchestration_origin_ns\": 18446744073709561616,", HostModeExample.ANCHORS);
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo(
                        "metadata.host_orchestration_origin_ns 18446744073709561616 out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "18446744073709561616"));
        String q = hostCapture(
                HostModeReaderTest.ORIGIN + "\"host_timestamp_quantization_ns\": 1e30,", HostModeExample.ANCHORS);
        assertThat(problem(q).getMessage())
                .isEqualTo("metadata.host_timestamp_quantization_ns 1e+30 out of range (expected a 64-bit integer)");
    }

    @Test
    void anchorSampleBeyond64BitsIsNotUsedAndCounted() {
        // 2^64 + 1003 would otherwise read as 1003, the best pre anchor
        String anchors =
                HostModeExample.ANCHORS.replace("\"device_cycles\": 1003", "\"device_cycles\": 18446744073709552619");
        String json = hostCapture(HostModeReaderTest.ORIGIN, anchors);
        TestFiles.Read r = TestFiles.read(dir, "chip_swimlane_records.json", json);
        assertThat(r.warnings)
                .containsExactly(
                        "Warning: " + dir.resolve("chip_swimlane_records.json") + ": 1 clock_anchors sample value"
                                + " out of range (expected a 64-bit integer), sample not used (at "
                                + at(json, "18446744073709552619") + ")");
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>) r.tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("calibrated");
        assertThat(ca.get("selected_sample_idx"))
                .isEqualTo(Map.of("pre_host_orchestration", 0L, "post_device_execution", 0L));
    }

    @Test
    void alignmentWhoseNominalSpanExceedsALongStillMapsBetweenTheAnchors() {
        // at 1 Hz the anchors' 2e10 cycles are 2e19 nominal ns, more than a long holds; the drift brings them back
        String anchors = HostModeExample.ANCHORS.replace("\"device_cycles\": 6000", "\"device_cycles\": 20000000000");
        String json = hostCapture(HostModeReaderTest.ORIGIN, anchors)
                .replace("\"clock_freq_hz\": 50000000", "\"clock_freq_hz\": 1");
        TestFiles.Read r = TestFiles.read(dir, "chip_swimlane_records.json", json);
        @SuppressWarnings("unchecked")
        Map<String, Object> ca = (Map<String, Object>) r.tl.timelineMetadata.get("clock_alignment");
        assertThat(ca.get("status")).isEqualTo("calibrated");
        // both kernels start a few thousand cycles after the pre anchor (host 9120 ns): 9121 ns once truncated, less
        // the origin
        assertThat(r.tl.start).containsExactly(-0.879, -0.879);
    }
}
