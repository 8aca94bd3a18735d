package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.picture.PictureWindows;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.OutputProblem;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Windows of a picture (--split, --window): every slice once, every arrow whole or as two markers, a right index. */
class TraceSplitTest {
    @TempDir
    static Path shared;

    static Path runDir;
    static TracePicture pic;

    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

    @BeforeAll
    static void generate() throws IOException {
        SynthRun.Result r = SynthRun.write(
                SynthOptions.builder()
                        .tasks(3000)
                        .level(4)
                        .seed(7)
                        .rings(2)
                        .hbViolationShare(0.05)
                        .withDeps(true)
                        .build(),
                shared.resolve("run"));
        runDir = shared.resolve("run");
        Run run = new Run(
                RecordsReader.read(r.recordsFile(), w -> {}),
                DepsProjection.read(r.depsFile()),
                r.nameMapFile() != null ? NameMap.read(r.nameMapFile()) : null);
        pic = TraceBuilder.build(run, true, w -> {}, null).picture;
    }

    static String key(TracePicture p, int i) {
        return p.slicePid(i) + "/" + p.sliceTid(i) + "@" + p.sliceTs(i) + "+" + p.sliceDur(i) + " " + p.sliceName(i);
    }

    static boolean cross(TracePicture p, int i) {
        return PictureWindows.CROSS_CATEGORY.equals(p.sliceCategory(i));
    }

    @Test
    void windowsHoldEverySliceOnceAndEveryArrowWholeOrAsTwoMarkersNamingEachOther() {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pic.sliceCount(); i++) {
            lo = Math.min(lo, pic.sliceTs(i));
            hi = Math.max(hi, pic.sliceTs(i));
        }
        double[] cuts = {lo + (hi - lo) / 4, lo + (hi - lo) / 2, lo + 3 * (hi - lo) / 4};
        String[] labels = {"p1", "p2", "p3", "p4"};
        PictureWindows windows = new PictureWindows(pic, cuts, labels);

        List<String> all = new ArrayList<>(), seen = new ArrayList<>();
        for (int i = 0; i < pic.sliceCount(); i++) all.add(key(pic, i));
        Map<Long, List<Map<String, Object>>> markersByArrow = new HashMap<>();
        Map<String, Long> wholeArrows = new HashMap<>();
        for (int k = 0; k < windows.count(); k++) {
            TracePicture w = windows.window(k);
            assertThat(w.meta).isEqualTo(pic.meta);
            for (int i = 0; i < w.sliceCount(); i++) {
                if (!cross(w, i)) {
                    seen.add(key(w, i));
                    assertThat(windows.of(w.sliceTs(i))).isEqualTo(k);
                    continue;
                }
                Map<String, Object> a = w.sliceArgMap(i);
                a.put("part", labels[k]);
                markersByArrow
                        .computeIfAbsent((Long) a.get("full_trace_flow_id"), f -> new ArrayList<>())
                        .add(a);
            }
            for (int f = 0; f < w.flowCount(); f++)
                wholeArrows.merge(w.flowName(f) + " " + w.flowSrcTs(f) + "→" + w.flowDstTs(f), 1L, Long::sum);
        }
        Collections.sort(all);
        Collections.sort(seen);
        assertThat(seen).isEqualTo(all);

