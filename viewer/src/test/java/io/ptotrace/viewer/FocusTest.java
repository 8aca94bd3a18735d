package io.ptotrace.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --focus} / {@code --hops}: the text view of a neighbourhood. */
class FocusTest {
    @TempDir
    Path dir;

    private static String edge(long pred, long succ, String source) {
        return "{\"pred\": \"" + pred + "\", \"succ\": \"" + succ + "\", \"arg\": 0, \"source\": \"" + source + "\"}";
    }

    /** 1 -> 2 -> 3 -> 4 -> 5 with the shortcut 1 -> 4; tasks 2 and 4 listed, with a tensor each. */
    private Path chain() {
        return Run.write(
                dir,
                "deps.json",
                "{\"tasks\": ["
                        + "{\"task_id\": \"2\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"70\"}]},"
                        + "{\"task_id\": \"4\", \"kernel_ids\": [1, -1, -1], \"block_num\": 2, \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"71\"}]}],"
                        + " \"tensors\": [{\"tensor_id\": \"70\"}, {\"tensor_id\": \"71\"}],"
                        + " \"edges\": ["
                        + String.join(
                                ", ",
                                edge(1, 2, "tensormap"),
                                edge(2, 3, "tensormap"),
                                edge(3, 4, "tensormap"),
                                edge(3, 4, "creator"),
                                edge(4, 5, "tensormap"),
                                edge(1, 4, "explicit"))
                        + "]}");
    }

    private Run focus(Path deps, EdgeMode mode, String tasks, int hops) {
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = deps;
        r.edgeMode = mode;
        r.focus = Focus.parse(tasks, hops);
        return Run.of(r);
    }

    @Test
    void oneHopIsTheTaskWithWhatFeedsItAndWhatItFeeds() {
        Path deps = chain();
        Run r = focus(deps, EdgeMode.FULL, "4", 1);
        assertThat(r.stdout)
                .isEqualTo("Wrote " + dir.resolve("deps_viewer.txt")
                        + " (4 tasks, 3 unique edges, 4 annotated edges, format=text, focus=4 hops=1)\n");
        assertThat(r.text())
                .isEqualTo("SUMMARY\n"
                        + "  source_deps_json: " + deps + "\n"
                        + "  tasks: 4\n"
                        + "  unique_task_edges: 3\n"
                        + "  annotated_edges: 4\n"
                        + "  tensors: 1\n"
                        + "  perf_sidecar: no\n"
                        + "  func_name_map: no\n"
                        + "\n"
                        + "TASK INDEX\n"
                        + "TASK 1 kind=alloc func_id=none fanin=0 fanout=1\n"
                        + "TASK 3 kind=alloc func_id=none fanin=0 fanout=1\n"
                        + "TASK 4 kind=submit func_id=[1,-1,-1] SPMD block num = 2 fanin=2 fanout=1\n"
                        + "TASK 5 kind=alloc func_id=none fanin=1 fanout=0\n"
                        + "\n=== TASK 1 kind=alloc func_id=none ===\nFANIN 0\nFANOUT 1\n  -> 4\n"
                        + "\n=== TASK 3 kind=alloc func_id=none ===\nFANIN 0\nFANOUT 1\n  -> 4\n"
                        + "\n=== TASK 4 kind=submit func_id=[1,-1,-1] SPMD block num = 2 ===\nFANIN 2\n  <- 1\n  <- 3\nFANOUT 1\n  -> 5\n"
                        + "\n=== TASK 5 kind=alloc func_id=none ===\nFANIN 1\n  <- 4\nFANOUT 0\n");
    }

    @Test
    void theHtmlPageOfAFocusShowsOnlyTheNeighbourhood() {
        Path deps = chain();
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = deps;
        r.html = true;
        r.focus = Focus.parse("4", 1);
        Run run = Run.of(r);
        assertThat(run.stdout)
                .isEqualTo("Wrote " + dir.resolve("deps_viewer.html")
                        + " (4 nodes, 3 edges, engine=dot, format=html, focus=4 hops=1)\n");
        assertThat(Files.exists(dir.resolve("deps_viewer.html"))).isTrue();
    }

