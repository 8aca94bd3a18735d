package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kernel_config.py is read lexically, never executed. */
class KernelConfigTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private NameMap read(String py) {
        return KernelConfig.read(TestFiles.write(dir, "kernel_config.py", py), warnings::add);
    }

    @Test
    void extractsFuncIdsAndNamesWithCommentsStringsAndBrackets() {
        NameMap m = read("""
            # KERNELS = [ {'func_id': 99, 'name': 'commented out'} ]
            from pathlib import Path
            _ROOT = Path(__file__).parent
            DOC = "KERNELS = [ {'func_id': 98, 'name': 'in a string'} ]"
            \"\"\"
            KERNELS = [ {'func_id': 97, 'name': 'in a docstring'} ]
            \"\"\"

            KERNELS = [
                # first kernel ] } )
                {"func_id": 0, "name": "QK", "source": str(_ROOT / "aic" / "qk.cpp"), "core_type": "aic"},
                {'func_id': 1, 'name': 'SF]{', "args": [1, 2, {"x": (3, 4)}]},  # brackets inside a string
                {
                    "func_id": 3,  # trailing comment with ] and }
                    "name": "multi # not a comment",
                    "extra": {"nested": ["]", "}"]},
                },
                {"name": "W", "func_id": 4},
            ]

            AFTER = [{"func_id": 9, "name": "after the list"}]
            """);
        assertThat(warnings).isEmpty();
        assertThat(m.entries())
                .containsExactly(
                        Map.entry("0", "QK"),
                        Map.entry("1", "SF]{"),
                        Map.entry("3", "multi # not a comment"),
                        Map.entry("4", "W"));
        assertThat(m.orchestratorName()).isNull();
    }

    @Test
    void entriesWithoutFuncIdOrNameWarnExactly() {
        NameMap m = read("""
            KERNELS = [
                {"func_id": 2, "source": "pv.cpp"},
                {"name": "orphan"},
                {'name': 'orphan2', 'core_type': 'aiv'},
                {"func_id": 5, "name": "ok"},
            ]
            """);
        assertThat(m.entries()).containsExactly(Map.entry("5", "ok"));
        assertThat(warnings)
                .containsExactly(
                        "Warning: Kernel entry for func_id=2 missing 'name', will use default naming",
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': 'orphan'}",
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': 'orphan2', 'core_type': 'aiv'}");
    }

    @Test
    void skippedEntriesAreShownInPythonDictSyntaxOrAsSourceText() {
        read("""
            KERNELS = [
                {"name": "n", "block": (1,), "flags": [True, None], "k": 0x10, 'q': "it's", "neg": -3},
                {"name": "p", "src": Path(__file__).parent / "p.cpp"},
            ]
            """);
        assertThat(warnings)
                .containsExactly(
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': 'n', 'block': (1,), 'flags': [True, None], 'k': 16, 'q': \"it's\", 'neg': -3}",
                        "Warning: Kernel entry missing 'func_id', skipping: {\"name\": \"p\", \"src\": Path(__file__).parent / \"p.cpp\"}");
    }

    @Test
    void annotatedAssignmentAndTrailingCommaFree() {
        NameMap m = read("KERNELS: list = [{'func_id': 7, 'name': 'X'}]\n");
        assertThat(m.entries()).containsExactly(Map.entry("7", "X"));
    }

    @Test
    void missingKernels() {
        Path f = TestFiles.write(
                dir,
                "kernel_config.py",
                "# KERNELS = []\nOTHER = [1]\n    KERNELS = [{'func_id': 1, 'name': 'indented'}]\n");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> KernelConfig.read(f, warnings::add));
        assertThat(p.getMessage()).isEqualTo("kernel_config.py missing KERNELS definition");
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("nope.py");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> KernelConfig.read(f, warnings::add));
        assertThat(p.getMessage()).isEqualTo("Kernel config file not found: " + f);
    }

    @Test
    void unclosedList() {
        Path f = TestFiles.write(dir, "kernel_config.py", "KERNELS = [\n  {'func_id': 1, 'name': 'a'},\n");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> KernelConfig.read(f, warnings::add));
        assertThat(p.getMessage()).startsWith("Cannot load module from: " + f);
    }

    // ------------------------------------------------------------------ hostile files: one InputProblem, never a crash

    private InputProblem problem(String py) {
        return problemIn(TestFiles.write(dir, "kernel_config.py", py));
    }

    private InputProblem problemIn(Path f) {
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> KernelConfig.read(f, warnings::add));
        assertThat(p).as("an InputProblem").isNotNull();
        assertThat(p.file()).isEqualTo(f.toString());
        assertThat(p.oneLine()).startsWith(f + ": ").doesNotContain("\n");
        return p;
    }

    @Test
    void unterminatedSingleQuotedName() {
        InputProblem p = problem("KERNELS = [\n    {'func_id': 1, 'name': 'abc},\n]\n");
        assertThat(p.getMessage()).isEqualTo("unterminated string literal");
        assertThat(p.where()).isEqualTo("line 2, column 28");
    }

    @Test
    void unterminatedDoubleQuotedNameAtEndOfFile() {
        InputProblem p = problem("KERNELS = [\n  {'func_id': 1, 'name': \"abc");
        assertThat(p.getMessage()).isEqualTo("unterminated string literal");
        assertThat(p.where()).isEqualTo("line 2, column 26");
    }

    @Test
    void loneQuoteAsName() {
        InputProblem p = problem("KERNELS = [\n  {'func_id': 1, 'name': '\n}]\n");
        assertThat(p.getMessage()).isEqualTo("unterminated string literal");
        assertThat(p.where()).isEqualTo("line 2, column 26");
    }

    @Test
    void backslashAtEndOfFile() {
        InputProblem p = problem("KERNELS = [{'func_id': 1, 'name': 'abc\\");
        assertThat(p.getMessage()).isEqualTo("unterminated string literal");
        assertThat(p.where()).isEqualTo("line 1, column 35");
    }

    @Test
    void unterminatedTripleQuotedStrings() {
        assertThat(problem("KERNELS = [{'func_id': 1, 'name': '''abc}]\n").getMessage())
                .isEqualTo("unterminated triple-quoted string literal");
        InputProblem p = problem("\"\"\"doc\n\nKERNELS = [{'func_id': 1, 'name': 'a'}]\n");
        assertThat(p.getMessage()).isEqualTo("unterminated triple-quoted string literal");
        assertThat(p.where()).isEqualTo("line 1, column 1");
    }

    @Test
    void stringContinuedOverAWindowsLineEndStillReads() {
        NameMap m = read("KERNELS = [{'func_id': 1, 'name': 'a\\\r\nb'}]\r\n");
        assertThat(m.entries()).containsExactly(Map.entry("1", "a\\\r\nb"));
    }

    @Test
    void bracketsNestedTooDeeply() {
        String head = "KERNELS = [{'name': 'n', 'x': ";
        for (int depth : new int[] {4000, 100_000}) {
            InputProblem p = problem(head + "[".repeat(depth) + "]".repeat(depth) + "}]\n");
            assertThat(p.getMessage()).isEqualTo("brackets nested more than 200 deep");
            assertThat(p.where()).isEqualTo("line 1, column " + (head.length() + 199));
        }
        InputProblem p = problem("KERNELS = [" + "(".repeat(4000) + ")".repeat(4000) + "]\n");
        assertThat(p.getMessage()).isEqualTo("brackets nested more than 200 deep");
        assertThat(warnings).isEmpty();
    }

    @Test
    void nestingUpToTheLimitIsShown() {
        String nested = "[".repeat(KernelConfig.MAX_NESTING - 2)
                + "]".repeat(KernelConfig.MAX_NESTING - 2); // list and entry are two levels
        read("KERNELS = [{'name': 'n', 'x': " + nested + "}]\n");
        assertThat(warnings)
                .containsExactly(
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': 'n', 'x': " + nested + "}");
    }

    @Test
    void funcIdTooBigForALong() {
        InputProblem p = problem("KERNELS = [\n  {'func_id': " + "1".repeat(3000) + ", 'name': 'a'}]\n");
        assertThat(p.getMessage())
                .isEqualTo("func_id 11111111111111111111… (3000 characters) does not fit in a 64-bit integer");
        assertThat(p.where()).isEqualTo("line 2, column 15");
        assertThat(problem("KERNELS = [{'func_id': 0x1_0000_0000_0000_0000, 'name': 'a'}]")
                        .getMessage())
                .isEqualTo("func_id 0x1_0000_0000_0000_0000 does not fit in a 64-bit integer");
        assertThat(problem("KERNELS = [{'func_id': -9223372036854775809, 'name': 'a'}]")
                        .getMessage())
                .isEqualTo("func_id -9223372036854775809 does not fit in a 64-bit integer");
    }

    @Test
    void funcIdAtTheEdgesOfALong() {
        NameMap m = read(
                "KERNELS = [{'func_id': 9223372036854775807, 'name': 'max'}, {'func_id': -9223372036854775808, 'name': 'min'}, {'func_id': 0x7ffffffffffffffe, 'name': 'hex'}]");
        assertThat(m.entries())
                .containsExactly(
                        Map.entry("9223372036854775807", "max"),
                        Map.entry("-9223372036854775808", "min"),
                        Map.entry("9223372036854775806", "hex"));
    }

    @Test
    void longNumbersInSkippedEntries() {
        read("KERNELS = [{'name': 'n', 'size': " + "7".repeat(3000) + "}]");
        assertThat(warnings)
                .containsExactly("Warning: Kernel entry missing 'func_id', skipping: {'name': 'n', 'size': "
                        + "7".repeat(3000) + "}");
        InputProblem p = problem("KERNELS = [{'name': 'n', 'size': -" + "7".repeat(5000) + "}]");
        assertThat(p.getMessage()).isEqualTo("integer literal too long (5000 digits; at most 4300)");
        assertThat(p.where()).isEqualTo("line 1, column 35");
    }

    @Test
    void multiMegabyteFile() {
        StringBuilder b = new StringBuilder("KERNELS = [\n");
        for (int i = 0; i < 100_000; i++) {
            b.append("    {\"func_id\": ")
                    .append(i)
                    .append(", \"name\": \"k")
                    .append(i)
                    .append("\", \"src\": str(_ROOT / \"k.cpp\")},\n");
        }
        b.append("    {\"name\": \"").append("x".repeat(3_000_000)).append("\"},\n]\n");
        NameMap m = read(b.toString());
        assertThat(m.size()).isEqualTo(100_000);
        assertThat(m.entries()).containsEntry("99999", "k99999");
        assertThat(warnings)
                .containsExactly(
                        "Warning: Kernel entry missing 'func_id', skipping: {'name': '" + "x".repeat(3_000_000) + "'}");
    }

    @Test
    void fileTooLarge() throws IOException {
        Path f = dir.resolve("kernel_config.py");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(KernelConfig.MAX_BYTES + 1);
        }
        assertThat(problemIn(f).getMessage()).isEqualTo("too large for a kernel config (more than 64 MiB)");
    }

    @Test
    void directory() throws IOException {
        Path d = Files.createDirectory(dir.resolve("kernel_config.py"));
        InputProblem p = problemIn(d);
        assertThat(p.oneLine()).isEqualTo(d + ": is a folder, not a file");
        assertThat(p.where()).isNull();
    }

    @Test
    void permissionDenied() throws IOException {
        Path f = TestFiles.write(dir, "kernel_config.py", "KERNELS = []\n");
        InputProblem p = io.ptotrace.io.Inputs.cannotRead(f, new AccessDeniedException(f.toString()));
        assertThat(p.oneLine()).isEqualTo(f + ": permission denied");

        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(f), "the file stays readable (running as root)");
        assertThat(problemIn(f).getMessage()).isEqualTo("permission denied");
    }

    @Test
    void invalidUtf8() throws IOException {
        Path f = dir.resolve("kernel_config.py");
        Files.write(f, "KERNELS = [\n  {'func_id': 1, 'name': 'a\u00e9\uFFFD".getBytes(StandardCharsets.UTF_8));
        Files.write(f, new byte[] {(byte) 0xC3, '(', '\'', '}', ']', '\n'}, StandardOpenOption.APPEND);
        InputProblem p = problemIn(f);
        assertThat(p.getMessage()).isEqualTo("byte 0xc3 is not valid UTF-8");
        assertThat(p.where()).isEqualTo("line 2, column 30");
    }

    @Test
    void replacementCharacterInTheFileIsText() {
        NameMap m = read("KERNELS = [{'func_id': 1, 'name': 'a\uFFFDb'}]\n");
        assertThat(m.entries()).containsExactly(Map.entry("1", "a\uFFFDb"));
    }

    @Test
    void unclosedListNamesWhereItOpens() {
        InputProblem p = problem("# header\nKERNELS = [\n  {'func_id': 1, 'name': 'a'},\n");
        assertThat(p.where()).isEqualTo("line 2, column 11");
    }
}
