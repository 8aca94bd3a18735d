package io.ptotrace.critpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The established analyser's quirks, each decided (kept or fixed), and the bad inputs of the contract. */
class QuirksTest {
    Path root;

    @BeforeEach
    void make() throws IOException {
        root = Files.createTempDirectory("critpath-quirks").toRealPath();
    }

    @AfterEach
    void remove() throws IOException {
        Runs.delete(root);
    }

    static final String NAMES = "{\"callable_id_to_name\": {\"1\": \"a_0_aic\", \"2\": \"b_aiv\", \"5\": \"mix_aic\"}}";

    static Map<String, String> kernels(String... idAndKernels) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < idAndKernels.length; i += 2) m.put(idAndKernels[i], idAndKernels[i + 1]);
        return m;
    }

    @Test
    void c1FiveColumnRowsAreRead() throws IOException {
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 100, 200], [0, 2, 1, 210, 300]"),
                Runs.deps(kernels("1", "[1,-1,-1]", "2", "[-1,2,-1]"), "1>2"),
                NAMES);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("[run] makespan=0.200ms  CPM=0.19ms(95%)");
    }

    @Test
    void c2AFailingRunIsReportedAndTheOthersGoOn() throws IOException {
        Runs.folder(
                root.resolve("a_bad"),
                "{\"l2_swimlane_level\": 1, \"metadata\": {}, \"aicore_tasks\": [[0, 1, 0, 1, 2, 0]]}",
                Runs.deps(kernels("1", "[1,-1,-1]")),
                NAMES);
        Runs.folder(root.resolve("b_empty"), Runs.records(1_000_000, ""), Runs.deps(kernels("1", "[1,-1,-1]")), NAMES);
        Runs.folder(
                root.resolve("c_good"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]")),
                NAMES);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).isEqualTo(2);
        assertThat(Runs.lines(r.stderr()))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("error: " + root.resolve("a_bad") + ": ")
                        .contains("clock_freq_hz"));
        assertThat(r.stderr())
                .contains("error: " + root.resolve("b_empty") + ": no aicore_tasks records in "
                        + root.resolve("b_empty/l2_swimlane_records.json") + " (empty/failed profiling run?)");
        assertThat(r.stdout()).startsWith("Analyzed 1 rank(s) under " + root + "\n[c_good] makespan=");
        assertThat(root.resolve("a_bad/critical_path_report.md")).doesNotExist();
        assertThat(root.resolve("c_good/critical_path_report.md")).exists();
    }

    @Test
    void c4IdsAreJoinedAsUnsigned64BitValues() throws IOException {
        // deps.json writes task 7 as "007" and task 2^64-1 as "-1"; the records say 7 and -1
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 7, 0, 10, 20, 0], [1, -1, 0, 30, 40, 0]"),
                Runs.deps(kernels("007", "[1,-1,-1]", "-1", "[-1,2,-1]"), "007>-1"),
                NAMES);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).as(r.stderr()).isZero();
        String report = Files.readString(root.resolve("run/critical_path_report.md"));
        assertThat(report).contains("- tasks: 2 | happens-before edges: 1\n");
        assertThat(report).contains("| 0 | a_0_aic |").contains("| 1 | b_aiv |");
    }

    @Test
    void c5TiesAreBrokenByTheIdAsADecimalString() throws IOException {
        // tasks 9 and 10 both end at 100 and both feed 11: "9" > "10" as strings, so the path comes through 9
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 10, 0, 0, 100, 0], [1, 9, 0, 50, 100, 0], [2, 11, 0, 120, 200, 0]"),
                Runs.deps(kernels("9", "[1,-1,-1]", "10", "[2,-1,-1]", "11", "[5,-1,-1]"), "10>11", "9>11"),
                NAMES);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).isZero();
        String report = Files.readString(root.resolve("run/critical_path_report.md"));
        assertThat(report).contains("| 0 | a_0_aic | 50.0 |"); // task 9 (kernel 1), not 10 (kernel 2)
    }

    @Test
    void c5SameCoreSlicesSortByIdStringOnEqualTimes() {
        assertThat(DecimalOrder.compare(10, 9)).isNegative();
        assertThat(DecimalOrder.compare(9, 10)).isPositive();
        assertThat(DecimalOrder.compare(1, 10)).isNegative();
        assertThat(DecimalOrder.compare(-1L, 99)).isNegative(); // "18446744073709551615" < "99"
        assertThat(DecimalOrder.compare(Long.parseUnsignedLong("10000000000000000000"), 2))
                .isNegative();
        for (long a : new long[] {0, 1, 9, 10, 11, 99, 100, 12345, Long.MAX_VALUE, -1L, -2L, Long.MIN_VALUE})
            for (long b : new long[] {0, 1, 9, 10, 11, 99, 100, 12345, Long.MAX_VALUE, -1L, -2L, Long.MIN_VALUE})
                assertThat(Integer.signum(DecimalOrder.compare(a, b)))
                        .as(a + " vs " + b)
                        .isEqualTo(Integer.signum(Long.toUnsignedString(a).compareTo(Long.toUnsignedString(b))));
    }

    @Test
    void c6AFolderWithoutANameMapIsNoRunFolder() throws IOException {
        Runs.folder(
                root.resolve("no_map"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]")),
                null);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr())
                .startsWith(
                        "error: no chip_swimlane_records.json or l2_swimlane_records.json (+deps.json+name_map*.json) found under "
                                + root);
        assertThat(Runs.files(root)).hasSize(2);
    }

    @Test
    void c7AMixTaskIsNamedAfterItsFirstKernel() throws IOException {
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0], [1, 1, 0, 10, 25, 0]"),
                Runs.deps(kernels("1", "[5,2,-1]")),
                NAMES);
        assertThat(Runs.run(root).status()).isZero();
        assertThat(Files.readString(root.resolve("run/critical_path_report.md")))
                .contains("| 0 | mix_aic | 15.0 |");
    }

    @Test
    void c8OnlyAicoreTimesCount() throws IOException {
        Runs.folder(
                root.resolve("run"),
                "{\"l2_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 1000000}, "
                        + "\"aicore_tasks\": [[0, 1, 0, 10, 20, 0]], \"aicpu_tasks\": [[0, 0, 1, 90]]}",
                Runs.deps(kernels("1", "[1,-1,-1]")),
                NAMES);
        Runs.Outcome r = Runs.run(root);
        assertThat(r.stdout()).contains("[run] makespan=0.010ms");
    }

    @Test
    void usageAndDiscoveryErrors() throws IOException {
        Runs.Outcome r = Runs.run(root.resolve("nope"));
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr()).isEqualTo("error: path not found: " + root.resolve("nope") + "\n");
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]")),
                NAMES);
        for (String bad : new String[] {"sub/r.md", "/tmp/r.md", "", ".", ".."}) {
            r = Runs.run(root, "--report", bad);
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.stderr()).isEqualTo("error: --report must be a filename, not a path\n");
        }
        assertThat(Runs.files(root)).hasSize(3);
        // a file as root: its folder
        r = Runs.run(root.resolve("run/deps.json"));
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).startsWith("Analyzed 1 rank(s) under " + root.resolve("run") + "\n[run] ");
    }

    @Test
    void aBrokenMergedTraceKeepsTheReportAndWritesNoCopy() throws IOException {
        Path run = Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0], [0, 2, 0, 30, 40, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]", "2", "[1,-1,-1]"), "1>2"),
                NAMES);
        Files.writeString(run.resolve("merged_swimlane.json"), "{\"traceEvents\": {}}");
        Runs.Outcome r = Runs.run(root);
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr())
                .isEqualTo("error: invalid merged_swimlane*.json in " + run
                        + ": merged swimlane JSON must contain a traceEvents list\n");
        assertThat(run.resolve("critical_path_report.md")).exists();
        assertThat(run.resolve("CPM_static.json")).doesNotExist();
        // a Worker View without the path's task 2
        Files.writeString(
                run.resolve("merged_swimlane.json"),
                "[{\"ph\": \"X\", \"pid\": 4, \"tid\": 1, \"ts\": 0, \"dur\": 1, "
                        + "\"name\": \"a(t1)\", \"args\": {\"taskId\": 1}}]");
        r = Runs.run(root);
        assertThat(r.stderr())
                .isEqualTo("error: invalid merged_swimlane*.json in " + run
                        + ": merged Worker View is missing 1 critical task(s): 2\n");
        assertThat(run.resolve("CPM_static.json")).doesNotExist();
        assertThat(run.resolve("CPM_observed.json")).doesNotExist();
        // not JSON at all
        Files.writeString(run.resolve("merged_swimlane.json"), "[{\"ph\": ");
        r = Runs.run(root);
        assertThat(r.stderr())
                .startsWith("error: invalid merged_swimlane*.json in " + run + ": "
                        + run.resolve("merged_swimlane.json") + ": not valid JSON");
        assertThat(run.resolve("CPM_static.json")).doesNotExist();
    }

    @Test
    void aTraceListAtTheTopLevelIsCopiedAsAList() throws IOException {
        Path run = Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0], [1, 2, 0, 10, 15, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]", "2", "[1,-1,-1]")),
                NAMES);
        Files.writeString(
                run.resolve("merged_swimlane.json"),
                "[{\"ph\": \"X\", \"pid\": 4, \"name\": \"a\u00e9\\n(t1)\", \"args\": {\"taskId\": 1}, \"ts\": 1.5e1},"
                        + "{\"ph\": \"X\", \"pid\": 4, \"name\": \"b(t2)\", \"args\": {\"taskId\": \"2\"}}, {\"ph\": \"M\", \"args\": {}, \"x\": []}]");
        assertThat(Runs.run(root).status()).isZero();
        assertThat(Files.readString(run.resolve("CPM_static.json")))
                .isEqualTo("[\n"
                        + "  {\n    \"ph\": \"X\",\n    \"pid\": 4,\n    \"name\": \"a\u00e9\\n(t1)\",\n    \"args\": {\n      \"taskId\": 1\n    },\n    \"ts\": 15.0\n  },\n"
                        + "  {\n    \"ph\": \"X\",\n    \"pid\": 4,\n    \"name\": \"\u00b7(t2)\",\n    \"args\": {\n      \"taskId\": \"2\"\n    }\n  },\n"
                        + "  {\n    \"ph\": \"M\",\n    \"args\": {},\n    \"x\": []\n  }\n]\n");
    }

    @Test
    void extendedSectionsAndJsonComeOnTopOfTheReport() throws IOException {
        Runs.folder(
                root.resolve("run"),
                Runs.records(1_000_000, "[0, 1, 0, 10, 20, 0], [1, 2, 0, 10, 15, 0], [0, 3, 0, 21, 30, 0]"),
                Runs.deps(kernels("1", "[1,-1,-1]", "2", "[2,-1,-1]", "3", "[5,-1,-1]"), "1>3", "2>3"),
                NAMES);
        assertThat(Runs.run(root).status()).isZero();
        String plain = Files.readString(root.resolve("run/critical_path_report.md"));
        assertThat(Runs.run(root, "--extended").status()).isZero();
        String extended = Files.readString(root.resolve("run/critical_path_report.md"));
        assertThat(extended)
                .startsWith(plain)
                .contains("\n### Slack on the static graph\n", "\n### What if a kernel family ran 10% faster\n");
        assertThat(Runs.run(root, "--json").status()).isZero();
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(root.resolve("run/critical_path_report.json").toFile())
                .get("runs")
                .get(0);
        assertThat(j.get("makespan_ticks").asLong()).isEqualTo(20);
        assertThat(j.get("observed_path").get("tiling_exact").asBoolean()).isTrue();
        assertThat(j.get("static_path").get("tasks")).hasSize(2);
        assertThat(j.get("what_if").get("families").get(0).get("family").asText())
                .isEqualTo("a");
    }
}
