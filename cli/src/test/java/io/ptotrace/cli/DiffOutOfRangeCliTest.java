package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace diff} on a deps.json whose only difference is an out-of-range block_num: trouble, not identical. */
class DiffOutOfRangeCliTest {
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

    private Path deps(String name, String blockNum) throws IOException {
        Path p = dir.resolve(name + ".json");
        return Files.writeString(p, "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [0, -1, -1], \"block_num\": " + blockNum + "}],"
            + " \"edges\": []}");
    }

    @Test
    void exitsWithTroubleAndOneLine() throws IOException {
        Path a = deps("a", "1"), b = deps("b", "18446744073709551617");
        assertThat(Main.execute("diff", a.toString(), b.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("Error: " + b
            + ": block_num 18446744073709551617 out of range (expected an integer 1..2^31-1) (at line 1, column 69)"
            + System.lineSeparator());
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theSameFileTwiceIsStillIdentical() throws IOException {
        Path a = deps("a", "1");
        assertThat(Main.execute("diff", a.toString(), a.toString())).isZero();
    }
}
