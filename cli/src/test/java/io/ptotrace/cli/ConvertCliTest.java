package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code ptotrace convert} end to end: exit statuses, the one-line error contract, warnings, discovery, no partial output. */
class ConvertCliTest {
    @TempDir
    Path dir;

    private PrintStream savedOut, savedErr;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    List<String> stderrLines() {
        String s = stderr();
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\\R"));
    }

    /** stderr without ptotrace's own note about arrows the JSON format loses (not a spec warning). */
    List<String> specWarnings() {
        return stderrLines().stream()
                .filter(l -> !l.startsWith("Warning: Perfetto will "))
                .collect(Collectors.toList());
    }

    Path write(String rel, String text) throws IOException {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    static final String GOOD = """
        {"l2_swimlane_level": 2,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 2, "core_types": ["aic", "aiv"]},
         "aicore_tasks": [[0, 0, 1, 110, 150, 2], [1, 1, 1, 160, 200, 3], [1, 4294967298, 2, 210, 230, 1]],
         "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [1, 2, 203, 240]]}
        """;
    static final String DEPS = """
        {"tasks": [{"task_id": "0", "kernel_ids": [0, -1, -1]}, {"task_id": "1", "kernel_ids": [-1, 1, 1]}],
         "edges": [{"pred": "0", "succ": "1"}, {"pred": "1", "succ": "4294967298"}]}
        """;
    static final String HOST = """
        {"chip_swimlane_level": 4, "metadata": {"clock_freq_hz": 1000000, "orchestrator_source": "host", "host_orchestration_origin_ns": 10000},
         "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
         "host_orchestrator_phases": [[%s]] %s}
        """;

    // ------------------------------------------------------------------ help / version / usage

    @Test
    void helpAndVersionExitZero() {
        assertThat(Main.execute("--help")).isZero();
        assertThat(stdout()).contains("Usage:", "convert");
        out.reset();
        assertThat(Main.execute("--version")).isZero();
        assertThat(stdout().strip()).startsWith("ptotrace ");
        out.reset();
        assertThat(Main.execute("convert", "--help")).isZero();
        assertThat(stdout())
                .contains(
                        "INPUT",
                        "--output",
                        "--func-names",
                        "--deps-json",
                        "--overhead",
                        "--kernel-config",
                        "--verbose");
        assertThat(stdout())
                .doesNotContain("l2_swimlane_records_*"); // the help names the pattern discovery really uses
        assertThat(stderr()).isEmpty();
    }

    @Test
    void usageErrorsExitTwo() {
        assertThat(Main.execute("convert", "--no-such-option")).isEqualTo(2);
        assertThat(stderr()).contains("--no-such-option");
        err.reset();
        assertThat(Main.execute("convert", "a.json", "b.json")).isEqualTo(2);
    }

    // ------------------------------------------------------------------ success paths

    @Test
    void convertsWithDepsAndReportsStatistics() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path o = dir.resolve("run/trace.json");
        assertThat(Main.execute("convert", in.toString(), "-o", o.toString())).isZero();
        assertThat(specWarnings()).isEmpty();
        assertThat(Files.readString(o)).startsWith("{\"traceEvents\":[").contains("\"func_0_a(t0)\"");
        assertThat(stdout())
                .contains(
                        "\u2713 Conversion complete",
                        "Output: " + o,
                        "Task Statistics by Function",
                        "Total Test Time: 140.00 us");
        assertThat(listing(dir.resolve("run"))).containsExactly("deps.json", "l2_swimlane_records.json", "trace.json");
    }

