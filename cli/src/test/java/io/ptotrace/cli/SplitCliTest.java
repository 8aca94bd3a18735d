package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code convert --split} and {@code --window} on the command line: bad values exit 2 with one line and write nothing. */
class SplitCliTest {
    @TempDir
    Path dir;

    /** The usage error's own line, without picocli's "Try 'ptotrace …'" hint. */
    private static List<String> errorLines(Cli.Result r) {
        return r.errLines().stream().filter(l -> !l.startsWith("Try 'ptotrace")).toList();
    }

    private Path run() {
        Path run = dir.resolve("run");
        assertThat(Cli.run("synth", "-n", "300", "-o", run.toString()).status()).isZero();
        return run;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--split=1.5X",
                "--split=10M",
                "--split=",
                "--window=5..1",
                "--window=abc",
                "--window=task:x..task:t2",
                "--window=1..2..3"
            })
    void badValuesExitTwoWithOneLine(String option) throws Exception {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), option);
        assertThat(r.status()).isEqualTo(2);
        assertThat(errorLines(r)).hasSize(1);
        assertThat(errorLines(r).get(0))
                .startsWith("Error: Invalid value for option '" + option.substring(0, option.indexOf('=')) + "': ");
        assertThat(listing(run)).doesNotContain("merged_swimlane.pftrace", "merged_swimlane.window.pftrace");
    }

    @Test
    void splitAndWindowTogetherAreRefused() {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), "--split", "1G", "--window", "1..2");
        assertThat(r.status()).isEqualTo(2);
        assertThat(errorLines(r))
                .containsExactly("Error: --split=BUDGET, --window=FROM..TO are mutually exclusive (specify only one)");
    }

    @Test
    void aTaskNotInTheRunIsOneLineAndNothingIsWritten() throws Exception {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), "--window", "task:t1..task:t99999");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine())
                .isEqualTo("Error: --window task:t1..task:t99999: no slice of task t99999 in this run");
        assertThat(listing(run)).doesNotContain("merged_swimlane.window.pftrace");
    }

    @Test
    void aWindowIsWrittenAsMergedSwimlaneWindowPftraceByDefault() throws Exception {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), "--window", "task:t10..task:t20");
        assertThat(r.status()).isZero();
        assertThat(listing(run))
                .contains("merged_swimlane.window.pftrace")
                .doesNotContain("merged_swimlane.pftrace", "merged_swimlane.json");
        assertThat(r.stdout()).contains("merged_swimlane.window.pftrace: ", " in Perfetto's trace processor");
        assertThat(Cli.run(
                                "inspect",
                                run.resolve("merged_swimlane.window.pftrace").toString())
                        .status())
                .isZero();
    }

    private static List<String> listing(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The index of a tree's windows counts a task per rank: ranks reuse task ids. */
    @Test
    void aTreesIndexCountsTheTasksOfEveryRank() throws Exception {
        Path tree = dir.resolve("dfx_outputs");
        assertThat(Cli.run("synth", "-n", "100", "--ranks", "3", "--era", "streams", "-o", tree.toString())
                        .status())
                .isZero();
        Cli.Result all = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-o",
                dir.resolve("all.pftrace").toString(),
                "--split",
                "1.5G");
        assertThat(all.status()).as(all.stderr()).isZero();
        long total = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("all.parts.json").toFile())
                .get("parts")
                .get(0)
                .get("tasks")
                .asLong();
        long sum = 0;
        for (int r = 0; r < 3; r++) {
            Path one = dir.resolve("rank" + r + ".pftrace");
            Cli.Result single = Cli.run(
                    "convert",
                    tree.resolve("rank" + r + "/d0/chip_swimlane_records.json").toString(),
                    "-o",
                    one.toString(),
                    "--split",
                    "1.5G");
            assertThat(single.status()).as(single.stderr()).isZero();
            sum += new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(dir.resolve("rank" + r + ".parts.json").toFile())
                    .get("parts")
                    .get(0)
                    .get("tasks")
                    .asLong();
        }
        assertThat(total).isEqualTo(sum).isGreaterThan(200);
    }

    /** A task window on a merged tree says which ranks' slices of the task set it: ranks reuse task ids. */
    @Test
    void aTaskWindowOnATreeNamesItsRanks() throws Exception {
        Path tree = dir.resolve("dfx_window");
        assertThat(Cli.run("synth", "-n", "100", "--ranks", "2", "--era", "streams", "-o", tree.toString())
                        .status())
                .isZero();
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "--window",
                "task:r0t3..task:r0t40",
                "-o",
                dir.resolve("w.pftrace").toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stderr())
                .contains("Warning: --window: task r0t3 is on rank(s) 0, 1; the window spans all of them")
                .contains("Warning: --window: task r0t40 is on rank(s) 0, 1");
        Cli.Result single = Cli.run(
                "convert",
                tree.resolve("rank0/d0/chip_swimlane_records.json").toString(),
                "--window",
                "task:r0t3..task:r0t40",
                "-o",
                dir.resolve("s.pftrace").toString());
        assertThat(single.status()).as(single.stderr()).isZero();
        assertThat(single.stderr()).doesNotContain("--window: task");
    }
}
