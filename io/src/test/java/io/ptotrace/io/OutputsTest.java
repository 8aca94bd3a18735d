package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output writer: what it writes where, what it refuses, and that it leaves nothing behind. */
class OutputsTest {
    @TempDir
    Path dir;

    static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    static Outputs.Body text(String s) {
        return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void newAndExistingFilesAreWrittenWhole() throws IOException {
        Path t = dir.resolve("report.txt");
        Outputs.write(t, List.of(), false, text("one"));
        assertThat(Files.readString(t)).isEqualTo("one");
        Outputs.write(t, List.of(), true, text("two"));
        assertThat(Files.readString(t)).isEqualTo("two");
        assertThat(listing(dir)).containsExactly("report.txt");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void aFailingBodyLeavesThePreviousFileAndNoTemporaryFile() throws IOException {
        Path t = dir.resolve("t.json");
        Files.writeString(t, "previous");
        OutputProblem p = catchThrowableOfType(
                OutputProblem.class,
                () -> Outputs.write(t, List.of(), true, out -> {
                    out.write("{\"traceEvents\": [".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("No space left on device");
                }));
        assertThat(p.oneLine()).isEqualTo(t + ": cannot write: no space left on device");
        assertThat(Files.readString(t)).isEqualTo("previous");
        assertThat(listing(dir)).containsExactly("t.json");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void aBodyFailingWithBadInputPassesItsProblemOnUnchanged() throws IOException {
        Path t = dir.resolve("t.json");
        InputProblem bad = new InputProblem(dir.resolve("in.json"), "broken", null);
        InputProblem p = catchThrowableOfType(
                InputProblem.class,
                () -> Outputs.write(t, List.of(), false, out -> {
                    throw bad;
                }));
        assertThat(p).isSameAs(bad);
        assertThat(listing(dir)).isEmpty();
    }

    @Test
    void severalFilesAppearTogetherOrNotAtAll() throws IOException {
        Path a = dir.resolve("a.json"), b = dir.resolve("b.pftrace");
        for (boolean concurrent : new boolean[] {false, true}) {
            catchThrowableOfType(
                    OutputProblem.class,
                    () -> Outputs.writeAll(
                            List.of(new Outputs.Job(a, true, text("A")), new Outputs.Job(b, true, out -> {
                                throw new IOException("File too large");
                            })),
                            List.of(),
                            concurrent));
            assertThat(listing(dir)).isEmpty();
        }
        Outputs.writeAll(
                List.of(new Outputs.Job(a, true, text("A")), new Outputs.Job(b, false, text("B"))), List.of(), true);
        assertThat(listing(dir)).containsExactly("a.json", "b.pftrace");
    }

    @Test
    void anOutputThatIsAnInputIsRefusedByIdentityNotByName() throws IOException {
        Path in = Files.writeString(dir.resolve("deps.json"), "{\"tasks\": []}");
        Path hard = Files.createLink(dir.resolve("hard.json"), in);
        Path soft = Files.createSymbolicLink(dir.resolve("soft.json"), in);
        Path dotted = dir.resolve("sub/../deps.json");
        Files.createDirectories(dir.resolve("sub"));
        for (Path out : List.of(in, hard, soft, dotted)) {
            OutputProblem p = catchThrowableOfType(
                    OutputProblem.class, () -> Outputs.write(out, List.of(in), false, text("trace")));
            assertThat(p).as(out.toString()).isNotNull();
            assertThat(p.oneLine())
                    .startsWith(out + ": is an input of this command")
                    .contains("never overwrites its inputs");
        }
        assertThat(Files.readString(in)).isEqualTo("{\"tasks\": []}");
        assertThat(Files.isSymbolicLink(soft)).isTrue();
        assertThat(listing(dir)).containsExactly("deps.json", "hard.json", "soft.json", "sub");
        // a symlink given as the input protects the file it points to
        Path viaLink = dir.resolve("other.json");
        Files.writeString(viaLink, "x");
        Path link = Files.createSymbolicLink(dir.resolve("link-to-other.json"), viaLink);
        assertThat(catchThrowableOfType(
                        OutputProblem.class, () -> Outputs.write(viaLink, List.of(link), false, text("t"))))
                .isNotNull();
    }

    @Test
    void twoOutputsOntoOneFileAreRefused() throws IOException {
        Path json = dir.resolve("t.json");
        Path link = Files.createSymbolicLink(dir.resolve("t.pftrace"), json.getFileName());
        OutputProblem p = catchThrowableOfType(
                OutputProblem.class,
                () -> Outputs.writeAll(
                        List.of(new Outputs.Job(json, false, text("A")), new Outputs.Job(link, false, text("B"))),
                        List.of(),
                        false));
        assertThat(p.oneLine())
                .isEqualTo(link + ": is the same file as the output " + json + "; name two different files");
        assertThat(listing(dir)).containsExactly("t.pftrace");
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws IOException {
        Files.createDirectories(dir.resolve("real"));
        Path target = Files.writeString(dir.resolve("real/trace.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("trace.json"), Path.of("real/trace.json"));
        Outputs.write(link, List.of(), false, text("new"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(listing(dir.resolve("real"))).containsExactly("trace.json");
        // a dangling link: the file it names is created
        Path dangling = Files.createSymbolicLink(dir.resolve("new.json"), Path.of("real/created.json"));
        Outputs.write(dangling, List.of(), false, text("made"));
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        assertThat(Files.readString(dir.resolve("real/created.json"))).isEqualTo("made");
    }

    @Test
    void aLinkLoopIsAClearError() throws IOException {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        OutputProblem p =
                catchThrowableOfType(OutputProblem.class, () -> Outputs.write(a, List.of(), false, text("x")));
        assertThat(p.oneLine()).isEqualTo(a + ": cannot write: too many levels of symbolic links");
    }

    @Test
    void devNullStaysADevice() throws Exception {
        // a null device node of our own where mknod is allowed (root), so a regression cannot replace the machine's
        Path devNull = dir.resolve("null");
        Process mknod = new ProcessBuilder("mknod", devNull.toString(), "c", "1", "3")
                .redirectErrorStream(true)
                .start();
        if (!mknod.waitFor(10, TimeUnit.SECONDS) || mknod.exitValue() != 0) devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull));
        Outputs.write(devNull, List.of(), true, text("discarded"));
        assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat((Integer) Files.getAttribute(devNull, "unix:mode") & 0170000).isEqualTo(0020000);
        assertThat(OutputFile.of(devNull).isStream()).isTrue();
        assertThat(Files.size(devNull)).isZero();
    }

    @Test
    void aNamedPipeIsWrittenStraightInto() throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(mkfifo(fifo), "mkfifo not available");
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Outputs.write(fifo, List.of(), true, text("through the pipe"));
        assertThat(reader.get(10, TimeUnit.SECONDS)).isEqualTo("through the pipe");
        assertThat(listing(dir)).containsExactly("pipe");
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    @Test
    void descriptorNamesAreWrittenStraightInto() {
        assertThat(OutputFile.of(Path.of("/dev/stdout")).isStream()).isTrue();
        assertThat(OutputFile.of(Path.of("/proc/self/fd/1")).isStream()).isTrue();
        assertThat(OutputFile.of(Path.of("/dev/fd/2")).isStream()).isTrue();
    }

    @Test
    void blockDevicesAreRefusedNotWritten() {
        Path block = Stream.of("/dev/loop0", "/dev/loop1", "/dev/sda", "/dev/vda", "/dev/nvme0n1")
                .map(Path::of)
                .filter(p -> modeOf(p) == 0060000)
                .findFirst()
                .orElse(null);
        assumeTrue(block != null, "no block device to look at");
        OutputProblem p = catchThrowableOfType(OutputProblem.class, () -> OutputFile.of(block));
        assertThat(p.oneLine())
                .isEqualTo(block + ": is a block device; ptotrace writes only files, character devices and pipes");
    }

    static int modeOf(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    @Test
    void foldersAndMissingFoldersAreRefused() {
        OutputProblem folder = catchThrowableOfType(OutputProblem.class, () -> OutputFile.of(dir));
        assertThat(folder.oneLine()).isEqualTo(dir + ": is a folder; name a file to write");
        Path missing = dir.resolve("nope/t.json");
        OutputProblem p = catchThrowableOfType(OutputProblem.class, () -> OutputFile.of(missing));
        assertThat(p.oneLine())
                .isEqualTo(missing + ": cannot write: folder " + dir.resolve("nope") + " does not exist");
    }

    @Test
    void theLongestLegalNameCanBeWrittenAndTemporaryNamesAreShort() throws IOException {
        Path t = dir.resolve("x".repeat(249) + ".json"); // 254 bytes: one short of the usual limit
        Outputs.write(t, List.of(), false, out -> {
            try (Stream<Path> s = Files.list(dir)) {
                List<String> temps = s.map(p -> p.getFileName().toString()).collect(Collectors.toList());
                assertThat(temps).hasSize(1);
                assertThat(temps.get(0)).matches("\\.ptotrace-[a-z0-9]{6}\\.tmp");
            }
            out.write('1');
        });
        assertThat(Files.readString(t)).isEqualTo("1");
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path t = Files.writeString(dir.resolve("t.txt"), "old");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-rw----"));
        Outputs.write(t, List.of(), false, text("new"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(t)))
                .isEqualTo("rw-rw----");
    }

    static boolean mkfifo(Path p) {
        try {
            Process pr = new ProcessBuilder("mkfifo", p.toString())
                    .redirectErrorStream(true)
                    .start();
            return pr.waitFor(10, TimeUnit.SECONDS) && pr.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