    @Test
    void missingDepsIsOnlyAWarning() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        Path o = dir.resolve("run/trace.json");
        assertThat(Main.execute("convert", in.toString(), "-o", o.toString())).isZero();
        assertThat(specWarnings())
                .containsExactly(
                        "Warning: no usable deps.json at " + dir.resolve("run/deps.json")
                                + "; Perfetto trace will have no dependency arrows. Run a dep_gen capture (--enable-dep-gen) and pass --deps-json <path> to add them.");
        assertThat(Files.readString(o)).contains("\"task(t0)\"").doesNotContain("\"ph\":\"s\"");
    }

    @Test
    void multipleSiblingNameMapsWarn() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        write("run/name_map_1.json", "{\"callable_id_to_name\": {\"0\": \"QK\"}}");
        write("run/name_map_2.json", "{\"callable_id_to_name\": {\"0\": \"QK\"}}");
        assertThat(Main.execute(
                        "convert",
                        in.toString(),
                        "-o",
                        dir.resolve("run/t.json").toString()))
                .isZero();
        assertThat(specWarnings())
                .containsExactly("Warning: multiple sibling name maps found next to " + in
                        + ": name_map_1.json, name_map_2.json; pass --func-names explicitly.");
    }

    @Test
    void inputMayBeARunFolder() throws IOException {
        write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        assertThat(Main.execute("convert", dir.resolve("run").toString(), "--format", "json"))
                .isZero();
        assertThat(Files.exists(dir.resolve("run/merged_swimlane.json"))).isTrue();
        assertThat(stdout()).contains("  Input:  " + dir.resolve("run/l2_swimlane_records.json"));
    }

    // ------------------------------------------------------------------ bad input: exit 2, one line, nothing written

    static Stream<String[]> badInputs() {
        return Stream.of(
                new String[] {
                    "truncated JSON",
                    "{\"l2_swimlane_level\": 2, \"metadata\": {\"clock_freq_hz\": 1000000}, \"aicore_tasks\": [[0, 0, 1",
                    "not valid JSON"
                },
                new String[] {"not JSON", "hello", "not valid JSON"},
                new String[] {
                    "level 5",
                    GOOD.replace("\"l2_swimlane_level\": 2", "\"l2_swimlane_level\": 5"),
                    "Unsupported l2_swimlane_level: 5 (expected 1, 2, 3, or 4)"
                },
                new String[] {
                    "level 0",
                    GOOD.replace("\"l2_swimlane_level\": 2", "\"l2_swimlane_level\": 0"),
                    "Unsupported l2_swimlane_level: 0 (expected 1, 2, 3, or 4)"
                },
                new String[] {
                    "level null",
                    GOOD.replace("\"l2_swimlane_level\": 2", "\"l2_swimlane_level\": null"),
                    "l2_swimlane_level missing or not an integer"
                },
                new String[] {
                    "no level key",
                    GOOD.replace("\"l2_swimlane_level\": 2,", ""),
                    "no chip_swimlane_level or l2_swimlane_level key (not a swimlane records file?)"
                },
                new String[] {
                    "levels disagree",
                    GOOD.replace("\"l2_swimlane_level\": 2,", "\"l2_swimlane_level\": 2, \"chip_swimlane_level\": 3,"),
                    "disagree"
                },
                new String[] {
                    "zero clock",
                    GOOD.replace("\"clock_freq_hz\": 1000000", "\"clock_freq_hz\": 0"),
                    "metadata missing/zero clock_freq_hz: 0"
                },
                new String[] {
                    "missing clock",
                    GOOD.replace("\"clock_freq_hz\": 1000000,", ""),
                    "metadata missing/zero clock_freq_hz: 0"
                },
                new String[] {
                    "aicore row of 4",
                    GOOD.replace("[1, 4294967298, 2, 210, 230, 1]", "[1, 4294967298, 2, 210]"),
                    "aicore_tasks row 2 has 4 columns"
                },
                new String[] {
                    "aicpu row of 3", GOOD.replace("[1, 2, 203, 240]", "[1, 2, 203]"), "aicpu_tasks row 2 has 3 columns"
                },
                new String[] {
                    "string in a row",
                    GOOD.replace("[0, 1, 100, 155]", "[0, 1, \"100\", 155]"),
                    "aicpu_tasks row 0 column 2"
                },
                new String[] {
                    "metadata not an object",
                    GOOD.replace(
                            "\"metadata\": {\"clock_freq_hz\": 1000000, \"num_cores\": 2, \"core_types\": [\"aic\", \"aiv\"]}",
                            "\"metadata\": \"none\""),
                    "metadata is not an object"
                },
                new String[] {
                    "newer scheduler schema",
                    "{\"chip_swimlane_level\": 3, \"metadata\": {\"clock_freq_hz\": 1}, \"aicore_tasks\": [[0, 0, 1, 5, 6]],"
                            + " \"scheduler_records\": {\"schema_version\": 1, \"streams\": []}}",
                    "metadata.runtime is missing"
                },
                new String[] {
                    "ambiguous orchestrators",
                    HOST.formatted(
                            "{\"submit_idx\": 0, \"task_id\": 0, \"start_host_ns\": 10000, \"end_host_ns\": 11000}",
                            ", \"aicpu_orchestrator_phases\": [[]]"),
                    "both AICPU and host orchestrator phases are present; clock-domain source is ambiguous"
                },
                new String[] {
                    "invalid host record",
                    HOST.formatted(
                            "{\"submit_idx\": 0, \"task_id\": 0, \"start_host_ns\": 10000, \"end_host_ns\": 9000}", ""),
                    "invalid host orchestrator phase: origin=10000, start=10000, end=9000"
                },
                new String[] {
                    "host record without end",
                    HOST.formatted("{\"submit_idx\": 0, \"task_id\": 0, \"start_host_ns\": 10000}", ""),
                    "end_host_ns"
                },
                new String[] {
                    "invalid upload",
                    HOST.formatted(
                            "{\"submit_idx\": 0, \"task_id\": 0, \"start_host_ns\": 10000, \"end_host_ns\": 11000}",
                            ", \"host_device_uploads\": [{\"phase\": \"arena_h2d\", \"start_host_ns\": 9500, \"end_host_ns\": 20000, \"detail\": 1}]"),
                    "invalid host device upload: origin=10000, start=9500, end=20000"
                });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badRecordsExitTwoWithOneLineNamingTheFile(String what, String json, String message) throws IOException {
        Path in = write("run/l2_swimlane_records.json", json);
        Path outDir = Files.createDirectories(dir.resolve("out"));
        assertThat(Main.execute(
                        "convert", in.toString(), "-o", outDir.resolve("t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).hasSize(1);
        assertThat(stderrLines().get(0)).startsWith("Error: " + in + ": ").contains(message);
        assertThat(stdout()).isEmpty();
        assertThat(listing(outDir)).isEmpty();
        assertThat(listing(dir.resolve("run"))).containsExactly("l2_swimlane_records.json");

        err.reset();
        assertThat(Main.execute(
                        "convert",
                        "-v",
                        in.toString(),
                        "-o",
                        outDir.resolve("t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines().get(0)).startsWith("Error: " + in + ": ");
        assertThat(stderr()).contains("\tat io.ptotrace.");
        assertThat(listing(outDir)).isEmpty();
    }

    @Test
    void truncatedJsonNamesLineAndColumn() throws IOException {
        Path in = write("r.json", "{\"l2_swimlane_level\": 2,\n \"aicore_tasks\": [[0, 0, 1");
        assertThat(Main.execute(
                        "convert", in.toString(), "-o", dir.resolve("t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).hasSize(1);
        assertThat(stderrLines().get(0)).matches("Error: .*r\\.json: not valid JSON: .* \\(at line 2, column \\d+\\)");
    }

    @Test
    void explicitInputThatDoesNotExist() {
        Path in = dir.resolve("nope.json");
        assertThat(Main.execute(
                        "convert", in.toString(), "-o", dir.resolve("t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).containsExactly("Error: " + in + ": no such file");
        assertThat(Files.exists(dir.resolve("t.json"))).isFalse();
    }

    @Test
    void explicitNameMapThatDoesNotExist() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path names = dir.resolve("names.json");
        assertThat(Main.execute(
                        "convert",
                        in.toString(),
                        "--func-names",
                        names.toString(),
                        "-o",
                        dir.resolve("run/t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).containsExactly("Error: Func names JSON not found: " + names);
        assertThat(listing(dir.resolve("run"))).containsExactly("deps.json", "l2_swimlane_records.json");
    }

    @Test
    void invalidNameMapIsAnError() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path names = write("run/name_map_x.json", "{\"callable_id_to_name\": ");
        assertThat(Main.execute(
                        "convert",
                        in.toString(),
                        "-o",
                        dir.resolve("run/t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).hasSize(1);
        assertThat(stderrLines().get(0)).startsWith("Error: " + names + ": ");
        assertThat(listing(dir.resolve("run")))
                .containsExactly("deps.json", "l2_swimlane_records.json", "name_map_x.json");
    }

    @Test
    void kernelConfigProblems() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path k = write("kernel_config.py", "OTHER = []\n");
        assertThat(Main.execute(
                        "convert",
                        in.toString(),
                        "-k",
                        k.toString(),
                        "-o",
                        dir.resolve("run/t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).containsExactly("Error: " + k + ": kernel_config.py missing KERNELS definition");
        err.reset();
        Path missing = dir.resolve("missing.py");
        assertThat(Main.execute(
                        "convert",
                        in.toString(),
                        "-k",
                        missing.toString(),
                        "-o",
                        dir.resolve("run/t.json").toString()))
                .isEqualTo(2);
        assertThat(stderrLines()).containsExactly("Error: Kernel config file not found: " + missing);
        assertThat(Files.exists(dir.resolve("run/t.json"))).isFalse();
    }

    @Test
    void missingOutputFolder() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path o = dir.resolve("nowhere/t.json");
        assertThat(Main.execute("convert", in.toString(), "-o", o.toString())).isEqualTo(2);
        assertThat(stderrLines()).hasSize(1);
        assertThat(stderrLines().get(0)).startsWith("Error: ").contains("nowhere");
        assertThat(Files.exists(dir.resolve("nowhere"))).isFalse();
        assertThat(listing(dir.resolve("run"))).containsExactly("deps.json", "l2_swimlane_records.json");
    }

    @Test
    void outputThatIsAFolderFailsWithoutLeavingATempFile() throws IOException {
        Path in = write("run/l2_swimlane_records.json", GOOD);
        write("run/deps.json", DEPS);
        Path o = Files.createDirectories(dir.resolve("out/t.json"));
        Files.writeString(o.resolve("keep"), "x");
        assertThat(Main.execute("convert", in.toString(), "-o", o.toString())).isEqualTo(2);
        assertThat(stderrLines()).hasSize(1);
        assertThat(stderrLines().get(0)).startsWith("Error: ");
        assertThat(listing(dir.resolve("out"))).containsExactly("t.json");
        assertThat(listing(o)).containsExactly("keep");
    }

    // ------------------------------------------------------------------ discovery from the working directory

    private int runInDirectory(Path cwd, List<String> outLines, List<String> errLines, String... args)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.ptotrace.cli.Main"));
        cmd.addAll(Arrays.asList(args));
        Path o = Files.createTempFile(dir, "out", ".txt"), e = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd)
                .directory(cwd.toFile())
                .redirectOutput(o.toFile())
                .redirectError(e.toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        outLines.addAll(Files.readAllLines(o));
        errLines.addAll(Files.readAllLines(e));
        Files.delete(o);
        Files.delete(e);
        return p.exitValue();
    }

    @Test
    void noInputUsesTheNewestRunUnderOutputs() throws Exception {
        Path cwd = Files.createDirectories(dir.resolve("work"));
        Path old = write("work/outputs/A_case_20260101_000000/l2_swimlane_records.json", GOOD);
        Path newest = write("work/outputs/B_case_20260102_000000/l2_swimlane_records.json", GOOD);
        Files.setLastModifiedTime(old, FileTime.fromMillis(2_000_000_000_000L));
        Files.setLastModifiedTime(newest, FileTime.fromMillis(2_000_000_500_000L));
        List<String> o = new ArrayList<>(), e = new ArrayList<>();
        assertThat(runInDirectory(cwd, o, e, "convert", "--format", "json", "-v"))
                .isZero();
        assertThat(o)
                .contains("Auto-selected latest file: "
                        + Path.of("outputs", "B_case_20260102_000000", "l2_swimlane_records.json"));
        assertThat(Files.exists(newest.resolveSibling("merged_swimlane.json"))).isTrue();
        assertThat(Files.exists(old.resolveSibling("merged_swimlane.json"))).isFalse();
    }

    @Test
    void noInputAndNothingToFind() throws Exception {
        Path cwd = Files.createDirectories(dir.resolve("empty"));
        List<String> o = new ArrayList<>(), e = new ArrayList<>();
        assertThat(runInDirectory(cwd, o, e, "convert")).isEqualTo(2);
        assertThat(e).hasSize(1);
        assertThat(e.get(0))
                .startsWith(
                        "Error: No outputs/*/chip_swimlane_records.json or outputs/*/l2_swimlane_records.json found under "
                                + cwd.toRealPath().resolve("outputs"))
                .contains("--enable-chip-swimlane", "--enable-l2-swimlane");
        assertThat(listing(cwd)).isEmpty();
    }
}
