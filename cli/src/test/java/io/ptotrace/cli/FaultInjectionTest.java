package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The file-safety contract of every command, by injecting the faults users meet: an output that is an input,
 * links, devices and pipes as outputs or inputs, a full disk, a file-size limit, a read-only folder, signals
 * during the write, long names. Each asserts exit status, the one error line, unchanged inputs and an output
 * folder with nothing left behind.
 */
class FaultInjectionTest {
    @TempDir
    static Path shared;
    static Path sample;

    @TempDir
    Path dir;
    Path mounted;

    @BeforeAll
    static void makeSample() throws IOException {
        sample = shared.resolve("sample");
        SynthRun.write(SynthOptions.builder().tasks(200).level(4).seed(3).build(), sample);
    }

    @AfterEach
    void unmount() {
        if (mounted != null) Cli.shell("umount -l '" + mounted + "'");
    }

    /** A fresh copy of the sample run in {@code dir/run}. */
    Path run() throws IOException {
        Path r = Files.createDirectories(dir.resolve("run"));
        try (Stream<Path> s = Files.list(sample)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, r.resolve(p.getFileName()));
        }
        return r;
    }

    static String records(Path run) {
        return run.resolve("l2_swimlane_records.json").toString();
    }

    /** A small tmpfs at {@code dir/name} (root only); the test is skipped where it cannot be mounted. */
    Path tmpfs(String name, String options) throws IOException {
        Path m = Files.createDirectories(dir.resolve(name));
        assumeTrue(Cli.shell("mount -t tmpfs -o " + options + " tmpfs '" + m + "'"), "cannot mount a tmpfs here");
        mounted = m;
        return m;
    }

    // ------------------------------------------------------------------ an output that is an input

    @ParameterizedTest
    @ValueSource(strings = {"l2_swimlane_records.json", "deps.json", "name_map_synth.json"})
    void convertRefusesToWriteOntoAnyOfItsInputs(String victim) throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(r);
        Cli.Result res = Cli.run("convert", records(r), "--deps-json", r.resolve("deps.json").toString(), "-o", r.resolve(victim).toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).isEqualTo("Error: " + r.resolve(victim) + ": is an input of this command; "
            + "ptotrace never overwrites its inputs, choose another output name");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    @Test
    void aTreeMergeRefusesToWriteOntoAnyFileOfTheTree() throws IOException {
        Path tree = dir.resolve("dfx_outputs");
        io.ptotrace.synth.SynthTree.write(SynthOptions.builder().tasks(60).level(4).seed(4).era(io.ptotrace.model.Era.STREAMS).build(), 2, 1, tree);
        Map<String, String> before = Cli.snapshot(tree);
        for (String victim : List.of("rank1/d0/chip_swimlane_records.json", "rank0/d0/deps.json", "rank1/d0/dispatch_identity.json",
                "rank0/d0/name_map_synth.json", "host.5001.log")) {
            Cli.Result res = Cli.run("convert", tree.toString(), "--dispatch", "d0", "-o", tree.resolve(victim).toString(), "--format", "json");
            assertThat(res.status()).as(victim).isEqualTo(2);
            assertThat(res.errorLine()).isEqualTo("Error: " + tree.resolve(victim) + ": is an input of this command; "
                + "ptotrace never overwrites its inputs, choose another output name");
        }
        for (String[] bad : new String[][] {{"--dispatch", "0"}, {"--dispatch-id", "17"}, {"--dispatch", "d0", "--rank-pid", "x"},
                {}, {"--dispatch", "d0", "--dispatch-id", "17:0"}, {"--dispatch", "d0", "--deps-json", tree.resolve("rank0/d0/deps.json").toString()}}) {
            List<String> args = new java.util.ArrayList<>(List.of("convert", tree.toString()));
            args.addAll(List.of(bad));
            Cli.Result res = Cli.run(args.toArray(new String[0]));
            assertThat(res.status()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(res.stderr()).as(String.join(" ", bad)).doesNotContain("Exception");
        }
        assertThat(Cli.snapshot(tree)).isEqualTo(before);
    }

    @Test
    void hardLinksSymlinksAndOtherSpellingsOfAnInputAreRefusedToo() throws IOException {
        Path r = run();
        Path hard = Files.createLink(dir.resolve("hard.json"), r.resolve("deps.json"));
        Path soft = Files.createSymbolicLink(dir.resolve("soft.json"), r.resolve("l2_swimlane_records.json"));
        Map<String, String> before = Cli.snapshot(dir);
        for (String out : List.of(hard.toString(), soft.toString(), r + "/../run/./name_map_synth.json")) {
            Cli.Result res = Cli.run("convert", records(r), "-o", out, "--format", "json");
            assertThat(res.status()).as(out).isEqualTo(2);
            assertThat(res.errorLine()).contains("is an input of this command");
            // -o x.json --format both also writes x.pftrace: refused when that one is an input
        }
        Cli.Result both = Cli.run("convert", records(r), "-o", r.resolve("deps.pftrace").toString(), "--format", "both");
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.errorLine()).contains(r.resolve("deps.json") + ": is an input");
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
    }

    @Test
    void diffRefusesToWriteItsReportOntoEitherSide() throws IOException {
        Path r = run();
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.copy(r.resolve("deps.json"), other.resolve("deps.json"));
        Map<String, String> before = Cli.snapshot(dir);
        for (String out : List.of(r.resolve("deps.json").toString(), other.resolve("deps.json").toString(), r.resolve("name_map_synth.json").toString())) {
            Cli.Result res = Cli.run("diff", r.toString(), other.toString(), "-o", out);
            assertThat(res.status()).as(out).isEqualTo(2);
            assertThat(res.errorLine()).isEqualTo("Error: " + out + ": is an input of this command; ptotrace never overwrites its inputs, choose another output name");
        }
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
        Cli.Result ok = Cli.run("diff", r.toString(), other.toString(), "-o", dir.resolve("report.txt").toString());
        assertThat(ok.status()).isZero();
        assertThat(Files.readString(dir.resolve("report.txt"))).contains("identical");
    }

    // ------------------------------------------------------------------ links, devices and pipes

    @Test
    void aSymlinkOutputWritesItsTargetAndStaysALink() throws IOException {
        Path r = run();
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Files.writeString(traces.resolve("latest.json"), "previous trace");
        Path link = Files.createSymbolicLink(dir.resolve("latest.json"), traces.resolve("latest.json"));
        Cli.Result res = Cli.run("convert", records(r), "-o", link.toString());
        assertThat(res.status()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(traces.resolve("latest.json"))).startsWith("{\"traceEvents\":[");
        assertThat(Cli.snapshot(traces).keySet()).containsExactly("latest.json");
    }

    /**
     * A character device node of our own in the test folder (mknod, root only), so that a regression replaces
     * a node nobody else uses rather than the machine's /dev/null; the real /dev/null is used where mknod is refused.
     */
    Path device(String name, int major, int minor, String fallback) {
        Path node = dir.resolve(name);
        if (Cli.shell("mknod '" + node + "' c " + major + " " + minor)) return node;
        Path real = Path.of(fallback);
        assumeTrue(Files.exists(real) && !Files.isRegularFile(real), "no character device to write into");
        return real;
    }

    @Test
    void devNullIsWrittenIntoNotReplaced() throws IOException {
        Path devNull = device("null", 1, 3, "/dev/null");
        Path r = run();
        Cli.Result res = Cli.run("convert", records(r), "-o", devNull.toString(), "--format", "pftrace");
        assertThat(res.status()).isZero();
        assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Cli.run("diff", r.toString(), r.toString(), "-o", devNull.toString()).status()).isZero();
        assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(Path.of("/dev/null")) && !Files.isRegularFile(Path.of("/dev/null"), LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void devStdoutCarriesTheTrace() throws Exception {
        Path r = run();
        Process p = Cli.child("", "diff", r.toString(), r.toString(), "--format", "json", "-o", "/dev/stdout").start();
        Cli.Result res = Cli.await(p, 120);
        assertThat(res.status()).isZero();
        assertThat(res.stdout()).startsWith("{").contains("\"identical\"");
    }

    @Test
    void devFullGivesADiskFullLine() throws IOException {
        Path full = device("full", 1, 7, "/dev/full");
        Path r = run();
        Cli.Result res = Cli.run("convert", records(r), "-o", full.toString(), "--format", "json");
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).isEqualTo("Error: " + full + ": cannot write: no space left on device");
    }

    @Test
    void pipesWorkAsInputsAndOutputs() throws Exception {
        Path r = run();
        Path in = dir.resolve("records.pipe"), out = dir.resolve("trace.pipe");
        assumeTrue(Cli.shell("mkfifo '" + in + "' '" + out + "'"), "mkfifo not available");
        byte[] records = Files.readAllBytes(r.resolve("l2_swimlane_records.json"));
        CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
            try (OutputStream o = Files.newOutputStream(in)) {
                o.write(records);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CompletableFuture<byte[]> drain = CompletableFuture.supplyAsync(() -> {
            try (InputStream i = Files.newInputStream(out)) {
                return i.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Cli.Result res = Cli.run("convert", in.toString(), "--deps-json", r.resolve("deps.json").toString(), "-o", out.toString(), "--format", "json");
        feed.get(30, TimeUnit.SECONDS);
        byte[] trace = drain.get(30, TimeUnit.SECONDS);
        assertThat(res.status()).as(res.stderr()).isZero();
        // the same trace as from the regular file
        Path viaFile = dir.resolve("viaFile.json");
        Files.copy(r.resolve("l2_swimlane_records.json"), dir.resolve("l2_swimlane_records.json"));
        assertThat(Cli.run("convert", dir.resolve("l2_swimlane_records.json").toString(), "--deps-json", r.resolve("deps.json").toString(),
            "-o", viaFile.toString()).status()).isZero();
        assertThat(Cli.sha256(trace)).isEqualTo(Cli.sha256(Files.readAllBytes(viaFile)));
        assertThat(Files.isRegularFile(out)).isFalse();
    }

    // ------------------------------------------------------------------ full disk, size limit, read-only folder

    @Test
    void aFullDiskNamesTheOutputAndLeavesNothing() throws IOException {
        Path r = run();
        Path small = tmpfs("small", "size=64k");
        Path out = small.resolve("trace.json");
        Cli.Result res = Cli.run("convert", records(r), "-o", out.toString(), "--format", "both");
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).matches("Error: " + small.resolve("trace\\.(json|pftrace)") + ": cannot write: no space left on device");
        assertThat(Cli.snapshot(small)).isEmpty();
    }

    @Test
    void aFileSizeLimitNamesTheOutputAndLeavesNothing() throws Exception {
        Path r = run();
        Path outDir = Files.createDirectories(dir.resolve("out"));
        Process p = Cli.child("ulimit -f 64", "convert", records(r), "-o", outDir.resolve("trace.json").toString()).start();
        Cli.Result res = Cli.await(p, 120);
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).isEqualTo("Error: " + outDir.resolve("trace.json") + ": cannot write: file too large");
        assertThat(Cli.snapshot(outDir)).isEmpty();
    }

    @Test
    void aReadOnlyFolderNamesTheOutputNotATemporaryFile() throws IOException {
        Path r = run();
        Path ro = tmpfs("ro", "size=1m,ro");
        Cli.Result res = Cli.run("diff", r.toString(), r.toString(), "-o", ro.resolve("report.txt").toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).isEqualTo("Error: " + ro.resolve("report.txt") + ": cannot write: read-only file system");
        Cli.Result synth = Cli.run("synth", "-n", "20", "-o", ro.resolve("run").toString());
        assertThat(synth.status()).isEqualTo(2);
        assertThat(synth.errorLine()).isEqualTo("Error: " + ro.resolve("run") + ": cannot write: read-only file system");
    }

    // ------------------------------------------------------------------ signals during the write

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalDuringTheWriteLeavesNoFileBehind(String signal) throws Exception {
        Path big = dir.resolve("big");
        SynthRun.write(SynthOptions.builder().tasks(30_000).level(4).seed(5).build(), big);
        Map<String, String> before = Cli.snapshot(big);
        Process p = Cli.child("", "convert", big.toString(), "--format", "both").start();
        CompletableFuture<Cli.Result> done = CompletableFuture.supplyAsync(() -> {
            try {
                return Cli.await(p, 300);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        boolean sawTemp = false;
        while (p.isAlive() && System.nanoTime() < deadline) {
            try (Stream<Path> s = Files.list(big)) {
                if (s.anyMatch(f -> f.getFileName().toString().matches("\\.ptotrace-[a-z0-9]{6}\\.tmp"))) { sawTemp = true; break; }
            }
            Thread.sleep(2);
        }
        assumeTrue(sawTemp, "the conversion finished before its write could be interrupted");
        assertThat(Cli.shell("kill -" + signal + " " + p.pid())).isTrue();
        Cli.Result res = done.get(120, TimeUnit.SECONDS);
        assertThat(res.status()).isEqualTo(signal.equals("TERM") ? 143 : 130);
        assertThat(Cli.snapshot(big)).isEqualTo(before);
    }

    // ------------------------------------------------------------------ names and usage

    @Test
    void theLongestLegalOutputNameWorks() throws IOException {
        Path r = run();
        String name = "t".repeat(249) + ".json";
        Cli.Result res = Cli.run("convert", records(r), "-o", dir.resolve(name).toString());
        assertThat(res.status()).as(res.stderr()).isZero();
        assertThat(Files.size(dir.resolve(name))).isPositive();
        Cli.Result tooLong = Cli.run("convert", records(r), "-o", dir.resolve("t".repeat(251) + ".json").toString());
        assertThat(tooLong.status()).isEqualTo(2);
        assertThat(tooLong.errorLine()).endsWith(".json: cannot write: file name too long");
    }

    @Test
    void synthOntoAFileAndUnknownSettingsAreOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("existing.txt"), "keep me");
        Cli.Result onto = Cli.run("synth", "-o", file.toString());
        assertThat(onto.status()).isEqualTo(2);
        assertThat(onto.errorLine()).isEqualTo("Error: " + file + ": exists and is not a folder; synth writes a run folder");
        assertThat(Files.readString(file)).isEqualTo("keep me");
        Cli.Result bogus = Cli.run("synth", "-o", dir.resolve("x").toString(), "--set", "bogus=1");
        assertThat(bogus.status()).isEqualTo(2);
        assertThat(bogus.errLines().get(0)).startsWith("Error: ").contains("bogus").doesNotContain("internal error", "Exception");
        assertThat(Files.exists(dir.resolve("x"))).isFalse();
    }

    @Test
    void missingUnreadableAndFolderInputsAreOneLine() throws IOException {
        Path r = run();
        Cli.Result missing = Cli.run("inspect", dir.resolve("nope.json").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.errorLine()).isEqualTo("Error: " + dir.resolve("nope.json") + ": no such file");
        Cli.Result folder = Cli.run("convert", records(r), "--func-names", r.toString());
        assertThat(folder.status()).isEqualTo(2);
        assertThat(folder.errorLine()).contains(r.toString());
        Cli.Result badDeps = Cli.run("diff", r.resolve("deps.json").toString(), r.resolve("l2_swimlane_records.json").toString());
        assertThat(badDeps.status()).isIn(1, 2);
        assertThat(Cli.snapshot(r).keySet()).containsExactly("deps.json", "l2_swimlane_records.json", "name_map_synth.json");
    }

    @Test
    void verboseAddsTheStackTrace() throws IOException {
        Path r = run();
        Cli.Result quiet = Cli.run("convert", records(r), "-o", r.resolve("deps.json").toString());
        assertThat(quiet.errLines()).hasSize(1);
        Cli.Result verbose = Cli.run("convert", records(r), "-o", r.resolve("deps.json").toString(), "-v");
        assertThat(verbose.status()).isEqualTo(2);
        assertThat(verbose.stderr()).contains("Error: " + r.resolve("deps.json"), "\tat ");
        assertThat(new String(Files.readAllBytes(r.resolve("deps.json")), StandardCharsets.UTF_8)).startsWith("{");
    }
}
