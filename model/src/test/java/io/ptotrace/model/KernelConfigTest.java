package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** inputs.md §4.2: kernel_config.py is read lexically, never executed (Q-IN-6). */
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
        assertThat(m.entries()).containsExactly(Map.entry("0", "QK"), Map.entry("1", "SF]{"),
            Map.entry("3", "multi # not a comment"), Map.entry("4", "W"));
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
        assertThat(warnings).containsExactly(
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
        assertThat(warnings).containsExactly(
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
        Path f = TestFiles.write(dir, "kernel_config.py", "# KERNELS = []\nOTHER = [1]\n    KERNELS = [{'func_id': 1, 'name': 'indented'}]\n");
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
}
