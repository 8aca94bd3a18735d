package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command on a run folder of the streams era: convert (with and without --host-log), inspect of its
 * traces, diff and deps of its deps.json — and after each one every input byte and mtime as it was.
 */
class StreamsCliTest {
    static final Path SAMPLES = Path.of("..", "testdata", "conformance");

    @TempDir
    Path tmp;

    Path hbg, tmr;

    @BeforeEach
    void copy() throws IOException {
        hbg = copyInputs(SAMPLES.resolve("streams_sample_hbg_host_placed"), tmp.resolve("hbg"));
        tmr = copyInputs(SAMPLES.resolve("streams_sample_tmr_level4"), tmp.resolve("tmr"));
    }

    private static Path copyInputs(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String rel = from.relativize(p).toString();
                if (rel.startsWith("golden_") || rel.equals("case.json")) continue;
                Path dst = to.resolve(rel);
                if (Files.isDirectory(p)) Files.createDirectories(dst);
                else Files.copy(p, dst);
            }
        }
        return to;
    }

    /** Bytes and mtime of every file below a folder. */
    private static Map<String, String> state(Path dir) throws IOException {
        Map<String, String> m = new TreeMap<>(Cli.snapshot(dir));
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator)
                m.put(dir.relativize(p) + " mtime", Files.getLastModifiedTime(p).toString());
        }
        return m;
    }

    @Test
    void convertPlacesByTheLogBesideAndWritesNoInput() throws IOException {
        Map<String, String> before = state(hbg);
        Path out = tmp.resolve("out/t.json");
        Files.createDirectories(out.getParent());
        Cli.Result r = Cli.run("convert", hbg.toString(), "--format", "both", "-o", out.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.errLines()).allSatisfy(l -> assertThat(l).startsWith("Warning: dummy("));
        assertThat(Files.readString(out))
                .contains("\"layout\":\"containment_spliced\"", "\"runtime\":\"host_build_graph\"");
        assertThat(state(hbg)).isEqualTo(before);

        Cli.Result again = Cli.run(
                "convert",
                hbg.resolve("chip_swimlane_records.json").toString(),
                "--host-log",
                hbg.resolve("host.4242.log").toString(),
                "-o",
                tmp.resolve("out/u.json").toString());
        assertThat(again.status()).isZero();
        assertThat(Files.readString(tmp.resolve("out/u.json"))).isEqualTo(Files.readString(out));
        assertThat(state(hbg)).isEqualTo(before);

        Cli.Result inspect = Cli.run("inspect", tmp.resolve("out/t.pftrace").toString());
        assertThat(inspect.status()).as(inspect.stdout() + inspect.stderr()).isZero();
        assertThat(inspect.stdout()).contains("AICPU Lifecycle", "Graph Execution");
    }

    @Test
    void aMissingHostLogIsAnErrorAndALogIsNeverAnOutput() throws IOException {
        Map<String, String> before = state(hbg);
        Path out = tmp.resolve("t.json");
        Cli.Result r = Cli.run(
                "convert", hbg.toString(), "--host-log", tmp.resolve("nope.log").toString(), "-o", out.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine())
                .isEqualTo("Error: " + tmp.resolve("nope.log") + ": no such file (given as --host-log)");
        assertThat(out).doesNotExist();
        Cli.Result s = Cli.run(
                "convert", hbg.toString(), "-o", hbg.resolve("host.4242.log").toString());
        assertThat(s.status()).isEqualTo(2);
        assertThat(s.errorLine()).contains("is an input of this command");
        assertThat(state(hbg)).isEqualTo(before);
    }

    @Test
    void diffAndDepsReadTheRunFolder() throws IOException {
        Map<String, String> before = state(tmr);
        Cli.Result same = Cli.run("diff", tmr.toString(), tmr.toString());
        assertThat(same.status()).as(same.stdout() + same.stderr()).isZero();
        Cli.Result deps =
                Cli.run("deps", tmr.toString(), "-o", tmp.resolve("view.txt").toString());
        assertThat(deps.status()).as(deps.stderr()).isZero();
        assertThat(state(tmr)).isEqualTo(before);

        // the same graph named by the other runtime: a note, not a difference
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(
                other.resolve("deps.json"),
                Files.readString(tmr.resolve("deps.json"))
                        .replace("\"runtime\": \"tensormap_and_ringbuffer\"", "\"runtime\": \"host_build_graph\""));
        Cli.Result changed = Cli.run("diff", tmr.toString(), other.toString(), "--format", "json");
        assertThat(changed.status()).as(changed.stdout() + changed.stderr()).isZero();
        assertThat(changed.stdout())
                .contains("runtime changed: OLD was built by tensormap_and_ringbuffer, NEW by host_build_graph");
    }

    @Test
    void convertReadsTheTmrFolder() throws IOException {
        Map<String, String> before = state(tmr);
        Cli.Result r = Cli.run(
                "convert", tmr.toString(), "-o", tmp.resolve("t.pftrace").toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout())
                .contains("Per-task (valid scheduler timing)", "Dispatch\u2192kernel start (Host-computed)");
        assertThat(state(tmr)).isEqualTo(before);
    }
}
