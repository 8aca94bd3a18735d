package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worked examples of the viewer's contract, as far as the text view goes. */
class WorkedExamplesTest {
    @TempDir
    Path dir;

    static final String EXAMPLE = "{\"tasks\": [\n"
            + "  {\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1, \"args\": []},\n"
            + "  {\"task_id\": \"2\", \"kernel_ids\": [-1, 1, 1], \"block_num\": 4, \"args\": []},\n"
            + "  {\"task_id\": \"3\", \"kernel_ids\": [0, 1, -1], \"block_num\": 1, \"args\": []},\n"
            + "  {\"task_id\": \"4\", \"kernel_ids\": [-1, -1, -1], \"block_num\": 1, \"args\": []},\n"
            + "  {\"task_id\": \"9\", \"kernel_ids\": [2, -1, -1], \"block_num\": 1, \"args\": []}],\n"
            + " \"tensors\": [{\"tensor_id\": \"100\", \"buffer_addr\": \"4096\", \"version\": 0, \"dtype\": \"FLOAT32\", \"buffer_numel\": \"64\"}],\n"
            + " \"edges\": [\n"
            + "  {\"pred\": \"0\", \"succ\": \"1\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"100\"},\n"
            + "  {\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"covered\", \"tensor_id\": \"100\"},\n"
            + "  {\"pred\": \"1\", \"succ\": \"2\", \"arg\": 1, \"source\": \"tensormap\", \"overlap\": \"other\", \"tensor_id\": \"100\"},\n"
            + "  {\"pred\": \"2\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},\n"
            + "  {\"pred\": \"1\", \"succ\": \"3\", \"arg\": -1, \"source\": \"explicit\"},\n"
            + "  {\"pred\": \"3\", \"succ\": \"4\", \"arg\": -1, \"source\": \"explicit\"}]}\n";

    private static String summary(Path deps, int edges, int annotated, String names) {
        return "SUMMARY\n  source_deps_json: " + deps + "\n  tasks: 6\n  unique_task_edges: " + edges
                + "\n  annotated_edges: " + annotated + "\n  tensors: 1\n  perf_sidecar: no\n  func_name_map: " + names
                + "\n\nTASK INDEX\n";
    }

    @Test
    void textFullMode() {
        Path deps = Run.write(dir, "deps.json", EXAMPLE);
        Run r = Run.of(deps, EdgeMode.FULL);
        Path out = dir.resolve("deps_viewer.txt");
        assertThat(r.stdout).isEqualTo("Wrote " + out + " (6 tasks, 5 unique edges, 6 annotated edges, format=text)\n");
        assertThat(r.warnings).isEmpty();
        assertThat(r.text())
                .isEqualTo(summary(deps, 5, 6, "no")
                        + "TASK 0 kind=alloc func_id=none fanin=0 fanout=1\n"
                        + "TASK 1 kind=submit func_id=[0,-1,-1] fanin=1 fanout=2\n"
                        + "TASK 2 kind=submit func_id=[-1,1,1] SPMD block num = 4 fanin=1 fanout=1\n"
                        + "TASK 3 kind=submit func_id=[0,1,-1] fanin=2 fanout=1\n"
                        + "TASK 4 kind=dummy func_id=none fanin=1 fanout=0\n"
                        + "TASK 9 kind=submit func_id=[2,-1,-1] fanin=0 fanout=0\n"
                        + "\n=== TASK 0 kind=alloc func_id=none ===\nFANIN 0\nFANOUT 1\n  -> 1\n"
                        + "\n=== TASK 1 kind=submit func_id=[0,-1,-1] ===\nFANIN 1\n  <- 0\nFANOUT 2\n  -> 2\n  -> 3\n"
                        + "\n=== TASK 2 kind=submit func_id=[-1,1,1] SPMD block num = 4 ===\nFANIN 1\n  <- 1\nFANOUT 1\n  -> 3\n"
                        + "\n=== TASK 3 kind=submit func_id=[0,1,-1] ===\nFANIN 2\n  <- 1\n  <- 2\nFANOUT 1\n  -> 4\n"
                        + "\n=== TASK 4 kind=dummy func_id=none ===\nFANIN 1\n  <- 3\nFANOUT 0\n"
                        + "\n=== TASK 9 kind=submit func_id=[2,-1,-1] ===\nFANIN 0\nFANOUT 0\n");
    }

