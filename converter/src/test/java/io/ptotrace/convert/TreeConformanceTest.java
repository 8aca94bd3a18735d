package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.model.tree.RankPin;
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
 * The directory-mode sample (a dfx_outputs tree of 2 ranks × 2 dispatches with the ranks' and the L3
 * scheduler's Host logs): each check its case.json lists, run from a fresh copy of the case folder as the
 * conformance runner does, must be equivalent to what the reference converter wrote, by the project's
 * comparator. Over the copy in testdata/ and, when it is there, the conformance set beside the checkout.
 */
class TreeConformanceTest {
    static final String CASE = "streams_sample_dir_dispatch";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @TestFactory
    List<DynamicTest> testdataCopy() throws IOException {
        Path c = ConformanceTest.TESTDATA.resolve(CASE);
        assertThat(c).as("testdata's copy of the directory sample").isDirectory();
        return checks(c, ConformanceTest.TESTDATA.resolve("compare_trace.py"));
    }

    @TestFactory
    List<DynamicTest> sharedSet() throws IOException {
        Path c = ConformanceTest.SHARED.resolve("cases").resolve(CASE);
        return Needs.factory(
                        Files.isDirectory(c),
                        "the shared conformance set is not at " + c,
                        () -> checks(c, ConformanceTest.SHARED.resolve("compare_trace.py")).stream())
                .toList();
    }

    private List<DynamicTest> checks(Path c, Path comparator) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode check : JSON.readTree(c.resolve("case.json").toFile()).get("checks")) {
            List<String> argv = new ArrayList<>();
            check.get("argv").forEach(a -> argv.add(a.asText()));
            tests.add(DynamicTest.dynamicTest(
                    check.get("kind").asText() + " " + String.join(" ", argv),
                    () -> run(c, comparator, argv, check.get("golden").asText())));
        }
        return tests;
    }

    private void run(Path c, Path comparator, List<String> argv, String golden) throws Exception {
        Path scratch = Files.createTempDirectory(tmp, "case");
        copy(c.resolve("dfx_outputs"), scratch.resolve("dfx_outputs"));
        Path out = scratch.resolve("out.json");
        ConvertOptions o = new ConvertOptions();
        o.cwd = scratch;
        o.format = ConvertOptions.Format.JSON;
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            switch (a) {
                case "-o":
                    o.output = out;
                    i++;
                    break;
                case "--dispatch":
                    o.dispatch = argv.get(++i);
                    break;
                case "--dispatch-id":
                    o.dispatchId = argv.get(++i);
                    break;
                case "--rank-pid":
                    o.rankPins.add(RankPin.parse(argv.get(++i)));
                    break;
                case "--overhead":
                    o.overhead = true;
                    break;
                default:
                    o.input = Path.of(a);
            }
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        new ConvertJob(
                        o,
                        new PrintStream(stdout, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream()),
                        false)
                .run();
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
        if (golden.equals("golden_l3_swimlane.json") && Files.exists(c.resolve("golden_stdout.txt"))) {
            String bound = Files.readString(c.resolve("golden_stdout.txt"))
                    .lines()
                    .filter(l -> l.startsWith("  Bound:"))
                    .findFirst()
                    .orElseThrow();
            assertThat(stdout.toString(StandardCharsets.UTF_8)).contains(bound);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }
}
