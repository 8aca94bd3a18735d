package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import io.ptotrace.testing.Needs;
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
        Cli.Result res = Cli.run(
                "convert",
                records(r),
                "--deps-json",
                r.resolve("deps.json").toString(),
                "-o",
                r.resolve(victim).toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .isEqualTo("Error: " + r.resolve(victim) + ": is an input of this command; "
                        + "ptotrace never overwrites its inputs, choose another output name");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    @Test
    void aTreeMergeRefusesToWriteOntoAnyFileOfTheTree() throws IOException {
        Path tree = tree();
        Map<String, String> before = Cli.snapshot(tree);
        for (String victim : List.of(
                "rank1/d0/chip_swimlane_records.json",
                "rank0/d0/deps.json",
                "rank1/d0/dispatch_identity.json",
                "rank0/d0/name_map_synth.json",
                "host.5001.log")) {
            Cli.Result res = Cli.run(
                    "convert",
                    tree.toString(),
                    "--dispatch",
                    "d0",
                    "-o",
                    tree.resolve(victim).toString(),
                    "--format",
                    "json");
            assertThat(res.status()).as(victim).isEqualTo(2);
            assertThat(res.errorLine())
                    .isEqualTo("Error: " + tree.resolve(victim) + ": is an input of this command; "
                            + "ptotrace never overwrites its inputs, choose another output name");
        }
        for (String[] bad : new String[][] {
            {"--dispatch", "0"},
            {"--dispatch-id", "17"},
            {"--dispatch", "d0", "--rank-pid", "x"},
            {},
            {"--dispatch", "d0", "--dispatch-id", "17:0"},
            {
                "--dispatch",
                "d0",
                "--deps-json",
                tree.resolve("rank0/d0/deps.json").toString()
            }
        }) {
            List<String> args = new java.util.ArrayList<>(List.of("convert", tree.toString()));
            args.addAll(List.of(bad));
            Cli.Result res = Cli.run(args.toArray(new String[0]));
            assertThat(res.status()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(res.stderr()).as(String.join(" ", bad)).doesNotContain("Exception");
        }
        assertThat(Cli.snapshot(tree)).isEqualTo(before);
    }

    @Test
    void aTreeMergeNeverWritesIntoAnyCaptureFolderOfTheTree() throws IOException {
        Path tree = dir.resolve("dfx2");
        assertThat(Cli.run(
                                "synth",
                                "-o",
                                tree.toString(),
                                "-n",
                                "60",
                                "--era",
                                "streams",
                                "--ranks",
                                "2",
                                "--dispatches",
                                "2")
                        .status())
                .isZero();
        Map<String, String> before = Cli.snapshot(tree);
        for (String victim : List.of(
                "rank1/d1/chip_swimlane_records.json",
                "rank0/d1/deps.json",
                "rank1/d1/name_map_synth.json",
                "rank0/d1/new_trace.json",
                "rank0/d0/new_trace.json")) {
            Cli.Result res = Cli.run(
                    "convert",
                    tree.toString(),
                    "--dispatch",
                    "d0",
                    "-o",
                    tree.resolve(victim).toString(),
                    "--format",
                    "json");
            assertThat(res.status()).as(victim).isEqualTo(2);
            String folder = victim.substring(0, victim.lastIndexOf('/'));
            assertThat(res.errorLine())
                    .isEqualTo("Error: " + tree.resolve(victim) + ": is inside capture folder " + folder
                            + " of the input tree; ptotrace never writes into a capture, choose another folder");
        }
        assertThat(Cli.snapshot(tree)).isEqualTo(before);
        Cli.Result ok = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-o",
                tree.resolve("merged.json").toString(),
                "--format",
                "json");
        assertThat(ok.status()).as(ok.stderr()).isZero();
    }

    @Test
    void aHostLogThatIsAFolderIsNamedAsOne() throws IOException {
        Path tree = tree();
        Path folder = Files.createDirectories(dir.resolve("logs"));
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "--host-log",
                folder.toString(),
                "-o",
                dir.resolve("t.json").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).isEqualTo("Error: " + folder + ": --host-log names a folder, not a Host log file");
        assertThat(dir.resolve("t.json")).doesNotExist();
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
        Cli.Result both =
                Cli.run("convert", records(r), "-o", r.resolve("deps.pftrace").toString(), "--format", "both");
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
        for (String out : List.of(
                r.resolve("deps.json").toString(),
                other.resolve("deps.json").toString(),
                r.resolve("name_map_synth.json").toString())) {
            Cli.Result res = Cli.run("diff", r.toString(), other.toString(), "-o", out);
            assertThat(res.status()).as(out).isEqualTo(2);
            assertThat(res.errorLine())
                    .isEqualTo(
                            "Error: " + out
                                    + ": is an input of this command; ptotrace never overwrites its inputs, choose another output name");
        }
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
        Cli.Result ok = Cli.run(
                "diff",
                r.toString(),
                other.toString(),
                "-o",
                dir.resolve("report.txt").toString());
        assertThat(ok.status()).isZero();
        assertThat(Files.readString(dir.resolve("report.txt"))).contains("identical");
    }

    @ParameterizedTest
    @ValueSource(strings = {"l2_swimlane_records.json", "deps.json", "name_map_synth.json"})
    void checkRefusesToWriteItsReportOrTraceOntoAnyOfItsInputs(String victim) throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(r);
        Cli.Result res = Cli.run("check", r.toString(), "-o", r.resolve(victim).toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .isEqualTo("Error: " + r.resolve(victim) + ": is an input of this command; "
                        + "ptotrace never overwrites its inputs, choose another output name");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    @Test
    void checkRefusesATraceOntoAnInputBeforeReportingAnything() throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(r);
        Cli.Result res = Cli.run(
                "check",
                r.toString(),
                "--fail-on",
                "never",
                "--trace",
                dir.resolve("fine.pftrace").toString());
        assertThat(res.status()).isZero(); // a new name beside the inputs is fine
        Path link = Files.createSymbolicLink(dir.resolve("t.pftrace"), r.resolve("l2_swimlane_records.json"));
        Cli.Result refused = Cli.run("check", r.toString(), "--trace", link.toString());
        assertThat(refused.status()).isEqualTo(2);
        assertThat(refused.stdout()).isEmpty();
        assertThat(refused.errorLine()).contains("is an input of this command");
        assertThat(Cli.snapshot(r).keySet()).containsAll(before.keySet());
        for (String k : before.keySet()) assertThat(Cli.snapshot(r).get(k)).isEqualTo(before.get(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"l2_swimlane_records.json", "deps.json", "name_map_synth.json"})
    void compareRefusesToWriteItsReportOrTraceOntoAnyOfItsInputs(String victim) throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(r);
        for (String option : List.of("-o", "--trace")) {
            Cli.Result res = Cli.run(
                    "compare",
                    r.toString(),
                    r.toString(),
                    option,
                    r.resolve(victim).toString());
            assertThat(res.status()).isEqualTo(2);
            assertThat(res.stdout()).isEmpty();
            assertThat(res.errorLine())
                    .isEqualTo("Error: " + r.resolve(victim) + ": is an input of this command; "
                            + "ptotrace never overwrites its inputs, choose another output name");
        }
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    @Test
    void compareOnAFullDiskWritesNeitherTheReportNorTheTrace() throws IOException {
        Path r = run();
        Path full = tmpfs("cmpfull", "size=16k");
        Cli.Result res = Cli.run(
                "compare",
                r.toString(),
                r.toString(),
                "-o",
                full.resolve("report.txt").toString(),
                "--trace",
                full.resolve("both.pftrace").toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).startsWith("Error: " + full.resolve("both.pftrace") + ": cannot write");
        assertThat(Cli.snapshot(full)).isEmpty();
    }

    @Test
    void checkWritesItsReportAndTraceTogetherOrNeither() throws IOException {
        Path r = run();
        Path report = dir.resolve("check.json");
        Files.writeString(report, "the previous report\n");
        Path full = tmpfs("tracefull", "size=16k");
        Cli.Result res = Cli.run(
                "check",
                r.toString(),
                "--format",
                "json",
                "-o",
                report.toString(),
                "--trace",
                full.resolve("hz.pftrace").toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).startsWith("Error: " + full.resolve("hz.pftrace") + ": cannot write");
        assertThat(Files.readString(report)).isEqualTo("the previous report\n");
        assertThat(Cli.snapshot(full)).isEmpty();
        Path ok = dir.resolve("hz.pftrace");
        Cli.Result both =
                Cli.run("check", r.toString(), "--format", "json", "-o", report.toString(), "--trace", ok.toString());
        assertThat(both.status()).as(both.stderr()).isIn(0, 1);
        assertThat(Files.readString(report)).startsWith("{\"schema\":\"ptotrace-check/1\"");
        assertThat(ok).isNotEmptyFile();
    }

    @Test
    void checkOnAFullDiskNamesTheReportAndLeavesNothing() throws IOException {
        Path r = run();
        Path full = tmpfs("full", "size=4k");
        Cli.Result res = Cli.run(
                "check",
                r.toString(),
                "--format",
                "json",
                "-o",
                full.resolve("check.json").toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine()).startsWith("Error: " + full.resolve("check.json") + ": ");
        assertThat(Cli.snapshot(full)).isEmpty();
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
        assertThat(Cli.run("diff", r.toString(), r.toString(), "-o", devNull.toString())
                        .status())
                .isZero();
        assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(Path.of("/dev/null"))
                        && !Files.isRegularFile(Path.of("/dev/null"), LinkOption.NOFOLLOW_LINKS))
                .isTrue();
    }

    @Test
    void devStdoutCarriesTheTrace() throws Exception {
        Path r = run();
        Process p = Cli.child("", "diff", r.toString(), r.toString(), "--format", "json", "-o", "/dev/stdout")
                .start();
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
        Cli.Result res = Cli.run(
                "convert",
                in.toString(),
                "--deps-json",
                r.resolve("deps.json").toString(),
                "-o",
                out.toString(),
                "--format",
                "json");
        feed.get(30, TimeUnit.SECONDS);
        byte[] trace = drain.get(30, TimeUnit.SECONDS);
        assertThat(res.status()).as(res.stderr()).isZero();
        // the same trace as from the regular file
        Path viaFile = dir.resolve("viaFile.json");
        Files.copy(r.resolve("l2_swimlane_records.json"), dir.resolve("l2_swimlane_records.json"));
        assertThat(Cli.run(
                                "convert",
                                dir.resolve("l2_swimlane_records.json").toString(),
                                "--deps-json",
                                r.resolve("deps.json").toString(),
                                "-o",
                                viaFile.toString())
                        .status())
                .isZero();
        assertThat(Cli.sha256(trace)).isEqualTo(Cli.sha256(Files.readAllBytes(viaFile)));
        assertThat(Files.isRegularFile(out)).isFalse();
    }

    /** inspect reads a FIFO as it reads the file: JSON, .pftrace and either gzip-compressed (it cannot seek a pipe). */
    @Test
    void inspectReadsPipesOfEveryTraceForm() throws Exception {
        Path r = run();
        Path json = dir.resolve("t.json"), pf = dir.resolve("t.pftrace");
        assertThat(Cli.run("convert", records(r), "-o", json.toString(), "--format", "both")
                        .status())
                .isZero();
        Path jsonGz = gzip(json), pfGz = gzip(pf);
        for (Path trace : List.of(json, pf, jsonGz, pfGz)) {
            Path fifo = dir.resolve("trace.fifo");
            Files.deleteIfExists(fifo);
            assumeTrue(Cli.shell("mkfifo '" + fifo + "'"), "mkfifo not available");
            byte[] bytes = Files.readAllBytes(trace);
            CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
                try (OutputStream o = Files.newOutputStream(fifo)) {
                    o.write(bytes);
                } catch (IOException e) {
                    // the reader gave up: its result says why
                }
            });
            Cli.Result viaPipe = Cli.run("inspect", fifo.toString());
            feed.get(30, TimeUnit.SECONDS);
            Cli.Result viaFile = Cli.run("inspect", trace.toString());
            assertThat(viaPipe.status()).as(trace + ": " + viaPipe.stderr()).isEqualTo(viaFile.status());
            assertThat(viaPipe.stderr()).isEmpty();
            assertThat(viaPipe.stdout().replace(fifo.toString(), "T"))
                    .isEqualTo(viaFile.stdout().replace(trace.toString(), "T"));
        }
        // /dev/stdin of a child fed through a pipe
        Process p = Cli.child("", "inspect", "/dev/stdin").start();
        try (OutputStream o = p.getOutputStream()) {
            o.write(Files.readAllBytes(pfGz));
        }
        Cli.Result stdin = Cli.await(p, 120);
        assertThat(stdin.status())
                .as(stdin.stderr())
                .isEqualTo(Cli.run("inspect", pf.toString()).status());
        assertThat(stdin.stdout()).contains("Perfetto protobuf");
    }

    private static Path gzip(Path f) throws IOException {
        Path gz = f.resolveSibling(f.getFileName() + ".gz");
        try (OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(f));
        }
        return gz;
    }

    // ------------------------------------------------------------------ full disk, size limit, read-only folder

    @Test
    void aFullDiskNamesTheOutputAndLeavesNothing() throws IOException {
        Path r = run();
        Path small = tmpfs("small", "size=64k");
        Path out = small.resolve("trace.json");
        Cli.Result res = Cli.run("convert", records(r), "-o", out.toString(), "--format", "both");
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .matches("Error: " + small.resolve("trace\\.(json|pftrace)")
                        + ": cannot write: no space left on device");
        assertThat(Cli.snapshot(small)).isEmpty();
    }

    @Test
    void aTreeWrittenRankByRankOnAFullDiskNamesTheOutputAndLeavesNothing() throws IOException {
        Path tree = tree(300);
        Map<String, String> before = Cli.snapshot(tree);
        Path small = tmpfs("small", "size=64k");
        System.setProperty("ptotrace.tree.partsFromTasks", "0"); // every tree is written rank by rank
        try {
            Cli.Result res = Cli.run(
                    "convert",
                    tree.toString(),
                    "--dispatch",
                    "d0",
                    "-o",
                    small.resolve("l3.json").toString());
            assertThat(res.status()).isEqualTo(2);
            assertThat(res.errorLine())
                    .matches("Error: " + small.resolve("l3\\.(json|pftrace)")
                            + ": cannot write: no space left on device");
        } finally {
            System.clearProperty("ptotrace.tree.partsFromTasks");
        }
        assertThat(Cli.snapshot(small)).as("no part, no temporary file").isEmpty();
        assertThat(Cli.snapshot(tree)).isEqualTo(before);
    }

    /**
     * A disk that holds the whole trace's parts but not the --split windows' pieces as well: the merge, written rank
     * by rank with every rank let go and read again, names a window file and leaves nothing.
     */
    @Test
    void aTreeSplitRankByRankOnADiskFullOfWindowsNamesAWindowAndLeavesNothing() throws IOException {
        Path tree = tree(300);
        Map<String, String> before = Cli.snapshot(tree);
        System.setProperty("ptotrace.tree.partsFromTasks", "0");
        System.setProperty("ptotrace.tree.keepModelsBytes", "0");
        try {
            Path roomy = Files.createDirectories(dir.resolve("roomy"));
            List<String> args = List.of("convert", tree.toString(), "--dispatch", "d0", "--split", "40M", "-o");
            Cli.Result ok = Cli.run(concat(args, roomy.resolve("l3.pftrace").toString()));
            assertThat(ok.status()).as(ok.stderr()).isZero();
            long whole = Files.size(roomy.resolve("l3.pftrace"));
            assertThat(Cli.snapshot(roomy).keySet()).hasSizeGreaterThan(3); // the trace, its index, windows
            Path small = tmpfs("small", "size=" + (whole * 3 / 2 / 4096 + 1) * 4096);
            Cli.Result res = Cli.run(concat(args, small.resolve("l3.pftrace").toString()));
            assertThat(res.status()).isEqualTo(2);
            assertThat(res.errorLine())
                    .matches("Error: " + small.resolve("l3\\.part-\\d+\\.pftrace")
                            + ": cannot write: no space left on device");
            assertThat(Cli.snapshot(small)).as("no part, no temporary file").isEmpty();
        } finally {
            System.clearProperty("ptotrace.tree.partsFromTasks");
            System.clearProperty("ptotrace.tree.keepModelsBytes");
        }
        assertThat(Cli.snapshot(tree)).isEqualTo(before);
    }

    private static String[] concat(List<String> args, String last) {
        List<String> all = new java.util.ArrayList<>(args);
        all.add(last);
        return all.toArray(new String[0]);
    }

    @Test
    void aFileSizeLimitNamesTheOutputAndLeavesNothing() throws Exception {
        Path r = run();
        Path outDir = Files.createDirectories(dir.resolve("out"));
        Process p = Cli.child(
                        "ulimit -f 64",
                        "convert",
                        records(r),
                        "-o",
                        outDir.resolve("trace.json").toString())
                .start();
        Cli.Result res = Cli.await(p, 120);
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .isEqualTo("Error: " + outDir.resolve("trace.json") + ": cannot write: file too large");
        assertThat(Cli.snapshot(outDir)).isEmpty();
    }

    @Test
    void aReadOnlyFolderNamesTheOutputNotATemporaryFile() throws IOException {
        Path r = run();
        Path ro = tmpfs("ro", "size=1m,ro");
        Cli.Result res = Cli.run(
                "diff",
                r.toString(),
                r.toString(),
                "-o",
                ro.resolve("report.txt").toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .isEqualTo("Error: " + ro.resolve("report.txt") + ": cannot write: read-only file system");
        Cli.Result synth = Cli.run("synth", "-n", "20", "-o", ro.resolve("run").toString());
        assertThat(synth.status()).isEqualTo(2);
        assertThat(synth.errorLine())
                .isEqualTo("Error: " + ro.resolve("run") + ": cannot write: read-only file system");
    }

    // ------------------------------------------------------------------ signals during the write

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalDuringTheWriteLeavesNoFileBehind(String signal) throws Exception {
        if (signal.equals("INT")) {
            // a job started in the background by a shell ignores SIGINT, and so do the JVMs it starts
            Needs.need(!interruptIgnored(), "SIGINT is ignored by the process running the tests (a background job)");
        }
        Path big = dir.resolve("big");
        SynthRun.write(SynthOptions.builder().tasks(30_000).level(4).seed(5).build(), big);
        Map<String, String> before = Cli.snapshot(big);
        Path held = dir.resolve("held");
        Process p = Cli.child(
                        List.of("-Xmx512m", "-Dptotrace.faults.holdTemp=" + held),
                        "",
                        "convert",
                        big.toString(),
                        "--format",
                        "both")
                .start();
        CompletableFuture<Cli.Result> done = CompletableFuture.supplyAsync(() -> {
            try {
                return Cli.await(p, 300);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // the child names its first temporary file in `held` and waits there: the signal lands mid-write
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!Files.exists(held) && p.isAlive() && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(held).as("the conversion reached its write").exists();
        assertThat(Path.of(Files.readString(held))).exists();
        assertThat(Cli.shell("kill -" + signal + " " + p.pid())).isTrue();
        Cli.Result res = done.get(120, TimeUnit.SECONDS);
        assertThat(res.status()).isEqualTo(signal.equals("TERM") ? 143 : 130);
        assertThat(Cli.snapshot(big)).isEqualTo(before);
    }

    /** Whether this process ignores SIGINT (signal 2), as /proc says: its children then ignore it too. */
    private static boolean interruptIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) return false;
        for (String line : Files.readAllLines(status))
            if (line.startsWith("SigIgn:"))
                return (Long.parseLong(line.substring(7).trim(), 16) & 2) != 0;
        return false;
    }

    // ------------------------------------------------------------------ sets of outputs: --split, synth, -o ""

    static Path splitSample;

    /** A run big enough to split into several parts at the smallest budgets. */
    Path splitRun() throws IOException {
        synchronized (FaultInjectionTest.class) {
            if (splitSample == null) {
                splitSample = shared.resolve("split-sample");
                SynthRun.write(
                        SynthOptions.builder().tasks(3000).level(4).seed(7).build(), splitSample);
            }
        }
        Path r = Files.createDirectories(dir.resolve("big"));
        try (Stream<Path> s = Files.list(splitSample)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, r.resolve(p.getFileName()));
        }
        return r;
    }

    static long parts(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().matches("t\\.part-\\d+\\.pftrace"))
                    .count();
        }
    }

    @Test
    void aSecondSplitIntoFewerPartsLeavesNoStalePartBesideTheNewIndex() throws IOException {
        Path r = splitRun();
        Path out = Files.createDirectories(dir.resolve("out"));
        Cli.Result many =
                Cli.run("convert", r.toString(), "-o", out.resolve("t.pftrace").toString(), "--split", "40M");
        assertThat(many.status()).as(many.stderr()).isZero();
        long before = parts(out);
        assertThat(before).isGreaterThan(2);
        Cli.Result few =
                Cli.run("convert", r.toString(), "-o", out.resolve("t.pftrace").toString(), "--split", "1G");
        assertThat(few.status()).as(few.stderr()).isZero();
        assertThat(Cli.snapshot(out).keySet()).containsExactly("t.part-01.pftrace", "t.parts.json", "t.pftrace");
        assertThat(Files.readString(out.resolve("t.parts.json")))
                .contains("\"t.part-01.pftrace\"")
                .doesNotContain("part-02");
    }

    /**
     * A folder appears under a part's name while the parts are being written (after every output was checked):
     * the commit finds it before its first rename, and the trace, the parts and the index stay as they were.
     */
    @Test
    void aFolderThatAppearsUnderAPartNameMidRunLeavesTheWholeSetAsItWas() throws Exception {
        Path r = splitRun();
        Path out = Files.createDirectories(dir.resolve("out"));
        assertThat(Cli.run(
                                "convert",
                                r.toString(),
                                "-o",
                                out.resolve("t.pftrace").toString(),
                                "--format",
                                "both",
                                "--split",
                                "1G")
                        .status())
                .isZero();
        Map<String, String> before = Cli.snapshot(out);
        Path intruder = out.resolve("t.part-03.pftrace");
        // a folder appears under an output's name as soon as the conversion starts writing
        java.util.concurrent.atomic.AtomicBoolean made = new java.util.concurrent.atomic.AtomicBoolean();
        io.ptotrace.io.TempFiles.created = t -> {
            try {
                if (t.getParent().equals(out) && made.compareAndSet(false, true)) Files.createDirectory(intruder);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        Cli.Result res;
        try {
            res = Cli.run(
                    "convert",
                    r.toString(),
                    "-o",
                    out.resolve("t.pftrace").toString(),
                    "--format",
                    "both",
                    "--split",
                    "40M",
                    "--full-args",
                    "--compress",
                    "none");
        } finally {
            io.ptotrace.io.TempFiles.created = t -> {};
        }
        assertThat(made).isTrue();
        assertThat(res.status()).as(res.stdout()).isEqualTo(2);
        assertThat(res.errorLine()).isEqualTo("Error: " + intruder + ": is a folder; name a file to write");
        Map<String, String> after = Cli.snapshot(out);
        assertThat(after.remove("t.part-03.pftrace")).isEqualTo("folder");
        before.remove("t.part-03.pftrace");
        assertThat(after).isEqualTo(before);
    }

    /** --format both names its second file after -o: beside a device or pipe there is no such file to make. */
    @Test
    void bothFormatsOntoADeviceOrPipeAreRefusedAndWriteNothingBesideIt() throws IOException {
        Path r = run();
        Path fifo = dir.resolve("t.json");
        assumeTrue(Cli.shell("mkfifo '" + fifo + "'"), "mkfifo not available");
        Path devNull = device("null", 1, 3, "/dev/null");
        Map<String, String> before = Cli.snapshot(dir);
        for (String out : List.of(fifo.toString(), devNull.toString())) {
            Cli.Result res = Cli.run("convert", records(r), "-o", out, "--format", "both");
            assertThat(res.status()).as(out).isEqualTo(2);
            assertThat(res.errorLine())
                    .isEqualTo("Error: " + out + ": is a device or pipe, and --format both writes its second file "
                            + "beside it; name a regular file with -o, or write one format (--format json or "
                            + "--format pftrace)");
        }
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
        assertThat(Files.exists(Path.of("/dev/null.pftrace"))).isFalse();
        Cli.Result one = Cli.run("convert", records(r), "-o", devNull.toString(), "--format", "pftrace");
        assertThat(one.status()).as(one.stderr()).isZero();
    }

    @Test
    void aSplitOntoADeviceOrPipeIsRefusedAndWritesNothingBesideIt() throws IOException {
        Path r = run();
        Path fifo = dir.resolve("t.pftrace");
        assumeTrue(Cli.shell("mkfifo '" + fifo + "'"), "mkfifo not available");
        Path devNull = device("null", 1, 3, "/dev/null");
        Map<String, String> before = Cli.snapshot(dir);
        for (String out : List.of(fifo.toString(), devNull.toString())) {
            Cli.Result res = Cli.run("convert", records(r), "-o", out, "--format", "pftrace", "--split", "1G");
            assertThat(res.status()).as(out).isEqualTo(2);
            assertThat(res.errorLine())
                    .isEqualTo("Error: " + out + ": is a device or pipe, and --split writes a set of files beside it "
                            + "(<stem>.part-NN.pftrace, <stem>.parts.json); name a regular file with -o");
        }
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
        assertThat(Files.exists(Path.of("/dev/null.parts.json")) || Files.exists(Path.of("/dev/null.part-01.pftrace")))
                .isFalse();
    }

    @Test
    void aSplitOfAJsonOnlyConversionIsRefused() throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(dir);
        for (String[] args :
                List.of(new String[] {"-o", dir.resolve("t.json").toString()}, new String[] {"--format", "json"})) {
            List<String> cmd = new java.util.ArrayList<>(List.of("convert", records(r), "--split", "1G"));
            cmd.addAll(List.of(args));
            Cli.Result res = Cli.run(cmd.toArray(new String[0]));
            assertThat(res.status()).isEqualTo(2);
            assertThat(res.errorLine())
                    .isEqualTo("Error: --split cuts the .pftrace into windows, but this conversion writes only JSON: "
                            + "add --format both, or name a .pftrace with -o");
        }
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
        // with both formats the index names the .pftrace that is written
        assertThat(Cli.run(
                                "convert",
                                records(r),
                                "--split",
                                "1G",
                                "-o",
                                dir.resolve("t.json").toString(),
                                "--format",
                                "both")
                        .status())
                .isZero();
        assertThat(Files.readString(dir.resolve("t.parts.json"))).contains("\"trace\" : \"t.pftrace\"");
        assertThat(Files.readAllBytes(dir.resolve("t.pftrace"))[0]).isNotEqualTo((byte) '{');
    }

    @ParameterizedTest
    @ValueSource(strings = {"convert", "diff", "deps", "synth", "compare"})
    void anEmptyOutputNameIsAnErrorInEveryCommand(String command) throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(dir);
        List<String> cmd = new java.util.ArrayList<>(List.of(command));
        if (command.equals("diff") || command.equals("compare")) cmd.addAll(List.of(r.toString(), r.toString()));
        else if (!command.equals("synth")) cmd.add(r.toString());
        cmd.addAll(List.of("-o", ""));
        Cli.Result res = Cli.run(cmd.toArray(new String[0]));
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errLines().get(0))
                .isEqualTo(
                        "Error: Invalid value for option '--output': an empty name (an unset variable?); name a file or folder");
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
    }

    @Test
    void synthThatCannotWriteOneFileLeavesTheEarlierRunWhole() throws IOException {
        Path small = tmpfs("small", "size=256k");
        Path run = small.resolve("run");
        assertThat(Cli.run("synth", "-n", "20", "-o", run.toString()).status()).isZero();
        Map<String, String> before = Cli.snapshot(small);
        Cli.Result res = Cli.run("synth", "-n", "3000", "-o", run.toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .matches("Error: " + java.util.regex.Pattern.quote(run.toString())
                        + "/(l2_swimlane_records|deps|name_map_synth)\\.json: cannot write: no space left on device");
        assertThat(Cli.snapshot(small)).isEqualTo(before);
    }

    @Test
    void synthIntoAFolderThatHasAFolderUnderAFileNameWritesNone() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.createDirectory(run.resolve("deps.json"));
        Cli.Result res = Cli.run("synth", "-n", "20", "-o", run.toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .isEqualTo("Error: " + run.resolve("deps.json") + ": is a folder; name a file to write");
        assertThat(Cli.snapshot(run).keySet()).containsExactly("deps.json");
    }

    @Test
    void aTimestampNoCaptureCanSpanIsOneLineAndNothingIsWritten() throws IOException {
        Path r = run();
        String records = Files.readString(r.resolve("l2_swimlane_records.json"));
        // the first AICore row's end becomes 2^63 - 1 cycles
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(\"aicore_tasks\"\\s*:\\s*\\[\\s*\\[[^\\]]*?,[^\\],]*,[^\\],]*,[^\\],]*,\\s*)(\\d+)")
                .matcher(records);
        assertThat(m.find()).as("an AICore row to corrupt").isTrue();
        Files.writeString(
                r.resolve("l2_swimlane_records.json"),
                records.substring(0, m.start(2)) + Long.MAX_VALUE + records.substring(m.end(2)));
        Map<String, String> before = Cli.snapshot(dir);
        Cli.Result res =
                Cli.run("convert", records(r), "-o", dir.resolve("t.json").toString(), "--format", "both");
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.errorLine())
                .startsWith("Error: " + records(r)
                        + ": aicore_tasks row 0: its end time (9223372036854775807) converts to ")
                .endsWith("so the value is corrupt");
        assertThat(Cli.snapshot(dir)).isEqualTo(before);
    }

    // ------------------------------------------------------------------ out of memory

    /**
     * A conversion at heaps from too small to enough, in a JVM whose processor count and collector are fixed (the
     * writer threads and their buffers scale with the cores, and the JVM picks another collector on one core): the
     * small heaps fail with the one out-of-memory line, whichever thread ran out, and leave the previous traces and
     * no temporary file; the large one succeeds and replaces them.
     */
    @Test
    void outOfMemoryAtAnyHeapLeavesThePreviousTraces() throws Exception {
        Path big = dir.resolve("oom");
        SynthRun.write(SynthOptions.builder().tasks(20_000).level(4).seed(5).build(), big);
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("t.json"), "previous json");
        Files.writeString(out.resolve("t.pftrace"), "previous pftrace");
        for (int mib : new int[] {24, 32, 48, 64, 512}) {
            ProcessBuilder pb = Cli.child(
                    List.of("-Xmx" + mib + "m", "-XX:ActiveProcessorCount=2", "-XX:+UseSerialGC"),
                    "",
                    "convert",
                    big.toString(),
                    "-o",
                    out.resolve("t.json").toString(),
                    "--format",
                    "both");
            Cli.Result res = Cli.await(pb.start(), 300);
            if (mib == 512) {
                assertThat(res.status()).as("at -Xmx512m: " + res.stderr()).isZero();
                assertThat(res.stdout()).contains("Conversion complete");
                assertThat(Files.readString(out.resolve("t.json"))).startsWith("{");
                assertThat(Files.size(out.resolve("t.pftrace"))).isGreaterThan(100_000);
                assertThat(Cli.snapshot(out).keySet()).containsExactly("t.json", "t.pftrace");
                continue;
            }
            if (mib > 32 && res.status() == 0) continue; // may fit; a bigger heap must not fail below
            assertThat(res.status()).as("at -Xmx" + mib + "m: " + res.stderr()).isEqualTo(2);
            assertThat(res.stderr().lines().filter(l -> l.startsWith("Error")))
                    .as("at -Xmx" + mib + "m, one error line: " + res.stderr())
                    .singleElement()
                    .asString()
                    .matches("Error: out of memory \\(Java heap of \\d+ MiB\\); give Java more, "
                            + "e\\.g\\. PTOTRACE_JAVA_OPTS=-Xmx\\d+g bin/ptotrace \\.\\.\\.");
            assertThat(res.errorLine()).startsWith("Error: out of memory");
            assertThat(res.stdout()).doesNotContain("Conversion complete");
            assertThat(Files.readString(out.resolve("t.json"))).isEqualTo("previous json");
            assertThat(Files.readString(out.resolve("t.pftrace"))).isEqualTo("previous pftrace");
            assertThat(Cli.snapshot(out).keySet()).containsExactly("t.json", "t.pftrace");
        }
    }

    /**
     * A helper thread that runs out of memory stops the command with status 2 and the one line, also when a shutdown
     * hook then runs out of memory too (a second exit from the hook used to wait for the first forever), and the
     * temporary files are still removed.
     */
    @Test
    void outOfMemoryInAShutdownHookDoesNotHangTheExit() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                HookOutOfMemoryChild.class.getName(),
                dir.toString());
        Cli.Result res = Cli.await(pb.start(), 60);
        assertThat(res.status()).as(res.stderr()).isEqualTo(2);
        assertThat(res.stderr().lines().filter(l -> l.startsWith("Error")))
                .singleElement()
                .asString()
                .startsWith("Error: out of memory");
        Path temp = Path.of(res.stdout().strip());
        assertThat(temp.getParent()).isEqualTo(dir);
        assertThat(temp).doesNotExist();
    }

    /** A class whose static initialiser ran out of memory is out of memory too, not an internal error. */
    @Test
    void outOfMemoryInAStaticInitialiserIsSaidAsOutOfMemory() {
        ExceptionInInitializerError init = new ExceptionInInitializerError(
                "Exception java.lang.OutOfMemoryError: Java heap space [in thread \"main\"]");
        NoClassDefFoundError later = new NoClassDefFoundError("Could not initialize class io.ptotrace.X");
        later.initCause(init);
        assertThat(io.ptotrace.io.ErrorLine.of(later)).startsWith("Error: out of memory (Java heap of ");
        assertThat(io.ptotrace.io.ErrorLine.of(new ExceptionInInitializerError(new OutOfMemoryError("x"))))
                .startsWith("Error: out of memory (Java heap of ");
        assertThat(io.ptotrace.io.ErrorLine.of(new NoClassDefFoundError("Could not initialize class io.ptotrace.X")))
                .startsWith("Error: internal error");
    }

    // ------------------------------------------------------------------ names and usage

    @Test
    void theLongestLegalOutputNameWorks() throws IOException {
        Path r = run();
        String name = "t".repeat(249) + ".json";
        Cli.Result res = Cli.run("convert", records(r), "-o", dir.resolve(name).toString());
        assertThat(res.status()).as(res.stderr()).isZero();
        assertThat(Files.size(dir.resolve(name))).isPositive();
        Cli.Result tooLong = Cli.run(
                "convert",
                records(r),
                "-o",
                dir.resolve("t".repeat(251) + ".json").toString());
        assertThat(tooLong.status()).isEqualTo(2);
        assertThat(tooLong.errorLine()).endsWith(".json: cannot write: file name too long");
    }

    @Test
    void synthOntoAFileAndUnknownSettingsAreOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("existing.txt"), "keep me");
        Cli.Result onto = Cli.run("synth", "-o", file.toString());
        assertThat(onto.status()).isEqualTo(2);
        assertThat(onto.errorLine())
                .isEqualTo("Error: " + file + ": exists and is not a folder; synth writes a run folder");
        assertThat(Files.readString(file)).isEqualTo("keep me");
        Cli.Result bogus = Cli.run("synth", "-o", dir.resolve("x").toString(), "--set", "bogus=1");
        assertThat(bogus.status()).isEqualTo(2);
        assertThat(bogus.errLines().get(0))
                .startsWith("Error: ")
                .contains("bogus")
                .doesNotContain("internal error", "Exception");
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
        Cli.Result badDeps = Cli.run(
                "diff",
                r.resolve("deps.json").toString(),
                r.resolve("l2_swimlane_records.json").toString());
        assertThat(badDeps.status()).isIn(1, 2);
        assertThat(Cli.snapshot(r).keySet())
                .containsExactly("deps.json", "l2_swimlane_records.json", "name_map_synth.json");
    }

    @Test
    void verboseAddsTheStackTrace() throws IOException {
        Path r = run();
        Cli.Result quiet =
                Cli.run("convert", records(r), "-o", r.resolve("deps.json").toString());
        assertThat(quiet.errLines()).hasSize(1);
        Cli.Result verbose =
                Cli.run("convert", records(r), "-o", r.resolve("deps.json").toString(), "-v");
        assertThat(verbose.status()).isEqualTo(2);
        assertThat(verbose.stderr()).contains("Error: " + r.resolve("deps.json"), "\tat ");
        assertThat(new String(Files.readAllBytes(r.resolve("deps.json")), StandardCharsets.UTF_8))
                .startsWith("{");
    }

    // ------------------------------------------------------------------ critical-path

    @ParameterizedTest
    @ValueSource(strings = {"deps.json", "name_map_synth.json", "l2_swimlane_records.json"})
    void criticalPathRefusesToWriteItsReportOntoAnInput(String victim) throws IOException {
        Path r = run();
        Map<String, String> before = Cli.snapshot(r);
        Cli.Result res = Cli.run("critical-path", r.toString(), "--report", victim);
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.stderr())
                .isEqualTo(
                        "Error: " + r.toRealPath() + ": " + r.toRealPath().resolve(victim)
                                + ": is an input of this command; ptotrace never overwrites its inputs, choose another output name\n");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    @Test
    void criticalPathOnAFullDiskOrAReadOnlyFolderNamesTheFileAndLeavesNothing() throws IOException {
        Path m = tmpfs("cpfull", "size=600k");
        Path r = Files.createDirectories(m.resolve("run"));
        try (Stream<Path> s = Files.list(sample)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, r.resolve(p.getFileName()));
        }
        Cli.shell("dd if=/dev/zero of='" + m.resolve("filler") + "' bs=4k 2>/dev/null || true");
        Map<String, String> before = Cli.snapshot(r);
        Cli.Result res = Cli.run("critical-path", r.toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.stderr())
                .isEqualTo("Error: " + r + ": " + r.resolve("critical_path_report.md")
                        + ": cannot write: no space left on device\n");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
        Files.delete(m.resolve("filler"));
        assertThat(Cli.shell("mount -o remount,ro '" + m + "'")).isTrue();
        res = Cli.run("critical-path", r.toString());
        assertThat(res.status()).isEqualTo(2);
        assertThat(res.stderr())
                .isEqualTo("Error: " + r + ": " + r.resolve("critical_path_report.md")
                        + ": cannot write: read-only file system\n");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
    }

    // ------------------------------------------------------------------ a damaged dfx_outputs tree

    /** Ways a multi-chip job's tree is found damaged, each with the outcome docs/multi-rank.md promises. */
    enum TreeDamage {
        /** One rank's records cut short: that rank is named and left out, the other converts (exit 1). */
        TRUNCATED_RANK_RECORDS(1),
        /** One rank's deps.json cut short: warnings naming the rank, the trace without its arrows (exit 0). */
        TRUNCATED_RANK_DEPS(0),
        /** A broken dispatch_identity.json: an input error naming it. */
        BROKEN_SIDECAR(2),
        /** A rank's dispatch_identity.json gone: the group is incomplete. */
        MISSING_SIDECAR(2),
        /** A whole rank folder gone: the parent dispatch's group is incomplete. */
        MISSING_RANK_FOLDER(2),
        /** {@code rank1} a link to nothing: named and left out like a rank that cannot be read (exit 1). */
        RANK_A_BROKEN_LINK(1),
        /** {@code rank1} a plain file: the same. */
        RANK_A_FILE(1),
        /** A Host log that is a folder. */
        HOST_LOG_A_FOLDER(2),
        /** A Host log that is a link to nothing. */
        HOST_LOG_A_BROKEN_LINK(2),
        /** A Host log of random bytes: no invocation for its rank. */
        HOST_LOG_GARBAGE(2),
        /** One rank's Host log gone. */
        MISSING_HOST_LOG(2);

        final int status;

        TreeDamage(int status) {
            this.status = status;
        }
    }

    /** A generated 2-rank tree (streams era, one dispatch) in {@code dir/dfx_outputs}. */
    private Path tree() throws IOException {
        return tree(60);
    }

    private Path tree(int tasksPerRank) throws IOException {
        Path tree = dir.resolve("dfx_outputs");
        io.ptotrace.synth.SynthTree.write(
                SynthOptions.builder()
                        .tasks(tasksPerRank)
                        .level(4)
                        .seed(9)
                        .era(io.ptotrace.model.Era.STREAMS)
                        .build(),
                2,
                1,
                tree);
        return tree;
    }

    private static void damage(Path tree, TreeDamage d) throws IOException {
        Path rank1 = tree.resolve("rank1/d0"), log = tree.resolve("host.5001.log");
        switch (d) {
            case TRUNCATED_RANK_RECORDS:
            case TRUNCATED_RANK_DEPS: {
                Path f = rank1.resolve(
                        d == TreeDamage.TRUNCATED_RANK_RECORDS ? "chip_swimlane_records.json" : "deps.json");
                byte[] b = Files.readAllBytes(f);
                Files.write(f, java.util.Arrays.copyOf(b, b.length / 3));
                break;
            }
            case BROKEN_SIDECAR:
                Files.writeString(rank1.resolve("dispatch_identity.json"), "{\"schema_version\": 1, \"run_id\": ");
                break;
            case MISSING_SIDECAR:
                Files.delete(rank1.resolve("dispatch_identity.json"));
                break;
            case MISSING_RANK_FOLDER:
                try (Stream<Path> s = Files.walk(tree.resolve("rank1"))) {
                    for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator)
                        Files.delete(p);
                }
                break;
            case RANK_A_BROKEN_LINK:
            case RANK_A_FILE:
                try (Stream<Path> s = Files.walk(tree.resolve("rank1"))) {
                    for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator)
                        Files.delete(p);
                }
                if (d == TreeDamage.RANK_A_FILE) Files.writeString(tree.resolve("rank1"), "not a folder\n");
                else Files.createSymbolicLink(tree.resolve("rank1"), tree.resolve("nothing-here"));
                break;
            case HOST_LOG_A_FOLDER:
                Files.delete(log);
                Files.createDirectory(log);
                break;
            case HOST_LOG_A_BROKEN_LINK:
                Files.delete(log);
                Files.createSymbolicLink(log, tree.resolve("nothing-here"));
                break;
            case HOST_LOG_GARBAGE: {
                byte[] b = new byte[3000];
                new java.util.Random(5).nextBytes(b);
                Files.write(log, b);
                break;
            }
            case MISSING_HOST_LOG:
                Files.delete(log);
                break;
        }
    }

    /** The one line each damage is reported with (the last of stderr; a warning for the non-fatal ones). */
    private static String line(Path tree, TreeDamage d) {
        Path rank1 = tree.resolve("rank1/d0");
        switch (d) {
            case TRUNCATED_RANK_RECORDS:
                return "Warning: rank1 cannot be converted: " + rank1.resolve("chip_swimlane_records.json")
                        + ": not valid JSON: the file ends in the middle of a value (truncated?)";
            case TRUNCATED_RANK_DEPS:
                return "Warning: rank1: failed to read " + rank1.resolve("deps.json")
                        + ": not valid JSON: the file ends in the middle of a value (truncated?)";
            case BROKEN_SIDECAR:
                return "Error: " + rank1.resolve("dispatch_identity.json")
                        + ": not valid JSON: the file ends in the middle of a value (truncated?)";
            case MISSING_SIDECAR:
                return "Error: d0 has dispatch identity metadata for only 1/2 Ranks";
            case MISSING_RANK_FOLDER:
                return "Error: incomplete parent dispatch 17:0: expected group indexes 0..1, found [0]";
            case RANK_A_BROKEN_LINK:
                return "Warning: rank1 is not a folder to read (a link to nothing); the merged trace leaves it out";
            case RANK_A_FILE:
                return "Warning: rank1 is not a folder to read (a file); the merged trace leaves it out";
            case HOST_LOG_A_FOLDER:
                return "Error: " + tree.resolve("host.5001.log") + ": a Host log that cannot be read: a folder";
            case HOST_LOG_A_BROKEN_LINK:
                return "Error: " + tree.resolve("host.5001.log")
                        + ": a Host log that cannot be read: a link to nothing";
            default:
                return "Error: 2 captures but only 1 Host invocations to place them in";
        }
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(TreeDamage.class)
    void aDamagedTreeIsOneClearLineTheStatusTheDocsPromiseAndNothingElseWritten(TreeDamage d) throws IOException {
        Path tree = tree();
        damage(tree, d);
        Map<String, String> before = Cli.snapshot(tree);
        Path out = Files.createDirectories(dir.resolve("out"));
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-o",
                out.resolve("t.json").toString(),
                "--format",
                "both");
        assertThat(r.status()).as(r.stderr()).isEqualTo(d.status);
        assertThat(r.stderr()).doesNotContain("\tat ", "Exception", "internal error");
        String expected = line(tree, d);
        if (d.status == 2) {
            assertThat(r.errorLine()).startsWith(expected);
            assertThat(Cli.snapshot(out)).isEmpty();
        } else {
            for (String l : r.errLines()) assertThat(l).startsWith("Warning: ");
            assertThat(r.errLines())
                    .filteredOn(l -> l.contains("rank1"))
                    .first()
                    .asString()
                    .startsWith(expected);
            assertThat(Cli.snapshot(out).keySet()).containsExactly("t.json", "t.pftrace");
            String meta = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(out.resolve("t.json").toFile())
                    .get("metadata")
                    .get("trace_status")
                    .asText();
            assertThat(meta).isEqualTo(d.status == 1 ? "partial" : "complete");
        }
        // the default output goes into the tree: on failure nothing lands there either
        Cli.Result into = Cli.run("convert", tree.toString(), "--dispatch", "d0");
        assertThat(into.status()).isEqualTo(d.status);
        Map<String, String> after = Cli.snapshot(tree);
        if (d.status != 2) {
            assertThat(after.keySet()).contains("l3_swimlane.json", "l3_swimlane.pftrace");
            after.keySet().removeIf(k -> k.startsWith("l3_swimlane."));
        }
        assertThat(after).isEqualTo(before);
    }
}
