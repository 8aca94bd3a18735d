package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace deps} on the command line: options, defaults, refusals. */
class DepsCliTest {
    @TempDir
    Path dir;

    private static final String DEPS = "{\"tasks\": [{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1]}], \"edges\": ["
            + "{\"pred\": \"0\", \"succ\": \"1\", \"source\": \"creator\"}, {\"pred\": \"1\", \"succ\": \"2\", \"source\": \"explicit\"}, "
            + "{\"pred\": \"0\", \"succ\": \"2\", \"source\": \"explicit\"}]}";

    private Path deps() throws IOException {
        Path p = dir.resolve("run/deps.json");
        Files.createDirectories(p.getParent());
        Files.writeString(p, DEPS);
        return p;
    }

    private List<String> written() throws IOException {
        List<String> names = new ArrayList<>();
        try (var s = Files.list(dir.resolve("run"))) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        names.sort(null);
        return names;
    }

    @Test
    void htmlOnlyOptionsAreRefusedInTextModeEvenWithTheirDefaults() throws IOException {
        Path deps = deps();
        String[][] cases = {
            {"--engine", "dot"},
            {"--engine=sfdp"},
            {"--direction", "LR"},
            {"--direction=TB"},
            {"--show-tensor-info"},
            {"--format", "text", "--show-tensor-info"}
        };
        String[] expected = {
            "--engine", "--engine", "--direction", "--direction", "--show-tensor-info", "--show-tensor-info"
        };
        for (int i = 0; i < cases.length; i++) {
            List<String> args = new ArrayList<>(List.of("deps", deps.toString()));
            args.addAll(List.of(cases[i]));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertThat(r.status()).as(String.join(" ", cases[i])).isEqualTo(2);
            // through picocli's one handler: the error line and the usage hint, like every other usage error
            assertThat(r.stderr())
                    .isEqualTo("Error: " + expected[i] + " is only valid with --format html\n"
                            + "Try 'ptotrace deps --help' for more information.\n");
            assertThat(r.stdout()).isEmpty();
        }
        // the first in the order --engine, --direction, --show-tensor-info is the one reported
        Cli.Result r = Cli.run("deps", deps.toString(), "--show-tensor-info", "--direction", "BT", "--engine", "neato");
        assertThat(r.stderr()).startsWith("Error: --engine is only valid with --format html\n");
        assertThat(written()).containsExactly("deps.json");
    }

    @Test
    void abbreviatedOptionsAreUnknown() throws IOException {
        Path deps = deps();
        for (String[] a : new String[][] {
            {"--eng", "dot"}, {"--dir", "TB"}, {"--show"}, {"--edge", "reduced"}, {"--func", "x.json"}
        }) {
            List<String> args = new ArrayList<>(List.of("deps", deps.toString()));
            args.addAll(List.of(a));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertThat(r.status()).as(a[0]).isEqualTo(2);
            assertThat(r.stderr()).startsWith("Error: unknown option '" + a[0] + "'");
        }
        assertThat(written()).containsExactly("deps.json");
    }

    @Test
    void invalidChoicesAreUsageErrorsBeforeTheHtmlOnlyCheck() throws IOException {
        Path deps = deps();
        Cli.Result mode = Cli.run("deps", deps.toString(), "--edge-mode", "Reduced");
        assertThat(mode.status()).isEqualTo(2);
        assertThat(mode.stderr())
                .startsWith("Error: Invalid value for option '--edge-mode': expected full, reduced, omitted, "
                        + "reduced_dataflow or omitted_dataflow, not 'Reduced'\n");
        Cli.Result engine = Cli.run("deps", deps.toString(), "--engine", "graphviz");
        assertThat(engine.status()).isEqualTo(2);
        assertThat(engine.stderr())
                .startsWith(
                        "Error: Invalid value for option '--engine': expected dot, neato, sfdp, fdp, circo or twopi, not 'graphviz'\n");
        assertThat(Cli.run("deps", deps.toString(), "--direction", "lr").status())
                .isEqualTo(2);
        assertThat(Cli.run("deps", deps.toString(), "--format", "pdf").stderr())
                .startsWith("Error: Invalid value for option '--format': expected text or html, not 'pdf'");
        assertThat(written()).containsExactly("deps.json");
    }

