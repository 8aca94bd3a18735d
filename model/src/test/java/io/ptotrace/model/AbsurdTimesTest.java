package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A timestamp that converts to a time no capture can span is refused with where it is, never wrapped. */
class AbsurdTimesTest {
    @TempDir
    Path dir;

    private InputProblem problem(String json) {
        Path f = TestFiles.write(dir, "l2_swimlane_records.json", json);
        return catchThrowableOfType(InputProblem.class, () -> RecordsReader.read(f, w -> {}));
    }

    @Test
    void anEndOfTwoToThe63CyclesAtFiftyMegahertzIsAnErrorNamingItsRow() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 50000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 1, 1, 1000, 1500], [0, 2, 2, 2000, 9223372036854775807]]}
            """);
        assertThat(p).isNotNull();
        assertThat(p.oneLine())
                .startsWith(dir.resolve("l2_swimlane_records.json")
                        + ": aicore_tasks row 1: its end time (9223372036854775807) "
                        + "converts to 1.845e+17 \u00b5s from the run's start, ")
                .endsWith(" days away; a capture spans seconds to minutes, so the value is corrupt");
    }

    @Test
    void aSchedulerRecordFarBeyondTheRunIsAnErrorToo() {
        InputProblem p = problem("""
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 1, 1, 1000, 1500]], "aicpu_tasks": [[0, 1, 900, 1600]],
             "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 1000, "end_cycles": 9000000000000000000}]]}
            """);
        assertThat(p).isNotNull();
        assertThat(p.getMessage()).startsWith("scheduler record 0: its end (9000000000000000000) converts to ");
    }

    @Test
    void timesWithinAnyRealCaptureAreKept() {
        Path f = TestFiles.write(dir, "l2_swimlane_records.json", """
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 50000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 1, 1, 1000, 1500], [0, 2, 2, 2000, 50000000000000]]}
            """);
        Timeline tl = RecordsReader.read(f, w -> {});
        assertThat(tl.end[1]).isEqualTo(999_999_999_980.0); // a million seconds, just inside the bound: kept
    }
}
