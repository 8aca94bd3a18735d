package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.testing.Needs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace compare} as a user runs it: exit statuses, every format, the trace, refusals and hostile names. */
class CompareCliTest {
    @TempDir
    static Path dir;

    static Path old, noise, slow;

    static Path synth(String name, String... set) {
        Path to = dir.resolve(name);
        List<String> args =
                new java.util.ArrayList<>(List.of("synth", "-o", to.toString(), "-n", "1500", "--seed", "3"));
        for (String s : set) {
            args.add("--set");
            args.add(s);
        }
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.status()).as(r.stderr()).isZero();
        return to;
    }

    @BeforeAll
    static void runs() {
        old = synth("old", "timing-seed=1");
        noise = synth("noise", "timing-seed=2");
        slow = synth("slow", "timing-seed=3", "kernel-scale=QK:1.3");
    }

    @Test
    void exitStatusSaysWhetherAnythingChanged() {
        Cli.Result same = Cli.run("compare", old.toString(), noise.toString());
        assertThat(same.status()).as(same.stderr()).isZero();
        assertThat(same.stdout()).contains("Makespan").endsWith("No significant change.\n");
        Cli.Result changed = Cli.run("compare", old.toString(), slow.toString());
        assertThat(changed.status()).isEqualTo(1);
        assertThat(changed.stdout()).contains("Significant change: ").contains("QK slower (1.3");
    }

    @Test
    void everyFormatToAFile() throws Exception {
        for (String f : List.of("text", "markdown", "json", "html")) {
            Path out = dir.resolve("report." + f);
            Cli.Result r = Cli.run("compare", old.toString(), slow.toString(), "--format", f, "-o", out.toString());
            assertThat(r.status()).as(r.stderr()).isEqualTo(1);
            assertThat(r.stdout()).isEmpty();
            String s = Files.readString(out, StandardCharsets.UTF_8);
            switch (f) {
                case "text" -> assertThat(s).contains("Kernels (AICore execution time per row");
                case "markdown" ->
                    assertThat(s)
                            .startsWith("## ptotrace compare")
                            .contains("| QK |")
                            .contains("**slower**");
                case "html" ->
                    assertThat(s)
                            .startsWith("<!DOCTYPE html>")
                            .contains("<svg id=\"ratios\"")
                            .contains("<svg id=\"waterfall\"")
                            .contains("<svg id=\"utilisation\"")
                            .doesNotContain("<script")
                            .doesNotContain("http");
                default -> {
                    JsonNode j = new ObjectMapper().readTree(s);
                    assertThat(j.get("schema").asText()).isEqualTo("ptotrace-compare/1");
                    assertThat(j.get("old").get("runs")).hasSize(1);
                    assertThat(j.get("makespan").has("old_us")).isTrue();
                    assertThat(j.get("makespan").has("new_us")).isTrue();
                    assertThat(j.get("makespan").has("ratio")).isTrue();
                    assertThat(j.get("makespan").has("significant")).isTrue();
                    JsonNode qk = null;
                    for (JsonNode fam : j.get("families"))
                        if (fam.get("name").asText().equals("QK")) qk = fam;
                    assertThat(qk).isNotNull();
                    for (String side : List.of("old", "new"))
                        for (String k : List.of("count", "mean_us", "p50_us", "p95_us", "max_us"))
                            assertThat(qk.get(side).has(k)).as(side + "." + k).isTrue();
                    assertThat(qk.get("significant").asBoolean()).isTrue();
                    assertThat(qk.get("direction").asText()).isEqualTo("slower");
                    assertThat(qk.get("ratio").asDouble())
                            .isEqualTo(qk.get("new").get("mean_us").asDouble()
                                    / qk.get("old").get("mean_us").asDouble());
                }
            }
        }
    }

    @Test
    void theTraceHoldsBothRunsAndImportsCleanly() throws Exception {
        Path trace = dir.resolve("both.pftrace"), report = dir.resolve("both.json");
        Cli.Result r = Cli.run(
                "compare",
                old.toString(),
                slow.toString(),
                "--trace",
                trace.toString(),
                "--format",
                "json",
                "-o",
                report.toString());
        assertThat(r.status()).as(r.stderr()).isEqualTo(1);
        assertThat(trace).isNotEmptyFile();
        assertThat(report).isNotEmptyFile();
        assertThat(r.stderr()).isEmpty(); // a trace a browser tab holds needs no word
        Needs.traceProcessor();
        assertThat(HazardTraceTest.query(
                        trace, "select count(*) from stats where value > 0 and severity in ('error', 'data_loss');"))
                .containsExactly("0");
        assertThat(HazardTraceTest.query(
                        trace, "select p.name from process p where p.name like '%Worker View' order by p.upid;"))
                .containsExactly("\"OLD / Worker View\"", "\"NEW / Worker View\"");
        List<String> qk = HazardTraceTest.query(
                trace,
                "select count(*), min(extract_arg(arg_set_id, 'debug.compare_duration_delta_us')) from slice "
                        + "where name like 'QK(%' and extract_arg(arg_set_id, 'debug.compare_matched') is not null;");
        assertThat(qk).hasSize(1);
        assertThat(Long.parseLong(qk.get(0).split(",")[0])).isPositive();
        // both runs start their first kernel at the same time (a kernel slice starts at receive, before its kernel)
        assertThat(HazardTraceTest.query(
                        trace,
                        "select count(distinct m) from (select p.name, round(min(s.ts + s.dur - 1000 * "
                                + "extract_arg(s.arg_set_id, 'debug.kernel-duration-us')) / 1000.0) as m from slice s "
                                + "join thread_track tt on s.track_id = tt.id join thread using (utid) join process p using (upid) "
                                + "where p.name like '%Worker View' and extract_arg(s.arg_set_id, 'debug.kernel-duration-us') "
                                + "is not null group by p.name);"))
                .containsExactly("1");
    }

    @Test
    void outputsThatAreInputsAreRefusedBeforeAnyWork() throws Exception {
        Path deps = slow.resolve("deps.json");
        byte[] before = Files.readAllBytes(deps);
        Cli.Result r = Cli.run("compare", old.toString(), slow.toString(), "-o", deps.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).contains("is an input of this command");
        assertThat(Files.readAllBytes(deps)).isEqualTo(before);
        Path report = dir.resolve("never.txt");
        Cli.Result t = Cli.run(
                "compare",
                old.toString(),
                slow.toString(),
                "-o",
                report.toString(),
                "--trace",
                old.resolve("l2_swimlane_records.json").toString());
        assertThat(t.status()).isEqualTo(2);
        assertThat(report).doesNotExist();
    }

    @Test
    void badInputIsOneLineAndNothingWritten() throws Exception {
        Path out = dir.resolve("bad.txt");
        Path level2 = dir.resolve("level2");
        assertThat(Cli.run("synth", "-o", level2.toString(), "-n", "200", "--level", "2")
                        .status())
                .isZero();
        for (String[] args : List.of(
                new String[] {"compare", dir.resolve("nosuch").toString(), old.toString(), "-o", out.toString()},
                new String[] {"compare", old.toString(), level2.toString(), "-o", out.toString()},
                new String[] {
                    "compare",
                    old.toString(),
                    Files.createDirectories(dir.resolve("nothing")).toString(),
                    "-o",
                    out.toString()
                },
                new String[] {"compare", old.toString(), noise.toString(), "--alpha", "2"},
                new String[] {"compare", old.toString(), noise.toString(), "--format", "pdf"},
                new String[] {"compare", old.toString(), noise.toString(), "--dispatch", "x1"})) {
            Cli.Result r = Cli.run(args);
            assertThat(r.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.stderr())
                    .startsWith("Error: ")
                    .doesNotContain("Exception")
                    .doesNotContain("\tat ");
            assertThat(out).doesNotExist();
        }
    }

    /**
     * A deps.json that is not a JSON object, or whose tasks or edges are not lists, is bad input naming that file: not a
     * graph without tasks, which would be refused as a different graph.
     */
    @Test
    void aDepsJsonOfTheWrongShapeIsNamed() throws Exception {
        Path out = dir.resolve("shape.txt");
        for (String deps : List.of("[1, 2, 3]", "{\"tasks\": {}, \"edges\": []}", "{\"tasks\": [], \"edges\": 7}")) {
            Path bad = dir.resolve("shape");
            Cli.run("synth", "-o", bad.toString(), "-n", "1500", "--seed", "3", "--set", "timing-seed=2");
            Files.writeString(bad.resolve("deps.json"), deps);
            Cli.Result r = Cli.run("compare", old.toString(), bad.toString(), "-o", out.toString());
            assertThat(r.status()).as(deps).isEqualTo(2);
            assertThat(r.stderr().lines().toList())
                    .as(deps)
                    .singleElement()
                    .asString()
                    .startsWith("Error: " + bad.resolve("deps.json") + ": ")
                    .containsAnyOf("top level is not a JSON object", "tasks is not a list", "edges is not a list");
            assertThat(out).doesNotExist();
        }
        Path empty = dir.resolve("shape");
        Files.writeString(empty.resolve("deps.json"), "{\"tasks\": [], \"edges\": []}");
        Cli.Result r = Cli.run("compare", old.toString(), empty.toString(), "-o", out.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine())
                .startsWith("Error: OLD and NEW ran different graphs (0 timed task(s) only in OLD, 0 only in NEW; the "
                        + "same timed ids, whose deps.json entries differ in kernels or block counts, or are missing "
                        + "on one side)");
        assertThat(out).doesNotExist();
    }

    @Test
    void hostileKernelNamesCannotForgeReportLines() throws Exception {
        String evil = "QK\\n| forged | row |\\n<img src=x onerror=alert(1)>\\u001b[31mRED`";
        Path a = copyWithNames(old, "evilOld", evil), b = copyWithNames(slow, "evilNew", evil);
        String md = Cli.run("compare", a.toString(), b.toString(), "--format", "markdown")
                .stdout();
        assertThat(md).doesNotContain("<img").doesNotContain("\u001b").doesNotContain("\n| forged");
        String text = Cli.run("compare", a.toString(), b.toString()).stdout();
        assertThat(text).doesNotContain("\u001b").doesNotContain("\n| forged");
        String html = Cli.run("compare", a.toString(), b.toString(), "--format", "html")
                .stdout();
        assertThat(html).doesNotContain("<img").doesNotContain("\u001b");
        JsonNode j = new ObjectMapper()
                .readTree(Cli.run("compare", a.toString(), b.toString(), "--format", "json")
                        .stdout());
        boolean found = false;
        for (JsonNode f : j.get("families")) found |= f.get("name").asText().startsWith("QK\n| forged");
        assertThat(found).as("JSON keeps the name as it is").isTrue();
    }

    private static Path copyWithNames(Path from, String name, String qkName) throws Exception {
        Path to = Files.createDirectories(dir.resolve(name));
        for (String f : List.of("l2_swimlane_records.json", "deps.json")) Files.copy(from.resolve(f), to.resolve(f));
        String map = Files.readString(from.resolve("name_map_synth.json")).replace("\"QK\"", "\"" + qkName + "\"");
        Files.writeString(to.resolve("name_map_synth.json"), map);
        return to;
    }

    @Test
    void helpSaysTheExitStatuses() {
        Cli.Result r = Cli.run("compare", "--help");
        assertThat(r.status()).isZero();
        assertThat(r.stdout())
                .contains("--align", "--format", "--trace", "--min-change", "--min-us", "--alpha", "--dispatch")
                .containsPattern(
                        "Exit status:\\n  0 +no significant change\\n  1 +a significant change\\n  2 +trouble");
    }
}
