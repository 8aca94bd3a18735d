package io.ptotrace.synth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.model.Era;
import io.ptotrace.model.clock.HostLog;
import io.ptotrace.model.clock.HostWindow;
import io.ptotrace.model.tree.DispatchIdentity;
import io.ptotrace.model.tree.DispatchSelection;
import io.ptotrace.model.tree.RankTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streams-era layout synth writes for both runtimes, and its multi-rank trees. */
class StreamsEraTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> RECORD_KEYS =
            Set.of("start_cycles", "end_cycles", "run_epoch", "loop_iter", "kind", "tasks_processed", "task_id");

    @TempDir
    Path tmp;

    private static SynthOptions streams(String runtime) {
        return SynthOptions.builder()
                .tasks(400)
                .level(4)
                .seed(9)
                .era(Era.STREAMS)
                .runtime(runtime)
                .build();
    }

    @Test
    void erasAreTheModels() {
        for (Era e : Era.values())
            assertThat(SynthOptions.parseEra(e.name().toLowerCase(java.util.Locale.ROOT)))
                    .isEqualTo(e);
        assertThat(SynthOptions.parseEra("newest")).isEqualTo(Era.STREAMS);
        assertThatThrownBy(() -> SynthOptions.parseEra("x"))
                .hasMessage("era must be one of l2, chip, streams, got 'x'");
        assertThatThrownBy(() -> SynthOptions.builder()
                        .era(Era.STREAMS)
                        .runtime("hbg")
                        .rings(2)
                        .build())
                .hasMessage("a host_build_graph run has one ring, got rings 2");
    }

    @Test
    void bothRuntimesWriteTheNewestLayout() throws IOException {
        for (String runtime : List.of("tmr", "hbg")) {
            Path dir = tmp.resolve(runtime);
            SynthRun.Result r = SynthRun.write(streams(runtime), dir);
            JsonNode d = JSON.readTree(r.recordsFile().toFile());
            String wire = runtime.equals("tmr") ? SynthOptions.TMR : SynthOptions.HBG;
            assertThat(d.get("metadata").get("runtime").asText()).isEqualTo(wire);
            assertThat(d.has("aicpu_tasks")).isFalse();
            assertThat(d.has("aicpu_scheduler_phases")).isFalse();
            for (JsonNode row : d.get("aicore_tasks")) {
                assertThat(row.size()).isEqualTo(7);
                assertThat(row.get(6).asLong()).isEqualTo(1);
                assertThat(row.get(5).asLong()).isBetween(0L, row.get(3).asLong() - 1);
            }
            assertThat(d.get("scheduler_tasks").get("producer").asText()).isEqualTo("aicpu");
            for (JsonNode row : d.get("scheduler_tasks").get("records"))
                assertThat(row.size()).isEqualTo(5);
            Set<String> kinds = new HashSet<>();
            for (JsonNode st : d.get("scheduler_records").get("streams")) {
                int n = st.get("records").size();
                for (JsonNode rec : st.get("records")) {
                    Set<String> keys = new HashSet<>();
                    for (Iterator<String> it = rec.fieldNames(); it.hasNext(); ) keys.add(it.next());
                    assertThat(keys).isEqualTo(RECORD_KEYS);
                    kinds.add(rec.get("kind").asText());
                }
                for (JsonNode m : st.get("metrics"))
                    assertThat(m.get("record_index").asInt()).isBetween(0, n - 1);
            }
            if (runtime.equals("hbg"))
                assertThat(kinds).doesNotContain("release", "dummy_task", "predicated_skip", "resolve");
            else assertThat(kinds).contains("complete", "dispatch");
            for (JsonNode th : d.get("aicpu_orchestrator_phases"))
                for (JsonNode rec : th)
                    assertThat(rec.get("run_epoch").asLong()).isEqualTo(1);
            assertThat(JSON.readTree(r.depsFile().toFile()).get("runtime").asText())
                    .isEqualTo(wire);
            // the Host log brackets the device work: one placeable window
            List<HostWindow> w = HostWindow.of(HostLog.read(List.of(r.hostLog())));
            assertThat(w).hasSize(1);
            assertThat(w.get(0).phases).containsKeys("sched", "orch");
            assertThat(w.get(0).deviceWallNs).isPositive();
        }
    }

    @Test
    void sameOptionsSameBytes() throws IOException {
        SynthRun.Result a = SynthRun.write(streams("tmr"), tmp.resolve("a")),
                b = SynthRun.write(streams("tmr"), tmp.resolve("b"));
        assertThat(Files.readAllBytes(a.recordsFile())).isEqualTo(Files.readAllBytes(b.recordsFile()));
        assertThat(Files.readAllBytes(a.hostLog())).isEqualTo(Files.readAllBytes(b.hostLog()));
    }

    @Test
    void aTreeOfRanksAndDispatches() throws IOException {
        Path root = tmp.resolve("dfx_outputs");
        SynthTree.Result t = SynthTree.write(streams("tmr"), 3, 2, root);
        assertThat(t.captures()).hasSize(6);
        assertThat(t.hostLogs())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("host.5000.log", "host.5001.log", "host.5002.log");
        RankTree tree = RankTree.of(root);
        assertThat(tree.ranks).hasSize(3);
        DispatchSelection d1 = DispatchSelection.byDispatch(tree, "d1");
        assertThat(d1.missing).isEmpty();
        for (DispatchSelection.Capture c : d1.captures) {
            DispatchIdentity id = c.identity;
            assertThat(id.runId).isEqualTo(SynthTree.RUN_ID);
            assertThat(id.taskSlot).isEqualTo(1);
            assertThat(id.groupSize).isEqualTo(3);
            assertThat(id.groupIndex).isEqualTo(c.rank);
            assertThat(id.hostPid).isEqualTo(SynthTree.HOST_PID_BASE + c.rank);
            assertThat(JSON.readTree(c.records.toFile())
                            .get("aicore_tasks")
                            .get(0)
                            .get(6)
                            .asLong())
                    .isEqualTo(2);
        }
        assertThat(DispatchSelection.byDispatchId(tree, "17:1").captures)
                .extracting(c -> c.dir)
                .isEqualTo(d1.captures.stream().map(c -> c.dir).toList());
        List<HostWindow> w = HostWindow.of(HostLog.read(t.hostLogs()));
        assertThat(w).hasSize(6);
        assertThat(w).extracting(x -> x.identity[1]).containsExactly(1L, 2L, 1L, 2L, 1L, 2L);
        assertThatThrownBy(() ->
                        SynthTree.write(SynthOptions.builder().era(Era.CHIP).build(), 2, 1, tmp.resolve("x")))
                .hasMessage("a multi-rank tree is of the streams era (--era streams)");
    }

    /** Every file under {@code dir}, relative. */
    private static List<String> files(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir))
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }

    @Test
    void aSingleCaptureWhoseHostLogCannotBeWrittenLeavesNothing() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.createDirectory(run.resolve("host.4242.log")); // a folder where the log must go
        assertThatThrownBy(() -> SynthRun.write(streams("tmr"), run)).isInstanceOf(RuntimeException.class);
        assertThat(files(run)).containsExactly("host.4242.log");
    }

    @Test
    void aTreeThatFailsPartWayLeavesNothingOfIt() throws IOException {
        Path root = tmp.resolve("dfx_outputs");
        // the last rank's Host log cannot be put in place: everything written before it must go again
        Files.createDirectories(root.resolve("host.5002.log"));
        assertThatThrownBy(() -> SynthTree.write(streams("tmr"), 3, 2, root)).isInstanceOf(RuntimeException.class);
        assertThat(files(root)).containsExactly("host.5002.log");
        // and a tree whose root did not exist is gone with its folders
        Path fresh = tmp.resolve("fresh/dfx_outputs");
        Files.createDirectories(fresh.resolve("rank1/d1/deps.json"));
        assertThatThrownBy(() -> SynthTree.write(streams("tmr"), 2, 2, fresh)).isInstanceOf(RuntimeException.class);
        assertThat(files(fresh)).containsExactly("rank1", "rank1/d1", "rank1/d1/deps.json");
    }
}
