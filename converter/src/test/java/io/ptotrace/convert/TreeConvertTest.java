package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.tree.RankPin;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthTree;
import io.ptotrace.testing.Needs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directory mode on a generated 2-rank × 2-dispatch tree of the streams era: the selection options, the
 * merged trace in both formats (the same picture), Perfetto's own importer keeping every arrow, a missing or
 * broken rank, and the tree's files untouched.
 */
class TreeConvertTest {
    static final Path TRACE_PROCESSOR = Path.of("..", "..", "shared", "tools", "perfetto", "trace_processor_shell");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path shared;

    static Path tree;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeTree() throws IOException {
        tree = shared.resolve("dfx_outputs");
        SynthOptions o = GeneratedTrees.streams(300, 5).hbViolationShare(0.05).build();
        SynthTree.write(o, 2, 2, tree);
    }

    /** A copy of the tree a test may damage. */
    private Path copy() throws IOException {
        Path to = tmp.resolve("dfx_outputs");
        try (Stream<Path> s = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(tree.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
        return to;
    }

    record Run(List<ConvertJob.Written> written, String stdout, String stderr, boolean partial) {}

    static Run convert(Path root, Path output, String dispatch, String dispatchId, List<String> pins, boolean overhead)
            throws IOException {
        ConvertOptions o = new ConvertOptions();
        o.input = root;
        o.output = output;
        o.dispatch = dispatch;
        o.dispatchId = dispatchId;
        o.overhead = overhead;
        if (output != null && output.toString().endsWith(".json")) o.format = ConvertOptions.Format.BOTH;
        for (String p : pins) o.rankPins.add(RankPin.parse(p));
        return convert(o);
    }

    static Run convert(ConvertOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        ConvertJob job = new ConvertJob(
                o,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        List<ConvertJob.Written> w = job.run();
        return new Run(w, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), job.partial());
    }

    private static JsonNode read(Path p) throws IOException {
        return JSON.readTree(p.toFile());
    }

    @Test
    void dispatchAndDispatchIdMergeTheSameCaptures() throws IOException {
        Path a = tmp.resolve("a.json"), b = tmp.resolve("b.json"), c = tmp.resolve("c.json");
        Run ra = convert(tree, a, "d0", null, List.of(), false);
        convert(tree, b, null, "17:0", List.of(), false);
        convert(tree, c, "d1", null, List.of(), false);
        assertThat(ra.partial).isFalse();
        assertThat(ra.stdout)
                .contains(
                        "\u2713 Multi-Rank conversion complete",
                        "  Ranks:  rank0, rank1",
                        "  Bound:  each Rank placed within ");
        JsonNode ja = read(a), jb = read(b), jc = read(c);
        assertThat(ja.get("traceEvents")).isEqualTo(jb.get("traceEvents"));
        assertThat(ja.get("traceEvents")).isNotEqualTo(jc.get("traceEvents"));
        JsonNode m = ja.get("metadata");
        assertThat(m.get("layout").asText()).isEqualTo("containment_spliced_multi_rank");
        assertThat(m.get("runtime").asText()).isEqualTo("tensormap_and_ringbuffer");
        assertThat(m.get("dispatch").asText()).isEqualTo("d0");
        assertThat(jb.get("metadata").get("dispatch_id").asText()).isEqualTo("17:0");
        assertThat(m.get("dispatch_pairing").asText()).isEqualTo("parent_dispatch_identity");
        assertThat(m.get("rank_count").asInt()).isEqualTo(2);
        for (int r = 0; r < 2; r++) {
            JsonNode rank = m.get("ranks").get(r);
            assertThat(rank.get("input").asText()).endsWith("rank" + r + "/d0/chip_swimlane_records.json");
            assertThat(rank.get("host_pairing").get("source").asText()).isEqualTo("capture_sidecar");
            assertThat(rank.get("host_pairing").get("pid").asLong()).isEqualTo(SynthTree.HOST_PID_BASE + r);
            assertThat(rank.get("host_pairing").get("inv").asLong()).isEqualTo(1);
            assertThat(jc.get("metadata")
                            .get("ranks")
                            .get(r)
                            .get("host_pairing")
                            .get("inv")
                            .asLong())
                    .isEqualTo(2);
        }
        long s0 = m.get("ranks").get(0).get("placement").get("slack_ns").asLong(),
                s1 = m.get("ranks").get(1).get("placement").get("slack_ns").asLong();
        assertThat(m.get("cross_rank_uncertainty_ns").asLong()).isEqualTo(s0 + s1);
        // every rank's processes at (rank+1)*100 + p, named after the rank; every rank event tagged
        Map<Integer, String> names = new TreeMap<>();
        for (JsonNode e : ja.get("traceEvents")) {
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name"))
                names.put(e.get("pid").asInt(), e.get("args").get("name").asText());
            int pid = e.get("pid").asInt();
            String ph = e.get("ph").asText();
            if (pid >= 100 && !ph.equals("M") && !ph.equals("C")) {
                assertThat(e.get("args").get("rank").asInt()).isEqualTo(pid / 100 - 1);
                assertThat(e.get("args").get("slack_ns").asLong()).isEqualTo(pid < 200 ? s0 : s1);
            }
            if (ph.equals("s") || ph.equals("f"))
                assertThat(e.get("id").isNumber()).as("numeric flow id").isTrue();
        }
        assertThat(names)
                .containsEntry(104, "rank0 / Worker View")
                .containsEntry(204, "rank1 / Worker View")
                .containsEntry(102, "rank0 / AICPU Scheduler")
                .containsEntry(11, "rank0 / Host")
                .containsEntry(12, "rank0 / Device phases (placed)")
                .containsEntry(13, "rank0 / Placement Bound")
                .containsEntry(14, "rank1 / Host")
                .containsEntry(16, "rank1 / Placement Bound");
    }

    @Test
    void aPinnedRankKeepsItsPin() throws IOException {
        Path a = tmp.resolve("pinned.json");
        convert(tree, a, "d1", null, List.of("1=5001:2"), false);
        JsonNode rank1 = read(a).get("metadata").get("ranks").get(1);
        assertThat(rank1.get("host_pairing").get("source").asText()).isEqualTo("pinned");
        assertThat(rank1.get("host_pairing").get("inv").asLong()).isEqualTo(2);
        // a pin decides, also against the sidecar's choice: rank 1's d1 capture fits d0's wide runner window too
        Path other = tmp.resolve("other.json");
        convert(tree, other, "d1", null, List.of("1=5001:1"), false);
        assertThat(read(other)
                        .get("metadata")
                        .get("ranks")
                        .get(1)
                        .get("host_pairing")
                        .get("inv")
                        .asLong())
                .isEqualTo(1);
        assertThatThrownBy(() -> convert(tree, tmp.resolve("x.json"), "d1", null, List.of("1=5001:9"), false))
                .isInstanceOf(InputProblem.class)
                .hasMessage(
                        "pinned pairing 1=5001:9 names an invocation with no placeable chip.run.runner_run window in the Host logs");
        assertThat(tmp.resolve("x.json")).doesNotExist();
    }

    @Test
    void selectionIsChecked() {
        assertThatThrownBy(() -> convert(tree, tmp.resolve("x.json"), null, null, List.of(), false))
                .hasMessageStartingWith(
                        "directory input requires exactly one of --dispatch dN or --dispatch-id RUN_ID:TASK_SLOT; the tree holds d0");
        assertThatThrownBy(() -> convert(tree, tmp.resolve("x.json"), "d0", "17:0", List.of(), false))
                .hasMessage("directory input requires exactly one of --dispatch dN or --dispatch-id RUN_ID:TASK_SLOT");
        assertThatThrownBy(() -> convert(tree, tmp.resolve("x.json"), null, "17:9", List.of(), false))
                .hasMessage("no Rank captures found for parent dispatch 17:9");
        assertThatThrownBy(() -> convert(
                        tree.resolve("rank0/d0/chip_swimlane_records.json"),
                        tmp.resolve("x.json"),
                        "d0",
                        null,
                        List.of(),
                        false))
                .hasMessage("--dispatch and --dispatch-id are only valid when input is a dfx_outputs directory");
        assertThat(tmp.resolve("x.json")).doesNotExist();
    }

    @Test
    void aMissingOrBrokenRankIsNamedAndTheOtherConverts() throws IOException {
        Path root = copy();
        Files.delete(root.resolve("rank1/d1/chip_swimlane_records.json"));
        Path out = tmp.resolve("partial.json");
        Run r = convert(root, out, "d1", null, List.of(), false);
        assertThat(r.partial).isTrue();
        assertThat(r.stderr)
                .contains("Warning: rank1 is missing d1/chip_swimlane_records.json; the merged trace leaves it out");
        JsonNode m = read(out).get("metadata");
        assertThat(m.get("trace_status").asText()).isEqualTo("partial");
        assertThat(m.get("rank_count").asInt()).isEqualTo(1);
        for (JsonNode e : read(out).get("traceEvents"))
            assertThat(e.get("pid").asInt()).isLessThan(200);

        Files.writeString(
                root.resolve("rank1/d0/chip_swimlane_records.json"), "{\"chip_swimlane_level\": 4, \"metadata\": ");
        Run b = convert(root, tmp.resolve("broken.json"), "d0", null, List.of(), false);
        assertThat(b.partial).isTrue();
        assertThat(b.stderr)
                .contains("Warning: rank1 cannot be converted: ")
                .contains("rank1/d0/chip_swimlane_records.json");
        assertThat(read(tmp.resolve("broken.json"))
                        .get("metadata")
                        .get("ranks")
                        .get(1)
                        .get("trace_status")
                        .asText())
                .isEqualTo("unreadable");
    }

    @Test
    void jsonAndPftraceShowTheSameMergedPicture() throws IOException {
        Path json = tmp.resolve("m.json");
        List<ConvertJob.Written> w = convert(tree, json, "d0", null, List.of(), true).written;
        Path pf = w.get(1).path;
        Summary j = TraceInspector.inspect(json), p = TraceInspector.inspect(pf);
        assertThat(p.problems).as("pftrace problems").isEmpty();
        assertThat(p.processes).isEqualTo(j.processes);
        assertThat(p.threads).isEqualTo(j.threads);
        assertThat(p.slices).isEqualTo(j.slices);
        // the lean .pftrace leaves out counter values that repeat the one before them on their track
        assertThat(p.counterSamples).isLessThanOrEqualTo(j.counterSamples);
        if (j.counterSamples > 0) assertThat(p.counterSamples).isPositive();
        assertThat(p.flows).isEqualTo(j.flows).isEqualTo(p.flowsShown).isPositive();
        assertThat(p.flowsByKind).isEqualTo(j.flowsByKind);
    }

    @Test
    void perfettoImportsTheMergedTraceWithEveryArrow() throws Exception {
        Needs.traceProcessor();
        Path json = tmp.resolve("tp.json");
        List<ConvertJob.Written> w = convert(tree, json, "d0", null, List.of(), false).written;
        long flows = 0;
        for (JsonNode e : read(json).get("traceEvents"))
            if (e.get("ph").asText().equals("s")) flows++;
        for (Path trace : List.of(w.get(1).path, json)) {
            Path sql = tmp.resolve("q.sql");
            Files.writeString(
                    sql,
                    "select count(*) as n from flow;\n"
                            + "select count(*) as n from stats where value > 0 and severity in ('error', 'data_loss') and name not like 'flow_end_before%' "
                            + "and name not like 'flow_%misplaced%' and name not like 'flow_without_direction%';\n");
            List<String> cmd = new ArrayList<>();
            boolean timed = Files.isExecutable(Path.of("/usr/bin/time"));
            if (timed) cmd.addAll(List.of("/usr/bin/time", "-v"));
            cmd.addAll(List.of(TRACE_PROCESSOR.toString(), "-q", sql.toString(), trace.toString()));
            Process proc = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(proc.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(proc.exitValue()).as(err).isZero();
            String[] lines = out.strip().split("\\R");
            List<Long> numbers = new ArrayList<>();
            for (String l : lines) if (l.matches("\\d+")) numbers.add(Long.parseLong(l));
            assertThat(numbers).as(out).hasSize(2);
            if (trace.toString().endsWith(".pftrace")) {
                assertThat(numbers.get(0))
                        .as("arrows Perfetto imported from the .pftrace")
                        .isEqualTo(flows);
                assertThat(numbers.get(1)).as("import errors").isZero();
            } else
                assertThat(numbers.get(0))
                        .as("the JSON keeps its arrows: ids are numbers")
                        .isPositive();
            String peak = err.lines()
                    .filter(l -> l.contains("Maximum resident set size"))
                    .findFirst()
                    .orElse("(no /usr/bin/time)");
            System.out.println(
                    "trace processor on " + trace.getFileName() + ": " + numbers.get(0) + " flows, " + peak.strip());
        }
    }

    @Test
    void splitWindowAndTheEstimateWorkOnTheMergedTrace() throws IOException {
        // a tree large enough to need cutting: 2 ranks of 12 000 tasks
        Path big = tmp.resolve("big");
        SynthTree.write(GeneratedTrees.streams(12_000, 6).build(), 2, 1, big);
        ConvertOptions o = new ConvertOptions();
        o.input = big;
        o.dispatch = "d0";
        o.output = tmp.resolve("split.pftrace");
        o.splitBudget = 60L << 20;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ConvertJob(
                        o,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream()),
                        false)
                .run();
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(stdout)
                .contains("split.pftrace: ")
                .contains("in Perfetto's trace processor")
                .contains("  Parts:  ");
        assertThat(tmp.resolve("split.parts.json")).exists();
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.filter(p -> p.getFileName().toString().matches("split\\.part-\\d+\\.pftrace"))
                            .count())
                    .isGreaterThan(1);
        }

        JsonNode whole = read(convert(tree, tmp.resolve("whole.json"), "d0", null, List.of(), false)
                .written
                .get(0)
                .path);
        double first = Double.MAX_VALUE, last = 0;
        for (JsonNode e : whole.get("traceEvents"))
            if (e.get("ph").asText().equals("X") && e.get("pid").asInt() >= 100) {
                first = Math.min(first, e.get("ts").asDouble());
                last = Math.max(last, e.get("ts").asDouble());
            }
        ConvertOptions w = new ConvertOptions();
        w.input = tree;
        w.dispatch = "d0";
        w.output = tmp.resolve("window.pftrace");
        double mid = (first + last) / 2;
        w.window = WindowSpec.parse(first + ".." + mid);
        new ConvertJob(
                        w,
                        new PrintStream(new ByteArrayOutputStream()),
                        new PrintStream(new ByteArrayOutputStream()),
                        false)
                .run();
        Summary win = TraceInspector.inspect(tmp.resolve("window.pftrace"));
        assertThat(win.slices).isPositive().isLessThan(TraceInspector.inspect(tmp.resolve("whole.pftrace")).slices);
        assertThat(win.processes).containsValue("rank1 / Worker View");
    }

    @Test
    void theTreesFilesAreUntouched() throws Exception {
        Path root = copy();
        Map<String, String> before = fingerprint(root);
        convert(root, null, "d0", null, List.of(), true);
        convert(root, tmp.resolve("y.json"), null, "17:1", List.of("0=5000:2"), false);
        Map<String, String> after = fingerprint(root);
        after.keySet().removeIf(k -> k.startsWith("l3_swimlane."));
        assertThat(after).isEqualTo(before);
        assertThat(root.resolve("l3_swimlane.json")).exists();
        assertThat(root.resolve("l3_swimlane.pftrace")).exists();
    }

    private static Map<String, String> fingerprint(Path root) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator)
                m.put(
                        root.relativize(p).toString(),
                        HexFormat.of()
                                        .formatHex(MessageDigest.getInstance("SHA-256")
                                                .digest(Files.readAllBytes(p))) + " "
                                + Files.getLastModifiedTime(p).toMillis());
        }
        return m;
    }
}
