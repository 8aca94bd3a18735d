package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample graphs of {@code ptotrace check} with the findings they must give, scored as their README scores
 * them: the inputs alone copied to a fresh folder, {@code check DIR --format json}, the findings as a set of
 * (kind, first task and arg, second task and arg, certainty, manual scope, observed, bytes), the summary, the exit
 * status; bad input: status 2, nothing on stdout, one line on stderr naming deps.json. Runs over the copy in
 * testdata/check and over the shared sample folder when it exists.
 */
class CheckConformanceTest {
    static final Path TESTDATA = Path.of("..", "testdata", "check");
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> KINDS = List.of(
            "untracked_reader",
            "lost_war",
            "lost_raw",
            "unordered_overwrite",
            "unordered_writers",
            "edge_without_overlap");

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> testdataCases() throws IOException {
        List<DynamicTest> t = cases(TESTDATA, "testdata");
        assertThat(t).hasSizeGreaterThanOrEqualTo(10);
        return t.stream();
    }

    @TestFactory
    Stream<DynamicTest> sharedCases() throws IOException {
        Path shared = Path.of("..", "..", "shared", "conformance", "check", "cases");
        return Needs.factory(
                Files.isDirectory(shared),
                "the shared check samples are not at " + shared,
                () -> cases(shared, "shared").stream());
    }

    private List<DynamicTest> cases(Path root, String tag) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> s = Files.list(root)) {
            for (Path c : s.filter(d -> Files.isRegularFile(d.resolve("case.json")))
                    .sorted()
                    .toList())
                tests.add(DynamicTest.dynamicTest(
                        c.getFileName().toString(),
                        () -> score(c, tmp.resolve(tag).resolve(c.getFileName()))));
        }
        return tests;
    }

    private void score(Path c, Path run) throws IOException {
        Files.createDirectories(run);
        try (Stream<Path> s = Files.list(c)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                String n = f.getFileName().toString();
                if (!n.equals("expected.json") && !n.equals("case.json")) Files.copy(f, run.resolve(n));
            }
        }
        JsonNode info = JSON.readTree(c.resolve("case.json").toFile());
        Cli.Result r = Cli.run("check", run.toString(), "--format", "json");
        if (info.get("expect_exit").asInt() == 2) {
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.stdout()).isEmpty();
            assertThat(r.errLines()).hasSize(1);
            assertThat(r.errorLine()).contains("deps.json").doesNotContain("Exception");
            return;
        }
        JsonNode got = JSON.readTree(r.stdout()),
                want = JSON.readTree(c.resolve("expected.json").toFile());
        assertThat(got.get("schema").asText()).isEqualTo("ptotrace-check/1");
        Set<String> gotSet = new HashSet<>(), ids = new HashSet<>(), wantSet = new HashSet<>();
        for (JsonNode f : got.get("findings")) {
            gotSet.add(key(f, true));
            assertThat(ids.add(key(f, false))).as("duplicate %s", key(f, false)).isTrue();
        }
        boolean error = false;
        for (JsonNode f : want.get("findings")) {
            wantSet.add(key(f, true));
            error |= f.get("severity").asText().equals("error");
        }
        assertThat(gotSet).isEqualTo(wantSet);
        // and in the same order, each with the same severity, display labels and overlap
        List<String> gotOrder = new ArrayList<>(), wantOrder = new ArrayList<>();
        for (JsonNode f : got.get("findings")) gotOrder.add(shown(f));
        for (JsonNode f : want.get("findings")) wantOrder.add(shown(f));
        assertThat(gotOrder).as("findings in order, with severity").containsExactlyElementsOf(wantOrder);
        for (String k : KINDS) {
            long n = 0;
            for (JsonNode f : want.get("findings")) if (f.get("kind").asText().equals(k)) n++;
            assertThat(got.get("summary").get(k).asLong()).as("summary %s", k).isEqualTo(n);
        }
        assertThat(r.status()).as(r.stderr()).isEqualTo(error ? 1 : 0);
    }

    /** A finding as the report shows it: its key, severity, both display labels, tensor, buffer and overlap. */
    private static String shown(JsonNode f) {
        return key(f, true) + " " + f.get("severity").asText() + " "
                + f.get("first").get("display").asText() + " "
                + f.get("second").get("display").asText() + " "
                + f.get("tensor_id").asText() + " "
                + f.get("buffer_addr").asText() + " " + f.get("overlap_us");
    }

    private static String key(JsonNode f, boolean all) {
        String k = f.get("kind").asText() + " " + f.get("first").get("task").asText() + ":"
                + f.get("first").get("arg").asInt() + " "
                + f.get("second").get("task").asText() + ":"
                + f.get("second").get("arg").asInt();
        if (!all) return k;
        return k + " " + f.get("certainty").asText() + " "
                + f.get("manual_scope").asBoolean() + " " + f.get("observed") + " " + f.get("bytes");
    }
}
