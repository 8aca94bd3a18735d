package io.ptotrace.synth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.model.TensorIds;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SynthRunTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    static Path shared;

    /** The main fixture: level 4, L2 era, 3 rings, 2 orchestrator threads, 15 % hb violations. */
    static Parsed main;

    static final double MAIN_HB = 0.15;

    @BeforeAll
    static void generateMainFixture() throws IOException {
        SynthOptions o = SynthOptions.builder()
                .tasks(6000)
                .level(4)
                .seed(7)
                .rings(3)
                .orchestratorThreads(2)
                .schedulerThreads(3)
                .hbViolationShare(MAIN_HB)
                .spmdShare(0.1)
                .mixShare(0.1)
                .dummyShare(0.03)
                .allocShare(0.03)
                .predicatedShare(0.02)
                .v2RowShare(0.01)
                .build();
        Path dir = shared.resolve("main");
        SynthRun.Result r = SynthRun.write(o, dir);
        main = Parsed.load(o, r, dir);
    }

    // ------------------------------------------------------------------ tensor ids

    @Test
    void fnvCheckValue() {
        assertThat(Long.toUnsignedString(TensorIds.fnv1a(29_204_938_752L, 0))).isEqualTo("13451765318376212391");
    }

    @Test
    void fnvMatchesReferenceDefinition() {
        Rng rng = new Rng(99);
        for (int i = 0; i < 2000; i++) {
            long addr = rng.nextLong();
            int ver = (int) rng.nextLong();
            assertThat(TensorIds.fnv1a(addr, ver)).isEqualTo(referenceFnv(addr, ver));
        }
    }

    private static long referenceFnv(long addr, int ver) {
        BigInteger mod = BigInteger.ONE.shiftLeft(64);
        BigInteger prime = BigInteger.valueOf(0x100000001b3L);
        BigInteger h = new BigInteger("cbf29ce484222325", 16);
        byte[] bytes = new byte[12];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (addr >>> (8 * i));
        }
        for (int i = 0; i < 4; i++) {
            bytes[8 + i] = (byte) (ver >>> (8 * i));
        }
        for (byte b : bytes) {
            h = h.xor(BigInteger.valueOf(b & 0xFF)).multiply(prime).mod(mod);
        }
        return h.longValue();
    }

    @Test
    void everyTensorIdIsTheHashOfItsBufferAndVersion() {
        Set<String> seen = new HashSet<>();
        for (JsonNode t : main.deps.get("tensors")) {
            long addr = Long.parseUnsignedLong(t.get("buffer_addr").asText());
            int ver = t.get("version").asInt();
            String id = t.get("tensor_id").asText();
            assertThat(id).isEqualTo(Long.toUnsignedString(TensorIds.fnv1a(addr, ver)));
            assertThat(seen.add(id)).as("tensor %s listed once", id).isTrue();
            assertThat(Long.parseUnsignedLong(t.get("buffer_numel").asText())).isPositive();
        }
        assertThat(seen).hasSize((int) main.result.tensors());
        // every arg / edge tensor is listed; OUTPUT args carry no tensor fields
        for (JsonNode task : main.deps.get("tasks")) {
            for (JsonNode a : task.get("args")) {
                if (a.get("type").asText().equals("OUTPUT")) {
                    assertThat(a.has("tensor_id")).isFalse();
                    assertThat(a.has("shape")).isFalse();
                } else {
                    assertThat(seen).contains(a.get("tensor_id").asText());
                    assertThat(a.get("strides").get(a.get("strides").size() - 1).asInt())
                            .isEqualTo(1);
                }
            }
        }
        for (JsonNode e : main.deps.get("edges")) {
            if (!e.get("source").asText().equals("explicit")) {
                assertThat(seen).contains(e.get("tensor_id").asText());
            }
        }
    }

    // ------------------------------------------------------------------ graph

    @Test
    void edgeEndpointsAreTasksOrAllocsAndPredsAreSubmittedFirst() {
        Map<Long, Integer> submitIdx = main.submitIdx;
        assertThat(submitIdx).hasSize(6000);
        int creatorEdges = 0;
        int tensormap = 0;
        int explicit = 0;
        for (JsonNode e : main.deps.get("edges")) {
            long pred = Long.parseUnsignedLong(e.get("pred").asText());
            long succ = Long.parseUnsignedLong(e.get("succ").asText());
            String source = e.get("source").asText();
            assertThat(main.entries).containsKey(succ);
            if (!main.entries.containsKey(pred)) {
                assertThat(main.allocs)
                        .as("pred %d of an edge is a task or an alloc", pred)
                        .contains(pred);
                assertThat(source).isEqualTo("creator");
            }
            assertThat(submitIdx.get(pred)).as("pred submitted before succ").isLessThan(submitIdx.get(succ));
            assertThat(e.has("flags")).isFalse(); // L2 era
            switch (source) {
                case "creator" -> {
                    creatorEdges++;
                    assertThat(e.get("arg").asInt()).isGreaterThanOrEqualTo(0);
                    assertThat(e.has("consumer_shape")).isTrue();
                    assertThat(e.has("producer_shape")).isFalse();
                }
                case "tensormap" -> {
                    tensormap++;
                    assertThat(e.get("overlap").asText()).isIn("covered", "other");
                    assertThat(e.get("hazard").asText()).isIn("RAW", "WAR");
                    assertThat(e.get("access_kind").asText()).isIn("WRITER", "READER");
                    assertThat(e.has("producer_shape")).isTrue();
                }
                case "explicit" -> {
                    explicit++;
                    assertThat(e.get("arg").asInt()).isEqualTo(-1);
                    assertThat(e.has("tensor_id")).isFalse();
                }
                default -> throw new AssertionError("unexpected source " + source);
            }
        }
        assertThat(creatorEdges).isPositive();
        assertThat(tensormap).isPositive();
        assertThat(explicit).isPositive();
        double perTask = (double) main.deps.get("edges").size() / 6000;
        System.out.printf("edges per task: %.2f%n", perTask);
        assertThat(perTask).isBetween(4.0, 6.0);
    }

    @Test
    void taskIdsAreDensePerRingInSubmitOrder() {
        int[] next = new int[4];
        Set<Integer> rings = new HashSet<>();
        for (long id : main.submitOrder) {
            int ring = (int) (id >>> 32);
            int local = (int) (id & 0xFFFFFFFFL);
            assertThat(local).isEqualTo(next[ring]++);
            rings.add(ring);
        }
        assertThat(rings).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void taskKindsHaveTheRightFootprint() {
        int dummies = 0;
        int predicated = 0;
        for (JsonNode task : main.deps.get("tasks")) {
            long id = Long.parseUnsignedLong(task.get("task_id").asText());
            JsonNode k = task.get("kernel_ids");
            boolean dummy =
                    k.get(0).asInt() < 0 && k.get(1).asInt() < 0 && k.get(2).asInt() < 0;
            if (dummy) {
                dummies++;
                assertThat(main.dummyRecords).contains(id);
                assertThat(main.rowsOf(id)).isEmpty();
            } else if (main.predicatedRecords.contains(id)) {
                predicated++;
                assertThat(main.rowsOf(id)).isEmpty();
            } else {
                List<Row> rows = main.rowsOf(id);
                int blocks = task.get("block_num").asInt();
                boolean mix = k.get(0).asInt() >= 0
                        && (k.get(1).asInt() >= 0 || k.get(2).asInt() >= 0);
                if (!mix) {
                    assertThat(rows).as("one row per block of %d", id).hasSize(blocks);
                    String type = k.get(0).asInt() >= 0 ? "aic" : "aiv";
                    for (Row r : rows) {
                        assertThat(main.coreTypes.get(r.core)).isEqualTo(type);
                    }
                } else {
                    int perBlock = 2 + (k.get(2).asInt() >= 0 ? 1 : 0);
                    assertThat(rows).hasSize(blocks * perBlock);
                    int aicCount = 8;
                    for (Row r : rows) {
                        if (r.core < aicCount) {
                            int cluster = r.core;
                            assertThat(rows.stream().anyMatch(x -> x.core == aicCount + 2 * cluster))
                                    .isTrue();
                        }
                    }
                }
            }
        }
        assertThat(dummies).isEqualTo(main.result.dummyTasks()).isPositive();
        assertThat(predicated).isEqualTo(main.result.predicatedTasks()).isPositive();
        assertThat(main.allocs).hasSize((int) main.result.allocTasks()).isNotEmpty();
        for (long a : main.allocs) {
            assertThat(main.rowsOf(a)).isEmpty();
        }
        // some SPMD task put two blocks on one core
        boolean doubled = false;
        for (List<Row> rows : main.rowsByTask.values()) {
            Set<Integer> cores = new HashSet<>();
            for (Row r : rows) {
                doubled |= !cores.add(r.core);
            }
        }
        assertThat(doubled).isTrue();
    }

    // ------------------------------------------------------------------ timing

    @Test
    void aicpuRowsJoinAicoreRowsAndRegIdsAreUniquePerCore() {
        assertThat(main.aicpu).hasSameSizeAs(main.rows);
        Set<Long> keys = new HashSet<>();
        for (Row r : main.rows) {
            assertThat(keys.add(((long) r.core << 32) | r.reg))
                    .as("reg unique per core")
                    .isTrue();
        }
        for (JsonNode c : main.aicpu) {
            assertThat(c.size()).isEqualTo(4);
            assertThat(keys).contains(((long) c.get(0).asInt() << 32) | c.get(1).asLong());
        }
        assertThat(main.rows.stream().filter(r -> r.v2).count()).isPositive();
    }

    @Test
    void perCoreRowsDoNotOverlapAndTimesAreOrdered() {
        Map<Integer, List<Row>> byCore = new HashMap<>();
        for (Row r : main.rows) {
            assertThat(r.receive()).isGreaterThanOrEqualTo(r.dispatch);
            assertThat(r.end).isGreaterThan(r.start);
            assertThat(r.finish).isGreaterThanOrEqualTo(r.end);
            assertThat(r.dispatch).isGreaterThanOrEqualTo(main.submitEnd.get(r.task));
            byCore.computeIfAbsent(r.core, k -> new ArrayList<>()).add(r);
        }
        for (List<Row> rows : byCore.values()) {
            rows.sort((a, b) -> Long.compare(a.dispatch, b.dispatch));
            for (int i = 1; i < rows.size(); i++) {
                assertThat(rows.get(i).dispatch).isGreaterThanOrEqualTo(rows.get(i - 1).finish);
            }
        }
    }

    @Test
    void violationShareIsNearTheRequestedShareAndOtherDependenciesAreRespected() {
        int[] counts = main.pairCounts();
        int timed = counts[0];
        int violating = counts[1];
        double share = (double) violating / timed;
        System.out.printf(
                "hb violations: %d of %d timed pairs = %.4f (requested %.2f)%n", violating, timed, share, MAIN_HB);
        assertThat(timed).isGreaterThan(5000);
        assertThat(share).isCloseTo(MAIN_HB, org.assertj.core.data.Offset.offset(0.02));
        assertThat(violating).isEqualTo(main.result.violatingPairs());
        assertThat(timed).isEqualTo(main.result.timedPairs());
    }

    @Test
    void withoutRequestedViolationsEveryDependencyIsRespected(@TempDir Path dir) throws IOException {
        SynthOptions o = SynthOptions.builder()
                .tasks(3000)
                .seed(3)
                .era(io.ptotrace.model.Era.CHIP)
                .spmdShare(0.2)
                .mixShare(0.2)
                .build();
        Parsed p = Parsed.load(o, SynthRun.write(o, dir), dir);
        assertThat(p.pairCounts()[1]).isZero();
        // the stricter scheduler-view rule: consumer dispatch >= producer finish, for every pair
        for (long[] pair : p.pairs()) {
            List<Row> pr = p.rowsOf(pair[0]);
            List<Row> sr = p.rowsOf(pair[1]);
            if (pr.isEmpty() || sr.isEmpty()) {
                continue;
            }
            long finish = pr.stream().mapToLong(r -> r.finish).max().orElseThrow();
            long dispatch = sr.stream().mapToLong(r -> r.dispatch).min().orElseThrow();
            assertThat(dispatch).isGreaterThanOrEqualTo(finish);
        }
        // CHIP era: flags on every edge
        for (JsonNode e : p.deps.get("edges")) {
            String flags = e.get("flags").toString();
            assertThat(flags)
                    .isEqualTo(e.get("source").asText().equals("tensormap") ? "[\"wait\"]" : "[\"wait\",\"retain\"]");
        }
        assertThat(p.records.has("chip_swimlane_level")).isTrue();
    }

    @Test
    void schedulerPhasesCoverFinishesAndDispatches() {
        JsonNode metadata = main.records.get("metadata");
        JsonNode c2t = metadata.get("core_to_thread");
        JsonNode phases = main.records.get("aicpu_scheduler_phases");
        assertThat(phases.size()).isEqualTo(3);
        Map<String, Integer> kinds = new HashMap<>();
        List<List<long[]>> completes = new ArrayList<>();
        List<List<long[]>> dispatches = new ArrayList<>();
        for (JsonNode thread : phases) {
            List<long[]> comp = new ArrayList<>();
            List<long[]> disp = new ArrayList<>();
            List<long[]> outer = new ArrayList<>();
            long lastIter = Long.MIN_VALUE;
            for (JsonNode r : thread) {
                String kind = r.get("kind").asText();
                kinds.merge(kind, 1, Integer::sum);
                long s = r.get("start_cycles").asLong();
                long e = r.get("end_cycles").asLong();
                assertThat(e).isGreaterThanOrEqualTo(s);
                long iter = r.get("loop_iter").asLong();
                assertThat(iter).isGreaterThanOrEqualTo(lastIter);
                lastIter = iter;
                switch (kind) {
                    case "complete" -> {
                        comp.add(new long[] {s, e});
                        outer.add(new long[] {s, e});
                        assertThat(r.get("shared_at_end").size()).isEqualTo(3);
                    }
                    case "dispatch" -> {
                        disp.add(new long[] {s, e});
                        outer.add(new long[] {s, e});
                        assertThat(r.has("pop_hit")).isTrue();
                    }
                    case "dummy", "release" -> outer.add(new long[] {s, e});
                    case "dummy_task", "predicated_skip" -> {
                        assertThat(s).isEqualTo(e);
                        assertThat(r.has("task_id")).isTrue();
                    }
                    case "resolve" -> {}
                    default -> throw new AssertionError("unexpected kind " + kind);
                }
            }
            outer.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 1; i < outer.size(); i++) {
                assertThat(outer.get(i)[0]).isGreaterThanOrEqualTo(outer.get(i - 1)[1]);
            }
            completes.add(comp);
            dispatches.add(disp);
        }
        assertThat(kinds.keySet())
                .contains("complete", "dispatch", "resolve", "dummy", "dummy_task", "predicated_skip", "release");
        // every finish lies inside a complete, every dispatch inside a dispatch, of the core's thread;
        // completes end before any respected consumer is dispatched (checked via the rule above)
        for (Row r : main.rows) {
            int t = c2t.get(r.core).asInt();
            assertThat(contains(completes.get(t), r.finish))
                    .as("finish of %s covered", r)
                    .isTrue();
            assertThat(contains(dispatches.get(t), r.dispatch))
                    .as("dispatch of %s covered", r)
                    .isTrue();
        }
        // markers name the dummy / predicated tasks, once each
        assertThat(main.dummyRecords).hasSize((int) main.result.dummyTasks());
        assertThat(main.predicatedRecords).hasSize((int) main.result.predicatedTasks());
    }

    private static boolean contains(List<long[]> sorted, long t) {
        int lo = 0;
        int hi = sorted.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid)[0] <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found >= 0 && sorted.get(found)[1] >= t;
    }

    @Test
    void orchestratorRecordsCoverEveryTaskInSubmitOrder() {
        JsonNode orch = main.records.get("aicpu_orchestrator_phases");
        assertThat(orch.size()).isEqualTo(2);
        int total = 0;
        for (JsonNode thread : orch) {
            long lastEnd = Long.MIN_VALUE;
            int lastIdx = -1;
            for (JsonNode r : thread) {
                assertThat(r.get("submit_idx").asInt()).isGreaterThan(lastIdx);
                lastIdx = r.get("submit_idx").asInt();
                assertThat(r.get("start_cycles").asLong()).isGreaterThanOrEqualTo(lastEnd);
                lastEnd = r.get("end_cycles").asLong();
                assertThat(lastEnd).isGreaterThan(r.get("start_cycles").asLong());
                total++;
            }
        }
        assertThat(total).isEqualTo(6000);
    }

    // ------------------------------------------------------------------ determinism, levels

    @Test
    void sameSeedGivesIdenticalBytes(@TempDir Path dir) throws IOException {
        SynthOptions o = SynthOptions.builder()
                .tasks(2500)
                .seed(42)
                .rings(2)
                .era(io.ptotrace.model.Era.CHIP)
                .hbViolationShare(0.1)
                .build();
        SynthRun.write(o, dir.resolve("a"));
        SynthRun.write(o, dir.resolve("b"));
        SynthRun.write(o.toBuilder().seed(43).build(), dir.resolve("c"));
        for (String f : List.of("chip_swimlane_records.json", "deps.json", "name_map_synth.json")) {
            assertThat(Files.mismatch(
                            dir.resolve("a").resolve(f), dir.resolve("b").resolve(f)))
                    .as(f)
                    .isEqualTo(-1L);
        }
        assertThat(Files.mismatch(dir.resolve("a/deps.json"), dir.resolve("c/deps.json")))
                .isNotEqualTo(-1L);
        try (var s = Files.list(dir.resolve("a"))) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("chip_swimlane_records.json", "deps.json", "name_map_synth.json");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void levelsProduceExactlyTheirSections(int level, @TempDir Path dir) throws IOException {
        SynthOptions o =
                SynthOptions.builder().tasks(400).level(level).seed(level).build();
        SynthRun.write(o, dir);
        JsonNode rec = MAPPER.readTree(dir.resolve("l2_swimlane_records.json").toFile());
        List<String> keys = new ArrayList<>();
        rec.fieldNames().forEachRemaining(keys::add);
        List<String> meta = new ArrayList<>();
        rec.get("metadata").fieldNames().forEachRemaining(meta::add);
        assertThat(rec.get("l2_swimlane_level").asInt()).isEqualTo(level);
        assertThat(rec.get("aicore_tasks").size()).isPositive();
        switch (level) {
            case 1, 2 -> {
                assertThat(keys).containsExactly("l2_swimlane_level", "metadata", "aicore_tasks", "aicpu_tasks");
                assertThat(meta).containsExactly("clock_freq_hz", "num_cores", "core_types");
                assertThat(rec.get("aicpu_tasks").size())
                        .isEqualTo(level == 1 ? 0 : rec.get("aicore_tasks").size());
            }
            default -> {
                assertThat(keys)
                        .containsExactly(
                                "l2_swimlane_level",
                                "metadata",
                                "aicore_tasks",
                                "aicpu_tasks",
                                "aicpu_scheduler_phases",
                                "aicpu_orchestrator_phases");
                assertThat(meta).containsExactly("clock_freq_hz", "num_cores", "core_types", "core_to_thread");
                assertThat(rec.get("aicpu_tasks").size())
                        .isEqualTo(rec.get("aicore_tasks").size());
                assertThat(rec.get("aicpu_scheduler_phases").size()).isEqualTo(3);
                assertThat(rec.get("aicpu_orchestrator_phases").size()).isEqualTo(level == 3 ? 0 : 1);
                if (level == 4) {
                    assertThat(rec.get("aicpu_orchestrator_phases").get(0).size())
                            .isEqualTo(400);
                }
            }
        }
        JsonNode nm = MAPPER.readTree(dir.resolve("name_map_synth.json").toFile());
        assertThat(nm.get("level").asInt()).isEqualTo(2);
        assertThat(nm.get("orchestrator_name").asText()).isEqualTo("Synth");
        assertThat(nm.get("callable_id_to_name").get("0").asText()).isEqualTo("QK");
    }

    @Test
    void depsAndNameMapAreOptional(@TempDir Path dir) throws IOException {
        SynthOptions o = SynthOptions.builder()
                .tasks(100)
                .withDeps(false)
                .withNameMap(false)
                .build();
        SynthRun.Result r = SynthRun.write(o, dir);
        assertThat(r.depsFile()).isNull();
        assertThat(r.nameMapFile()).isNull();
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("l2_swimlane_records.json");
        }
    }

    // ------------------------------------------------------------------ parsed fixture

    record Row(int core, long task, long reg, long start, long end, long r2s, boolean v2, long dispatch, long finish) {
        long receive() {
            return start - r2s;
        }
    }

    static final class Parsed {
        SynthRun.Result result;
        JsonNode records;
        JsonNode deps;
        List<Row> rows = new ArrayList<>();
        List<JsonNode> aicpu = new ArrayList<>();
        List<String> coreTypes = new ArrayList<>();
        Map<Long, List<Row>> rowsByTask = new HashMap<>();
        Map<Long, JsonNode> entries = new HashMap<>();
        Map<Long, Integer> submitIdx = new HashMap<>();
        Map<Long, Long> submitEnd = new HashMap<>();
        List<Long> submitOrder = new ArrayList<>();
        Set<Long> allocs = new HashSet<>();
        Set<Long> dummyRecords = new HashSet<>();
        Set<Long> predicatedRecords = new HashSet<>();

        static Parsed load(SynthOptions o, SynthRun.Result r, Path dir) throws IOException {
            Parsed p = new Parsed();
            p.result = r;
            p.records = MAPPER.readTree(dir.resolve(o.recordsFileName()).toFile());
            p.deps = MAPPER.readTree(dir.resolve("deps.json").toFile());
            for (JsonNode t : p.records.get("metadata").get("core_types")) {
                p.coreTypes.add(t.asText());
            }
            Map<Long, JsonNode> cpu = new HashMap<>();
            for (JsonNode c : p.records.get("aicpu_tasks")) {
                p.aicpu.add(c);
                cpu.put(((long) c.get(0).asInt() << 32) | c.get(1).asLong(), c);
            }
            for (JsonNode a : p.records.get("aicore_tasks")) {
                int core = a.get(0).asInt();
                long reg = a.get(2).asLong();
                JsonNode c = cpu.get(((long) core << 32) | reg);
                boolean v2 = a.size() == 5;
                Row row = new Row(
                        core,
                        a.get(1).asLong(),
                        reg,
                        a.get(3).asLong(),
                        a.get(4).asLong(),
                        v2 ? 0 : a.get(5).asLong(),
                        v2,
                        c == null ? -1 : c.get(2).asLong(),
                        c == null ? -1 : c.get(3).asLong());
                p.rows.add(row);
                p.rowsByTask.computeIfAbsent(row.task, k -> new ArrayList<>()).add(row);
            }
            for (JsonNode t : p.deps.get("tasks")) {
                p.entries.put(Long.parseUnsignedLong(t.get("task_id").asText()), t);
            }
            JsonNode orch = p.records.get("aicpu_orchestrator_phases");
            if (orch != null) {
                List<JsonNode> all = new ArrayList<>();
                orch.forEach(th -> th.forEach(all::add));
                all.sort((a, b) -> Integer.compare(
                        a.get("submit_idx").asInt(), b.get("submit_idx").asInt()));
                for (JsonNode rec : all) {
                    long id = rec.get("task_id").asLong();
                    p.submitIdx.put(id, rec.get("submit_idx").asInt());
                    p.submitEnd.put(id, rec.get("end_cycles").asLong());
                    p.submitOrder.add(id);
                    if (!p.entries.containsKey(id)) {
                        p.allocs.add(id);
                    }
                }
            }
            JsonNode sched = p.records.get("aicpu_scheduler_phases");
            if (sched != null) {
                for (JsonNode th : sched) {
                    for (JsonNode rec : th) {
                        String kind = rec.get("kind").asText();
                        if (kind.equals("dummy_task")) {
                            assertThat(p.dummyRecords.add(rec.get("task_id").asLong()))
                                    .isTrue();
                        } else if (kind.equals("predicated_skip")) {
                            assertThat(p.predicatedRecords.add(
                                            rec.get("task_id").asLong()))
                                    .isTrue();
                        }
                    }
                }
            }
            return p;
        }

        List<Row> rowsOf(long task) {
            return rowsByTask.getOrDefault(task, List.of());
        }

        List<long[]> pairs() {
            Set<String> seen = new HashSet<>();
            List<long[]> out = new ArrayList<>();
            for (Iterator<JsonNode> it = deps.get("edges").elements(); it.hasNext(); ) {
                JsonNode e = it.next();
                String key = e.get("pred").asText() + ">" + e.get("succ").asText();
                if (seen.add(key)) {
                    out.add(new long[] {
                        Long.parseUnsignedLong(e.get("pred").asText()),
                        Long.parseUnsignedLong(e.get("succ").asText())
                    });
                }
            }
            return out;
        }

        /**
         * {timed pairs, violating pairs}: distinct (pred, succ) pairs whose tasks both have AICore
         * rows, and of those the ones whose consumer starts before the producer ends. Every other
         * timed pair must be fully respected (consumer dispatch after producer finish).
         */
        int[] pairCounts() {
            int timed = 0;
            int violating = 0;
            for (long[] pair : pairs()) {
                List<Row> pr = rowsOf(pair[0]);
                List<Row> sr = rowsOf(pair[1]);
                if (pr.isEmpty() || sr.isEmpty()) {
                    continue;
                }
                timed++;
                long end = pr.stream().mapToLong(r -> r.end).max().orElseThrow();
                long start = sr.stream().mapToLong(r -> r.start).min().orElseThrow();
                if (start < end) {
                    violating++;
                } else {
                    long finish = pr.stream().mapToLong(r -> r.finish).max().orElseThrow();
                    long dispatch = sr.stream().mapToLong(r -> r.dispatch).min().orElseThrow();
                    assertThat(dispatch)
                            .as("respected pair %d->%d", pair[0], pair[1])
                            .isGreaterThanOrEqualTo(finish);
                }
            }
            return new int[] {timed, violating};
        }
    }
}