    @Test
    void reducedAndOmittedOnTheSameFile() {
        Path deps = Run.write(dir, "deps.json", EXAMPLE);
        Run reduced = Run.of(deps, EdgeMode.REDUCED);
        Path out = dir.resolve("deps_viewer_reduced.txt");
        assertThat(reduced.stdout)
                .isEqualTo("Transitive reduction: removed 1 redundant edge(s) of 5 (4 kept)\n  - 1 -> 3\n" + "Wrote "
                        + out + " (6 tasks, 4 unique edges, 5 annotated edges, format=text)\n");
        assertThat(reduced.text())
                .startsWith(summary(deps, 4, 5, "no"))
                .contains("=== TASK 1 kind=submit func_id=[0,-1,-1] ===\nFANIN 1\n  <- 0\nFANOUT 1\n  -> 2\n")
                .contains("TASK 0 kind=alloc func_id=none fanin=0 fanout=1\n"); // 0 -> 1 is a creator edge: kept

        Path om = dir.resolve("om.txt");
        Run omitted = Run.of(deps, EdgeMode.OMITTED, om, null);
        assertThat(omitted.stdout)
                .isEqualTo("Redundant edges only: showing 1 redundant edge(s) of 5\n  - 1 -> 3\n" + "Wrote " + om
                        + " (6 tasks, 1 unique edges, 1 annotated edges, format=text)\n");
        assertThat(omitted.text())
                .startsWith(summary(deps, 1, 1, "no"))
                .contains("TASK 9 kind=submit func_id=[2,-1,-1] fanin=0 fanout=0\n")
                .contains("=== TASK 3 kind=submit func_id=[0,1,-1] ===\nFANIN 1\n  <- 1\nFANOUT 0\n");
    }

