package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace check}: exit status by --fail-on, the report formats, the JSON schema, -o. */
class CheckCliTest {
    static final Path CASES = Path.of("..", "testdata", "check");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    Path copy(String name) throws IOException {
        Path to = Files.createDirectories(dir.resolve(name));
        try (Stream<Path> s = Files.list(CASES.resolve(name))) {
            for (Path f : (Iterable<Path>) s::iterator) {
                String n = f.getFileName().toString();
                if (!n.equals("expected.json") && !n.equals("case.json")) Files.copy(f, to.resolve(n));
            }
        }
        return to;
    }

    /** A capture damaged where the check does not read still gives the run's timing: the same races, one warning. */
    @Test
    void aCaptureDamagedElsewhereStillTimesTheFindings() throws IOException {
        Path clean = copy("hand-kv_cache_race");
        Cli.Result a = Cli.run("check", clean.toString(), "--format", "json");
        Path bad = Files.createDirectories(dir.resolve("damaged"));
        try (Stream<Path> s = Files.list(clean)) {
            for (Path f : (Iterable<Path>) s::iterator) Files.copy(f, bad.resolve(f.getFileName()));
        }
        Path records = bad.resolve("l2_swimlane_records.json");
        Files.writeString(
                records, Files.readString(records).replace("\"l2_swimlane_level\": 1", "\"l2_swimlane_level\": 9"));
        Cli.Result b = Cli.run("check", bad.toString(), "--format", "json");
        assertThat(b.status()).isEqualTo(a.status());
        assertThat(b.stdout()).isEqualTo(a.stdout()).contains("\"observed\":\"race\"");
        assertThat(b.stderr().lines().filter(l -> l.contains("needs only the AICore rows")))
                .singleElement()
                .asString()
                .startsWith("Warning: " + records + ": ");
    }

