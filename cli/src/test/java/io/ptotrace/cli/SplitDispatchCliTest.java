package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An L3 capture whose dispatch the runtime captured in two passes: the graph pass in {@code rankR/dK} (deps.json,
 * name map, sidecar), the timing pass in {@code rankR/dK+1} (the records). Either folder names the dispatch; the
 * two are joined, said so, and every arrow is drawn; passes of different graphs are not joined.
 */
class SplitDispatchCliTest {
    @TempDir
    Path dir;

    /** A 2-rank streams tree whose records were captured one folder later than their graph. */
    Path splitTree() throws Exception {
        Path tree = dir.resolve("dfx_outputs");
        assertThat(Cli.run("synth", "-o", tree.toString(), "-n", "120", "--ranks", "2", "--era", "streams")
                        .status())
                .isZero();
        for (int r = 0; r < 2; r++) {
            Path d1 = Files.createDirectories(tree.resolve("rank" + r + "/d1"));
            Files.move(
                    tree.resolve("rank" + r + "/d0/chip_swimlane_records.json"),
                    d1.resolve("chip_swimlane_records.json"));
        }
        return tree;
    }

    private static long arrows(Path json) throws Exception {
        long n = 0;
        for (var e : new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.toFile())
                .get("traceEvents")) if (e.path("ph").asText().equals("s")) n++;
        return n;
    }

    @Test
    void eitherFolderNamesTheDispatchAndEveryArrowIsDrawn() throws Exception {
        Path tree = splitTree();
        for (String dn : List.of("d0", "d1")) {
            Path out = dir.resolve(dn + ".json");
            Cli.Result r = Cli.run("convert", tree.toString(), "--dispatch", dn, "-o", out.toString());
            assertThat(r.status()).as(r.stderr()).isZero();
            assertThat(r.stderr())
                    .contains("rank0: one dispatch captured in two passes: the graph of d0/deps.json joined with the "
                            + "timing of d1/chip_swimlane_records.json")
                    .contains("rank1: one dispatch captured in two passes")
                    .doesNotContain("no usable deps.json");
            assertThat(arrows(out)).as(dn).isGreaterThan(100);
            Cli.Result seen = Cli.run("inspect", out.toString(), "--format", "json");
            assertThat(new com.fasterxml.jackson.databind.ObjectMapper()
                            .readTree(seen.stdout())
                            .get("flows")
                            .asLong())
                    .as("inspect counts the arrows convert drew")
                    .isEqualTo(arrows(out));
        }
        Cli.Result check = Cli.run("check", tree.resolve("rank0/d0").toString(), "--format", "json");
        assertThat(check.status()).as(check.stderr()).isIn(0, 1);
        assertThat(check.stderr()).contains("one dispatch captured in two passes");
        Cli.Result pick = Cli.run("convert", tree.toString());
        assertThat(pick.status()).isEqualTo(2);
        assertThat(pick.errorLine()).endsWith("; the tree holds d0+d1 (one dispatch captured in two passes)");
        Cli.Result cp = Cli.run("critical-path", tree.toString());
        assertThat(cp.status()).as(cp.stderr()).isZero();
        assertThat(cp.stdout()).contains("Analyzed 2 rank(s)");
        assertThat(cp.stderr()).contains("rank0/d1: one dispatch captured in two passes");
        assertThat(Files.readString(tree.resolve("rank0/d1/critical_path_report.md")))
                .doesNotContain("unknown");
    }

    /** inspect reads traces: given the tree (or a capture folder) it says so and names the command that makes one. */
    @Test
    void inspectOfAFolderNamesTheConversion() throws Exception {
        Path tree = splitTree();
        for (Path p : List.of(tree, tree.resolve("rank0/d1"))) {
            Cli.Result r = Cli.run("inspect", p.toString());
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.errorLine())
                    .isEqualTo("Error: " + p + ": is a folder, not a trace; inspect reads a trace file (convert a run"
                            + " folder or tree first: ptotrace convert " + p + ")");
            assertThat(r.stdout()).isEmpty();
        }
    }

    @Test
    void passesOfDifferentGraphsAreNotJoined() throws Exception {
        Path tree = splitTree();
        Path deps = tree.resolve("rank1/d0/deps.json");
        // the graph pass of rank1 lost its tasks: the timing pass ran tasks its graph does not have
        Files.writeString(deps, "{\"tasks\": [{\"task_id\": \"999999\", \"kernel_ids\": [0, -1, -1]}], \"edges\": []}");
        Path out = dir.resolve("t.json");
        Cli.Result r = Cli.run("convert", tree.toString(), "--dispatch", "d1", "-o", out.toString());
        assertThat(r.status()).as(r.stderr()).isEqualTo(1);
        assertThat(r.stderr())
                .contains(
                        "Warning: rank1 cannot be converted: the graph pass d0 and the timing pass d1 of one dispatch "
                                + "ran different graphs")
                .contains("not joined")
                .contains("rank0: one dispatch captured in two passes");
        // critical-path and check agree: rank1 is not joined, rank0 is
        Cli.Result cp = Cli.run("critical-path", tree.toString());
        assertThat(cp.stderr())
                .contains("rank1/d1: the graph pass d0 and the timing pass d1 of one dispatch ran different graphs")
                .contains("rank0/d1: one dispatch captured in two passes")
                .doesNotContain("rank1/d1: one dispatch captured in two passes");
        assertThat(cp.status()).isNotZero();
        for (String folder : List.of("d0", "d1")) {
            Cli.Result check = Cli.run("check", tree.resolve("rank1/" + folder).toString());
            assertThat(check.stderr())
                    .as(folder)
                    .contains("Warning: the graph pass d0 and the timing pass d1 of one dispatch ran different graphs")
                    .contains("not joined; the graph is checked without timing")
                    .doesNotContain("joined with the timing");
        }
    }

    @Test
    void withNoGraphAnywhereTheClosingLinesPromiseNoArrows() throws Exception {
        Path tree = dir.resolve("nograph");
        assertThat(Cli.run("synth", "-o", tree.toString(), "-n", "80", "--ranks", "2", "--era", "streams")
                        .status())
                .isZero();
        for (int r = 0; r < 2; r++) Files.delete(tree.resolve("rank" + r + "/d0/deps.json"));
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-o",
                dir.resolve("n.json").toString(),
                "--format",
                "both");
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("no usable deps.json");
        assertThat(r.stdout())
                .contains("(or " + dir.resolve("n.pftrace") + ": the native Perfetto trace, faster to load)")
                .doesNotContain("every arrow");
        Cli.Result with = Cli.run(
                "convert",
                splitTree().toString(),
                "--dispatch",
                "d1",
                "-o",
                dir.resolve("w.json").toString(),
                "--format",
                "both");
        assertThat(with.stdout()).contains("faster to load, with every arrow)");
    }

    /**
     * An L3 build that dispatches two L2 programs: each numbers its kernels from 0, and each dispatch folder carries
     * its program's name map (and dispatch_program.json). A dispatch's kernels are named from its own map alone.
     */
    @Test
    void twoProgramsNeverBorrowEachOthersNames() throws Exception {
        Path tree = dir.resolve("programs");
        assertThat(Cli.run(
                                "synth",
                                "-o",
                                tree.toString(),
                                "-n",
                                "80",
                                "--ranks",
                                "2",
                                "--dispatches",
                                "2",
                                "--era",
                                "streams")
                        .status())
                .isZero();
        for (int r = 0; r < 2; r++) {
            Path d1 = tree.resolve("rank" + r + "/d1");
            Path map = d1.resolve("name_map_synth.json");
            Files.writeString(map, Files.readString(map).replace("\"QK\"", "\"ProgramB_QK\""));
            Files.writeString(d1.resolve("dispatch_program.json"), "{\"program\": \"B\"}");
            Files.writeString(tree.resolve("rank" + r + "/d0/dispatch_program.json"), "{\"program\": \"A\"}");
        }
        for (String dn : List.of("d0", "d1")) {
            Path out = dir.resolve("prog-" + dn + ".json");
            Cli.Result r = Cli.run("convert", tree.toString(), "--dispatch", dn, "-o", out.toString());
            assertThat(r.status()).as(r.stderr()).isZero();
            String trace = Files.readString(out);
            if (dn.equals("d0")) assertThat(trace).contains("\"QK(").doesNotContain("ProgramB_QK");
            else assertThat(trace).contains("\"ProgramB_QK(").doesNotContain("\"QK(");
        }
    }
}