    @Test
    void htmlGoesNextToTheInputAndSaysWhatItLaidOut() throws IOException {
        Path deps = deps();
        Cli.Result r =
                Cli.run("deps", deps.toString(), "--format", "html", "--edge-mode", "reduced", "--engine", "sfdp");
        assertThat(r.status()).as(r.stderr()).isZero();
        Path out = deps.resolveSibling("deps_viewer_reduced.html");
        assertThat(r.stdout())
                .isEqualTo("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 0 -> 2\n"
                        + "HTML layout preserves all 3 edge(s); 1 unselected edge(s) are colored as background\n"
                        + "Wrote " + out + " (3 nodes, 2 visible edges, 3 layout edges, engine=sfdp, format=html)\n");
        assertThat(Files.readString(out))
                .startsWith("<!DOCTYPE html>")
                .contains("<title>deps.json — 3 nodes, 2 edges</title>");
        Cli.Result full =
                Cli.run("deps", deps.toString(), "--format", "html", "--direction", "TB", "--show-tensor-info", "-v");
        assertThat(full.stdout())
                .isEqualTo("Wrote " + deps.resolveSibling("deps_viewer.html")
                        + " (3 nodes, 3 edges, engine=dot, format=html)\n");
        assertThat(full.stderr()).contains("timings: ", "layout ");
        assertThat(written()).containsExactly("deps.json", "deps_viewer.html", "deps_viewer_reduced.html");
    }

