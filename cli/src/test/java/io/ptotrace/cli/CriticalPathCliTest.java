package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.critpath.RunAnalysis;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ptotrace critical-path} on the command line, and its overlay: read back from the picture (every path task
 * marked, arrows in path order, segments tiling the makespan) and, where Perfetto's trace processor is at hand,
 * from the written {@code .pftrace} with the SQL the README documents.
 */
class CriticalPathCliTest {
    static final Path SAMPLES = Path.of("..", "testdata", "critpath");
    static final Path TP = Path.of("..", "..", "shared", "tools", "perfetto", "trace_processor_shell");
    Path work;

    @BeforeEach
    void make() throws IOException {
        work = Files.createTempDirectory("critpath-cli").toRealPath();
    }

    @AfterEach
    void remove() throws IOException {
        try (Stream<Path> s = Files.walk(work)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator)
                Files.deleteIfExists(p);
        }
    }

    Path copy(String sample) throws IOException {
        Path from = SAMPLES.resolve(sample).resolve("input");
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                Path d = work.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d);
            }
        }
        return work;
    }

    @Test
    void theWorkedExampleEndToEnd() throws IOException {
        copy("spec_example_8");
        Cli.Result r = Cli.run("critical-path", work.resolve("r").toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout().replace(work.toString(), "<SCRATCH>"))
                .isEqualTo(Files.readString(SAMPLES.resolve("spec_example_8/ref_stdout.txt")));
        for (String f : new String[] {"critical_path_report.md", "CPM_static.json", "CPM_observed.json"})
            assertThat(Files.readString(work.resolve("r/outputs/case_A").resolve(f)))
                    .isEqualTo(Files.readString(SAMPLES.resolve("spec_example_8/expected/outputs/case_A")
                            .resolve(f)));
        Cli.Result s = Cli.run("critical-path", work.resolve("r").toString(), "--stdout");
        assertThat(s.stdout()).endsWith("\n\n").contains("\n\n# Critical-path report (L2 swimlane)\n");
    }

    /**
     * A capture damaged where the analysis does not read (an unknown level, no level key, host and AICPU
     * orchestrator records together) is analysed from its AICore rows and clock, with one warning naming the
     * damage: the report is the undamaged capture's; damage to the rows themselves is still an error.
     */
    @ParameterizedTest
    @ValueSource(strings = {"level 5", "no level key", "both orchestrators", "rows damaged"})
    void aCaptureDamagedElsewhereIsStillAnalysed(String damage) throws IOException {
        Path here = work.resolve(damage.replace(' ', '_'));
        Path clean = Files.createDirectories(here.resolve("clean/run"));
        Path bad = Files.createDirectories(here.resolve("bad/run"));
        Path sample = Path.of("..", "testdata", "runs", "pa_level4");
        try (Stream<Path> s = Files.list(sample)) {
            for (Path f : (Iterable<Path>) s::iterator)
                if (f.getFileName().toString().endsWith(".json")
                        && !f.getFileName().toString().startsWith("merged_swimlane")) {
                    Files.copy(f, clean.resolve(f.getFileName()));
                    Files.copy(f, bad.resolve(f.getFileName()));
                }
        }
        Path records = bad.resolve("l2_swimlane_records.json");
        String text = Files.readString(records);
        String damaged = switch (damage) {
            case "level 5" -> text.replace("\"l2_swimlane_level\": 4", "\"l2_swimlane_level\": 5");
            case "no level key" -> text.replace("\"l2_swimlane_level\": 4,", "");
            case "both orchestrators" ->
                text.replaceFirst(
                        "\\{",
                        "{\"host_orchestrator_phases\": [[{\"kind\": \"submit\", \"start_ns\": 1, \"end_ns\": 2}]], ");
            default -> text.replaceFirst("\"aicore_tasks\": \\[\\s*\\[", "\"aicore_tasks\": [[\"x\", ");
        };
        assertThat(damaged).isNotEqualTo(text);
        Files.writeString(records, damaged);
        Cli.Result c = Cli.run("critical-path", clean.toString());
        assertThat(c.status()).as(c.stderr()).isZero();
        Cli.Result b = Cli.run("critical-path", bad.toString());
        if (damage.equals("rows damaged")) {
            assertThat(b.status()).isEqualTo(2);
            assertThat(b.stderr()).contains("error: ").contains("aicore_tasks row 0 column 0");
            assertThat(bad.resolve("critical_path_report.md")).doesNotExist();
            return;
        }
        assertThat(b.status()).as(b.stderr()).isZero();
        assertThat(b.stderr().lines().filter(l -> l.contains("needs only the AICore rows")))
                .singleElement()
                .asString()
                .startsWith("Warning: " + records + ": ");
        assertThat(Files.readString(bad.resolve("critical_path_report.md")))
                .isEqualTo(Files.readString(clean.resolve("critical_path_report.md")));
    }

    /** --extended names every path task as the trace does, its gap, its blocker and whether it was dispatched early. */
    @Test
    void theExtendedPathNamesWhoBlockedWhom() throws IOException {
        Path run = work.resolve("ext/run");
        assertThat(Cli.run("synth", "-o", run.toString(), "-n", "400", "--hb-share", "0.2")
                        .status())
                .isZero();
        Cli.Result r = Cli.run(
                "critical-path",
                run.toString(),
                "--extended",
                "--gap-threshold",
                "1.5",
                "--format",
                "json",
                "--stdout");
        assertThat(r.status()).as(r.stderr()).isZero();
        com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Files.readString(run.resolve("critical_path_report.json")))
                .get("runs")
                .get(0);
        com.fasterxml.jackson.databind.JsonNode segments =
                report.get("observed_path").get("segments");
        com.fasterxml.jackson.databind.JsonNode steps = report.get("path_steps");
        assertThat(steps).hasSize(segments.size());
        int early = 0;
        for (int i = 0; i < steps.size(); i++) {
            com.fasterxml.jackson.databind.JsonNode st = steps.get(i), seg = segments.get(i);
            assertThat(st.get("task").asText()).endsWith("(" + seg.get("task").asText() + ")");
            assertThat(st.get("gap_us").asDouble())
                    .isEqualTo(seg.get("stall_us").asDouble());
            assertThat(st.get("gap_over_threshold").asBoolean())
                    .isEqualTo(st.get("gap_us").asDouble() > 1.5);
            if (seg.has("released_by"))
                assertThat(st.get("blocked_by").asText())
                        .endsWith("(" + seg.get("released_by").asText() + ")");
            else assertThat(st.get("blocked_by").isNull()).isTrue();
            assertThat(st.get("early_dispatch").isBoolean())
                    .as("level 4 has dispatch times")
                    .isTrue();
            if (st.get("early_dispatch").asBoolean()) early++;
        }
        assertThat(early)
                .as("the generator dispatches after every producer finished")
                .isZero();
        // dispatch one data-wait task of the path before its producer ended: that step, and only it, is early
        int at = -1;
        for (int i = 0; i < steps.size() && at < 0; i++)
            if (segments.get(i).get("stall_kind").asText().equals("data-wait")) at = i;
        assertThat(at).isNotNegative();
        dispatchBeforeProducerEnd(
                run,
                Long.parseLong(segments.get(at).get("task_id").asText()),
                Long.parseLong(segments.get(at - 1).get("task_id").asText()));
        Cli.Result again = Cli.run("critical-path", run.toString(), "--extended", "--format", "json");
        assertThat(again.status()).as(again.stderr()).isZero();
        com.fasterxml.jackson.databind.JsonNode after = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Files.readString(run.resolve("critical_path_report.json")))
                .get("runs")
                .get(0)
                .get("path_steps");
        for (int i = 0; i < after.size(); i++)
            assertThat(after.get(i).get("early_dispatch").asBoolean())
                    .as("step " + i)
                    .isEqualTo(i == at);
        Cli.Result md = Cli.run("critical-path", run.toString(), "--extended", "--gap-threshold", "1.5");
        assertThat(md.status()).isZero();
        assertThat(Files.readString(run.resolve("critical_path_report.md")))
                .contains("### The observed path, task by task")
                .contains("| # | task | gap \u00b5s | stall kind | blocked by | early dispatch |");
        Cli.Result without = Cli.run("critical-path", run.toString(), "--gap-threshold", "1.5");
        assertThat(without.status()).isEqualTo(2);
        assertThat(without.stderr()).contains("--gap-threshold needs --extended");
    }

    /** Sets the AICPU dispatch of {@code task}'s rows to one tick before {@code producer}'s last AICore end. */
    private static void dispatchBeforeProducerEnd(Path run, long task, long producer) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        Path f = run.resolve("l2_swimlane_records.json");
        com.fasterxml.jackson.databind.node.ObjectNode rec =
                (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(f.toFile());
        long producerEnd = Long.MIN_VALUE;
        java.util.Set<String> rows = new java.util.HashSet<>();
        for (com.fasterxml.jackson.databind.JsonNode r : rec.get("aicore_tasks")) {
            if (r.get(1).asLong() == producer)
                producerEnd = Math.max(producerEnd, r.get(4).asLong());
            if (r.get(1).asLong() == task)
                rows.add(r.get(0).asLong() + ":" + r.get(2).asLong());
        }
        for (com.fasterxml.jackson.databind.JsonNode c : rec.get("aicpu_tasks"))
            if (rows.contains(c.get(0).asLong() + ":" + c.get(1).asLong()))
                ((com.fasterxml.jackson.databind.node.ArrayNode) c)
                        .set(2, m.getNodeFactory().numberNode(producerEnd - 1));
        m.writeValue(f.toFile(), rec);
    }

    @Test
    void aTraceCopyThatCannotBeWrittenIsNamedNotTheTraceItCameFrom() throws IOException {
        copy("spec_example_8");
        Path run = work.resolve("r/outputs/case_A");
        Files.createDirectories(run.resolve("CPM_static.json"));
        Cli.Result r = Cli.run("critical-path", work.resolve("r").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr()).contains("CPM_static.json").doesNotContain("invalid merged_swimlane");
        assertThat(run.resolve("CPM_observed.json")).doesNotExist();
    }

    @Test
    void optionsAreCheckedBeforeAnythingIsWritten() throws IOException {
        copy("spec_example_8");
        Map<String, String> before = Cli.snapshot(work);
        for (String[] bad : new String[][] {
            {"--top", "-1"},
            {"--top", "x"},
            {"--format", "xml"},
            {"--speedup", "0"},
            {"--near-us", "-2"},
            {"--report", "a/b.md"},
            {"--tol", "1.5"},
            {"--report", "CPM_static.json"},
            {"--report", "CPM_observed.json"},
            {"--report", "CPM_static.md", "--format", "json"},
            {"--report", "merged_swimlane.pftrace", "--trace"},
            {"--tol", "-1"},
            {"--tol", "1e400"},
            {"--near-us", "Infinity"},
            {"--near-us", "NaN"}
        }) {
            List<String> args =
                    new ArrayList<>(List.of("critical-path", work.resolve("r").toString()));
            args.addAll(List.of(bad));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertThat(r.status()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.stderr()).doesNotContain("\tat ", "Exception");
            assertThat(r.stderr()).doesNotContain("is not a long");
            if (bad[0].equals("--tol"))
                assertThat(r.stderr()).contains("expected a whole number of clock ticks, 0 or more");
            if (bad[0].equals("--report") && !bad[1].contains("/"))
                assertThat(r.stderr()).contains("which critical-path also writes in each run folder");
            assertThat(Cli.snapshot(work)).isEqualTo(before);
        }
        Cli.Result help = Cli.run("critical-path", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.stdout())
                .contains(
                        "--report",
                        "--top",
                        "--tol",
                        "--stdout",
                        "--trace",
                        "--near-us",
                        "--speedup",
                        "--format",
                        "always printed");
    }

    /** A run analysed and converted in this JVM, with the overlay drawn. */
    record Drawn(TracePicture pic, RunAnalysis a, Timeline tl) {}

    static Drawn draw(Path run, String records) {
        Timeline tl = RecordsReader.read(run.resolve(records), s -> {}, true);
        TaskGraph g = TaskGraph.read(
                run.resolve("deps.json"), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {});
        NameMap names;
        try (Stream<Path> s = Files.list(run)) {
            names = NameMap.read(s.filter(p -> p.getFileName().toString().startsWith("name_map"))
                    .findFirst()
                    .orElseThrow());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        RunAnalysis a =
                new RunAnalysis("r", tl.era, RunGraph.build(tl.file, tl.cycles(), tl.clockFreqHz, g, names, 2), tl);
        TraceBuilder.Result built = TraceBuilder.build(
                new Run(tl, DepsProjection.read(run.resolve("deps.json"), s -> {}), names), false, s -> {}, null);
        CriticalPathOverlay.apply(built.picture, built::workerSlice, tl, a);
        return new Drawn(built.picture, a, tl);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "level4_full_a2a3/input/level4_full_a2a3:l2_swimlane_records.json",
                "chip_level4_aicpu/input/chip_level4_aicpu:chip_swimlane_records.json",
                "spec_example_8/input/r/outputs/case_A:l2_swimlane_records.json"
            })
    void theOverlayMarksEveryPathTaskJoinsThemInOrderAndTilesTheMakespan(String sample) {
        String[] s = sample.split(":");
        Drawn d = draw(SAMPLES.resolve(s[0]), s[1]);
        TracePicture pic = d.pic;
        RunGraph g = d.a.graph;
        for (String path : new String[] {"observed", "static"}) {
            int[] tasks = path.equals("observed") ? d.a.observed.task : d.a.staticPath.path;
            // position -> markers
            Map<Long, List<Integer>> marked = new HashMap<>();
            for (int i = 0; i < pic.sliceCount(); i++) {
                if (!"critical_path".equals(pic.sliceCategory(i))) continue;
                Map<String, Object> a = pic.sliceArgMap(i);
                if (!path.equals(a.get("path"))) continue;
                long pos = (Long) a.get("position");
                assertThat(a.get("task")).isEqualTo(TaskIds.display(g.taskId[tasks[(int) pos]]));
                assertThat(a).containsKeys("stall_us", "stall_kind");
                marked.computeIfAbsent(pos, k -> new ArrayList<>()).add(i);
            }
            assertThat(marked).hasSize(tasks.length);
            for (int i = 0; i < tasks.length; i++) {
                // one marker per block, each over a Worker View kernel slice of the task with its name
                assertThat(marked.get((long) i)).hasSize(g.blocks[tasks[i]]);
                for (int m : marked.get((long) i)) {
                    assertThat(pic.slicePid(m)).isEqualTo(io.ptotrace.convert.ProcessLayout.SINGLE.worker());
                    assertThat(pic.sliceName(m)).endsWith("(" + TaskIds.display(g.taskId[tasks[i]]) + ")");
                }
            }
            // arrows: position i -> i+1, in order
            List<long[]> arrows = new ArrayList<>();
            for (int f = 0; f < pic.flowCount(); f++) {
                if (pic.flowKind(f) != FlowKind.OVERLAY || !"critical_path".equals(pic.flowName(f))) continue;
                Map<String, Object> from = pic.sliceArgMap(pic.flowSrcSlice(f)),
                        to = pic.sliceArgMap(pic.flowDstSlice(f));
                if (!path.equals(from.get("path"))) continue;
                assertThat(to.get("path")).isEqualTo(path);
                arrows.add(new long[] {(Long) from.get("position"), (Long) to.get("position")});
            }
            assertThat(arrows).hasSize(tasks.length - 1);
            for (int i = 0; i < arrows.size(); i++) assertThat(arrows.get(i)).containsExactly(i, i + 1);
        }
        // the Critical path lane: contiguous segments from the first start to the last end
        List<double[]> seg = new ArrayList<>();
        for (int i = 0; i < pic.sliceCount(); i++)
            if (pic.slicePid(i) == CriticalPathOverlay.PID && pic.sliceTid(i) == CriticalPathOverlay.TID_OBSERVED)
                seg.add(new double[] {pic.sliceTs(i), pic.sliceDur(i)});
        double t0 = Double.POSITIVE_INFINITY, t1 = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < d.tl.rows; r++) {
            t0 = Math.min(t0, d.tl.start[r]);
            t1 = Math.max(t1, d.tl.end[r]);
        }
        double at = t0, total = 0;
        for (double[] x : seg) {
            assertThat(x[0]).isCloseTo(at, org.assertj.core.data.Offset.offset(1e-6));
            at = x[0] + x[1];
            total += x[1];
        }
        assertThat(at).isCloseTo(t1, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(total).isCloseTo((double) g.makespan() / g.freqHz * 1e6, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void traceWritesTheRunsPftraceThatPerfettoReadsAndTheSqlListsThePath() throws Exception {
        copy("level4_full_a2a3");
        Path run = work.resolve("level4_full_a2a3");
        Cli.Result r = Cli.run("critical-path", run.toString(), "--trace");
        assertThat(r.status()).as(r.stderr()).isZero();
        Path trace = run.resolve("merged_swimlane.pftrace");
        assertThat(r.stdout()).contains("Perfetto trace written to: " + trace + "\n");
        Cli.Result inspect = Cli.run("inspect", trace.toString());
        assertThat(inspect.status()).as(inspect.stdout()).isZero();

        Cli.Result conv = Cli.run(
                "convert",
                run.toString(),
                "--critical-path",
                "-o",
                work.resolve("c.pftrace").toString());
        assertThat(conv.status()).as(conv.stderr()).isZero();
        assertThat(Files.readAllBytes(work.resolve("c.pftrace"))).isEqualTo(Files.readAllBytes(trace));

        Assumptions.assumeTrue(Files.isExecutable(TP), "Perfetto's trace processor is not here");
        List<String> errors =
                query(trace, "select name from stats where value > 0 and severity in ('error', 'data_loss')");
        assertThat(errors).containsExactly("\"name\"");
        List<String> rows = query(trace, readmeSql());
        // header + one row per observed task, in order, as in the report
        String report = Files.readString(run.resolve("critical_path_report.md"));
        int n = Integer.parseInt(report.replaceAll("(?s).*observed critical path\\*\\*: (\\d+) tasks.*", "$1"));
        assertThat(rows).hasSize(n + 1);
        for (int i = 1; i <= n; i++) assertThat(rows.get(i)).startsWith((i - 1) + ",");
        // the arrows: position i to i + 1 along each path, as imported
        List<String> arrows = query(
                trace,
                "SELECT extract_arg(so.arg_set_id, 'debug.path') || ':' || extract_arg(so.arg_set_id, 'debug.position')"
                        + " || '>' || extract_arg(si.arg_set_id, 'debug.position') AS a FROM flow f JOIN slice so ON so.id = f.slice_out"
                        + " JOIN slice si ON si.id = f.slice_in WHERE so.category = 'critical_path' ORDER BY so.ts");
        List<String> observed =
                arrows.stream().filter(a -> a.startsWith("\"observed")).collect(java.util.stream.Collectors.toList());
        assertThat(observed).hasSize(n - 1);
        for (int i = 0; i < n - 1; i++) assertThat(observed.get(i)).isEqualTo("\"observed:" + i + ">" + (i + 1) + "\"");
        // the Critical path lane: segments back to back over the makespan
        List<String> seg = query(
                trace,
                "SELECT s.ts || ',' || s.dur AS x FROM slice s JOIN thread_track tt ON s.track_id = tt.id"
                        + " JOIN thread USING (utid) WHERE thread.name LIKE 'observed path%' ORDER BY s.ts");
        long at = -1, total = 0;
        for (String row : seg.subList(1, seg.size())) {
            String[] v = row.replace("\"", "").split(",");
            long ts = Long.parseLong(v[0]), dur = Long.parseLong(v[1]);
            if (at >= 0) assertThat(Math.abs(ts - at)).isLessThanOrEqualTo(1);
            at = ts + dur;
            total += dur;
        }
        long makespanNs = Long.parseLong(report.replaceAll("(?s).*vs makespan (\\d+) ticks.*", "$1"))
                * 20; // 50 MHz: 20 ns a tick
        assertThat(Math.abs(total - makespanNs)).isLessThanOrEqualTo(seg.size());
    }

    /** The first query of the README's "critical path in SQL" block. */
    static String readmeSql() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        int at = readme.indexOf("-- the observed path, one row per task");
        assertThat(at).as("README has the critical-path SQL").isPositive();
        return readme.substring(at, readme.indexOf(';', at) + 1);
    }

    static List<String> query(Path trace, String sql) throws Exception {
        Path q = Files.writeString(Files.createTempFile("q", ".sql"), sql);
        Process p = new ProcessBuilder(TP.toAbsolutePath().toString(), "-q", q.toString(), trace.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Files.delete(q);
        List<String> l = new ArrayList<>();
        for (String s : new String(out, StandardCharsets.UTF_8).split("\n")) if (!s.isBlank()) l.add(s);
        return l;
    }
}
