package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each edge mode on small hand-made graphs. */
class EdgeModesTest {
    @TempDir
    Path dir;

    private static String edge(int pred, int succ, String source) {
        return "{\"pred\": \"" + pred + "\", \"succ\": \"" + succ + "\", \"arg\": 0, \"source\": \"" + source + "\"}";
    }

    /** 1 -> 2 -> 3 -> 4 with the shortcuts 1 -> 3 (explicit), 2 -> 4 (host_write_consumer), 1 -> 4 (tensormap + creator). */
    private Path shortcuts() {
        return Run.write(
                dir,
                "deps.json",
                "{\"edges\": ["
                        + String.join(
                                ", ",
                                edge(1, 2, "creator"),
                                edge(2, 3, "tensormap"),
                                edge(3, 4, "tensormap"),
                                edge(3, 4, "tensormap"),
                                edge(1, 3, "explicit"),
                                edge(2, 4, "host_write_consumer"),
                                edge(1, 4, "tensormap"),
                                edge(1, 4, "creator"))
                        + "]}");
    }

    @Test
    void fullShowsEveryPairAndCountsPeersOnce() {
        Run r = Run.of(shortcuts(), EdgeMode.FULL);
        assertThat(r.stdout).startsWith("Wrote ").contains("(4 tasks, 6 unique edges, 8 annotated edges, format=text)");
        assertThat(r.text())
                .contains(
                        "TASK 4 kind=alloc func_id=none fanin=3 fanout=0\n",
                        "=== TASK 3 kind=alloc func_id=none ===\nFANIN 2\n  <- 1\n  <- 2\nFANOUT 1\n  -> 4\n");
    }

    @Test
    void reducedDropsEveryShortcutButTheOneKeepingATensorAlive() {
        Run r = Run.of(shortcuts(), EdgeMode.REDUCED);
        assertThat(r.stdout)
                .isEqualTo("Transitive reduction: removed 2 redundant edge(s) of 6 (4 kept)\n  - 1 -> 3\n  - 2 -> 4\n"
                        + "Wrote " + dir.resolve("deps_viewer_reduced.txt")
                        + " (4 tasks, 4 unique edges, 6 annotated edges, format=text)\n");
        assertThat(r.text()).contains("=== TASK 1 kind=alloc func_id=none ===\nFANIN 0\nFANOUT 2\n  -> 2\n  -> 4\n");
    }

    @Test
    void omittedShowsOnlyWhatReducedDropsAndStillListsEveryTask() {
        Run r = Run.of(shortcuts(), EdgeMode.OMITTED);
        assertThat(r.stdout)
                .startsWith("Redundant edges only: showing 2 redundant edge(s) of 6\n  - 1 -> 3\n  - 2 -> 4\nWrote ")
                .contains("(4 tasks, 2 unique edges, 2 annotated edges, format=text)");
        assertThat(r.result.output().getFileName().toString()).isEqualTo("deps_viewer_omitted.txt");
        assertThat(r.text())
                .contains(
                        "  unique_task_edges: 2\n  annotated_edges: 2\n",
                        "TASK 1 kind=alloc func_id=none fanin=0 fanout=1\n",
                        "TASK 2 kind=alloc func_id=none fanin=0 fanout=1\n",
                        "TASK 3 kind=alloc func_id=none fanin=1 fanout=0\n",
                        "TASK 4 kind=alloc func_id=none fanin=1 fanout=0\n");
    }

    @Test
    void dataflowModesDropPlainShortcutsAndKeepUnprovenCreatorOnes() {
        Run r = Run.of(shortcuts(), EdgeMode.REDUCED_DATAFLOW);
        // 1 -> 4 has a creator row without any arg metadata: no proof, kept
        assertThat(r.stdout)
                .startsWith("Dataflow-verified transitive reduction: removed 2 redundant edge(s) of 6 (4 kept)\n"
                        + "  - 1 -> 3\n  - 2 -> 4\nWrote ");
        Run om = Run.of(shortcuts(), EdgeMode.OMITTED_DATAFLOW);
        assertThat(om.stdout).startsWith("Dataflow-verified redundant edges only: showing 2 redundant edge(s) of 6\n");
        assertThat(om.result.output().getFileName().toString()).isEqualTo("deps_viewer_omitted_dataflow.txt");
    }

    @Test
    void aCycleShowsTheFullGraphAfterOneWarning() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"edges\": ["
                        + String.join(
                                ", ",
                                edge(1, 2, "explicit"),
                                edge(2, 3, "explicit"),
                                edge(1, 3, "explicit"),
                                edge(3, 1, "explicit"))
                        + "]}");
        Run full = Run.of(deps, EdgeMode.FULL);
        assertThat(full.warnings).isEmpty();
        for (EdgeMode m :
                new EdgeMode[] {EdgeMode.REDUCED, EdgeMode.OMITTED, EdgeMode.REDUCED_DATAFLOW, EdgeMode.OMITTED_DATAFLOW
                }) {
            Run r = Run.of(deps, m);
            assertThat(r.warnings)
                    .containsExactly(
                            "warning: dependency graph has a cycle; transitive reduction skipped, emitting full "
                                    + "graph (--edge-mode " + m.cliName + " ignored)");
            assertThat(r.stdout)
                    .isEqualTo("Wrote " + dir.resolve("deps_viewer.txt")
                            + " (3 tasks, 4 unique edges, 4 annotated edges, format=text)\n");
            assertThat(r.text()).isEqualTo(full.text());
        }
    }

    @Test
    void aSelfLoopIsACycle() {
        Path deps = Run.write(dir, "deps.json", "{\"edges\": [" + edge(5, 5, "explicit") + "]}");
        Run r = Run.of(deps, EdgeMode.REDUCED);
        assertThat(r.warnings).hasSize(1);
        assertThat(r.text()).contains("=== TASK 5 kind=alloc func_id=none ===\nFANIN 1\n  <- 5\nFANOUT 1\n  -> 5\n");
    }

    @Test
    void noTasksAtAll() {
        Path deps = Run.write(dir, "deps.json", "{\"tasks\": [], \"tensors\": [], \"edges\": []}");
        Run r = Run.of(deps, EdgeMode.OMITTED);
        assertThat(r.stdout)
                .isEqualTo("Redundant edges only: showing 0 redundant edge(s) of 0\nWrote "
                        + dir.resolve("deps_viewer_omitted.txt")
                        + " (0 tasks, 0 unique edges, 0 annotated edges, format=text)\n");
        assertThat(r.text())
                .isEqualTo("SUMMARY\n  source_deps_json: " + deps
                        + "\n  tasks: 0\n  unique_task_edges: 0\n  annotated_edges: 0\n"
                        + "  tensors: 0\n  perf_sidecar: no\n  func_name_map: no\n\nTASK INDEX\n");
    }

    @Test
    void tasksInNumericOrderWithIdsAboveTwoToTheSixtyThree() {
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"edges\": [" + edge(10, 9, "explicit") + ", {\"pred\": \"9223372036854775808\", "
                        + "\"succ\": 2}]}");
        String text = Run.of(deps, EdgeMode.FULL).text();
        // 2^63 sorts last; every bit of it is shown (ring 2^31), never folded onto task 0, so the view shows rings
        assertThat(text)
                .contains(
                        "TASK (0, 2) kind=alloc func_id=none fanin=1 fanout=0\nTASK (0, 9) kind=alloc func_id=none fanin=1 fanout=0\n"
                                + "TASK (0, 10) kind=alloc func_id=none fanin=0 fanout=1\nTASK (2147483648, 0) kind=alloc func_id=none fanin=0 fanout=1\n");
    }
}
