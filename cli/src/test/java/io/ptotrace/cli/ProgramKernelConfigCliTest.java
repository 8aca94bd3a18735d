package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -k PROGRAM=FILE}: the legacy kernel config of one L2 program, given to the dispatches whose
 * dispatch_program.json names it. Two programs each number their kernels from 0, so one config for both is refused.
 */
class ProgramKernelConfigCliTest {
    @TempDir
    Path dir;

    /** A 2-rank tree without name maps, rank0's dispatch running program attn and rank1's moe. */
    private Path tree() throws Exception {
        return tree("dfx_outputs");
    }

    private Path tree(String name) throws Exception {
        Path tree = dir.resolve(name);
        assertThat(Cli.run("synth", "-o", tree.toString(), "-n", "80", "--ranks", "2")
                        .status())
                .isZero();
        for (int r = 0; r < 2; r++) {
            Path d0 = tree.resolve("rank" + r + "/d0");
            Files.delete(d0.resolve("name_map_synth.json"));
            Files.writeString(
                    d0.resolve("dispatch_program.json"), "{\"program\": \"" + (r == 0 ? "attn" : "moe") + "\"}");
        }
        return tree;
    }

    private Path config(String prefix) throws Exception {
        Path k = dir.resolve(prefix + "_kernel_config.py");
        StringBuilder sb = new StringBuilder("KERNELS = [\n");
        for (int i = 0; i < 20; i++)
            sb.append("    {\"func_id\": ")
                    .append(i)
                    .append(", \"name\": \"")
                    .append(prefix)
                    .append("_K")
                    .append(i)
                    .append("\"},\n");
        Files.writeString(k, sb.append("]\n").toString());
        return k;
    }

    /** Kernel slice names by rank: the set of name prefixes (before "_K") each rank's slices carry. */
    private static Map<String, java.util.Set<String>> prefixesByRank(Path json) throws Exception {
        var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
        Map<Long, String> rankOf = new TreeMap<>();
        for (var e : root.get("traceEvents"))
            if (e.path("ph").asText().equals("M") && e.path("name").asText().equals("process_name"))
                rankOf.put(e.get("pid").asLong(), e.at("/args/name").asText().split(" /")[0]);
        Map<String, java.util.Set<String>> m = new TreeMap<>();
        for (var e : root.get("traceEvents")) {
            String name = e.path("name").asText();
            if (!e.path("ph").asText().equals("X") || !name.contains("_K")) continue;
            m.computeIfAbsent(rankOf.get(e.get("pid").asLong()), k -> new java.util.TreeSet<>())
                    .add(name.substring(0, name.indexOf("_K")));
        }
        return m;
    }

    @Test
    void eachDispatchTakesItsOwnProgramsConfig() throws Exception {
        Path tree = tree();
        Path out = dir.resolve("t.json");
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-k",
                "attn=" + config("ATTN"),
                "-k",
                "moe=" + config("MOE"),
                "-o",
                out.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(prefixesByRank(out))
                .isEqualTo(Map.of("rank0", java.util.Set.of("ATTN"), "rank1", java.util.Set.of("MOE")));
    }

