package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the established viewer misbehaves, ptotrace does what the contract says instead. */
class QuirkDecisionsTest {
    @TempDir
    Path dir;

    private static final String RECORDS =
            "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000, \"core_types\": [\"aic\"]},"
                    + " \"aicore_tasks\": [[0, 1, 1, 100, 200, 0]]}";

    private Path example() {
        return Run.write(dir, "deps.json", WorkedExamplesTest.EXAMPLE);
    }

    @Test
    void perfSidecarSaysYesOnlyWhenARecordsFileWasRead() {
        Path deps = example();
        assertThat(Run.of(deps, EdgeMode.FULL).text())
                .contains("  perf_sidecar: no\n"); // kernel ids alone do not make a sidecar
        Run.write(dir, "l2_swimlane_records.json", RECORDS);
        assertThat(Run.of(deps, EdgeMode.FULL).text()).contains("  perf_sidecar: yes\n");
    }

    @Test
    void theNewerRecordsFileNameCountsToo() {
        Path deps = example();
        Run.write(dir, "chip_swimlane_records.json", RECORDS.replace("l2_swimlane_level", "chip_swimlane_level"));
        assertThat(Run.of(deps, EdgeMode.FULL).text()).contains("  perf_sidecar: yes\n");
    }

    @Test
    void anUnreadableSidecarIsAWarningAndNoSidecar() {
        Path deps = example();
        Run.write(dir, "l2_swimlane_records.json", "{\"metadata\": {\"clock_freq_hz\": 1000}}");
        Run r = Run.of(deps, EdgeMode.FULL);
        assertThat(r.warnings)
                .singleElement()
                .asString()
                .startsWith("Warning: couldn't read " + dir.resolve("l2_swimlane_records.json") + ": ");
        assertThat(r.text()).contains("  perf_sidecar: no\n");
    }

    @Test
    void funcNameMapSaysYesOnlyWhenAListedTasksKernelHasAName() {
        Path deps = example();
        Path none = Run.write(dir, "maps/other.json", "{\"callable_id_to_name\": {\"7\": \"PV\"}}");
        assertThat(Run.of(deps, EdgeMode.FULL, null, none).text()).contains("  func_name_map: no\n");
        // kernel id 1 is active only in slots 1 and 2 of tasks 2 and 3: still a listed task's active id
        Path one = Run.write(dir, "maps/one.json", "{\"callable_id_to_name\": {\"1\": \"SF\"}}");
        assertThat(Run.of(deps, EdgeMode.FULL, null, one).text()).contains("  func_name_map: yes\n");
        Path empty = Run.write(dir, "maps/empty.json", "{\"callable_id_to_name\": {\"0\": \"\"}}");
        assertThat(Run.of(deps, EdgeMode.FULL, null, empty).text()).contains("  func_name_map: no\n");
    }

    @Test
    void aSidecarTaskWithoutTaskEntryIsASubmitOfUnknownFunction() {
        Path deps = Run.write(dir, "deps.json", "{\"edges\": [{\"pred\": 1, \"succ\": 2}]}");
        Run.write(dir, "l2_swimlane_records.json", RECORDS);
        assertThat(Run.of(deps, EdgeMode.FULL).text())
                .contains(
                        "TASK 1 kind=submit func_id=unknown fanin=0 fanout=1\n",
                        "TASK 2 kind=alloc func_id=none fanin=1 fanout=0\n",
                        "\n=== TASK 1 kind=submit func_id=unknown ===\n");
    }

    @Test
    void theNewestSiblingNameMapWins() throws IOException {
        Path deps = example();
        Path a = Run.write(dir, "name_map_a.json", "{\"callable_id_to_name\": {\"0\": \"QK\"}}");
        Path b = Run.write(dir, "name_map_b.json", "{\"callable_id_to_name\": {\"77\": \"none of ours\"}}");
        Files.setLastModifiedTime(a, FileTime.fromMillis(2_000_000));
        Files.setLastModifiedTime(b, FileTime.fromMillis(1_000_000));
        assertThat(Run.of(deps, EdgeMode.FULL).text()).contains("  func_name_map: yes\n");
        Files.setLastModifiedTime(b, FileTime.fromMillis(3_000_000));
        assertThat(Run.of(deps, EdgeMode.FULL).text()).contains("  func_name_map: no\n");
        Files.setLastModifiedTime(a, FileTime.fromMillis(3_000_000)); // equal times: the last by name
        assertThat(Run.of(deps, EdgeMode.FULL).text()).contains("  func_name_map: no\n");
    }

