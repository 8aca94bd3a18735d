package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.NameMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Task labels and statistics edge cases. */
class LabelsAndStatisticsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"0,a", "1,b", "25,z", "26,aa", "27,ab", "51,az", "52,ba", "701,zz", "702,aaa", "-1,''", "-5,''"})
    void letters(long n, String expected) {
        assertThat(Labels.letters(n)).isEqualTo(expected);
    }

    @Test
    void taskNames() {
        NameMap names = new NameMap(Map.of("0", "QK"), null);
        assertThat(Labels.funcLabel(-1)).isEqualTo("-1_");
        assertThat(Labels.funcLabel(2)).isEqualTo("2_c");
        assertThat(Labels.taskName(-1, "r1t2", false, names)).isEqualTo("task(r1t2)");
        assertThat(Labels.taskName(0, "t0", false, names)).isEqualTo("QK(t0)");
        assertThat(Labels.taskName(2, "r1t2", false, names)).isEqualTo("func_2_c(r1t2)");
        assertThat(Labels.taskName(2, "r2t18", true, names)).isEqualTo("func_2_c_spmd(r2t18)");
        assertThat(Labels.taskName(-1, "r2t18", true, names)).isEqualTo("task_spmd(r2t18)");
    }

    @Test
    void pythonStrOfCopiedValues() {
        assertThat(Labels.pyStr(3L)).isEqualTo("3");
        assertThat(Labels.pyStr(2.0)).isEqualTo("2.0");
        assertThat(Labels.pyStr(true)).isEqualTo("True");
        assertThat(Labels.pyStr(JsonValues.NULL)).isEqualTo("None");
        assertThat(Labels.pyStr("x")).isEqualTo("x");
        assertThat(Labels.pyStr(List.of(1L, "a"))).isEqualTo("[1, 'a']");
    }

    @Test
    void noRowsAtLevel2() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [], "aicpu_tasks": [[0, 1, 100, 155]]}
            """).build(dir);
        String dash = "-".repeat(140);
        assertThat(t.statistics())
                .endsWith(String.join(
                        "\n",
                        "Func_ID  Func_Name    Count   Avg Exec(us)  Avg Latency(us)   Exec%   Avg Head OH(us)  Avg Tail OH(us)  Avg Prop(us)  Avg Local(us)",
                        dash,
                        dash,
                        "TOTAL                     0           0.00             0.00",
                        "=".repeat(110),
                        ""));
        assertThat(t.slices()).isEmpty();
        assertThat(t.metaLines()).containsExactly("4 process_name=Worker View", "4 process_sort_index=4");
    }

    @Test
    void noRowsAtLevel1() {
        Trace t = Trace.of("{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000000}}")
                .build(dir);
        assertThat(t.statistics())
                .endsWith("\nTOTAL                     0           0.00                -\n" + "=".repeat(110) + "\n");
    }

    @Test
    void roundHalfEvenOnTheExactBinaryValueAndLongNames() {
        // 8 MHz: one cycle is exactly 0.125 µs
        Trace t = Trace.of("""
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 8000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 0, 1, 100, 101], [0, 1, 2, 200, 203]]}
            """)
                .deps(
                        "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [0, -1, -1]}, {\"task_id\": \"1\", \"kernel_ids\": [1, -1, -1]}], \"edges\": []}")
                .names("{\"callable_id_to_name\": {\"1\": \"a_rather_long_kernel_name\"}}")
                .build(dir);
        String s = t.statistics();
        assertThat(s)
                .contains(
                        "\n0        func_0_a         1           0.12                -       -                 -                -             -           0.00\n");
        assertThat(s)
                .contains(
                        "\n1        a_rather_long_kernel_name     1           0.38                -       -                 -                -             -           0.00\n");
        assertThat(s).contains("\nTOTAL                     2           0.50                -\n");
        assertThat(s).contains("AICore Observed Span: 12.88 us (from earliest AICore receive to latest AICore end)");
    }

    @Test
    void largestTaskIdsArePrintedUnsignedAndUnknownCoreTypes() {
        Trace t = Trace.of("""
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000, "core_types": [null]},
             "aicore_tasks": [[0, 18446744073709551615, 1, 110, 150]]}
            """).build(dir);
        JsonNode s = t.slice(4, "task(r4294967295t4294967295)"); // every bit of the id shown
        assertThat(s.get("args").get("taskId").bigIntegerValue())
                .isEqualTo(new java.math.BigInteger("18446744073709551615"));
        assertThat(t.json).contains("\"taskId\":18446744073709551615");
        assertThat(t.metaLines()).contains("4/10000 thread_name=UNKNOWN_0");
    }
}
