package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.OutputProblem;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole convert as a library call: discovery, warnings, reports, atomic output (docs/inputs.md). */
class ConvertJobTest {
    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    static final String LEVEL1 = """
        {"l2_swimlane_level": 1,
         "metadata": {"clock_freq_hz": 50000000, "num_cores": 1, "core_types": ["aic"]},
         "aicore_tasks": [[0, 7, 1, 1000, 1500], [3, 4294967303, 1, 1200, 1700, 50]]}
        """;

    ConvertOptions options(Path input, Path output) {
        ConvertOptions o = new ConvertOptions();
        o.input = input;
        o.output = output;
        return o;
    }

    List<ConvertJob.Written> run(ConvertOptions o) throws IOException {
        return new ConvertJob(
                        o,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        false)
                .run();
    }

    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    List<String> stderrLines() {
        String s = err.toString(StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
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

    static String noUsable(Path deps) {
        return "Warning: no usable deps.json at " + deps + "; Perfetto trace will have no dependency arrows. "
                + "Run a dep_gen capture (--enable-dep-gen) and pass --deps-json <path> to add them.";
    }

    // ------------------------------------------------------------------ level 1 without deps.json

    @Test
    void twoFilesAreWrittenAtOnceWhenSmallOrWhenTheHeapHoldsBothWriters() {
        long limit = ConvertJob.CONCURRENT_WRITE_LIMIT;
        assertThat(ConvertJob.writeTogether(limit, 64L << 20)).isTrue(); // small: whatever the heap
        assertThat(ConvertJob.writeTogether(limit + 1, 64L << 20)).isFalse();
        long oneMillionTasks = 32_600_000; // events of the 1M-task synthetic run
        assertThat(ConvertJob.writeTogether(oneMillionTasks, 2L << 30)).isTrue(); // fits 2 GiB: measured 1.78 GB
        assertThat(ConvertJob.writeTogether(oneMillionTasks, 1L << 30)).isFalse();
        assertThat(ConvertJob.writeTogether(3 * oneMillionTasks, 4L << 30)).isFalse();
    }

    @Test
    void example143Level1WithoutDeps() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path o = dir.resolve("run/out.json");
        run(options(in, o));
        assertThat(specWarnings()).containsExactly(noUsable(dir.resolve("run/deps.json")));
        JsonNode root = Trace.parse(Files.readString(o));
        List<JsonNode> ev = new ArrayList<>();
        root.get("traceEvents").forEach(ev::add);
        assertThat(ev)
                .containsExactly(
                        Trace.parse(
                                "{\"args\": {\"name\": \"Worker View\"}, \"cat\": \"__metadata\", \"name\": \"process_name\", \"ph\": \"M\", \"pid\": 4}"),
                        Trace.parse(
                                "{\"args\": {\"sort_index\": 4}, \"cat\": \"__metadata\", \"name\": \"process_sort_index\", \"ph\": \"M\", \"pid\": 4}"),
                        Trace.parse(
                                "{\"args\": {\"name\": \"AIC_0\"}, \"cat\": \"__metadata\", \"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 4, \"tid\": 10000}"),
                        Trace.parse(
                                "{\"args\": {\"name\": \"AIV_3\"}, \"cat\": \"__metadata\", \"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 4, \"tid\": 10030}"),
                        Trace.parse("""
                {"args": {"event-hint": "Task:t7, FuncId:-1, CoreId:0", "fanout-hint": "0: []", "fanin-hint": "0: []", "duration-us": 10.0,
                 "kernel-duration-us": 10.0, "local_setup_us": 0.0, "taskId": 7}, "cat": "event", "id": 0, "name": "task(t7)", "ph": "X",
                 "pid": 4, "tid": 10000, "ts": 0.0, "dur": 10.0}"""),
                        Trace.parse("""
                {"args": {"event-hint": "Task:r1t7, FuncId:-1, CoreId:3", "fanout-hint": "0: []", "fanin-hint": "0: []", "duration-us": 11.0,
                 "kernel-duration-us": 10.0, "local_setup_us": 1.0, "taskId": 4294967303}, "cat": "event", "id": 1, "name": "task(r1t7)", "ph": "X",
                 "pid": 4, "tid": 10030, "ts": 3.0, "dur": 11.0}"""));
        String s = stdout();
        assertThat(s)
                .contains(
                        "\n-1       func_-1_         2          10.00                -       -                 -                -             -           0.50\n",
                        "\nTOTAL                     2          20.00                -\n",
                        "\n\nAICore Observed Span: 14.00 us (from earliest AICore receive to latest AICore end)\n"
                                + "=".repeat(110) + "\n");
        assertThat(s).doesNotContain("Total Test Time", "--- Task execution vs Scheduler overhead ---");
        assertThat(s)
                .startsWith("\n\u2713 Conversion complete\n  Input:  " + in + "\n  Output: " + o
                        + "\n\nTo visualize: Open https://ui.perfetto.dev/ and drag in " + o + "\nout.json: "
                        + io.ptotrace.convert.estimate.MemoryModel.shown(Files.size(o))
                        + ", est. 23 MB in Perfetto's trace processor\n\n"
                        + "=".repeat(140) + "\nTask Statistics by Function\n");
        // ptotrace speaks for itself: no closing hint to run a Python tool the user may not have
        assertThat(s)
                .doesNotContain("sched_overhead_analysis")
                .endsWith("\nHappens-before check (producer must end before its consumer starts)\n"
                        + "  no deps.json edges: nothing to check\n");
        assertThat(listing(dir.resolve("run"))).containsExactly("l2_swimlane_records.json", "out.json");
    }

    /** AICore timing survives a capture without AICPU rows, and the statistics use the level-1 presentation. */
    @Test
    void level2WithEmptyAicpuTasksUsesTheLevel1Statistics() throws IOException {
        Path in = write(
                "run/l2_swimlane_records.json", LEVEL1.replace("\"l2_swimlane_level\": 1", "\"l2_swimlane_level\": 2"));
        run(options(in, dir.resolve("run/o.json")));
        assertThat(specWarnings())
                .containsExactly(
                        "Warning: l2_swimlane_level 2 but aicpu_tasks is empty; using AICore timing only",
                        noUsable(dir.resolve("run/deps.json")));
        assertThat(stdout())
                .contains(
                        "\nTOTAL                     2          20.00                -\n",
                        "AICore Observed Span: 14.00 us",
                        "  Source l2_swimlane_level: 2 (AICore + AICPU timing; recorded in l2_swimlane_records.json)");
    }

    // ------------------------------------------------------------------ deps.json warnings

    @Test
    void unreadableDepsIsAWarning() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        Path deps = write("run/deps.json", "{\"edges\": [");
        run(options(in, dir.resolve("run/o.json")));
        List<String> e = specWarnings();
        assertThat(e).hasSize(3);
        assertThat(e.get(0)).startsWith("Warning: 1 aicpu_task(s) had no matching AICore record");
        assertThat(e.get(1)).startsWith("Warning: failed to read " + deps + ": ");
        assertThat(e.get(2)).isEqualTo(noUsable(deps));
    }