    @Test
    void aNameMapWithoutCallableIdsIsAFlatMapOfItsStringMembers() {
        Path deps = example();
        Path numbers = Run.write(dir, "maps/numbers.json", "{\"level\": 2, \"2\": 5, \"orchestrator_name\": null}");
        assertThat(Run.of(deps, EdgeMode.FULL, null, numbers).text()).contains("  func_name_map: no\n");
        Path flat = Run.write(dir, "maps/flat.json", "{\"level\": 2, \"callable_id_to_name\": {}, \"2\": \"MM\"}");
        assertThat(Run.of(deps, EdgeMode.FULL, null, flat).text()).contains("  func_name_map: yes\n");
        Path unreadable = Run.write(dir, "maps/bad.json", "{\"0\": ");
        Run r = Run.of(deps, EdgeMode.FULL, null, unreadable);
        assertThat(r.warnings).singleElement().asString().startsWith("Warning: couldn't read " + unreadable + ": ");
        assertThat(r.text()).contains("  func_name_map: no\n");
    }

    @Test
    void aMissingExplicitNameMapIsAWarning() {
        Path missing = dir.resolve("nowhere.json");
        Run r = Run.of(example(), EdgeMode.FULL, null, missing);
        assertThat(r.warnings).containsExactly("Warning: couldn't read " + missing + ": no such file");
    }

    /** The dataflow example with the writer 2 -> 3 marked as a reader (an anti-dependency) or a writer. */
    private Path dataflow(String accessKind) {
        String json = WorkedExamplesTest.DATAFLOW.replace(
                "{\"pred\": \"2\", \"succ\": \"3\", \"arg\": 0, \"source\": \"tensormap\",",
                "{\"pred\": \"2\", \"succ\": \"3\", \"arg\": 0, \"source\": \"tensormap\", \"access_kind\": \""
                        + accessKind + "\",");
        assertThat(json).contains(accessKind);
        return Run.write(dir, accessKind + "/deps.json", json);
    }

    @Test
    void onlyWritesAreEvidenceInTheDataflowProof() {
        assertThat(Run.of(dataflow("WRITER"), EdgeMode.REDUCED_DATAFLOW).stdout)
                .startsWith(
                        "Dataflow-verified transitive reduction: removed 1 redundant edge(s) of 5 (4 kept)\n  - 1 -> 3\n");
        assertThat(Run.of(dataflow("READER"), EdgeMode.REDUCED_DATAFLOW).stdout)
                .startsWith(
                        "Dataflow-verified transitive reduction: removed 0 redundant edge(s) of 5 (5 kept)\nWrote ");
    }

    @Test
    void malformedShapesAreOneLineErrorsAndWriteNothing() {
        Path list = Run.write(dir, "list/deps.json", "[{\"pred\": \"1\", \"succ\": \"2\"}]");
        assertThatThrownBy(() -> Run.of(list, EdgeMode.FULL))
                .isInstanceOf(InputProblem.class)
                .extracting(e -> ((InputProblem) e).oneLine())
                .isEqualTo(list + ": top level is not a JSON object (at line 1, column 1)");
        assertThat(list.resolveSibling("deps_viewer.txt")).doesNotExist();
        Path edges = Run.write(dir, "edges/deps.json", "{\"edges\": {\"pred\": 1}}");
        assertThatThrownBy(() -> Run.of(edges, EdgeMode.FULL))
                .isInstanceOf(InputProblem.class)
                .hasMessage("edges is not a list");
        Path args = Run.write(dir, "args/deps.json", "{\"tasks\": [{\"task_id\": 1, \"args\": \"x\"}]}");
        assertThatThrownBy(() -> Run.of(args, EdgeMode.REDUCED_DATAFLOW))
                .isInstanceOf(InputProblem.class)
                .hasMessage("a task's args is not a list");
        assertThatThrownBy(() -> Run.of(args, EdgeMode.FULL)).isInstanceOf(InputProblem.class);
    }