    @Test
    void multiRingIdsEverywhere() {
        long a = (1L << 32) + 1, b = a + 1, c = a + 2;
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"edges\": [{\"pred\": " + a + ", \"succ\": " + b + "}, {\"pred\": " + b + ", \"succ\": " + c
                        + "}, {\"pred\": " + a + ", \"succ\": " + c + "}]}");
        Run r = Run.of(deps, EdgeMode.REDUCED);
        assertThat(r.stdout)
                .startsWith("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - (1, 1) -> (1, 3)\n");
        assertThat(r.text())
                .contains("\n=== TASK (1, 1) kind=alloc func_id=none ===\nFANIN 0\nFANOUT 1\n  -> (1, 2)\n")
                .contains("TASK (1, 3) kind=alloc func_id=none fanin=1 fanout=0\n");
    }

    static final String DATAFLOW = "{\"tasks\": [\n"
            + " {\"task_id\": \"2\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"OUTPUT_EXISTING\", \"tensor_id\": \"7\","
            + "  \"shape\": [8], \"strides\": [1], \"start_offset\": 0, \"dtype\": \"FLOAT32\"}]},\n"
            + " {\"task_id\": \"3\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"INOUT\", \"tensor_id\": \"7\","
            + "  \"shape\": [8], \"strides\": [1], \"start_offset\": 0, \"dtype\": \"FLOAT32\"}]},\n"
            + " {\"task_id\": \"4\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"INOUT\", \"tensor_id\": \"7\","
            + "  \"shape\": [8], \"strides\": [1], \"start_offset\": 0, \"dtype\": \"FLOAT32\"}]}],\n"
            + " \"tensors\": [{\"tensor_id\": \"7\", \"buffer_addr\": \"4096\", \"version\": 0, \"dtype\": \"FLOAT32\", \"buffer_numel\": \"128\"}],\n"
            + " \"edges\": [\n"
            + "  {\"pred\": \"1\", \"succ\": \"2\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"7\"},\n"
            + "  {\"pred\": \"1\", \"succ\": \"3\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"7\"},\n"
            + "  {\"pred\": \"1\", \"succ\": \"4\", \"arg\": 0, \"source\": \"creator\", \"tensor_id\": \"7\"},\n"
            + "  {\"pred\": \"2\", \"succ\": \"3\", \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"covered\", \"tensor_id\": \"7\","
            + "   \"producer_shape\": [8], \"producer_start_offset\": 0, \"producer_strides\": [1]},\n"
            + "  {\"pred\": \"3\", \"succ\": \"4\", \"arg\": 0, \"source\": \"tensormap\", \"overlap\": \"covered\", \"tensor_id\": \"7\","
            + "   \"producer_shape\": [8], \"producer_start_offset\": 0, \"producer_strides\": [1]}]}\n";

    @Test
    void dataflowReduction() {
        Path deps = Run.write(dir, "deps.json", DATAFLOW);
        assertThat(Run.of(deps, EdgeMode.REDUCED).stdout)
                .startsWith("Transitive reduction: removed 0 redundant edge(s) of 5 (5 kept)\nWrote ");
        Run r = Run.of(deps, EdgeMode.REDUCED_DATAFLOW);
        assertThat(r.stdout)
                .startsWith(
                        "Dataflow-verified transitive reduction: removed 1 redundant edge(s) of 5 (4 kept)\n  - 1 -> 3\nWrote ");
        assertThat(r.result.output()).isEqualTo(dir.resolve("deps_viewer_reduced_dataflow.txt"));
        Run om = Run.of(deps, EdgeMode.OMITTED_DATAFLOW);
        assertThat(om.stdout)
                .startsWith("Dataflow-verified redundant edges only: showing 1 redundant edge(s) of 5\n  - 1 -> 3\n");
        assertThat(om.text())
                .contains(
                        "TASK 1 kind=alloc func_id=none fanin=0 fanout=1\n",
                        "=== TASK 1 kind=alloc func_id=none ===\n" + "FANIN 0\nFANOUT 1\n  -> 3\n");
    }

    @Test
    void nameMapOfThePlainDotExampleMakesTheSummarySayYes() {
        Path deps = Run.write(dir, "deps.json", EXAMPLE);
        Run.write(dir, "name_map_run.json", "{\"0\": \"QK\", \"1\": \"SF\"}");
        Run r = Run.of(deps, EdgeMode.FULL);
        assertThat(r.text()).startsWith(summary(deps, 5, 6, "yes"));
    }

    @Test
    void sidecarOnlyTaskIsASubmitOfUnknownFunction() {
        Path deps = Run.write(dir, "deps.json", EXAMPLE);
        Run.write(
                dir,
                "l2_swimlane_records.json",
                "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": 1000, "
                        + "\"core_types\": [\"aic\", \"aiv\"]}, \"aicore_tasks\": [[0, 1, 1, 100, 200, 0], [1, 2, 1, 150, 250, 0], "
                        + "[1, 2, 2, 260, 300, 0], [0, 50, 2, 300, 400, 0]]}");
        Run r = Run.of(deps, EdgeMode.FULL);
        assertThat(r.warnings).isEmpty();
        assertThat(r.stdout).contains("(7 tasks, 5 unique edges, 6 annotated edges, format=text)");
        assertThat(r.text())
                .contains(
                        "  tasks: 7\n",
                        "  perf_sidecar: yes\n",
                        "TASK 9 kind=submit func_id=[2,-1,-1] fanin=0 fanout=0\nTASK 50 kind=submit func_id=unknown fanin=0 fanout=0\n\n",
                        "TASK 0 kind=alloc func_id=none fanin=0 fanout=1\n")
                .endsWith("\n=== TASK 9 kind=submit func_id=[2,-1,-1] ===\nFANIN 0\nFANOUT 0\n"
                        + "\n=== TASK 50 kind=submit func_id=unknown ===\nFANIN 0\nFANOUT 0\n");
    }
}