    /**
     * A buffer at 2^63 or above is checked like any other; an access with no buffer to place it in is said on stderr
     * and fails the gate, never a silent pass.
     */
    @Test
    void highAddressesAreCheckedAndUncheckedAccessesFailTheGate() throws IOException {
        Path clean = copy("hand-manual_scope");
        Cli.Result a = Cli.run("check", clean.toString(), "--format", "json");
        assertThat(a.status()).as(a.stderr()).isZero();
        Path deps = clean.resolve("deps.json");
        String text = Files.readString(deps);
        JsonNode tree = JSON.readTree(text);
        for (JsonNode t : tree.get("tensors")) {
            long addr = Long.parseUnsignedLong(t.get("buffer_addr").asText());
            ((com.fasterxml.jackson.databind.node.ObjectNode) t)
                    .put("buffer_addr", Long.toUnsignedString(addr + Long.MIN_VALUE));
        }
        Files.writeString(deps, JSON.writeValueAsString(tree));
        Cli.Result shifted = Cli.run("check", clean.toString(), "--format", "json");
        assertThat(shifted.status()).as(shifted.stderr()).isZero();
        JsonNode before = JSON.readTree(a.stdout()), after = JSON.readTree(shifted.stdout());
        assertThat(after.get("summary")).isEqualTo(before.get("summary"));
        assertThat(after.get("findings")).hasSameSizeAs(before.get("findings")).isNotEmpty();
        for (int i = 0; i < before.get("findings").size(); i++) {
            JsonNode x = before.get("findings").get(i).get("bytes").get(0),
                    y = after.get("findings").get(i).get("bytes").get(0);
            assertThat(y.get(0).bigIntegerValue())
                    .isEqualTo(x.get(0).bigIntegerValue().add(java.math.BigInteger.ONE.shiftLeft(63)));
        }
        // the graph names a tensor tensors[] does not have: not checked, said, exit 1
        ((com.fasterxml.jackson.databind.node.ArrayNode) tree.get("tensors")).remove(0);
        Files.writeString(deps, JSON.writeValueAsString(tree));
        Cli.Result missing = Cli.run("check", clean.toString(), "--format", "json");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.stderr()).containsPattern("Warning: \\d+ access\\(es\\) of .*deps.json not checked");
        assertThat(JSON.readTree(missing.stdout()).get("unchecked_accesses").asInt())
                .isPositive();
        assertThat(Cli.run("check", clean.toString(), "--fail-on", "never").status())
                .isZero();
    }

    /** Records of another run time few of the graph's tasks: the check says so. */
    @Test
    void recordsOfAnotherRunAreNamed() throws IOException {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        assertThat(Cli.run("synth", "-o", a.toString(), "-n", "300", "--seed", "1")
                        .status())
                .isZero();
        assertThat(Cli.run("synth", "-o", b.toString(), "-n", "40", "--seed", "2")
                        .status())
                .isZero();
        Cli.Result other = Cli.run(
                "check",
                a.toString(),
                "--records",
                b.resolve("l2_swimlane_records.json").toString(),
                "--fail-on",
                "never");
        assertThat(other.status()).isZero();
        assertThat(other.stderr()).contains("have timing in").contains("(records of another run?)");
        Cli.Result own = Cli.run("check", a.toString(), "--fail-on", "never");
        assertThat(own.stderr()).doesNotContain("records of another run");
    }

    @Test
    void exitStatusFollowsFailOn() throws IOException {
        Path manual = copy("hand-manual_scope"); // warnings only
        Path errors = copy("hand-buffer_reuse"); // an error, warnings
        Path infos = copy("hand-recorded_geometry"); // infos only
        assertThat(Cli.run("check", manual.toString()).status()).isZero();
        assertThat(Cli.run("check", manual.toString(), "--fail-on", "warning").status())
                .isEqualTo(1);
        assertThat(Cli.run("check", errors.toString()).status()).isEqualTo(1);
        assertThat(Cli.run("check", errors.toString(), "--fail-on", "never").status())
                .isZero();
        assertThat(Cli.run("check", infos.toString(), "--fail-on", "warning").status())
                .isZero();
        Cli.Result bad = Cli.run("check", errors.toString(), "--fail-on", "sometimes");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.stderr()).contains("expected error, warning or never");
        Cli.Result missing = Cli.run("check", dir.resolve("nowhere").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.errorLine()).contains("nowhere");
    }

    @Test
    void theJsonReportHasTheDocumentedSchema() throws IOException {
        Cli.Result r = Cli.run("check", copy("hand-kv_cache_race").toString(), "--format", "json");
        JsonNode j = JSON.readTree(r.stdout());
        assertThat(names(j)).containsExactly("schema", "summary", "unchecked_accesses", "findings");
        assertThat(j.get("schema").asText()).isEqualTo("ptotrace-check/1");
        assertThat(names(j.get("summary")))
                .containsExactly(
                        "untracked_reader",
                        "lost_war",
                        "lost_raw",
                        "unordered_overwrite",
                        "unordered_writers",
                        "edge_without_overlap");
        assertThat(j.get("findings")).hasSize(3);
        for (JsonNode f : j.get("findings")) {
            assertThat(names(f))
                    .containsExactly(
                            "kind",
                            "severity",
                            "first",
                            "second",
                            "tensor_id",
                            "buffer_addr",
                            "bytes",
                            "certainty",
                            "manual_scope",
                            "observed",
                            "overlap_us");
            assertThat(f.get("severity").asText()).isIn("error", "warning", "info");
            for (String side : List.of("first", "second")) {
                assertThat(names(f.get(side))).containsExactly("task", "display", "arg", "type");
                assertThat(f.get(side).get("task").isTextual()).isTrue();
                assertThat(f.get(side).get("arg").isInt()).isTrue();
            }
            assertThat(f.get("tensor_id").isTextual()).isTrue();
            assertThat(f.get("buffer_addr").isTextual()).isTrue();
            for (JsonNode range : f.get("bytes")) {
                assertThat(range).hasSize(2);
                assertThat(range.get(0).asLong()).isLessThan(range.get(1).asLong());
            }
            assertThat(f.get("certainty").asText()).isIn("certain", "possible");
            assertThat(f.get("manual_scope").isBoolean()).isTrue();
        }
        // races first, with the overlap; an apart finding has 0; one without timing has null
        JsonNode first = j.get("findings").get(0);
        assertThat(first.get("observed").asText()).isEqualTo("race");
        assertThat(first.get("overlap_us").asDouble()).isEqualTo(10.8);
        assertThat(first.get("first").get("display").asText()).isEqualTo("attn_decode_spmd(r2t11)");
        assertThat(j.get("findings").get(1).get("observed").asText()).isEqualTo("apart");
        assertThat(j.get("findings").get(1).get("overlap_us").asDouble()).isZero();
        assertThat(j.get("findings").get(2).get("observed").isNull()).isTrue();
        assertThat(j.get("findings").get(2).get("overlap_us").isNull()).isTrue();
    }

    @Test
    void textAndMarkdownReportsSayWhatWhyAndFix() throws IOException {
        Path run = copy("hand-kv_cache_race");
        Cli.Result text = Cli.run("check", run.toString());
        assertThat(text.stdout())
                .contains("3 findings (3 error(s), 0 warning(s), 0 info), 1 observed as race(s)")
                .contains("untracked reader - RACE observed")
                .contains("attn_decode_spmd(r2t11) arg 0 INPUT  ->  kv_rotate(r2t13) arg 0 INOUT")
                .contains("fix: declare arg 0 of attn_decode_spmd(r2t11) TRACKED_INPUT");
        assertThat(text.stdout().indexOf("RACE")).isLessThan(text.stdout().indexOf("lost RAW edge"));
        Cli.Result md = Cli.run("check", run.toString(), "--format", "markdown");
        assertThat(md.stdout())
                .startsWith("## ptotrace check: ")
                .contains("| 1 | error | untracked reader | race 10.800 us |");
    }

    @Test
    void theReportGoesToTheOutputFileAndRecordsCanBeNamed() throws IOException {
        Path run = copy("hand-kv_cache_race");
        Path records = Files.move(run.resolve("l2_swimlane_records.json"), dir.resolve("timing.json"));
        Path out = dir.resolve("report.json");
        Cli.Result r = Cli.run(
                "check",
                run.resolve("deps.json").toString(),
                "--records",
                records.toString(),
                "--format",
                "json",
                "-o",
                out.toString());
        assertThat(r.stdout()).isEmpty();
        assertThat(r.status()).isEqualTo(1);
        assertThat(JSON.readTree(out.toFile())
                        .get("findings")
                        .get(0)
                        .get("observed")
                        .asText())
                .isEqualTo("race");
        // without records, nothing is observed
        JsonNode none = JSON.readTree(
                Cli.run("check", run.toString(), "--format", "json").stdout());
        for (JsonNode f : none.get("findings"))
            assertThat(f.get("observed").isNull()).isTrue();
    }

    private static List<String> names(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) out.add(it.next());
        return out;
    }
}
