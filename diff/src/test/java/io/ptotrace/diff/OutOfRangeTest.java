package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two graphs that differ only in a number out of its range are never reported identical. */
class OutOfRangeTest {
    @TempDir
    Path dir;

    private static String deps(String blockNum, String kernel0) {
        return "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [" + kernel0 + ", -1, -1], \"block_num\": 1},\n"
                + "  {\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": " + blockNum + "}],\n"
                + " \"edges\": [{\"pred\": \"0\", \"succ\": \"1\"}]}";
    }

    private Path write(String name, String json) {
        return Fixtures.write(dir.resolve(name + "/deps.json"), json);
    }

    @Test
    void blockNumTooLargeIsAnErrorNotIdentical() {
        Path old = write("old", deps("1", "0")), neu = write("new", deps("1e308", "0"));
        InputProblem p = catchThrowableOfType(() -> diff(old, neu).run(), InputProblem.class);
        assertThat(p).isNotNull();
        assertThat(p.oneLine())
                .isEqualTo(
                        neu + ": block_num 1e308 out of range (expected an integer 1..2^31-1) (at line 2, column 60)");
        InputProblem q = catchThrowableOfType(
                () -> diff(old, write("new2", deps("4294967297", "0")))
                        .projected()
                        .run(),
                InputProblem.class);
        assertThat(q).isNotNull();
        assertThat(q.getMessage()).isEqualTo("block_num 4294967297 out of range (expected an integer 1..2^31-1)");
    }

    @Test
    void kernelIdBeyond32BitsIsAnErrorNotIdentical() {
        Path old = write("old", deps("1", "0")), neu = write("new", deps("1", "18446744073709551616"));
        InputProblem p = catchThrowableOfType(() -> diff(old, neu).run(), InputProblem.class);
        assertThat(p).isNotNull();
        assertThat(p.oneLine())
                .isEqualTo(neu + ": kernel_ids entry 18446744073709551616 out of range"
                        + " (expected an integer -2^31..2^31-1) (at line 1, column 44)");
    }

    @Test
    void blockNumBelowOneReadsAsOneAndSaysSo() {
        Path old = write("old", deps("1", "0")), neu = write("new", deps("-1", "0"));
        Fixtures.Result r = diff(old, neu).run();
        assertThat(r.warnings())
                .containsExactly("Warning: " + neu + ": 1 block_num value out of range"
                        + " (expected an integer 1..2^31-1), read as 1 (at line 2, column 60)");
        assertThat(r.diff().identical()).isTrue();
        Fixtures.Result junk = diff(write("junk", deps("\"oops\"", "0")), old).run();
        assertThat(junk.warnings())
                .hasSize(1)
                .allSatisfy(w -> assertThat(w).contains(": 1 block_num value out of range"));
    }
}