    @Test
    void badInputForHtmlIsOneLineAndNothingIsWritten() throws IOException {
        Path deps = dir.resolve("run/deps.json");
        Files.createDirectories(deps.getParent());
        Files.writeString(deps, "{\"edges\": [{\"pred\": 1, \"succ\": 2}");
        Cli.Result r = Cli.run("deps", deps.toString(), "--format", "html");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr().lines().count()).isEqualTo(1);
        assertThat(r.errorLine()).startsWith("Error: " + deps + ": ");
        assertThat(written()).containsExactly("deps.json");
    }

    @Test
    void aCyclicGraphIsAWarningInHtmlToo() throws IOException {
        Path deps = dir.resolve("run/deps.json");
        Files.createDirectories(deps.getParent());
        Files.writeString(deps, "{\"edges\": [{\"pred\": 1, \"succ\": 2}, {\"pred\": 2, \"succ\": 1}]}");
        Cli.Result r = Cli.run("deps", deps.toString(), "--format", "html", "--edge-mode", "reduced");
        assertThat(r.status()).isZero();
        assertThat(r.stderr()).startsWith("warning: dependency graph has a cycle;");
        assertThat(r.stdout())
                .isEqualTo("Wrote " + deps.resolveSibling("deps_viewer.html")
                        + " (2 nodes, 2 edges, engine=dot, format=html)\n");
    }

    @Test
    void aRunFolderIsReadAndTheOutputGoesNextToItsDepsJson() throws IOException {
        Path deps = deps();
        Cli.Result r = Cli.run("deps", deps.getParent().toString(), "--edge-mode", "reduced");
        assertThat(r.status()).as(r.stderr()).isZero();
        Path out = deps.resolveSibling("deps_viewer_reduced.txt");
        assertThat(r.stdout())
                .isEqualTo("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 0 -> 2\n" + "Wrote "
                        + out + " (3 tasks, 2 unique edges, 2 annotated edges, format=text)\n");
        assertThat(Files.readString(out)).startsWith("SUMMARY\n  source_deps_json: " + deps + "\n  tasks: 3\n");
    }

    @Test
    void badInputIsOneLineAndLeavesNothing() throws IOException {
        Path missing = dir.resolve("nope.json");
        Cli.Result r = Cli.run("deps", missing.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).isEqualTo("Error: " + missing + ": no such file");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(Cli.run("deps", empty.toString()).errorLine())
                .isEqualTo("Error: " + empty + ": no deps.json in this folder");

        Path deps = deps();
        Files.writeString(deps, "{\"edges\": [{\"pred\": 1, \"succ\": 2},");
        Cli.Result bad = Cli.run("deps", deps.toString());
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.errorLine()).startsWith("Error: " + deps + ": ").contains("(at line 1, column ");
        assertThat(written()).containsExactly("deps.json");
    }

    @Test
    void theOutputIsNeverAnInput() throws IOException {
        Path deps = deps();
        Cli.Result r = Cli.run("deps", deps.toString(), "-o", deps.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).contains("is an input of this command");
        assertThat(Files.readString(deps)).isEqualTo(DEPS);
    }

    @Test
    void withoutInputTheNewestDepsJsonUnderOutputsIsViewed() throws Exception {
        Path older = dir.resolve("outputs/A_case_1/deps.json"), newer = dir.resolve("outputs/B/deep/deps.json");
        for (Path p : new Path[] {older, newer}) {
            Files.createDirectories(p.getParent());
            Files.writeString(p, DEPS);
        }
        Files.setLastModifiedTime(older, FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(newer, FileTime.fromMillis(2_000_000));
        Process p = Cli.child("", "deps").directory(dir.toFile()).start();
        Cli.Result r = Cli.await(p, 60);
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout())
                .isEqualTo(
                        "Wrote outputs/B/deep/deps_viewer.txt (3 tasks, 3 unique edges, 3 annotated edges, format=text)\n");
        assertThat(Files.readString(newer.resolveSibling("deps_viewer.txt")))
                .startsWith("SUMMARY\n  source_deps_json: outputs/B/deep/deps.json\n");

        Path none = Files.createDirectories(dir.resolve("none"));
        Cli.Result nothing =
                Cli.await(Cli.child("", "deps").directory(none.toFile()).start(), 60);
        assertThat(nothing.status()).isEqualTo(2);
        assertThat(nothing.errorLine()).isEqualTo("Error: No deps.json given and no candidate found under ./outputs/.");
    }

    @Test
    void focusShowsTheNeighbourhoodAndSaysSoOnStdout() throws IOException {
        Path deps = deps();
        Cli.Result r = Cli.run("deps", deps.toString(), "--focus", "2", "--hops", "1", "--edge-mode", "reduced");
        assertThat(r.status()).as(r.stderr()).isZero();
        // 0 -> 2 is redundant in the whole graph (0 -> 1 -> 2), and stays hidden in the neighbourhood {0, 1, 2}
        assertThat(r.stdout())
                .isEqualTo("Transitive reduction: removed 1 redundant edge(s) of 3 (2 kept)\n  - 0 -> 2\n"
                        + "Wrote " + dir.resolve("run/deps_viewer_reduced.txt")
                        + " (3 tasks, 2 unique edges, 2 annotated edges, format=text, "
                        + "focus=2 hops=1)\n");
        Cli.Result zero = Cli.run("deps", deps.toString(), "--focus", "1", "--hops=0");
        assertThat(zero.stdout()).contains("(1 tasks, 0 unique edges, 0 annotated edges, format=text, focus=1 hops=0)");
        Cli.Result dflt = Cli.run("deps", deps.toString(), "--focus", "0");
        assertThat(dflt.stdout()).contains("(3 tasks, 3 unique edges, 3 annotated edges, format=text, focus=0 hops=2)");
    }

    @Test
    void focusErrorsAreOneLineAndWriteNothing() throws IOException {
        Path deps = deps();
        String[][] usage = {
            {"--focus", "x"},
            {"--focus", "1,"},
            {"--focus", "(1, 2"},
            {"--hops", "1"},
            {"--focus", "1", "--hops", "-1"},
            {"--focus", "1", "--hops", "two"}
        };
        String[] expected = {
            "Error: --focus: 'x' is not a task id (write it as t5, r1t3, g7t3, p4, (1, 3) or the raw decimal id)\n",
            "Error: --focus: an empty task in '1,'\n",
            "Error: --focus: '(1, 2' is not a task id",
            "Error: --hops needs --focus\n",
            "Error: --hops: expected 0 or more, not -1\n",
            "Error: Invalid value for option '--hops'"
        };
        for (int i = 0; i < usage.length; i++) {
            List<String> args = new ArrayList<>(List.of("deps", deps.toString()));
            args.addAll(List.of(usage[i]));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertThat(r.status()).as(String.join(" ", usage[i])).isEqualTo(2);
            assertThat(r.stderr()).as(String.join(" ", usage[i])).startsWith(expected[i]);
            assertThat(r.stdout()).isEmpty();
        }
        Cli.Result unknown = Cli.run("deps", deps.toString(), "--focus", "1,(0, 7)");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.stderr()).isEqualTo("Error: " + deps + ": --focus: no task (0, 7) in this graph\n");
        assertThat(written()).containsExactly("deps.json");
    }
}
