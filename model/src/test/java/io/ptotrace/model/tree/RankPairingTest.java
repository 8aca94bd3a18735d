package io.ptotrace.model.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.model.clock.CaptureWindows;
import io.ptotrace.model.clock.HostLog;
import io.ptotrace.model.clock.HostWindow;
import io.ptotrace.model.clock.PlacementFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pairing of the directory sample's ranks with its Host logs, against what the reference found for it. */
class RankPairingTest {
    static final Path CASE = Path.of("..", "testdata", "conformance", "streams_sample_dir_dispatch");
    static final Path ROOT = CASE.resolve("dfx_outputs");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The capture's device bounds, straight from its records (as the placement defines them). */
    static CaptureWindows windows(Path records) throws IOException {
        JsonNode d = JSON.readTree(records.toFile());
        CaptureWindows.Bounds ext = new CaptureWindows.Bounds(),
                sched = new CaptureWindows.Bounds(),
                orch = new CaptureWindows.Bounds();
        for (JsonNode r : d.get("aicore_tasks")) {
            ext.add(r.get(3).asLong() - r.get(5).asLong());
            ext.add(r.get(3).asLong());
            ext.add(r.get(4).asLong());
        }
        for (JsonNode r : d.path("scheduler_tasks").path("records")) {
            ext.add(r.get(2).asLong());
            ext.add(r.get(3).asLong());
        }
        for (JsonNode st : d.path("scheduler_records").path("streams"))
            for (JsonNode r : st.get("records")) {
                for (String k : new String[] {"start_cycles", "end_cycles"}) {
                    ext.add(r.get(k).asLong());
                    if ("aicpu".equals(st.path("producer").asText()))
                        sched.add(r.get(k).asLong());
                }
            }
        for (JsonNode th : d.path("aicpu_orchestrator_phases"))
            for (JsonNode r : th)
                for (String k : new String[] {"start_cycles", "end_cycles"}) {
                    ext.add(r.get(k).asLong());
                    orch.add(r.get(k).asLong());
                }
        return new CaptureWindows(ext.get(), sched.get(), orch.get());
    }

    private static List<RankPairing.Capture> captures(DispatchSelection sel) throws IOException {
        List<RankPairing.Capture> l = new ArrayList<>();
        for (DispatchSelection.Capture c : sel.captures)
            l.add(new RankPairing.Capture(c.rank, windows(c.records), 50_000_000L, c.identity));
        return l;
    }

    private static JsonNode tree(Object v) throws IOException {
        return JSON.readTree(JSON.writeValueAsString(v));
    }

    private static List<HostWindow> hostWindows() {
        return HostWindow.of(HostLog.read(TreeHostLogs.of(ROOT, List.of())));
    }

    @Test
    void sidecarAndWindowFitAsTheReference() throws IOException {
        DispatchSelection sel = DispatchSelection.byDispatch(RankTree.of(ROOT), "d0");
        List<RankPairing.Pair> pairs = RankPairing.pair(captures(sel), hostWindows(), List.of());
        JsonNode golden = JSON.readTree(CASE.resolve("golden_l3_swimlane.json").toFile())
                .get("metadata")
                .get("ranks");
        for (int i = 0; i < 2; i++) {
            assertThat(tree(pairs.get(i).metadata())).isEqualTo(golden.get(i).get("host_pairing"));
            assertThat(tree(pairs.get(i).placement.metadata()))
                    .isEqualTo(golden.get(i).get("placement"));
        }
    }

    @Test
    void aPinChoosesTheInvocation() throws IOException {
        DispatchSelection sel = DispatchSelection.byDispatch(RankTree.of(ROOT), "d1");
        List<RankPairing.Pair> pairs =
                RankPairing.pair(captures(sel), hostWindows(), List.of(RankPin.parse("1=5001:2")));
        JsonNode golden = JSON.readTree(CASE.resolve("golden_l3_d1_pinned.json").toFile())
                .get("metadata")
                .get("ranks");
        for (int i = 0; i < 2; i++) {
            assertThat(tree(pairs.get(i).metadata())).isEqualTo(golden.get(i).get("host_pairing"));
            assertThat(tree(pairs.get(i).placement.metadata()))
                    .isEqualTo(golden.get(i).get("placement"));
        }
        assertThat(pairs.get(1).metadata()).containsEntry("source", "pinned");
    }

    @Test
    void pinsAreChecked() throws IOException {
        List<RankPairing.Capture> c = captures(DispatchSelection.byDispatch(RankTree.of(ROOT), "d1"));
        assertThatThrownBy(() -> RankPairing.pair(c, hostWindows(), List.of(RankPin.parse("1=5001"))))
                .isInstanceOf(PlacementFailure.class)
                .hasMessage(
                        "pinned pairing 1=5001 names a pid with 2 placeable invocations (inv 1, 2); name the invocation too, as 1=5001:INV");
        assertThatThrownBy(() -> RankPairing.pair(c, hostWindows(), List.of(RankPin.parse("1=5001:9"))))
                .hasMessage(
                        "pinned pairing 1=5001:9 names an invocation with no placeable chip.run.runner_run window in the Host logs");
        assertThatThrownBy(() -> RankPairing.pair(c, hostWindows(), List.of(RankPin.parse("3=5001:1"))))
                .hasMessage("pinned pairing names a capture that is not being merged: [3]");
        assertThatThrownBy(() -> RankPairing.pair(
                        c, hostWindows(), List.of(RankPin.parse("0=5001:2"), RankPin.parse("1=5001:2"))))
                .hasMessage("pinned pairing sends two captures to one Host invocation");
        assertThatThrownBy(() -> RankPairing.pair(c, List.of(), List.of()))
                .hasMessage(
                        "the Host logs hold no chip.run.runner_run / chip.run.runner_run.device_wall pair; nothing brackets the device work");
    }
}