    @Test
    void nullListsAreEmpty() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [3, -1, -1], \"args\": null}], "
                        + "\"tensors\": null, \"edges\": null}");
        assertThat(Run.of(deps, EdgeMode.REDUCED_DATAFLOW).text())
                .contains(
                        "  tasks: 1\n  unique_task_edges: 0\n",
                        "TASK 1 kind=submit func_id=[3,-1,-1] fanin=0 fanout=0\n");
    }

    @Test
    void dataflowDropsPlainShortcutsExactlyAsReducedDoes() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"edges\": [{\"pred\": 1, \"succ\": 2, \"source\": \"tensormap\"}, "
                        + "{\"pred\": 2, \"succ\": 3, \"source\": \"explicit\"}, {\"pred\": 1, \"succ\": 3, \"source\": \"tensormap\"}]}");
        String reduced = Run.of(deps, EdgeMode.REDUCED).stdout,
                dataflow = Run.of(deps, EdgeMode.REDUCED_DATAFLOW).stdout;
        assertThat(reduced).startsWith("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 1 -> 3\n");
        assertThat(dataflow)
                .startsWith(
                        "Dataflow-verified transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 1 -> 3\n");
    }

    @Test
    void everyTaskEntryIsListedEvenADummyWithoutEdges() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"tasks\": [{\"task_id\": 5, \"kernel_ids\": [-1, -1, -1]}, "
                        + "{\"task_id\": 6, \"kernel_ids\": [1, -1, -1]}, {\"task_id\": 7}], \"edges\": [{\"pred\": 1, \"succ\": 6}]}");
        Run r = Run.of(deps, EdgeMode.FULL);
        assertThat(r.text())
                .contains(
                        "  tasks: 4\n",
                        "TASK 1 kind=alloc func_id=none fanin=0 fanout=1\n",
                        "TASK 5 kind=dummy func_id=none fanin=0 fanout=0\n",
                        "TASK 6 kind=submit func_id=[1,-1,-1] fanin=1 fanout=0\n",
                        "TASK 7 kind=dummy func_id=none fanin=0 fanout=0\n");
    }

    @Test
    void theLaterOfTwoEntriesWithOneIdCounts() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"tasks\": [{\"task_id\": 5, \"kernel_ids\": [1, -1, -1], \"block_num\": 4}, "
                        + "{\"task_id\": 5, \"kernel_ids\": [-1, 2, -1]}], \"tensors\": [{\"tensor_id\": 1}, {\"tensor_id\": 1}, {\"tensor_id\": 2}]}");
        assertThat(Run.of(deps, EdgeMode.FULL).text())
                .contains("  tensors: 2\n", "TASK 5 kind=submit func_id=[-1,2,-1] fanin=0 fanout=0\n");
    }

    /** Each kernel_ids slot is read as Python's int() reads it; what int() refuses is no kernel (−1). */
    @Test
    void kernelSlotsAreReadAsPythonIntReadsThem() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"tasks\": ["
                        + "{\"task_id\": 1, \"kernel_ids\": [true, false, -1]}, "
                        + "{\"task_id\": 2, \"kernel_ids\": [\" 5 \", \"1_0\", 3.7]}, "
                        + "{\"task_id\": 3, \"kernel_ids\": [\"3.0\", null, \"x\"]}, "
                        + "{\"task_id\": 4, \"kernel_ids\": [-0.5, \"+2\", \"\\t-1 \"]}, "
                        + "{\"task_id\": 5, \"kernel_ids\": [\"_1\", \"1__0\", [1]]}]}");
        assertThat(Run.of(deps, EdgeMode.FULL).text())
                .contains(
                        "TASK 1 kind=submit func_id=[1,0,-1] fanin=0 fanout=0\n",
                        "TASK 2 kind=submit func_id=[5,10,3] fanin=0 fanout=0\n",
                        "TASK 3 kind=dummy func_id=none fanin=0 fanout=0\n",
                        "TASK 4 kind=submit func_id=[0,2,-1] fanin=0 fanout=0\n",
                        "TASK 5 kind=dummy func_id=none fanin=0 fanout=0\n");
    }
}
