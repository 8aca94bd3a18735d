package io.ptotrace.critpath;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The samples the established analyser was run on (a copy in testdata/critpath, and the shared set when it is
 * there): the same exit status, stdout byte for byte, and every report and critical-path trace byte for byte;
 * a tree to be rejected exits 2 with nothing written.
 */
class ConformanceSamplesTest {
    static final Path TESTDATA = Path.of("..", "testdata", "critpath");
    static final Path SHARED = Path.of("..", "..", "shared", "conformance", "critpath");

    @TestFactory
    Stream<DynamicTest> testdataSamples() throws IOException {
        return cases(TESTDATA);
    }

    @TestFactory
    Stream<DynamicTest> sharedSamples() throws IOException {
        return Needs.factory(
                Files.isDirectory(SHARED),
                "the shared critical-path samples are not at " + SHARED,
                () -> cases(SHARED));
    }

    private Stream<DynamicTest> cases(Path dir) throws IOException {
        List<DynamicTest> l = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path c : (Iterable<Path>) s.sorted()::iterator)
                if (Files.isRegularFile(c.resolve("case.json")))
                    l.add(DynamicTest.dynamicTest(c.getFileName().toString(), () -> check(c)));
        }
        assertThat(l).isNotEmpty();
        return l.stream();
    }

    private void check(Path c) throws IOException {
        JsonNode cs = new ObjectMapper().readTree(c.resolve("case.json").toFile());
        Path scratch = Files.createTempDirectory("critpath-sample").toRealPath();
        try {
            Runs.copyTree(c.resolve("input"), scratch);
            Map<String, byte[]> before = Runs.files(scratch);
            List<String> flags = new ArrayList<>();
            cs.get("options").forEach(o -> flags.add(o.asText()));
            Path root = scratch.resolve(cs.get("root").asText());
            Runs.Outcome r = Runs.run(root, flags.toArray(new String[0]));
            Map<String, byte[]> after = Runs.files(scratch);
            String rootRel = cs.get("root").asText();
            List<String> written = new ArrayList<>();
            for (String f : after.keySet()) if (!before.containsKey(f)) written.add(f.substring(rootRel.length() + 1));
            for (String f : before.keySet())
                assertThat(after.get(f)).as(f + " unchanged").isEqualTo(before.get(f));
            if (cs.get("class").asText().equals("error")) {
                assertThat(r.status()).isEqualTo(2);
                assertThat(written).isEmpty();
                assertThat(r.stderr()).startsWith("Error: " + root);
                return;
            }
            JsonNode ref = cs.get("ref");
            assertThat(r.status()).isEqualTo(ref.get("rc").asInt());
            String expectedOut = Files.readString(c.resolve(ref.get("stdout").asText()), StandardCharsets.UTF_8);
            assertThat(Runs.withReferenceAuthor(r.stdout().replace(scratch.toString(), "<SCRATCH>")))
                    .isEqualTo(expectedOut);
            List<String> outputs = new ArrayList<>();
            ref.get("outputs").forEach(o -> outputs.add(o.asText()));
            assertThat(written).containsExactlyInAnyOrderElementsOf(outputs);
            for (String f : outputs)
                assertThat(Runs.withReferenceAuthor(new String(after.get(rootRel + "/" + f), StandardCharsets.UTF_8)))
                        .as(f)
                        .isEqualTo(Files.readString(c.resolve("expected").resolve(f), StandardCharsets.UTF_8));
        } finally {
            Runs.delete(scratch);
        }
    }
}