    @Test
    void depsWhoseTopLevelIsNotAnObject() throws IOException { // odd values are absent, not fatal
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path deps = write("run/deps.json", "[{\"pred\": \"7\", \"succ\": \"4294967303\"}]");
        run(options(in, dir.resolve("run/o.json")));
        assertThat(specWarnings()).containsExactly("Warning: " + deps + " has no 'edges' array", noUsable(deps));
    }

    @Test
    void depsWithoutEdgesStillNamesTasks() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path deps = write("run/deps.json", "{\"tasks\": [{\"task_id\": \"7\", \"kernel_ids\": [3, -1, -1]}]}");
        Path o = dir.resolve("run/o.json");
        run(options(in, o));
        assertThat(specWarnings()).containsExactly("Warning: " + deps + " has no 'edges' array", noUsable(deps));
        assertThat(Files.readString(o)).contains("\"func_3_d(t7)\"");
    }

    @Test
    void explicitDepsPathAndEmptyEdgesList() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path deps = write("elsewhere/graph.json", "{\"tasks\": [], \"edges\": []}");
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.depsJson = deps;
        run(o);
        assertThat(specWarnings()).isEmpty();
    }

    @Test
    void overheadWithoutDepsWarnsAfterWriting() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example142Level4Test.RECORDS);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.overhead = true;
        run(o);
        assertThat(specWarnings())
                .containsExactly(
                        noUsable(dir.resolve("run/deps.json")),
                        "Warning: --overhead needs deps.json for task readiness; no deps found, Overhead Analysis track skipped.");
        assertThat(Files.readString(dir.resolve("run/o.json"))).doesNotContain("oh_aic_idle");
    }

    @Test
    void overheadWithAnEmptyEdgesListProducesCounters()
            throws IOException { // --overhead works with an empty edges list
        Path in = write("run/l2_swimlane_records.json", Example142Level4Test.RECORDS);
        write("run/deps.json", "{\"tasks\": [], \"tensors\": [], \"edges\": []}");
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.overhead = true;
        run(o);
        assertThat(specWarnings()).isEmpty();
        JsonNode root = Trace.parse(Files.readString(dir.resolve("run/o.json")));
        List<String> oh = new ArrayList<>();
        root.get("traceEvents").forEach(e -> {
            if (e.path("cat").asText().equals("overhead"))
                oh.add(e.get("name").asText() + "@" + e.get("ts").asText());
        });
        // readiness falls back to each task's own dispatch: only idle changes
        assertThat(oh)
                .containsExactly(
                        "oh_aic_idle@20.0",
                        "oh_aic_ready@20.0",
                        "oh_aic_overhead@20.0",
                        "oh_aiv_idle@20.0",
                        "oh_aiv_ready@20.0",
                        "oh_aiv_overhead@20.0",
                        "oh_all_overhead@20.0",
                        "oh_has_overhead@20.0",
                        "oh_aic_idle@40.0",
                        "oh_aiv_idle@50.0",
                        "oh_aiv_idle@51.0",
                        "oh_aiv_idle@68.0",
                        "oh_aiv_idle@70.0",
                        "oh_aic_idle@85.0");
    }

    // ------------------------------------------------------------------ names

    @Test
    void uniqueSiblingNameMapIsUsed() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        write("run/deps.json", Example141Level2Test.DEPS);
        write("run/name_map_case.json", Example141Level2Test.NAMES);
        Path o = dir.resolve("run/o.json");
        run(options(in, o));
        assertThat(Files.readString(o)).contains("\"QK(t0)\"", "\"SF(t1)\"");
    }

    @Test
    void multipleSiblingNameMapsWarnAndGiveNoNames() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        write("run/deps.json", Example141Level2Test.DEPS);
        write("run/name_map_b.json", Example141Level2Test.NAMES);
        write("run/name_map_a.json", Example141Level2Test.NAMES);
        Path o = dir.resolve("run/o.json");
        run(options(in, o));
        assertThat(specWarnings())
                .contains("Warning: multiple sibling name maps found next to " + in
                        + ": name_map_a.json, name_map_b.json; pass --func-names explicitly.");
        assertThat(Files.readString(o)).contains("\"func_0_a(t0)\"").doesNotContain("QK(");
    }

    @Test
    void explicitNameMapThatDoesNotExistIsAnError() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.funcNames = dir.resolve("missing_names.json");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(o));
        assertThat(p.getMessage()).isEqualTo("Func names JSON not found: " + o.funcNames);
        assertThat(listing(dir.resolve("run"))).containsExactly("l2_swimlane_records.json");
    }

    @Test
    void kernelConfigNamesAndNoSiblingDiscovery() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        write("run/deps.json", Example141Level2Test.DEPS);
        write("run/name_map_a.json", Example141Level2Test.NAMES);
        write("run/name_map_b.json", Example141Level2Test.NAMES);
        Path k = write("kernel_config.py", "KERNELS = [{'func_id': 1, 'name': 'Softmax'}, {'name': 'orphan'}]\n");
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.kernelConfig = k;
        run(o);
        assertThat(specWarnings())
                .containsExactly(
                        "Warning: 1 aicpu_task(s) had no matching AICore record (top offenders: core 0: 1); the missing AICore buffer(s) were dropped"
                                + " on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.",
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': 'orphan'}");
        String trace = Files.readString(dir.resolve("run/o.json"));
        assertThat(trace).contains("\"Softmax(t1)\"", "\"func_0_a(t0)\"");
        assertThat(stdout()).contains("\n1        Softmax          1 ");
    }

    @Test
    void explicitNameMapWinsOverKernelConfig() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        write("run/deps.json", Example141Level2Test.DEPS);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.funcNames = write("names.json", Example141Level2Test.NAMES);
        o.kernelConfig = dir.resolve("does_not_exist.py"); // ignored silently
        run(o);
        assertThat(Files.readString(dir.resolve("run/o.json"))).contains("\"QK(t0)\"");
        assertThat(specWarnings()).hasSize(1); // only the reader's unmatched-row warning
    }

    @Test
    void missingKernelConfigIsAnError() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.kernelConfig = dir.resolve("nope.py");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(o));
        assertThat(p.getMessage()).isEqualTo("Kernel config file not found: " + o.kernelConfig);
    }

    // ------------------------------------------------------------------ discovery (records names of both eras)

    @Test
    void inputAsARunFolderAndDefaultOutput() throws IOException {
        Path run = dir.resolve("run");
        write("run/l2_swimlane_records.json", LEVEL1);
        write("run/chip_swimlane_records.json", LEVEL1.replace("l2_swimlane_level", "chip_swimlane_level"));
        ConvertOptions o = options(run, null);
        o.format = ConvertOptions.Format.JSON;
        List<ConvertJob.Written> w = run(o);
        assertThat(w).extracting(x -> x.path).containsExactly(run.resolve("merged_swimlane.json"));
        assertThat(stdout())
                .contains(
                        "  Input:  " + run.resolve("chip_swimlane_records.json"),
                        "  Source chip_swimlane_level: 1 (AICore timing only; recorded in chip_swimlane_records.json)");
        assertThat(Files.exists(run.resolve("merged_swimlane.json"))).isTrue();
    }

    @Test
    void runFolderWithoutARecordsFile() throws IOException {
        Path run = Files.createDirectories(dir.resolve("empty_run"));
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(options(run, null)));
        assertThat(p.file()).isEqualTo(run.toString());
        assertThat(p.oneLine())
                .isEqualTo(run + ": no chip_swimlane_records.json or l2_swimlane_records.json in this folder");
    }

    @Test
    void noInputAndNoOutputsFolder() {
        ConvertOptions o = options(null, null);
        o.cwd = dir;
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(o));
        assertThat(p.getMessage())
                .isEqualTo("No outputs/*/chip_swimlane_records.json or outputs/*/l2_swimlane_records.json found under "
                        + dir.toAbsolutePath().normalize().resolve("outputs")
                        + ". Run a test with --enable-chip-swimlane (or --enable-l2-swimlane) first, "
                        + "or specify an explicit input.");
    }

    @Test
    void explicitInputThatDoesNotExist() {
        Path in = dir.resolve("nope/l2_swimlane_records.json");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(options(in, null)));
        assertThat(p.oneLine()).isEqualTo(in + ": no such file");
    }

    @Test
    void noInputPicksTheNewestRunUnderOutputs() throws IOException {
        Path older = write("outputs/A_case_1/l2_swimlane_records.json", LEVEL1);
        Path newer = write(
                "outputs/B_case_2/chip_swimlane_records.json",
                LEVEL1.replace("l2_swimlane_level", "chip_swimlane_level"));
        Files.setLastModifiedTime(older, FileTime.fromMillis(2_000_000_000_000L));
        Files.setLastModifiedTime(newer, FileTime.fromMillis(2_000_000_100_000L));
        ConvertOptions o = options(null, null);
        o.cwd = dir;
        o.verbose = true;
        o.format = ConvertOptions.Format.JSON;
        List<ConvertJob.Written> w = run(o);
        assertThat(w.get(0).path).isEqualTo(newer.resolveSibling("merged_swimlane.json"));
        assertThat(stdout()).contains("Auto-selected latest file: " + newer);
    }

    @Test
    void noInputAndNothingUnderOutputs() throws IOException {
        Files.createDirectories(dir.resolve("outputs/deeper/run"));
        write("outputs/deeper/run/l2_swimlane_records.json", LEVEL1); // two levels down: not discovered
        ConvertOptions o = options(null, null);
        o.cwd = dir;
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(o));
        assertThat(p.oneLine())
                .doesNotContain("\n")
                .contains(
                        "outputs/*/chip_swimlane_records.json",
                        "outputs/*/l2_swimlane_records.json",
                        dir.toAbsolutePath().resolve("outputs").toString(),
                        "--enable-chip-swimlane",
                        "--enable-l2-swimlane",
                        "specify an explicit input");
    }

    // ------------------------------------------------------------------ failures leave nothing behind

    @Test
    void badRecordsLeaveNoOutputOrTempFile() throws IOException {
        Path in = write(
                "run/l2_swimlane_records.json", "{\"l2_swimlane_level\": 5, \"metadata\": {\"clock_freq_hz\": 1}}");
        Path outDir = Files.createDirectories(dir.resolve("out"));
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> run(options(in, outDir.resolve("t.json"))));
        assertThat(p.oneLine()).isEqualTo(in + ": Unsupported l2_swimlane_level: 5 (expected 1, 2, 3, or 4)");
        assertThat(listing(outDir)).isEmpty();
        assertThat(stderrLines()).isEmpty();
    }

    @Test
    void missingOutputFolderIsAnErrorAndWritesNothing() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path o = dir.resolve("no_such_folder/t.json");
        OutputProblem p = catchThrowableOfType(OutputProblem.class, () -> run(options(in, o)));
        assertThat(p).isNotNull();
        assertThat(p.oneLine()).contains("no_such_folder").contains("does not exist");
        assertThat(Files.exists(dir.resolve("no_such_folder"))).isFalse();
        assertThat(listing(dir.resolve("run"))).containsExactly("l2_swimlane_records.json");
    }

    @Test
    void existingOutputIsReplacedAtomically() throws IOException {
        Path in = write("run/l2_swimlane_records.json", LEVEL1);
        Path o = write("run/o.json", "old content");
        run(options(in, o));
        assertThat(Files.readString(o)).startsWith("{\"traceEvents\":[");
        assertThat(listing(dir.resolve("run"))).containsExactly("l2_swimlane_records.json", "o.json");
    }

    @Test
    void verboseSummaryAndNameListing() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example142Level4Test.RECORDS);
        write("run/deps.json", Example142Level4Test.DEPS);
        write(
                "run/name_map_x.json",
                "{\"orchestrator_name\": \"PagedAttn\", \"callable_id_to_name\": {\"10\": \"J\", \"2\": \"PV\", \"main\": \"M\"}}");
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.verbose = true;
        run(o);
        String s = stdout();
        assertThat(s)
                .contains(
                        "Reading performance data from: " + in,
                        "=== Performance Data ===\n  L2 perf level: 4\n  Task Count: 4\n  Time Range: 20.000 us - 100.000 us (span: 80.000 us)\n",
                        "  Scheduler threads: 2\n  Total phase records: 11\n",
                        "Auto-discovered func names from: " + dir.resolve("run/name_map_x.json"),
                        "  Loaded 3 function name mappings:\n    func_id=2: PV\n    func_id=10: J\n    func_id=main: M\n  Orchestrator: PagedAttn\n",
                        "  Using deps.json edges (6 total) from " + dir.resolve("run/deps.json"),
                        "  Using deps.json kernel_ids for 5 tasks (level=1 name recovery)",
                        "  Dependency flow events: 6 edges (source: deps.json)",
                        "  Core-to-thread mapping: 3 cores (from perf JSON)",
                        "  Flow events: 27",
                        "JSON written to: " + dir.resolve("run/o.json"));
    }

    /** The verbose lines after the names, in the Python converter's order: tasks, flows, mapping, totals. */
    @Test
    void verboseFlowSummaryInSpecOrder() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example142Level4Test.RECORDS);
        write("run/deps.json", Example142Level4Test.DEPS);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.verbose = true;
        o.overhead = true;
        run(o);
        List<String> lines = Arrays.asList(stdout().split("\n"));
        assertThat(lines)
                .containsSubsequence(
                        "Generating Chrome Trace JSON...",
                        "  Tasks: 4",
                        "  Unique cores: 3",
                        "  Dependency flow events: 6 edges (source: deps.json)",
                        "  SPMD tasks: 1 logical task(s); dependency arrows independently anchor on each view's earliest visible slice per function",
                        "  Core-to-thread mapping: 3 cores (from perf JSON)",
                        "  Flow events: 27",
                        "  Overhead Analysis: 26 counter points (8 tracks)",
                        "JSON written to: " + dir.resolve("run/o.json"));
        assertThat(lines).noneMatch(l -> l.startsWith("  Happens-before violations"));
    }

    @Test
    void verboseWithoutDeps() throws IOException {
        Path in = write("run/l2_swimlane_records.json", Example141Level2Test.RECORDS);
        ConvertOptions o = options(in, dir.resolve("run/o.json"));
        o.verbose = true;
        run(o);
        assertThat(Arrays.asList(stdout().split("\n")))
                .containsSubsequence(
                        "  Flow events: 0 (no deps.json \u2014 re-run dep_gen and pass --deps-json to add arrows)",
                        "  Flow events: 0",
                        "JSON written to: " + dir.resolve("run/o.json"))
                .noneMatch(l -> l.startsWith("  SPMD tasks") || l.startsWith("  Overhead Analysis"));
    }
}
