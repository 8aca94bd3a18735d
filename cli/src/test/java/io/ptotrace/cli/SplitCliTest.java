package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code convert --split} and {@code --window} on the command line: bad values exit 2 with one line and write nothing. */
class SplitCliTest {
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

    String[] errorLines() {
        return err.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("Try 'ptotrace")).toArray(String[]::new);
    }

    Path run() {
        Path run = dir.resolve("run");
        assertThat(Main.execute("synth", "-n", "300", "-o", run.toString())).isZero();
        out.reset();
        return run;
    }

    @ParameterizedTest
    @ValueSource(strings = {"--split=1.5X", "--split=10M", "--split=", "--window=5..1", "--window=abc", "--window=task:x..task:t2",
        "--window=1..2..3"})
    void badValuesExitTwoWithOneLine(String option) throws Exception {
        Path run = run();
        assertThat(Main.execute("convert", run.toString(), option)).isEqualTo(2);
        assertThat(errorLines()).hasSize(1);
        assertThat(errorLines()[0]).startsWith("Error: Invalid value for option '" + option.substring(0, option.indexOf('=')) + "': ");
        assertThat(listing(run)).doesNotContain("merged_swimlane.pftrace", "merged_swimlane.window.pftrace");
    }

    @Test
    void splitAndWindowTogetherAreRefused() {
        Path run = run();
        assertThat(Main.execute("convert", run.toString(), "--split", "1G", "--window", "1..2")).isEqualTo(2);
        assertThat(errorLines()).containsExactly("Error: --split and --window cannot be combined: --split writes every window, --window one");
    }

    @Test
    void aTaskNotInTheRunIsOneLineAndNothingIsWritten() throws Exception {
        Path run = run();
        assertThat(Main.execute("convert", run.toString(), "--window", "task:t1..task:t99999")).isEqualTo(2);
        assertThat(errorLines()).containsExactly("Error: --window task:t1..task:t99999: no slice of task t99999 in this run");
        assertThat(listing(run)).doesNotContain("merged_swimlane.window.pftrace");
    }

    @Test
    void aWindowIsWrittenAsMergedSwimlaneWindowPftraceByDefault() throws Exception {
        Path run = run();
        assertThat(Main.execute("convert", run.toString(), "--window", "task:t10..task:t20")).isZero();
        assertThat(listing(run)).contains("merged_swimlane.window.pftrace").doesNotContain("merged_swimlane.pftrace", "merged_swimlane.json");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("merged_swimlane.window.pftrace: ", " in Perfetto's trace processor");
        assertThat(Main.execute("inspect", run.resolve("merged_swimlane.window.pftrace").toString())).isZero();
    }

    static java.util.List<String> listing(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) { return s.map(p -> p.getFileName().toString()).sorted().toList(); }
    }
}
