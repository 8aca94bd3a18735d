package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A set of outputs is put in place whole or not at all, with the previous files back after a failed rename. */
class OutputSetTest {
    @TempDir
    Path dir;

    @AfterEach
    void noHook() {
        OutputSet.renameHook = null;
    }

    private List<Outputs.Job> jobs(String... names) {
        return java.util.Arrays.stream(names)
                .map(n -> new Outputs.Job(dir.resolve(n), false, OutputsTest.text("new " + n)))
                .toList();
    }

    @Test
    void aFailedRenameInTheMiddleRollsBackTheFilesAlreadyReplaced() throws IOException {
        Files.writeString(dir.resolve("a.json"), "old a");
        Files.writeString(dir.resolve("b.pftrace"), "old b");
        Files.writeString(dir.resolve("d.part-01.pftrace"), "old d");
        // c does not exist yet: the roll-back removes it again
        OutputSet.renameHook = dest -> {
            if (dest.getFileName().toString().equals("d.part-01.pftrace"))
                throw new java.nio.file.FileSystemException(dest.toString(), null, "Is a directory");
        };
        OutputProblem p = catchThrowableOfType(
                OutputProblem.class,
                () -> Outputs.writeAll(
                        jobs("a.json", "b.pftrace", "c.parts.json", "d.part-01.pftrace"), List.of(), false));
        assertThat(p.oneLine()).isEqualTo(dir.resolve("d.part-01.pftrace") + ": cannot write: is a directory");
        assertThat(Files.readString(dir.resolve("a.json"))).isEqualTo("old a");
        assertThat(Files.readString(dir.resolve("b.pftrace"))).isEqualTo("old b");
        assertThat(Files.readString(dir.resolve("d.part-01.pftrace"))).isEqualTo("old d");
        assertThat(OutputsTest.listing(dir)).containsExactly("a.json", "b.pftrace", "d.part-01.pftrace");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void staleFilesGoInTheSameCommitAndComeBackOnARollBack() throws IOException {
        Files.writeString(dir.resolve("t.part-03.pftrace"), "stale 3");
        Files.writeString(dir.resolve("t.part-04.pftrace"), "stale 4");
        OutputSet.renameHook = dest -> {
            if (dest.getFileName().toString().equals("t.parts.json")) throw new IOException("No space left on device");
        };
        List<Path> stale = List.of(dir.resolve("t.part-03.pftrace"), dir.resolve("t.part-04.pftrace"));
        catchThrowableOfType(OutputProblem.class, () -> {
            try (OutputSet s = Outputs.stage(jobs("t.part-01.pftrace", "t.parts.json"), List.of(), false, stale)) {
                s.commit();
            }
        });
        assertThat(OutputsTest.listing(dir)).containsExactly("t.part-03.pftrace", "t.part-04.pftrace");
        assertThat(Files.readString(dir.resolve("t.part-04.pftrace"))).isEqualTo("stale 4");

        OutputSet.renameHook = null;
        try (OutputSet s = Outputs.stage(jobs("t.part-01.pftrace", "t.parts.json"), List.of(), false, stale)) {
            s.commit();
        }
        assertThat(OutputsTest.listing(dir)).containsExactly("t.part-01.pftrace", "t.parts.json");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void aFolderThatAppearsUnderATargetNameIsFoundBeforeAnyRename() throws IOException {
        Files.writeString(dir.resolve("a.json"), "old a");
        OutputSet s = Outputs.stage(jobs("a.json", "b.pftrace"), List.of(), false, List.of());
        Files.createDirectory(dir.resolve("b.pftrace"));
        OutputProblem p = catchThrowableOfType(OutputProblem.class, s::commit);
        s.close();
        assertThat(p.oneLine()).isEqualTo(dir.resolve("b.pftrace") + ": is a folder; name a file to write");
        assertThat(Files.readString(dir.resolve("a.json"))).isEqualTo("old a");
        assertThat(OutputsTest.listing(dir)).containsExactly("a.json", "b.pftrace");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void aSetThatIsClosedUncommittedLeavesNothing() throws IOException {
        Files.writeString(dir.resolve("a.json"), "old a");
        try (OutputSet s = Outputs.stage(jobs("a.json", "b.json"), List.of(), true, List.of())) {
            assertThat(OutputsTest.listing(dir)).hasSize(3); // a.json and the two temporary files
        }
        assertThat(OutputsTest.listing(dir)).containsExactly("a.json");
        assertThat(Files.readString(dir.resolve("a.json"))).isEqualTo("old a");
        assertThat(TempFiles.live()).isEmpty();
    }

    @Test
    void aStaleFileThatIsAnInputIsRefused() throws IOException {
        Path in = Files.writeString(dir.resolve("t.part-02.pftrace"), "an input");
        OutputProblem p = catchThrowableOfType(
                OutputProblem.class,
                () -> Outputs.stage(jobs("t.part-01.pftrace"), List.of(in), false, List.of(in))
                        .close());
        assertThat(p.oneLine()).startsWith(in + ": is an input of this command");
        assertThat(OutputsTest.listing(dir)).containsExactly("t.part-02.pftrace");
    }

    @Test
    void aFailingWriterWaitsForTheOthersBeforeTheSetIsDropped() throws IOException {
        java.util.concurrent.CountDownLatch failed = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean slowEnded = new java.util.concurrent.atomic.AtomicBoolean();
        List<Outputs.Job> jobs = List.of(
                new Outputs.Job(dir.resolve("a.json"), false, out -> {
                    failed.countDown();
                    throw new IOException("No space left on device");
                }),
                new Outputs.Job(dir.resolve("b.pftrace"), false, out -> {
                    try {
                        failed.await();
                        Thread.sleep(200); // still writing when the other one has failed
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                    out.write("late".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    slowEnded.set(true);
                }));
        OutputProblem p =
                catchThrowableOfType(OutputProblem.class, () -> Outputs.stage(jobs, List.of(), true, List.of()));
        assertThat(p.oneLine()).startsWith(dir.resolve("a.json") + ": cannot write");
        assertThat(slowEnded).isTrue();
        assertThat(OutputsTest.listing(dir)).isEmpty();
        assertThat(TempFiles.live()).isEmpty();
    }
}
