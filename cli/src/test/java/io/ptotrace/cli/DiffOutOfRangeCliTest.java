package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace diff} on a deps.json whose only difference is an out-of-range block_num: trouble, not identical. */
class DiffOutOfRangeCliTest {
    @TempDir
    Path dir;

    private Path deps(String name, String blockNum) throws IOException {
        Path p = dir.resolve(name + ".json");
        return Files.writeString(
                p,
                "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [0, -1, -1], \"block_num\": " + blockNum + "}],"
                        + " \"edges\": []}");
    }

    @Test
    void exitsWithTroubleAndOneLine() throws IOException {
        Path a = deps("a", "1"), b = deps("b", "18446744073709551617");
        Cli.Result r = Cli.run("diff", a.toString(), b.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr())
                .isEqualTo("Error: " + b
                        + ": block_num 18446744073709551617 out of range (expected an integer 1..2^31-1) (at line 1, column 69)"
                        + System.lineSeparator());
        assertThat(r.stdout()).isEmpty();
    }

    @Test
    void theSameFileTwiceIsStillIdentical() throws IOException {
        Path a = deps("a", "1");
        assertThat(Cli.run("diff", a.toString(), a.toString()).status()).isZero();
    }
}
