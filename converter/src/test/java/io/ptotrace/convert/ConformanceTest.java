package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.testing.Needs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every conformance case: our trace must be equivalent to the reference converter's golden trace by
 * the project's semantic comparator ({@code compare_trace.py}); malformed cases must be rejected with
 * no output; the statistics table must match the reference's line for line. Runs over the copy in
 * testdata/ and over the full conformance set beside the checkout ({@link #SHARED}) when it exists.
 */
class ConformanceTest {
    static final Path TESTDATA = Path.of("..", "testdata", "conformance");
    static final Path SHARED = Path.of("..", "..", "shared", "conformance");

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> testdataCases() throws IOException {
        return cases(TESTDATA, TESTDATA.resolve("compare_trace.py"));
    }

    @TestFactory
    Stream<DynamicTest> sharedCases() throws IOException {
        return Needs.factory(
                Files.isDirectory(SHARED.resolve("cases")),
                "the shared conformance set is not at " + SHARED.resolve("cases"),
                () -> cases(SHARED.resolve("cases"), SHARED.resolve("compare_trace.py")));
    }

    private Stream<DynamicTest> cases(Path dir, Path comparator) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path c : (Iterable<Path>) s.filter(Files::isDirectory).sorted()::iterator) {
                String name = c.getFileName().toString();
                if (StreamsCase.is(c)) {
                    for (StreamsCase.Check k : StreamsCase.checks(c)) {
                        // a dfx_outputs tree is read by the directory mode, whose own test checks it
                        if (Files.isDirectory(c.resolve(k.argv.get(0)))) continue;
                        tests.add(DynamicTest.dynamicTest(name + " " + k.kind, () -> k.run(tmp, comparator)));
                    }
                    continue;
                }
                if (Files.exists(c.resolve("expected_error.txt"))) {
                    tests.add(DynamicTest.dynamicTest(name + " is rejected", () -> rejected(c)));
                    continue;
                }
                tests.add(DynamicTest.dynamicTest(
                        name, () -> equivalent(c, comparator, "golden_merged_swimlane.json", false)));
                if (Files.exists(c.resolve("golden_overhead.json")))
                    tests.add(DynamicTest.dynamicTest(
                            name + " --overhead", () -> equivalent(c, comparator, "golden_overhead.json", true)));
            }
        }
        return tests.stream();
    }

    private static Path records(Path c) {
        Path chip = c.resolve("chip_swimlane_records.json");
        return Files.exists(chip) ? chip : c.resolve("l2_swimlane_records.json");
    }

    private void equivalent(Path c, Path comparator, String golden, boolean overhead) throws Exception {
        Path out = tmp.resolve(c.getFileName() + (overhead ? "_oh" : "") + ".json");
        ConvertOptions o = new ConvertOptions();
        o.input = records(c);
        o.output = out;
        o.overhead = overhead;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream(), stderr = new ByteArrayOutputStream();
        new ConvertJob(
                        o,
                        new PrintStream(stdout, true, StandardCharsets.UTF_8),
                        new PrintStream(stderr, true, StandardCharsets.UTF_8),
                        false)
                .run();
        assertThat(out).exists();
        if (!overhead)
            ReferenceWords.sameWarnings(c, c.resolve("golden_stderr.txt"), stderr.toString(StandardCharsets.UTF_8));

        Process p = new ProcessBuilder(
                        "python3",
                        comparator.toString(),
                        out.toString(),
                        c.resolve(golden).toString())
                .redirectErrorStream(true)
                .start();
        String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(report).isZero();

        Path goldenStdout = c.resolve("golden_stdout.txt");
        if (!overhead && Files.exists(goldenStdout))
            assertThat(statisticsBlock(stdout.toString(StandardCharsets.UTF_8)))
                    .isEqualTo(statisticsBlock(Files.readString(goldenStdout)));
    }

    private void rejected(Path c) throws IOException {
        Path outDir = Files.createDirectories(tmp.resolve(c.getFileName()));
        ConvertOptions o = new ConvertOptions();
        o.input = records(c);
        o.output = outDir.resolve("merged_swimlane.json");
        InputProblem refused = catchThrowableOfType(
                InputProblem.class,
                () -> new ConvertJob(
                                o,
                                new PrintStream(new ByteArrayOutputStream()),
                                new PrintStream(new ByteArrayOutputStream()),
                                false)
                        .run());
        assertThat(refused).isNotNull();
        ReferenceWords.sameError(c, c.resolve("expected_error.txt"), refused);
        try (Stream<Path> s = Files.list(outDir)) {
            assertThat(s.count()).as("no output or temp file left").isZero();
        }
    }

    /** From "Task Statistics by Function" to the closing 110-'=' rule, trailing blanks trimmed. */
    static List<String> statisticsBlock(String text) {
        List<String> out = new ArrayList<>();
        boolean on = false;
        int rules = 0;
        for (String line : text.split("\n", -1)) {
            if (line.contains("Task Statistics by Function")) on = true;
            if (!on) continue;
            out.add(line.stripTrailing());
            if (line.matches("={100,}") && ++rules == 2) break;
        }
        return out;
    }
}