        long crossing = 0;
        Map<String, Long> expectedWhole = new HashMap<>();
        for (int f = 0; f < pic.flowCount(); f++) {
            int ws = windows.of(pic.sliceTs(pic.flowSrcSlice(f))), wd = windows.of(pic.sliceTs(pic.flowDstSlice(f)));
            List<Map<String, Object>> m = markersByArrow.getOrDefault((long) f, List.of());
            if (ws == wd) {
                assertThat(m).isEmpty();
                expectedWhole.merge(pic.flowName(f) + " " + pic.flowSrcTs(f) + "→" + pic.flowDstTs(f), 1L, Long::sum);
                continue;
            }
            crossing++;
            assertThat(m).hasSize(2);
            Map<String, Object> outEnd = m.get(0).get("direction").equals("out") ? m.get(0) : m.get(1);
            Map<String, Object> inEnd = outEnd == m.get(0) ? m.get(1) : m.get(0);
            assertThat(inEnd.get("direction")).isEqualTo("in");
            assertThat(outEnd)
                    .containsEntry("part", labels[ws])
                    .containsEntry("other_part", labels[wd])
                    .containsEntry("task", pic.sliceName(pic.flowSrcSlice(f)))
                    .containsEntry("other_task", pic.sliceName(pic.flowDstSlice(f)))
                    .containsEntry("kind", pic.flowName(f));
            assertThat(inEnd)
                    .containsEntry("part", labels[wd])
                    .containsEntry("other_part", labels[ws])
                    .containsEntry("task", outEnd.get("other_task"))
                    .containsEntry("other_task", outEnd.get("task"));
        }
        assertThat(crossing).isPositive();
        assertThat(markersByArrow.values().stream().mapToLong(List::size).sum()).isEqualTo(2 * crossing);
        assertThat(wholeArrows).isEqualTo(expectedWhole);
    }

    ConvertOptions options(Path output) {
        ConvertOptions o = new ConvertOptions();
        o.input = runDir;
        o.output = output;
        return o;
    }

    void run(ConvertOptions o) throws IOException {
        new ConvertJob(
                        o,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        false)
                .run();
    }

    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void splitWritesPartsUnderTheBudgetWithAnIndexThatInspectAgreesWith() throws IOException {
        ConvertOptions o = options(dir.resolve("t.pftrace"));
        o.splitBudget = 40_000_000L;
        run(o);
        JsonNode index = new ObjectMapper().readTree(dir.resolve("t.parts.json").toFile());
        assertThat(index.get("trace").asText()).isEqualTo("t.pftrace");
        assertThat(index.get("budget_bytes").asLong()).isEqualTo(40_000_000L);
        JsonNode parts = index.get("parts");
        assertThat(parts.size()).isGreaterThanOrEqualTo(3);
        Summary whole = TraceInspector.inspect(dir.resolve("t.pftrace"));
        long slices = 0, crossMarkers = 0;
        double lastTo = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < parts.size(); k++) {
            JsonNode p = parts.get(k);
            assertThat(p.get("file").asText()).isEqualTo(String.format("t.part-%02d.pftrace", k + 1));
            Summary s = TraceInspector.inspect(dir.resolve(p.get("file").asText()));
            assertThat(s.problems).isEmpty();
            assertThat(s.slices).isEqualTo(p.get("slices").asLong());
            assertThat(s.markerSlices).isEqualTo(p.get("marker_slices").asLong());
            assertThat(s.flows).isEqualTo(p.get("arrows").asLong());
            assertThat(s.counterSamples).isEqualTo(p.get("counter_samples").asLong());
            assertThat(s.threads).isEqualTo(whole.threads);
            assertThat(p.get("estimated_bytes").asLong()).isLessThanOrEqualTo(40_000_000L);
            assertThat(p.get("tasks").asLong()).isPositive();
            assertThat(p.get("from_us").asDouble()).isGreaterThanOrEqualTo(lastTo);
            lastTo = p.get("to_us").asDouble();
            slices += p.get("slices").asLong();
            crossMarkers += p.get("cross_window_markers").asLong();
            assertThat(stdout()).contains("\nt.part-" + String.format("%02d", k + 1) + ".pftrace: ");
        }
        assertThat(slices - crossMarkers).isEqualTo(whole.slices);
        assertThat(crossMarkers % 2).isZero();
        assertThat(stdout())
                .contains("  Parts:  " + parts.size()
                        + " window(s) of the .pftrace, each estimated under 40 MB, listed in "
                        + dir.resolve("t.parts.json"));
        assertThat(stdout())
                .contains(
                        "t.pftrace is estimated above 40 MB",
                        "trace_processor --httpd " + dir.resolve("t.pftrace"),
                        "or open its windows listed in " + dir.resolve("t.parts.json"));
    }

    @Test
    void splitIsDeterministic() throws IOException {
        ConvertOptions a = options(dir.resolve("a/t.pftrace")), b = options(dir.resolve("b/t.pftrace"));
        Files.createDirectories(dir.resolve("a"));
        Files.createDirectories(dir.resolve("b"));
        a.splitBudget = b.splitBudget = 45_000_000L;
        run(a);
        run(b);
        List<String> names;
        try (Stream<Path> s = Files.list(dir.resolve("a"))) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(names).contains("t.part-01.pftrace", "t.part-02.pftrace", "t.parts.json");
        for (String n : names)
            assertThat(Files.readAllBytes(dir.resolve("b").resolve(n)))
                    .as(n)
                    .isEqualTo(Files.readAllBytes(dir.resolve("a").resolve(n)));
    }

    @Test
    void theMemoryLineNamesEachTraceItsSizeAndEstimate() throws IOException {
        ConvertOptions o = options(dir.resolve("t.json"));
        o.format = ConvertOptions.Format.BOTH;
        run(o);
        assertThat(stdout())
                .containsPattern("\nt\\.json: [0-9]+ MB, est\\. [0-9]+ MB in Perfetto's trace processor\n"
                        + "t\\.pftrace: [0-9]+ [KM]B, est\\. [0-9]+ MB in Perfetto's trace processor\n");
        assertThat(stdout())
                .contains("t.pftrace: " + MemoryModel.shown(Files.size(dir.resolve("t.pftrace"))) + ", est. ");
        assertThat(stdout()).doesNotContain("is estimated above");
    }

    @Test
    void aWindowByMicrosecondsHoldsExactlyTheSlicesStartingInIt() throws IOException {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pic.sliceCount(); i++) {
            lo = Math.min(lo, pic.sliceTs(i));
            hi = Math.max(hi, pic.sliceTs(i));
        }
        long from = (long) (lo + (hi - lo) / 3), to = (long) (lo + (hi - lo) / 2);
        long expected = 0;
        for (int i = 0; i < pic.sliceCount(); i++) if (pic.sliceTs(i) >= from && pic.sliceTs(i) <= to) expected++;
        ConvertOptions o = options(null);
        o.window = WindowSpec.parse(from + ".." + to);
        run(o);
        Path w = runDir.resolve("merged_swimlane.window.pftrace");
        try {
            assertThat(Files.exists(runDir.resolve("merged_swimlane.pftrace"))).isFalse();
            Summary s = TraceInspector.inspect(w);
            assertThat(s.problems).isEmpty();
            TracePicture window = new PictureWindows(
                            pic, new double[] {from, Math.nextUp((double) to)}, new String[] {"a", "b", "c"})
                    .window(1);
            long crossing = 0;
            for (int i = 0; i < window.sliceCount(); i++) if (cross(window, i)) crossing++;
            assertThat(s.slices - crossing).isEqualTo(expected).isPositive();
            assertThat(crossing).isPositive();
            assertThat(stdout()).contains("  Output: " + w);
        } finally {
            Files.deleteIfExists(w);
        }
    }

    @Test
    void aWindowByTaskIdsRunsFromTheFirstTasksStartToTheLastTasksStart() throws IOException {
        double from = Double.POSITIVE_INFINITY, to = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pic.sliceCount(); i++) {
            String t = TaskNames.taskOf(pic.sliceName(i));
            if ("t100".equals(t)) from = Math.min(from, pic.sliceTs(i));
            if ("t400".equals(t)) to = Math.max(to, pic.sliceTs(i));
        }
        assertThat(from).isLessThan(to);
        assertThat(WindowSpec.parse("task:t100..task:400").resolve(pic)).containsExactly(from, to);
        assertThat(WindowSpec.parse("task:t100.." + to).resolve(pic)).containsExactly(from, to);

        ConvertOptions o = options(dir.resolve("w.pftrace"));
        o.window = WindowSpec.parse("task:t100..task:t400");
        run(o);
        TracePicture window =
                new PictureWindows(pic, new double[] {from, Math.nextUp(to)}, new String[] {"a", "b", "c"}).window(1);
        assertThat(TraceInspector.inspect(dir.resolve("w.pftrace")).slices).isEqualTo(window.sliceCount());
        assertThat(TaskNames.taskCount(window)).isGreaterThanOrEqualTo(300);
    }

    @Test
    void aTaskNotInTheRunIsOneLine() {
        InputProblem p = catchThrowableOfType(
                () -> WindowSpec.parse("task:t1..task:t999999").resolve(pic), InputProblem.class);
        assertThat(p.oneLine()).isEqualTo("--window task:t1..task:t999999: no slice of task t999999 in this run");
        p = catchThrowableOfType(() -> WindowSpec.parse("task:t400..task:t100").resolve(pic), InputProblem.class);
        assertThat(p.oneLine()).startsWith("--window task:t400..task:t100: ends (at ");
    }

    @Test
    void badWindowTextIsRefusedWithTheReason() {
        for (String bad : new String[] {"", "5", "10..5", "a..b", "1..2..3", "task:x..task:t5", "-1..5"})
            assertThat(catchThrowableOfType(() -> WindowSpec.parse(bad), IllegalArgumentException.class))
                    .as(bad)
                    .isNotNull();
    }

    @Test
    void partsAreAllOrNothing() throws IOException {
        Files.createDirectories(dir.resolve("t.part-02.pftrace")); // a folder where a part goes
        ConvertOptions o = options(dir.resolve("t.pftrace"));
        o.splitBudget = 40_000_000L;
        OutputProblem p = catchThrowableOfType(() -> run(o), OutputProblem.class);
        assertThat(p).isNotNull();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(f -> f.getFileName().toString())).containsExactly("t.part-02.pftrace");
        }
    }
}
