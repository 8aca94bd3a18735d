package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectFileOutputTest {
    @TempDir
    Path dir;

    private static final int B = DirectFileOutput.BLOCK_BYTES;

    /** Writes {@code size} bytes in a mix of single bytes and arrays of many lengths; returns what was written. */
    private static byte[] fill(OutputStream out, int size, long seed) throws IOException {
        Random r = new Random(seed);
        ByteArrayOutputStream expect = new ByteArrayOutputStream();
        int done = 0;
        while (done < size) {
            if (r.nextInt(8) == 0) {
                int b = r.nextInt(256);
                out.write(b);
                expect.write(b);
                done++;
            } else {
                int n = Math.min(size - done, r.nextInt(3) == 0 ? r.nextInt(3 * B / 2) : r.nextInt(200_000));
                byte[] chunk = new byte[n + 10];
                r.nextBytes(chunk);
                out.write(chunk, 5, n);
                expect.write(chunk, 5, n);
                done += n;
            }
        }
        return expect.toByteArray();
    }

    private void roundTrip(Path file, int size) throws IOException {
        Files.write(
                file, new byte[] {1, 2, 3}); // an existing file is emptied first, as the temporary files of outputs are
        byte[] expect;
        try (OutputStream out = DirectFileOutput.open(file)) {
            expect = fill(out, size, size);
        }
        assertThat(Files.size(file)).as("size %d", size).isEqualTo(size);
        assertThat(Files.readAllBytes(file)).as("size %d", size).isEqualTo(expect);
    }

    @Test
    void everySizeAroundTheBlockBoundariesReadsBackExactly() throws IOException {
        for (int size : new int[] {0, 1, 4095, 4096, 4097, B - 1, B, B + 1, 2 * B, 2 * B + 12_345, 5 * B / 2})
            roundTrip(dir.resolve("t" + size), size);
    }

    @Test
    void fileSystemsWithoutDirectIoGetTheSameBytes() throws IOException {
        Path shm = Path.of("/dev/shm"); // tmpfs refuses O_DIRECT
        assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm));
        Path f = Files.createTempFile(shm, "ptotrace-test", ".bin");
        try {
            roundTrip(f, B + 777);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void writingAfterCloseFails() throws IOException {
        Path f = dir.resolve("closed");
        Files.createFile(f);
        OutputStream out = DirectFileOutput.open(f);
        out.write(7);
        out.close();
        out.close(); // twice is fine
        assertThat(Files.readAllBytes(f)).containsExactly(7);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> out.write(new byte[3], 0, 3))
                .isInstanceOf(IOException.class);
    }
}