    @Test
    void oneConfigForTwoProgramsIsRefusedAndNothingIsWritten() throws Exception {
        Path tree = tree();
        Path out = dir.resolve("t.json");
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-k",
                config("ATTN").toString(),
                "-o",
                out.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).contains("2 L2 programs (attn, moe)").endsWith("give each its own -k PROGRAM=FILE");
        assertThat(out).doesNotExist();
    }

    @Test
    void aProgramNoDispatchRanIsSaidAndItsDispatchesKeepTheirOwnNames() throws Exception {
        Path tree = tree();
        Path out = dir.resolve("t.json");
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d0",
                "-k",
                "attn=" + config("ATTN"),
                "-k",
                "gemm=" + config("GEMM"),
                "-o",
                out.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stderr())
                .contains("Warning: -k gemm=" + dir.resolve("GEMM_kernel_config.py")
                        + " is not used: no dispatch being merged ran program gemm (they ran attn, moe)");
        // rank1 (moe) has no config and no name map: unnamed, never attn's names
        assertThat(prefixesByRank(out)).isEqualTo(Map.of("rank0", java.util.Set.of("ATTN")));
    }

    @Test
    void twoPassesOfDifferentProgramsAreNotJoined() throws Exception {
        Path tree = tree();
        for (int r = 0; r < 2; r++) {
            Path d1 = Files.createDirectories(tree.resolve("rank" + r + "/d1"));
            Files.move(
                    tree.resolve("rank" + r + "/d0/chip_swimlane_records.json"),
                    d1.resolve("chip_swimlane_records.json"));
        }
        Files.writeString(tree.resolve("rank1/d1/dispatch_program.json"), "{\"program\": \"attn\"}");
        Cli.Result r = Cli.run(
                "convert",
                tree.toString(),
                "--dispatch",
                "d1",
                "-o",
                dir.resolve("t.json").toString());
        assertThat(r.status()).as(r.stderr()).isEqualTo(1);
        assertThat(r.stderr())
                .contains("rank1 cannot be converted: the graph pass " + tree.resolve("rank1/d0")
                        + " ran program moe and the timing pass " + tree.resolve("rank1/d1") + " ran attn");
    }

    @Test
    void aMarkerThatNamesNoProgramLeavesItsRankOut() throws Exception {
        String[] bads = {"{\"program\": \"\"}", "[\"attn\"]", ""};
        for (int i = 0; i < bads.length; i++) {
            String bad = bads[i];
            Path tree = tree("bad" + i);
            Path marker = tree.resolve("rank1/d0/dispatch_program.json");
            Files.writeString(marker, bad);
            Path out = dir.resolve("t" + i + ".json");
            Cli.Result r = Cli.run("convert", tree.toString(), "--dispatch", "d0", "-o", out.toString());
            assertThat(r.status()).as(bad + ": " + r.stderr()).isEqualTo(1);
            assertThat(r.stderr()).as(bad).contains("Warning: rank1 cannot be converted: " + marker + ": ");
            assertThat(prefixesByRank(out)).as(bad).doesNotContainKey("rank1");
        }
    }

    @Test
    void aSingleRunTakesTheConfigOfItsProgram() throws Exception {
        Path run = tree().resolve("rank1/d0");
        Path out = dir.resolve("one.json");
        Cli.Result r = Cli.run(
                "convert",
                run.toString(),
                "-k",
                "attn=" + config("ATTN"),
                "-k",
                "moe=" + config("MOE"),
                "-o",
                out.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(Files.readString(out)).contains("\"MOE_K").doesNotContain("ATTN_K");
        Files.delete(run.resolve("dispatch_program.json"));
        Cli.Result unmarked = Cli.run("convert", run.toString(), "-k", "moe=" + config("MOE"), "-o", out.toString());
        assertThat(unmarked.status()).isEqualTo(2);
        assertThat(unmarked.errorLine()).contains("has none; give -k FILE");
    }

    @Test
    void malformedOptionsAreUsageErrors() throws Exception {
        Path tree = tree();
        for (List<String> args : List.of(
                List.of("-k", "attn="),
                List.of("-k", "a.py", "-k", "b.py"),
                List.of("-k", "attn=a.py", "-k", "attn=b.py"),
                List.of("-k", "a.py", "-k", "attn=b.py"))) {
            List<String> all = new java.util.ArrayList<>(List.of("convert", tree.toString(), "--dispatch", "d0"));
            all.addAll(args);
            Cli.Result r = Cli.run(all.toArray(String[]::new));
            assertThat(r.status()).as(args.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(args.toString()).hasSize(2);
            assertThat(r.errLines().get(0))
                    .as(args.toString())
                    .startsWith("Error: ")
                    .contains("-k");
            assertThat(r.errLines().get(1)).startsWith("Try 'ptotrace convert --help'");
        }
    }
}
