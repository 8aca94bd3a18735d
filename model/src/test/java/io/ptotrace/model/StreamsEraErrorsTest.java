package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every error and warning of a streams-era capture: one line naming the file; warnings leave the capture readable. */
class StreamsEraErrorsTest {
    @TempDir
    Path dir;

    /** A valid level-2 tmr capture with one task; {@code %s} placeholders: metadata extra, rows, scheduler section, more. */
    private static String capture(String meta, String rows, String sched, String more) {
        return "{\"chip_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 1000000, \"core_types\": [\"aic\"]"
                + meta + "}," + " \"aicore_tasks\": " + rows + ", \"scheduler_tasks\": " + sched + more + "}";
    }

    private static final String ROWS = "[[0, 5, 1, 110, 150, 2, 1]]";
    private static final String SCHED = "{\"producer\": \"aicpu\", \"records\": [[0, 1, 100, 155, 1]]}";
    private static final String TMR = ", \"runtime\": \"tensormap_and_ringbuffer\"";

    private String problem(String json) {
        Path f = TestFiles.write(dir, "chip_swimlane_records.json", json);
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(f, w -> {}));
        assertThat(p).as("an InputProblem for " + json).isNotNull();
        assertThat(p.oneLine()).startsWith(f + ": ").doesNotContain("\n");
        return p.getMessage();
    }

    @Test
    void theValidCaptureReads() {
        TestFiles.Read r = TestFiles.read(dir, "chip_swimlane_records.json", capture(TMR, ROWS, SCHED, ""));
        assertThat(r.tl.era).isEqualTo(Era.STREAMS);
        assertThat(r.tl.rows).isEqualTo(1);
        assertThat(r.tl.label(r.tl.taskId[0])).isEqualTo("r0t5");
        assertThat(r.warnings).isEmpty();
    }

    @Test
    void runtimeIsRequiredAndNamed() {
        assertThat(problem(capture("", ROWS, SCHED, "")))
                .isEqualTo("metadata.runtime is missing; this capture predates the runtime"
                        + " name and its TaskId layout cannot be determined. Re-capture with a current build, which writes 'host_build_graph' or"
                        + " 'tensormap_and_ringbuffer'.");
        assertThat(problem(capture(", \"runtime\": \"  \"", ROWS, SCHED, "")))
                .startsWith("metadata.runtime is missing;");
        assertThat(problem(capture(", \"runtime\": \"foo\"", ROWS, SCHED, "")))
                .isEqualTo("metadata.runtime is 'foo', which this module"
                        + " does not decode; expected 'host_build_graph' or 'tensormap_and_ringbuffer'. A task id has no self-describing layout, so an"
                        + " unrecognised runtime cannot be decoded by guessing.");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "[[0, 5, 1, 0, 150, 2, 1]]|aicore_tasks[0] has invalid timing: expected 0 < start_cycles <= end_cycles",
                "[[0, 5, 1, 160, 150, 2, 1]]|aicore_tasks[0] has invalid timing: expected 0 < start_cycles <= end_cycles",
                "[[0, 5, 1, 110, 150, 110, 1]]|aicore_tasks[0] has invalid receive_to_start_cycles: expected 0 <= receive_to_start_cycles < start_cycles",
                "[[0, 5, 1, 110, 150, 2, 1], [0, 6, 1, 120, 130, 0, 1]]|duplicate aicore_tasks join key: (1, 0, 1)",
                "[[0, 1099511627776, 1, 110, 150, 2, 1]]|task_id 0x0000010000000000 has ring 256 (bits 63:32), which exceeds the 8-bit field a mint"
                        + " can fill -- either the invalid sentinel or a corrupt record -- carried by an aicore_tasks row with core_id=0, run_epoch=1",
            })
    void aicoreRowRules(String rows, String message) {
        assertThat(problem(capture(TMR, rows, SCHED, ""))).isEqualTo(message);
    }

    @Test
    void hbgIdSpaceThreeIsRefused() {
        long bad = 3L << 62;
        assertThat(problem(capture(
                        ", \"runtime\": \"host_build_graph\"",
                        "[[0, " + Long.toUnsignedString(bad) + ", 1, 110, 150, 2, 1]]",
                        SCHED,
                        "")))
                .isEqualTo(
                        "task_id 0xc000000000000000 has id space 3 (top two bits), which no real space takes; expected one of"
                                + " [0, 1, 2] -- either the invalid sentinel or a corrupt record -- carried by an aicore_tasks row with core_id=0, run_epoch=1");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "[1, 2]|scheduler_tasks must be an object",
                "{\"producer\": \"gpu\", \"records\": []}|scheduler_tasks.producer must be 'aicpu' or 'aicore'",
                "{\"producer\": \"aicpu\", \"records\": [[0, 1, 100]]}|scheduler_tasks.records must contain five-column arrays",
                "{\"producer\": \"aicpu\", \"records\": 3}|scheduler_tasks.records must contain five-column arrays",
                "{\"producer\": \"aicpu\", \"records\": [[0, 1, 100, 155, 1], [0, 1, 100, 155, 1]]}|scheduler_tasks contains duplicate (run_epoch, core_id, reg_task_id) join keys",
                "{\"producer\": \"aicpu\", \"records\": [[0, 1, 160, 155, 1]]}|scheduler_tasks.records[0] has invalid timing: expected 0 < dispatch_cycles <= finish_cycles",
                "{\"producer\": \"aicpu\", \"records\": [[0, 1, 100, 155, 2]]}|level 2 requires Scheduler task timing for every AICore task; missing 1 join key(s): (1, 0, 1)",
                "{\"producer\": \"aicpu\", \"records\": []}|level 2 requires Scheduler task timing records",
            })
    void schedulerTaskRules(String sched, String message) {
        assertThat(problem(capture(TMR, ROWS, sched, ""))).isEqualTo(message);
    }

    private static String stream(String body) {
        return ", \"scheduler_records\": {\"streams\": [" + body + "]}";
    }

    private static final String REC =
            "{\"start_cycles\": 100, \"end_cycles\": 120, \"run_epoch\": 1, \"loop_iter\": 0, \"kind\": \"dispatch\","
                    + " \"tasks_processed\": 1, \"task_id\": null}";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "S:{\"scheduler_records\": [1]}|scheduler_records must be an object",
                "S:{\"scheduler_records\": {\"streams\": 4}}|scheduler_records.streams must be an array",
                "[3]|scheduler_records.streams[0] must be an object",
                "{\"records\": 3}|scheduler stream 0 records/metrics must be arrays",
                "{\"records\": [], \"metrics\": {}}|scheduler stream 0 records/metrics must be arrays",
                "{\"records\": [{\"start_cycles\": 1}]}|scheduler stream 0 record 0 must contain exactly ['end_cycles', 'kind', 'loop_iter', 'run_epoch', 'start_cycles', 'task_id', 'tasks_processed']",
                "{\"records\": [REC_EXTRA]}|scheduler stream 0 record 0 must contain exactly ['end_cycles', 'kind', 'loop_iter', 'run_epoch', 'start_cycles', 'task_id', 'tasks_processed']",
                "{\"records\": [REC_BACKWARDS]}|scheduler stream 0 record 0 has a negative interval",
                "{\"records\": [REC], \"metrics\": [{\"shared_at_start\": [0, 0, 0]}]}|scheduler stream 0 has malformed metrics",
                "{\"records\": [REC], \"metrics\": [{\"record_index\": 1}]}|scheduler stream 0 metric record_index 1 is out of range",
                "{\"records\": [REC], \"metrics\": [{\"record_index\": 0, \"kind\": \"x\", \"end_cycles\": 3}]}|scheduler stream 0 metric overwrites fixed record fields: ['end_cycles', 'kind']",
            })
    void schedulerStreamRules(String body, String message) {
        String b = body.replace("REC_EXTRA", REC.replace("}", ", \"pop_hit\": 1}"))
                .replace("REC_BACKWARDS", REC.replace("120", "90"))
                .replace("REC", REC);
        String more = b.startsWith("S:") ? ", " + b.substring(3, b.length() - 1) : stream(b);
        assertThat(problem(capture(TMR, ROWS, SCHED, more))).isEqualTo(message);
    }

    @Test
    void lifecycleMustBeObjects() {
        assertThat(problem(capture(TMR, ROWS, SCHED, ", \"aicpu_lifecycle_records\": [1]")))
                .isEqualTo("aicpu_lifecycle_records must be an array of objects");
    }

    @Test
    void bothSpellingsOfOneStreamAreRefused() {
        assertThat(problem(capture(TMR, ROWS, SCHED, ", \"aicpu_tasks\": [[0, 1, 100, 155]]")))
                .startsWith("both scheduler_tasks and the older aicpu_tasks are present");
        assertThat(problem(
                        capture(TMR, ROWS, SCHED, stream("{\"records\": []}") + ", \"aicpu_scheduler_phases\": [[]]")))
                .startsWith("both scheduler_records and the older aicpu_scheduler_phases are present");
    }

    @Test
    void warnings() {
        String sched =
                "{\"producer\": \"aicpu\", \"records\": [[0, 1, 100, 155, 1], [3, 9, 100, 155, 1], [3, 8, 100, 155, 1], [2, 1, 100, 155, 1]]}";
        TestFiles.Read r = TestFiles.read(
                dir, "chip_swimlane_records.json", capture(TMR + ", \"clock_anchors\": []", ROWS, sched, ""));
        assertThat(r.tl.rows).isEqualTo(1);
        assertThat(r.warnings)
                .containsExactly(
                        "Warning: " + dir.resolve("chip_swimlane_records.json")
                                + ": metadata.clock_anchors is ignored; a capture of this era is"
                                + " placed on the Host clock by span containment",
                        "Warning: 3 Scheduler task timing record(s) had no matching AICore record (producer=aicpu, top offenders: core 3: 2, core 2: 1);"
                                + " the missing AICore buffer(s) were dropped on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
    }

    @Test
    void streamsAreLaidOutAtTheirSchedulerId() {
        String more = stream("{\"producer\": \"aicpu\", \"scheduler_id\": 2, \"records\": [" + REC + "]}, "
                + "{\"producer\": \"aicpu\", \"scheduler_id\": 0, \"records\": []}");
        TestFiles.Read r = TestFiles.read(dir, "chip_swimlane_records.json", capture(TMR, ROWS, SCHED, more));
        assertThat(r.tl.schedulerPhases).hasSize(3);
        assertThat(r.tl.schedulerPhases.get(2)).hasSize(1);
        assertThat(r.tl.schedulerPhases.get(1)).isEmpty();
        assertThat(r.tl.streams.streamMeta.get(1).get("scheduler_id")).isEqualTo(1L);
        assertThat(r.tl.streams.streamMeta.get(1).get("producer")).isEqualTo("aicpu");
        assertThat(r.tl.phases.runEpoch(r.tl.schedulerPhases.get(2).from)).isEqualTo(1L);
    }

    @Test
    void hbgLabels() {
        assertThat(TaskRuntime.HOST_BUILD_GRAPH.labels().label((1L << 62) | (7L << 32) | 3))
                .isEqualTo("g7t3");
        assertThat(TaskRuntime.HOST_BUILD_GRAPH.labels().label((2L << 62) | 4)).isEqualTo("p4");
        assertThat(TaskRuntime.HOST_BUILD_GRAPH.labels().label(7)).isEqualTo("t7");
        assertThat(TaskRuntime.TENSORMAP_AND_RINGBUFFER.labels().label((1L << 32) | 1))
                .isEqualTo("r1t1");
        assertThat(TaskRuntime.TENSORMAP_AND_RINGBUFFER.labels().label(0)).isEqualTo("r0t0");
        assertThat(Era.CHIP.defaultLabels().label(5)).isEqualTo("t5");
    }
}
