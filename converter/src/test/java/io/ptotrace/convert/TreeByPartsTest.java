package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthTree;
import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merged trace written rank by rank (the Host block, then one rank's picture at a time) is the trace one picture of
 * every rank gives: the JSON byte for byte, the .pftrace the same slices, arrows, args and processes in Perfetto's
 * importer (only track uuids, which number the tracks part by part, differ), and no temporary file left behind.
 */
class TreeByPartsTest {
    @TempDir
    static Path shared;

    static Path tree;

    private String lastStderr;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeTree() throws IOException {
        tree = shared.resolve("dfx_outputs");
        SynthOptions o = GeneratedTrees.streams(1500, 11).hbViolationShare(0.05).build();
        SynthTree.write(o, 3, 1, tree);
    }

    @AfterEach
    void restoreThreshold() {
        System.clearProperty(TreeConvertJob.PARTS_FROM_TASKS);
        System.clearProperty(TreeConvertJob.KEEP_MODELS_BYTES);
    }

    private Path convert(String name, long partsFromTasks, boolean fullArgs) throws IOException {
        System.setProperty(TreeConvertJob.PARTS_FROM_TASKS, Long.toString(partsFromTasks));
        Path json = tmp.resolve(name + ".json");
        ConvertOptions o = new ConvertOptions();
        o.input = tree;
        o.output = json;
        o.dispatch = "d0";
        o.format = ConvertOptions.Format.BOTH;
        o.fullArgs = fullArgs;
        TreeConvertTest.Run r = TreeConvertTest.convert(o);
        assertThat(r.stdout()).contains("\u2713 Multi-Rank conversion complete");
        lastStderr = r.stderr();
        return json;
    }

    @Test
    void theJsonIsByteForByteTheOnePictureOne() throws IOException {
        Path whole = convert("whole", Long.MAX_VALUE, false), parts = convert("parts", 0, false);
        assertThat(Files.mismatch(whole, parts)).as("first differing byte").isEqualTo(-1L);
        Path wholeFull = convert("wholeFull", Long.MAX_VALUE, true), partsFull = convert("partsFull", 0, true);
        assertThat(Files.mismatch(wholeFull, partsFull)).isEqualTo(-1L);
    }

    @Test
    void thePftraceShowsTheSameTrace() throws IOException {
        for (boolean full : new boolean[] {false, true}) {
            Path whole = pftrace(convert("w" + full, Long.MAX_VALUE, full)),
                    parts = pftrace(convert("p" + full, 0, full));
            Summary w = TraceInspector.inspect(whole), p = TraceInspector.inspect(parts);
            assertThat(p.problems).as("problems of the parts' trace").isEmpty();
            assertThat(p.processes).isEqualTo(w.processes);
            assertThat(p.threads).isEqualTo(w.threads);
            assertThat(p.slices).isEqualTo(w.slices).isPositive();
            assertThat(p.markerSlices).isEqualTo(w.markerSlices);
            assertThat(p.counterSamples).isEqualTo(w.counterSamples);
            assertThat(p.counterTracks).isEqualTo(w.counterTracks);
            assertThat(p.flows).isEqualTo(w.flows).isEqualTo(p.flowsShown).isPositive();
            assertThat(p.flowsByKind).isEqualTo(w.flowsByKind);
            assertThat(p.hbViolations).isEqualTo(w.hbViolations).isPositive();
            assertThat(p.hbMarkers).isEqualTo(w.hbMarkers);
            assertThat(p.firstNs).isEqualTo(w.firstNs);
            assertThat(p.lastNs).isEqualTo(w.lastNs);
            // written part by part indeed: the Host block and each of the 3 ranks on a packet sequence of its own
            assertThat(sequences(whole)).hasSize(1);
            assertThat(sequences(parts)).hasSize(4);
        }
    }

    private static java.util.Set<Integer> sequences(Path pftrace) throws IOException {
        java.util.Set<Integer> ids = new java.util.TreeSet<>();
        for (io.ptotrace.proto.TracePacket p :
                io.ptotrace.convert.pftrace.PlainTrace.of(pftrace).getPacketList())
            if (p.hasTrackEvent() || p.hasTrackDescriptor()) ids.add(p.getTrustedPacketSequenceId());
        return ids;
    }

    /**
     * A merge too big to hold every rank lets the models go once read and reads each again to draw it: the same
     * bytes in both traces, and each rank's warnings given once.
     */
    @Test
    void ranksReadAgainToBeDrawnGiveTheSameTraces() throws IOException {
        Path held = convert("held", 0, false);
        String heldErr = lastStderr;
        System.setProperty(TreeConvertJob.KEEP_MODELS_BYTES, "0");
        Path again = convert("again", 0, false);
        assertThat(Files.mismatch(held, again))
                .as("first differing byte of the JSON")
                .isEqualTo(-1L);
        assertThat(Files.mismatch(pftrace(held), pftrace(again)))
                .as("of the .pftrace")
                .isEqualTo(-1L);
        assertThat(lastStderr).isEqualTo(heldErr);
        // one rank held, the others let go: still the same
        System.setProperty(
                TreeConvertJob.KEEP_MODELS_BYTES, Long.toString(1500 * TreeConvertJob.MODEL_BYTES_PER_TASK * 3 / 2));
        Path some = convert("some", 0, false);
        assertThat(Files.mismatch(held, some)).isEqualTo(-1L);
        assertThat(Files.mismatch(pftrace(held), pftrace(some))).isEqualTo(-1L);
    }

    /** A capture that changes between its first reading and the one that draws it stops the merge: nothing is written. */
    @Test
    void aCaptureChangedBeforeItIsReadAgainIsRefused() throws IOException {
        System.setProperty(TreeConvertJob.PARTS_FROM_TASKS, "0");
        System.setProperty(TreeConvertJob.KEEP_MODELS_BYTES, "0");
        Path copy = tmp.resolve("tree");
        copyTree(tree, copy);
        Path records;
        try (Stream<Path> s = Files.walk(copy.resolve("rank1"))) {
            records = s.filter(f -> f.getFileName().toString().endsWith("_swimlane_records.json"))
                    .findFirst()
                    .orElseThrow();
        }
        ConvertOptions o = new ConvertOptions();
        o.input = copy;
        o.output = tmp.resolve("out.json");
        o.dispatch = "d0";
        o.format = ConvertOptions.Format.BOTH;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        // the progress line that announces the second reading of rank1 cuts its records in half first
        PrintStream progress = new PrintStream(err, true, StandardCharsets.UTF_8) {
            @Override
            public void print(String s) {
                if (s.contains("reading rank1 again")) {
                    try {
                        byte[] b = Files.readAllBytes(records);
                        Files.write(records, java.util.Arrays.copyOf(b, b.length / 2));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                super.print(s);
            }
        };
        ConvertJob job = new ConvertJob(o, new PrintStream(new java.io.ByteArrayOutputStream()), progress, true);
        assertThatThrownBy(job::run)
                .isInstanceOf(io.ptotrace.io.InputProblem.class)
                .hasMessageContaining("rank1's capture changed while it was being converted");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("reading rank0 again to draw it");
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("tree");
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    /**
     * --split of a merged trace, written part by part or from one picture: windows each under the budget that
     * together hold every slice and arrow of the whole trace (an arrow between two windows as a marker at each end),
     * each with every process, and only the trace's files left beside it.
     */
    @Test
    void splitWindowsHoldTheWholeTraceEitherWay() throws IOException {
        for (long partsFrom : new long[] {0, Long.MAX_VALUE}) {
            System.setProperty(TreeConvertJob.PARTS_FROM_TASKS, Long.toString(partsFrom));
            Path dir = Files.createDirectories(tmp.resolve("split" + (partsFrom == 0 ? "Parts" : "Whole")));
            ConvertOptions o = new ConvertOptions();
            o.input = tree;
            o.output = dir.resolve("t.pftrace");
            o.dispatch = "d0";
            o.splitBudget = SPLIT_BUDGET;
            TreeConvertTest.Run r = TreeConvertTest.convert(o);
            assertThat(r.stdout()).contains("  Parts:  ");
            Summary whole = TraceInspector.inspect(o.output);
            com.fasterxml.jackson.databind.JsonNode index = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(dir.resolve("t.parts.json").toFile());
            long slices = 0, arrows = 0, cross = 0, hb = 0;
            int windows = 0;
            for (com.fasterxml.jackson.databind.JsonNode part : index.get("parts")) {
                Summary w = TraceInspector.inspect(dir.resolve(part.get("file").asText()));
                assertThat(w.problems).as(part.toString()).isEmpty();
                assertThat(w.processes).isEqualTo(whole.processes);
                assertThat(part.get("estimated_bytes").asLong()).isLessThanOrEqualTo(SPLIT_BUDGET);
                assertThat(w.flows)
                        .as("arrows of %s", part)
                        .isEqualTo(part.get("arrows").asLong());
                slices += w.slices;
                arrows += w.flows;
                cross += part.get("cross_window_markers").asLong();
                hb += w.hbViolations;
                windows++;
            }
            assertThat(windows).as("windows").isGreaterThanOrEqualTo(3);
            assertThat(cross % 2).isZero();
            assertThat(slices - cross).as("slices").isEqualTo(whole.slices);
            assertThat(arrows + cross / 2).as("arrows").isEqualTo(whole.flows);
            assertThat(hb).isPositive().isLessThanOrEqualTo(whole.hbViolations);
            try (Stream<Path> s = Files.list(dir)) {
                assertThat(s.map(p -> p.getFileName().toString()))
                        .allMatch(n -> n.matches("t\\.(pftrace|parts\\.json|part-\\d+\\.pftrace)"));
            }
        }
    }

    /**
     * Perfetto's importer loads every window written part by part cleanly, with each rank's slices carrying their
     * rank as in the whole trace, and the same slices per rank in all windows together as in the whole trace.
     */
    @Test
    void perfettoImportsEveryWindowWrittenPartByPart() throws Exception {
        Needs.traceProcessor();
        System.setProperty(TreeConvertJob.PARTS_FROM_TASKS, "0");
        ConvertOptions o = new ConvertOptions();
        o.input = tree;
        o.output = tmp.resolve("t.pftrace");
        o.dispatch = "d0";
        o.splitBudget = SPLIT_BUDGET;
        TreeConvertTest.convert(o);
        String perRank = "select a.int_value, count(*) from slice s join args a using (arg_set_id)"
                + " where a.key = 'debug.rank' and s.category != 'cross_window' group by 1 order by 1";
        String errors = "select count(*) from stats where value > 0 and severity in ('error', 'data_loss')";
        long[] fromWindows = new long[3];
        List<Path> windows;
        try (Stream<Path> s = Files.list(tmp)) {
            windows = s.filter(p -> p.getFileName().toString().matches("t\\.part-\\d+\\.pftrace"))
                    .sorted()
                    .toList();
        }
        assertThat(windows).hasSizeGreaterThanOrEqualTo(3);
        for (Path w : windows) {
            assertThat(query(w, errors).lines().skip(1).toList())
                    .as("import errors of %s", w)
                    .containsExactly("0");
            for (String line : query(w, perRank).lines().skip(1).toList()) {
                String[] cols = line.replace("\"", "").split(",");
                fromWindows[Integer.parseInt(cols[0].trim())] += Long.parseLong(cols[1].trim());
            }
        }
        String whole = query(o.output, perRank);
        assertThat(whole.lines().count()).isEqualTo(4);
        StringBuilder sum = new StringBuilder(whole.lines().findFirst().orElseThrow());
        for (int r = 0; r < 3; r++) sum.append('\n').append(r).append(',').append(fromWindows[r]);
        assertThat(whole.replace("\"", "").strip()).isEqualTo(sum.toString().replace("\"", ""));
    }

    /** A small budget: the fixed cost of an empty trace and a little more, so the 4,500-task tree takes a few windows. */
    private static final long SPLIT_BUDGET = 42_000_000L;

    @Test
    void noTemporaryFileIsLeft() throws IOException {
        convert("parts", 0, false);
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("parts.json", "parts.pftrace");
        }
    }

    /** Perfetto's importer makes the same tables of both: slices with their lanes and processes, arrows, args. */
    @Test
    void perfettoImportsTheSameTablesFromBoth() throws Exception {
        Needs.traceProcessor();
        Path whole = pftrace(convert("whole", Long.MAX_VALUE, false)), parts = pftrace(convert("parts", 0, false));
        List<String> queries = List.of(
                "select s.ts, s.dur, s.name, s.depth, s.category, t.name, th.tid, p.pid from slice s"
                        + " join track t on t.id = s.track_id left join thread_track tt on tt.id = s.track_id"
                        + " left join thread th using (utid) left join process p on p.upid = th.upid"
                        + " order by s.ts, s.dur, s.name, t.name, th.tid",
                "select so.ts, so.name, si.ts, si.name, f.trace_id from flow f join slice so on so.id = f.slice_out"
                        + " join slice si on si.id = f.slice_in order by f.trace_id",
                "select pid, name from process order by pid",
                "select key, count(*), sum(int_value), sum(real_value), count(distinct string_value) from args"
                        + " where key not in ('track_uuid', 'trace_id', 'utid') group by key order by key",
                "select count(*) from stats where value > 0 and severity in ('error', 'data_loss')");
        for (String q : queries) {
            String a = query(whole, q), b = query(parts, q);
            assertThat(b).as(q).isEqualTo(a);
            assertThat(a.lines().count()).as("rows of %s", q).isGreaterThan(1);
        }
    }

    private static Path pftrace(Path json) {
        return json.resolveSibling(json.getFileName().toString().replace(".json", ".pftrace"));
    }

    private String query(Path trace, String sql) throws Exception {
        Path file = tmp.resolve("q.sql");
        Files.writeString(file, sql + ";\n");
        Process p = new ProcessBuilder(
                        TreeConvertTest.TRACE_PROCESSOR.toString(), "-q", file.toString(), trace.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return out;
    }
}
