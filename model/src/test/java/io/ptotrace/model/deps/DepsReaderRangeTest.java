package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.TestFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers out of their member's range: an error at the value, or (block_num below 1, not a number) one warning line. */
class DepsReaderRangeTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();
    private final List<String> seen = new ArrayList<>();
    private Path file;

    private void read(String json) {
        file = TestFiles.write(dir, "deps.json", json);
        DepsReader.read(
                file,
                DepsReader.Detail.FULL,
                new DepsVisitor() {
                    @Override
                    public void task(DepsTask t) {
                        seen.add("task " + Long.toUnsignedString(t.id) + " ok=" + t.idOk + " kernels="
                                + java.util.Arrays.toString(t.kernelIds) + " block=" + t.blockNum());
                    }

                    @Override
                    public void tensor(DepsTensor t) {
                        seen.add("tensor numel=" + Long.toUnsignedString(t.bufferNumel));
                    }

                    @Override
                    public void edge(DepsEdge e) {
                        seen.add("edge " + Long.toUnsignedString(e.pred) + "->" + Long.toUnsignedString(e.succ)
                                + " shape=" + java.util.Arrays.toString(e.consumerShape));
                    }
                },
                warnings::add);
    }

    private InputProblem problem(String json) {
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> read(json));
        assertThat(p).as("an InputProblem for " + json).isNotNull();
        assertThat(p.file()).isEqualTo(file.toString());
        return p;
    }

    /** The location of the first {@code needle} in a one-line {@code json}. */
    private static String at(String json, String needle) {
        assertThat(json).doesNotContain("\n").contains(needle);
        return "line 1, column " + (json.indexOf(needle) + 1);
    }

    private static String task(String members) {
        return "{\"tasks\": [{\"task_id\": \"1\", " + members + "}], \"edges\": []}";
    }

    @Test
    void blockNumTooLargeIsAnError() {
        String json = task("\"kernel_ids\": [0, -1, -1], \"block_num\": 1e308");
        InputProblem p = problem(json);
        assertThat(p.getMessage()).isEqualTo("block_num 1e308 out of range (expected an integer 1..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, "1e308"));
        assertThat(p.oneLine())
                .isEqualTo(file + ": block_num 1e308 out of range (expected an integer 1..2^31-1) (at "
                        + at(json, "1e308") + ")");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2147483648", "18446744073709551616", "\"2147483648\"", "9.5e9", "9223372036854775808"})
    void blockNumAbove32BitsIsAnError(String v) {
        String json = task("\"block_num\": " + v);
        InputProblem p = problem(json);
        assertThat(p.getMessage()).isEqualTo("block_num " + v + " out of range (expected an integer 1..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, v));
    }

    @Test
    void blockNumBelowOneOrNotANumberReadsAsOneWithOneWarning() {
        String json =
                "{\"tasks\": [{\"task_id\": \"1\", \"block_num\": -1}, {\"task_id\": \"2\", \"block_num\": \"oops\"},"
                        + " {\"task_id\": \"3\", \"block_num\": 0}, {\"task_id\": \"4\", \"block_num\": [2]}, {\"task_id\": \"5\", \"block_num\": null},"
                        + " {\"task_id\": \"6\", \"block_num\": 2147483647}, {\"task_id\": \"7\", \"block_num\": -1e308}], \"edges\": []}";
        read(json);
        assertThat(seen)
                .containsExactly(
                        "task 1 ok=true kernels=null block=1",
                        "task 2 ok=true kernels=null block=1",
                        "task 3 ok=true kernels=null block=1",
                        "task 4 ok=true kernels=null block=1",
                        "task 5 ok=true kernels=null block=1",
                        "task 6 ok=true kernels=null block=2147483647",
                        "task 7 ok=true kernels=null block=1");
        assertThat(warnings)
                .containsExactly(
                        "Warning: " + file + ": 5 block_num values out of range (expected an integer 1..2^31-1),"
                                + " read as 1 (first at " + at(json, "-1}") + ")");
    }

    @Test
    void oneBadBlockNumIsNamedAlone() {
        String json = task("\"block_num\": \"oops\"");
        read(json);
        assertThat(warnings)
                .containsExactly(
                        "Warning: " + file + ": 1 block_num value out of range (expected an integer 1..2^31-1),"
                                + " read as 1 (at " + at(json, "\"oops\"") + ")");
    }

    @Test
    void validBlockNumsGiveNoWarning() {
        read("{\"tasks\": [{\"task_id\": \"1\", \"block_num\": 1}, {\"task_id\": \"2\", \"block_num\": \"4\"},"
                + " {\"task_id\": \"3\", \"block_num\": 2.0}, {\"task_id\": \"4\"}], \"edges\": []}");
        assertThat(warnings).isEmpty();
        assertThat(seen)
                .extracting(s -> s.substring(s.indexOf("block=")))
                .containsExactly("block=1", "block=4", "block=2", "block=1");
    }

    @Test
    void kernelIdBeyond32BitsIsAnError() {
        String json = task("\"kernel_ids\": [0, 18446744073709551616, -1]");
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo("kernel_ids entry 18446744073709551616 out of range (expected an integer -2^31..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, "18446744073709551616"));
        String unsigned = task("\"kernel_ids\": [\"4294967295\", -1, -1]");
        assertThat(problem(unsigned).getMessage())
                .isEqualTo("kernel_ids entry \"4294967295\" out of range (expected an integer -2^31..2^31-1)");
        assertThat(problem(task("\"kernel_ids\": [18446744073709551615, -1, -1]"))
                        .getMessage())
                .startsWith("kernel_ids entry ");
    }

    @Test
    void kernelIdsInRangeAndJunkReadAsBefore() {
        read(task("\"kernel_ids\": [2147483647, -1, \"x\"]"));
        assertThat(seen).containsExactly("task 1 ok=true kernels=[2147483647, -1, -1] block=1");
        assertThat(warnings).isEmpty();
    }

    @Test
    void taskIdBeyond64BitsIsAnError() {
        String json = "{\"tasks\": [{\"task_id\": \"18446744073709551616\"}], \"edges\": []}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo("task_id \"18446744073709551616\" out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "\"18446744073709551616\""));
        assertThat(problem("{\"tasks\": [{\"task_id\": -9223372036854775809}]}").getMessage())
                .isEqualTo("task_id -9223372036854775809 out of range (expected a 64-bit integer)");
        assertThat(problem("{\"tasks\": [{\"task_id\": 2e19}]}").getMessage())
                .isEqualTo("task_id 2e19 out of range (expected a 64-bit integer)");
    }

    @Test
    void taskIdsUpTo64BitsReadAsBefore() {
        read(
                "{\"tasks\": [{\"task_id\": \"18446744073709551615\"}, {\"task_id\": 18446744073709551615}, {\"task_id\": \"-1\"},"
                        + " {\"task_id\": -9223372036854775808}, {\"task_id\": \"0000000000000000000000000042\"}], \"edges\": []}");
        assertThat(seen)
                .extracting(s -> s.split(" ")[1])
                .containsExactly(
                        "18446744073709551615",
                        "18446744073709551615",
                        "18446744073709551615",
                        "9223372036854775808",
                        "42");
        assertThat(warnings).isEmpty();
    }

    @Test
    void edgeEndpointBeyond64BitsIsAnError() {
        String json = "{\"edges\": [{\"pred\": \"1\", \"succ\": 36893488147419103232}]}";
        InputProblem p = problem(json);
        assertThat(p.getMessage()).isEqualTo("succ 36893488147419103232 out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "36893488147419103232"));
    }

    @Test
    void shapeEntryBeyond64BitsIsAnError() {
        String json =
                "{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"consumer_shape\": [4, 18446744073709551616]}]}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo("consumer_shape entry 18446744073709551616 out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "18446744073709551616"));
        String arg = task("\"args\": [{\"idx\": 0, \"shape\": [1e20]}]");
        assertThat(problem(arg).getMessage()).isEqualTo("shape entry 1e20 out of range (expected a 64-bit integer)");
    }

    @Test
    void argIndexBeyond32BitsIsAnError() {
        String json = task("\"args\": [{\"idx\": 2147483648}]");
        InputProblem p = problem(json);
        assertThat(p.getMessage()).isEqualTo("idx 2147483648 out of range (expected an integer -2^31..2^31-1)");
        assertThat(p.where()).isEqualTo(at(json, "2147483648"));
        assertThat(problem("{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"arg\": -2147483649}]}")
                        .getMessage())
                .isEqualTo("arg -2147483649 out of range (expected an integer -2^31..2^31-1)");
    }

    @Test
    void tensorCountsBeyond64BitsAreErrors() {
        String json = "{\"tensors\": [{\"tensor_id\": \"5\", \"buffer_numel\": \"18446744073709551616\"}]}";
        InputProblem p = problem(json);
        assertThat(p.getMessage())
                .isEqualTo("buffer_numel \"18446744073709551616\" out of range (expected a 64-bit integer)");
        assertThat(p.where()).isEqualTo(at(json, "\"18446744073709551616\""));
        assertThat(problem("{\"tensors\": [{\"tensor_id\": \"5\", \"version\": 1e100}]}")
                        .getMessage())
                .isEqualTo("version 1e100 out of range (expected a 64-bit integer)");
    }

    @Test
    void theProjectionPassesTheWarningOn() {
        Path f = TestFiles.write(dir, "p.json", task("\"block_num\": -1"));
        List<String> w = new ArrayList<>();
        DepsProjection d = DepsProjection.read(f, w::add);
        assertThat(d.blockNum(1)).isEqualTo(1);
        assertThat(w)
                .hasSize(1)
                .allSatisfy(l -> assertThat(l).startsWith("Warning: " + f + ": 1 block_num value out of range"));
    }
}
