package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Fatal input conditions of the records reader: one InputProblem naming the file, never a crash. */
class RecordsReaderErrorsTest {
    @TempDir
    Path dir;

    private InputProblem problem(String json) {
        Path f = TestFiles.write(dir, "l2_swimlane_records.json", json);
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(f, w -> {}));
        assertThat(p).as("an InputProblem for " + json).isNotNull();
        assertThat(p.file()).isEqualTo(f.toString());
        assertThat(p.oneLine()).startsWith(f + ": ").doesNotContain("\n");
        return p;
    }

    private static final String ROWS = "\"aicore_tasks\": [[0, 0, 1, 110, 150]], \"aicpu_tasks\": [[0, 1, 100, 160]]";

    @ParameterizedTest
    @ValueSource(ints = {0, 5, -1, 99})
    void levelOutsideOneToFour(int level) {
        InputProblem p = problem(
                "{\"l2_swimlane_level\": " + level + ", \"metadata\": {\"clock_freq_hz\": 1000000}, " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("Unsupported l2_swimlane_level: " + level + " (expected 1, 2, 3, or 4)");
    }

    @Test
    void newerLevelOutOfRangeNamesTheNewerKey() {
        InputProblem p =
                problem("{\"chip_swimlane_level\": 7, \"metadata\": {\"clock_freq_hz\": 1000000}, " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("Unsupported chip_swimlane_level: 7 (expected 1, 2, 3, or 4)");
    }

    @Test
    void neitherLevelKey() {
        InputProblem p = problem("{\"metadata\": {\"clock_freq_hz\": 1000000}, " + ROWS + "}");
        assertThat(p.getMessage())
                .isEqualTo("no chip_swimlane_level or l2_swimlane_level key (not a swimlane records file?)");
    }

    @Test
    void bothLevelKeysDifferent() {
        InputProblem p = problem(
                "{\"l2_swimlane_level\": 2, \"chip_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1000000}, "
                        + ROWS + "}");
        assertThat(p.getMessage()).contains("chip_swimlane_level", "l2_swimlane_level", "disagree");
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "\"abc\"", "true", "[2]", "{}"})
    void levelNotAnInteger(String v) {
        InputProblem p =
                problem("{\"l2_swimlane_level\": " + v + ", \"metadata\": {\"clock_freq_hz\": 1000000}, " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("l2_swimlane_level missing or not an integer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"clock_freq_hz\": 0}", "{\"clock_freq_hz\": null}", "null"})
    void missingOrZeroClock(String metadata) {
        InputProblem p = problem("{\"l2_swimlane_level\": 2, \"metadata\": " + metadata + ", " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("metadata missing/zero clock_freq_hz: 0");
    }

    @Test
    void noMetadataAtAll() {
        InputProblem p = problem("{\"l2_swimlane_level\": 2, " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("metadata missing/zero clock_freq_hz: 0");
    }

    @Test
    void negativeClock() {
        InputProblem p = problem("{\"l2_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": -50}, " + ROWS + "}");
        assertThat(p.getMessage()).isEqualTo("metadata missing/zero clock_freq_hz: -50");
    }

    @Test
    void metadataNotAnObject() {
        InputProblem p = problem("{\"l2_swimlane_level\": 2, \"metadata\": [1, 2], " + ROWS + "}");
        assertThat(p.getMessage()).contains("metadata is not an object");
        assertThat(p.where()).isEqualTo("line 1, column 38");
    }

    @Test
    void aicoreRowWithFourColumns() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150], [0, 1, 2, 160]]}
            """);
        assertThat(p.getMessage()).isEqualTo("aicore_tasks row 1 has 4 columns, expected 5, 6 or 7");
        assertThat(p.where()).startsWith("line 2, column ");
    }

    @Test
    void aicpuRowWithThreeColumns() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]],
             "aicpu_tasks": [[0, 1, 100]]}
            """);
        assertThat(p.getMessage()).isEqualTo("aicpu_tasks row 0 has 3 columns, expected 4");
        assertThat(p.where()).startsWith("line 3, column ");
    }

    @Test
    void stringInsideARow() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, "110", 150]]}
            """);
        assertThat(p.getMessage()).isEqualTo("aicore_tasks row 0 column 3 is the string \"110\", expected an integer");
        assertThat(p.where()).isEqualTo("line 2, column 29");
    }

    @Test
    void rowThatIsNotAnArray() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [{"core": 0}]}
            """);
        assertThat(p.getMessage()).isEqualTo("aicpu_tasks row 0 is not an array");
    }

    @Test
    void sectionOfTheWrongType() {
        InputProblem p =
                problem("{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1}, \"aicore_tasks\": \"none\"}");
        assertThat(p.getMessage()).isEqualTo("aicore_tasks is not an array");
    }

    @Test
    void phaseRecordThatIsNotAnObject() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000}, "aicore_tasks": [],
             "aicpu_scheduler_phases": [[{"kind": "complete"}, 5]]}
            """);
        assertThat(p.getMessage()).isEqualTo("aicpu_scheduler_phases[0][1] is not an object");
    }

    @Test
    void phaseTimestampOfTheWrongType() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000}, "aicore_tasks": [],
             "aicpu_scheduler_phases": [[{"kind": "complete", "start_cycles": "soon"}]]}
            """);
        assertThat(p.getMessage()).contains("aicpu_scheduler_phases[0][0].start_cycles", "\"soon\"");
    }

    @Test
    void coreTypesNotAList() {
        InputProblem p = problem(
                "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1, \"core_types\": \"aic\"}, \"aicore_tasks\": []}");
        assertThat(p.getMessage()).isEqualTo("metadata.core_types is not an array");
    }

    @Test
    void truncatedFile() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150], [1, 1, 1, 160""");
        assertThat(p.getMessage()).startsWith("not valid JSON: ");
        assertThat(p.where()).matches("line 2, column \\d+");
    }

    @Test
    void notJsonAtAll() {
        InputProblem p = problem("l2_swimlane_level = 2\n");
        assertThat(p.getMessage()).startsWith("not valid JSON: ");
        assertThat(p.where()).isEqualTo("line 1, column 1");
    }

    @Test
    void emptyFile() {
        InputProblem p = problem("");
        assertThat(p.getMessage()).isEqualTo("top level is not a JSON object");
    }

    @Test
    void topLevelArray() {
        InputProblem p = problem("[{\"l2_swimlane_level\": 1}]");
        assertThat(p.getMessage()).isEqualTo("top level is not a JSON object");
        assertThat(p.where()).isEqualTo("line 1, column 1");
    }

    @Test
    void trailingGarbage() {
        InputProblem p = problem("{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1}} {}");
        assertThat(p.getMessage()).contains("trailing content");
    }

    @Test
    void streamsEraSectionsAreCheckedAndTheRuntimeIsRequired() {
        InputProblem p = problem("""
            {"chip_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150, 0, 1]],
             "scheduler_tasks": {"schema_version": 1, "producer": "x", "records": []}}
            """);
        assertThat(p.getMessage()).isEqualTo("scheduler_tasks.producer must be 'aicpu' or 'aicore'");
        InputProblem q = problem("""
            {"chip_swimlane_level": 4, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [],
             "scheduler_records": {"schema_version": 1, "streams": []}}
            """);
        assertThat(q.getMessage()).startsWith("metadata.runtime is missing; this capture predates the runtime name");
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("nope.json");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(f, w -> {}));
        assertThat(p.file()).isEqualTo(f.toString());
        assertThat(p.oneLine()).isEqualTo(f + ": no such file");
    }
}
