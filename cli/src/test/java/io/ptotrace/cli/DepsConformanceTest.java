package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.ptotrace.model.JsonValues;
import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every text run of the deps viewer samples through {@code ptotrace deps}: the output file equals the established
 * viewer's byte for byte (the {@code source_deps_json:} line aside, and lines where ptotrace deliberately differs
 * matching anything), stdout too, and where ptotrace differs it writes exactly its own expected file. Malformed
 * inputs are refused with nothing written. Runs over the copy in testdata/viewer and over the shared sample folder
 * when it exists (VIEWER_DIR names another one).
 */
class DepsConformanceTest {
    static final Path TESTDATA = Path.of("..", "testdata", "viewer");

    @TempDir
    Path tmp;

    static Path shared() {
        String env = System.getenv("VIEWER_DIR");
        return env != null && !env.isEmpty() ? Path.of(env) : Path.of("..", "..", "shared", "conformance", "viewer");
    }

    @TestFactory
    Stream<DynamicTest> testdataCases() throws IOException {
        List<DynamicTest> t = cases(TESTDATA, "testdata");
        assertThat(t).hasSizeGreaterThan(30);
        return t.stream();
    }

    @TestFactory
    Stream<DynamicTest> sharedCases() throws IOException {
        return Needs.factory(
                Files.isDirectory(shared()),
                "the shared viewer samples are not at " + shared(),
                () -> cases(shared(), "shared").stream());
    }

    private List<DynamicTest> cases(Path root, String tag) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<Path> dirs;
        try (Stream<Path> s = Files.list(root)) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("case.json")))
                    .sorted()
                    .toList();
        }
        for (Path c : dirs) {
            Map<String, Object> json = readJson(c.resolve("case.json"));
            for (Object o : (List<?>) json.get("runs")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> run = (Map<String, Object>) o;
                String cls = (String) run.get("class");
                if (cls.equals("unscored")) continue;
                String name = c.getFileName() + "/" + run.get("id");
                tests.add(DynamicTest.dynamicTest(
                        name, () -> replay(c, run, tmp.resolve(tag).resolve(name))));
            }
        }
        return tests;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readJson(Path f) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(f.toFile())) {
            p.nextToken();
            return (Map<String, Object>) JsonValues.read(p);
        }
    }

    @SuppressWarnings("unchecked")
    private void replay(Path c, Map<String, Object> run, Path work) throws IOException {
        Path in = Files.createDirectories(work.resolve("in"));
        try (Stream<Path> s = Files.list(c.resolve("input"))) {
            for (Path f : (Iterable<Path>) s::iterator) Files.copy(f, in.resolve(f.getFileName()));
        }
        Path out = work.resolve("out.txt");
        List<String> args = new ArrayList<>(List.of("deps"));
        List<Object> given = (List<Object>) run.get("args");
        for (int i = 0; i < given.size(); i++) {
            String a = (String) given.get(i);
            boolean inputFile = i == 0 && !a.startsWith("-") || i > 0 && "--func-names".equals(given.get(i - 1));
            args.add(
                    a.equals("<OUT>")
                            ? out.toString()
                            : inputFile ? in.resolve(a).toString() : a);
        }
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        String cls = (String) run.get("class");
        if (cls.equals("error")) {
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.errorLine()).startsWith("Error: " + in.resolve("deps.json") + ": ");
            assertThat(out).doesNotExist();
            return;
        }
        assertThat(r.status()).as(r.stderr()).isZero();
        Map<String, Object> ref = (Map<String, Object>) run.get("ref");
        String text = normalised(Files.readString(out)), stdout = r.stdout().replace(out.toString(), "<OUT>");
        String golden = normalised(Files.readString(c.resolve((String) ref.get("output"))));
        String refStdout = Files.readString(c.resolve((String) ref.get("stdout")));
        Map<String, Object> spec = (Map<String, Object>) run.get("spec");
        if (cls.equals("strict")) {
            assertThat(text).isEqualTo(golden);
            assertThat(stdout).isEqualTo(refStdout);
            return;
        }
        assertThat(globMatch(golden, (List<Object>) spec.get("text_regions"), text))
                .as("text, quirk lines aside")
                .isTrue();
        assertThat(globMatch(refStdout, (List<Object>) spec.get("stdout_regions"), stdout))
                .as("stdout, quirk lines aside")
                .isTrue();
        assertThat(text).isEqualTo(normalised(Files.readString(c.resolve((String) spec.get("output")))));
        assertThat(stdout).isEqualTo(Files.readString(c.resolve((String) spec.get("stdout"))));
    }

    private static String normalised(String text) {
        return text.replaceAll("(?m)^  source_deps_json: .*$", "  source_deps_json: <INPUT>");
    }

    /** The golden's lines in order, each region of lines (0-based, end exclusive) matching any run of lines. */
    static boolean globMatch(String golden, List<Object> regions, String cand) {
        String[] g = golden.split("\n", -1), c = cand.split("\n", -1);
        boolean[] wild = new boolean[g.length + 1];
        boolean[] skip = new boolean[g.length];
        for (Object o : regions) {
            List<?> reg = (List<?>) o;
            int a = ((Number) reg.get(0)).intValue(), b = ((Number) reg.get(1)).intValue();
            wild[a] = true;
            for (int i = a; i < b && i < g.length; i++) skip[i] = true;
        }
        boolean[] reach = new boolean[c.length + 1];
        reach[0] = true;
        for (int i = 0; i <= g.length; i++) {
            if (wild[i]) {
                boolean any = false;
                for (int j = 0; j <= c.length; j++) {
                    any |= reach[j];
                    reach[j] = any;
                }
            }
            if (i == g.length || skip[i]) continue;
            boolean[] next = new boolean[c.length + 1];
            for (int j = 0; j < c.length; j++) next[j + 1] = reach[j] && c[j].equals(g[i]);
            reach = next;
        }
        return reach[c.length];
    }
}