    @Test
    void hopsZeroAndTwoAndSeveralTasks() {
        Path deps = chain();
        assertThat(focus(deps, EdgeMode.FULL, "4", 0).stdout)
                .contains("(1 tasks, 0 unique edges, 0 annotated edges, format=text, focus=4 hops=0)");
        Run two = focus(deps, EdgeMode.FULL, "4", 2);
        assertThat(two.stdout).contains("(5 tasks, 5 unique edges, 6 annotated edges,"); // 2 joins through 2 -> 3
        assertThat(two.text()).contains("  tensors: 2\n");
        Run both = focus(deps, EdgeMode.FULL, "1, 5", 1);
        assertThat(both.text())
                .contains("TASK INDEX\nTASK 1 kind=alloc func_id=none fanin=0 fanout=2\n"
                        + "TASK 2 kind=submit func_id=[0,-1,-1] fanin=1 fanout=0\nTASK 4 kind=submit func_id=[1,-1,-1] SPMD block num = 2 fanin=1 fanout=1\n"
                        + "TASK 5 kind=alloc func_id=none fanin=1 fanout=0\n\n");
    }

    @Test
    void theEdgeModeIsAppliedToTheWholeGraphBeforeTheFocus() {
        Path deps = chain();
        // inside {1, 3, 4, 5} nothing makes 1 -> 4 redundant; in the whole graph 1 -> 2 -> 3 -> 4 does
        Run r = focus(deps, EdgeMode.REDUCED, "4", 1);
        assertThat(r.stdout)
                .isEqualTo("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 1 -> 4\n" + "Wrote "
                        + dir.resolve("deps_viewer_reduced.txt")
                        + " (4 tasks, 2 unique edges, 3 annotated edges, format=text, focus=4 hops=1)\n");
        assertThat(r.text())
                .contains(
                        "TASK 1 kind=alloc func_id=none fanin=0 fanout=0\n",
                        "=== TASK 4 kind=submit func_id=[1,-1,-1] SPMD block num = 2 ===\nFANIN 1\n  <- 3\nFANOUT 1\n  -> 5\n");
        Run omitted = focus(deps, EdgeMode.OMITTED, "4", 1);
        assertThat(omitted.stdout).startsWith("Redundant edges only: showing 1 redundant edge(s) of 3\n  - 1 -> 4\n");
    }

    @Test
    void tasksAreWrittenAsTheViewPrintsThemOrAsRawIds() {
        long r1t2 = (1L << 32) | 2, r1t3 = (1L << 32) | 3;
        Path deps = Run.write(
                dir,
                "deps.json",
                "{\"edges\": [" + edge(r1t2, r1t3, "tensormap") + ", " + edge(5, r1t2, "tensormap") + "]}");
        String expected = null;
        for (String spec : new String[] {"(1, 3)", "(1,3)", "r1t3", Long.toString(r1t3)}) {
            Run r = focus(deps, EdgeMode.FULL, spec, 1);
            assertThat(r.stdout).contains("(2 tasks, 1 unique edges,");
            if (expected == null) expected = r.text();
            assertThat(r.text()).isEqualTo(expected).contains("TASK (1, 2) kind=alloc func_id=none fanin=0 fanout=1\n");
        }
        assertThat(focus(deps, EdgeMode.FULL, "(1, 3),(0, 5)", 0).stdout).contains("(2 tasks, 0 unique edges,");
        assertThat(focus(deps, EdgeMode.FULL, "t5", 0).text()).contains("TASK INDEX\nTASK (0, 5) kind=alloc");
    }

    @Test
    void anUnknownTaskIsBadInputAndNothingIsWritten() throws Exception {
        Path deps = chain();
        assertThatThrownBy(() -> focus(deps, EdgeMode.FULL, "4,9", 1))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("--focus: no task 9 in this graph");
        assertThat(Files.exists(dir.resolve("deps_viewer.txt"))).isFalse();
    }

    @Test
    void malformedTasksAreRefusedWhenParsed() {
        for (String bad : new String[] {
            "",
            " ",
            "4,",
            ",4",
            "4,,5",
            "x",
            "(1, 2",
            "(4294967296, 1)",
            "(1, 4294967296)",
            "18446744073709551616",
            "-1",
            "t"
        }) {
            assertThatThrownBy(() -> Focus.parse(bad, 1))
                    .as("'" + bad + "'")
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--focus: ");
        }
        assertThatThrownBy(() -> Focus.parse("4", -1)).hasMessage("--hops: expected 0 or more, not -1");
        assertThat(Focus.parse("18446744073709551615", 0).ids).containsExactly(-1L);
        // the one task-reference reader: the trace's forms too, and rings beyond 8 bits as they are
        assertThat(Focus.parse("r0t1, r1t1, (256, 1)", 0).ids).containsExactly(1L, 4294967297L, (256L << 32) | 1);
    }
}
