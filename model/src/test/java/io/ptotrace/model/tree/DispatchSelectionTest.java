package io.ptotrace.model.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DispatchSelectionTest {
    private static final String DIGEST = "5cccd09bf6b7269d378909711e7c110395d6be6d57ae897b3571a44dcbd9b341";

    @TempDir
    Path root;

    /** 2 ranks × 2 dispatches; dispatch d of every rank is parent dispatch 17:d of a group of 2. */
    private void tree(boolean sidecars) throws IOException {
        for (int r = 0; r < 2; r++)
            for (int d = 0; d < 2; d++) {
                Path dir = Files.createDirectories(root.resolve("rank" + r).resolve("d" + d));
                Files.writeString(dir.resolve("chip_swimlane_records.json"), "{}");
                if (sidecars)
                    Files.writeString(
                            dir.resolve("dispatch_identity.json"),
                            sidecar(r, d, 17, d, r, 2, r == 0 ? ",\"host_pid\":5000" : ""));
            }
    }

    private static String sidecar(int rank, int capture, long run, long slot, long index, long size, String extra) {
        return "{\"schema_version\":1,\"run_id\":" + run + ",\"task_slot\":" + slot + ",\"group_index\":" + index
                + ",\"group_size\":" + size
                + ",\"chip_rank\":" + rank + ",\"local_capture_index\":" + capture + ",\"endpoint_dispatch_id\":"
                + (capture + 1)
                + ",\"pipeline_slot\":0,\"pipeline_generation\":1" + extra + ",\"callable_digest\":\"" + DIGEST + "\"}";
    }

    @Test
    void dispatchAndDispatchIdSelectTheSamePair() throws IOException {
        tree(true);
        RankTree t = RankTree.of(root);
        assertThat(t.ranks).extracting(r -> r.number).containsExactly(0, 1);
        DispatchSelection byName = DispatchSelection.byDispatch(t, "d0");
        DispatchSelection byId = DispatchSelection.byDispatchId(t, "17:0");
        assertThat(byName.captures)
                .extracting(c -> root.relativize(c.dir).toString())
                .containsExactly("rank0/d0", "rank1/d0");
        assertThat(byId.captures)
                .extracting(c -> c.dir)
                .isEqualTo(byName.captures.stream().map(c -> c.dir).toList());
        assertThat(byName.pairing).containsEntry("dispatch_pairing", "parent_dispatch_identity");
        assertThat(byName.pairing.get("dispatch_identity"))
                .isEqualTo(Map.of("run_id", 17L, "task_slot", 0L, "group_size", 2L, "callable_digest", DIGEST));
        assertThat(byId.pairing).isEqualTo(byName.pairing);
        assertThat(byName.captures.get(0).identity.hostPid).isEqualTo(5000);
        assertThat(byName.captures.get(1).identity.hostPid).isEqualTo(-1);
        assertThat(DispatchSelection.byDispatchId(t, "17:1").captures)
                .extracting(c -> root.relativize(c.dir).toString())
                .containsExactly("rank0/d1", "rank1/d1");
    }

    @Test
    void withoutSidecarsCapturesPairByFolder() throws IOException {
        tree(false);
        DispatchSelection s = DispatchSelection.byDispatch(RankTree.of(root), "d1");
        assertThat(s.captures).hasSize(2);
        assertThat(s.pairing).isEqualTo(Map.of("dispatch_pairing", "local_capture_index"));
        assertThatThrownBy(() -> DispatchSelection.byDispatchId(RankTree.of(root), "17:1"))
                .hasMessage("no Rank captures found for parent dispatch 17:1");
    }

    @Test
    void aMissingRankIsNamedAndTheOthersStay() throws IOException {
        tree(true);
        Files.delete(root.resolve("rank1/d1/chip_swimlane_records.json"));
        DispatchSelection s = DispatchSelection.byDispatch(RankTree.of(root), "d1");
        assertThat(s.captures).extracting(c -> c.rank).containsExactly(0);
        assertThat(s.missing)
                .extracting(m -> m.reason)
                .containsExactly("rank1 is missing d1/chip_swimlane_records.json");
        DispatchSelection id = DispatchSelection.byDispatchId(RankTree.of(root), "17:1");
        assertThat(id.captures).extracting(c -> c.rank).containsExactly(0);
        assertThat(id.missing)
                .extracting(m -> m.reason)
                .containsExactly("rank1 holds no capture of parent dispatch 17:1");
    }

    @Test
    void optionFormsAreChecked() {
        assertThatThrownBy(() -> DispatchSelection.checkDispatch("0"))
                .hasMessage("--dispatch must name dN (for example, --dispatch d0)");
        assertThatThrownBy(() -> DispatchSelection.parseDispatchId("17"))
                .hasMessage("--dispatch-id must use RUN_ID:TASK_SLOT (for example, 17:5)");
        assertThat(DispatchSelection.parseDispatchId("17:5")).containsExactly(17, 5);
        RankPin p = RankPin.parse("1=5001:2");
        assertThat(List.of(p.rank, p.pid, p.inv)).containsExactly(1, 5001L, 2L);
        assertThat(RankPin.parse("0=4242").inv).isEqualTo(-1);
        assertThatThrownBy(() -> RankPin.parse("x"))
                .hasMessage("--rank-pid must be RANK=PID or RANK=PID:INV (for example, 0=4242), not 'x'");
        assertThatThrownBy(() -> RankPin.parse("0=1:a"))
                .hasMessage("--rank-pid invocation must be a number, as RANK=PID:INV, not '0=1:a'");
    }

    @Test
    void treeShapeErrors() throws IOException {
        assertThatThrownBy(() -> RankTree.of(root)).hasMessage("no rankN directories found under " + root);
        Files.createDirectories(root.resolve("rank1"));
        Files.createDirectories(root.resolve("rank01"));
        assertThatThrownBy(() -> RankTree.of(root)).hasMessage("duplicate Rank number 1 under " + root);
        Files.delete(root.resolve("rank01"));
        Files.createDirectories(root.resolve("rankX"));
        assertThatThrownBy(() -> RankTree.of(root))
                .isInstanceOf(InputProblem.class)
                .hasMessage("invalid Rank directory name: rankX (expected rankN)");
    }

    @Test
    void sidecarChecks() throws IOException {
        Path dir = Files.createDirectories(root.resolve("rank0/d0"));
        Path f = dir.resolve("dispatch_identity.json");
        String ok = sidecar(0, 0, 17, 0, 0, 2, "");
        Files.writeString(f, ok);
        assertThat(DispatchIdentity.read(f).runId).isEqualTo(17);
        Object[][] bad = {
            {ok.replace("\"schema_version\":1", "\"schema_version\":2"), "unsupported dispatch identity schema: "},
            {ok.replace("\"run_id\":17", "\"run_id\":true"), "dispatch identity run_id must be an integer: "},
            {ok.replace("\"run_id\":17", "\"run_id\":0"), "dispatch identity has an invalid parent key: "},
            {
                ok.replace("\"pipeline_generation\":1", "\"pipeline_generation\":0"),
                "dispatch identity has invalid endpoint diagnostics: "
            },
            {ok.replace("\"group_index\":0", "\"group_index\":2"), "dispatch identity has invalid group membership: "},
            {
                ok.replace("\"pipeline_slot\":0", "\"pipeline_slot\":0,\"host_pid\":0"),
                "dispatch identity host_pid must be a positive integer: "
            },
            {ok.replace(DIGEST, "ABC"), "dispatch identity has an invalid callable digest: "},
            {ok.replace("\"chip_rank\":0", "\"chip_rank\":1"), "dispatch identity disagrees with its rankN/dN path: "},
        };
        for (Object[] b : bad) {
            Files.writeString(f, (String) b[0]);
            assertThatThrownBy(() -> DispatchIdentity.read(f)).hasMessage(b[1] + f.toString());
        }
        Path loose = root.resolve("dispatch_identity.json");
        Files.writeString(loose, ok);
        assertThatThrownBy(() -> DispatchIdentity.read(loose))
                .hasMessage("dispatch identity is not below rankN/dN: " + loose);
    }

    @Test
    void groupChecks() throws IOException {
        tree(true);
        Files.writeString(root.resolve("rank1/d0/dispatch_identity.json"), sidecar(1, 0, 17, 0, 0, 2, ""));
        assertThatThrownBy(() -> DispatchSelection.byDispatch(RankTree.of(root), "d0"))
                .hasMessage("incomplete parent dispatch 17:0: expected group indexes 0..1, found [0, 0]");
        Files.writeString(root.resolve("rank1/d0/dispatch_identity.json"), sidecar(1, 0, 18, 0, 1, 2, ""));
        assertThatThrownBy(() -> DispatchSelection.byDispatch(RankTree.of(root), "d0"))
                .hasMessage(
                        "d0 refers to different parent dispatches across Ranks; use --dispatch-id RUN_ID:TASK_SLOT");
        Files.writeString(root.resolve("rank1/d0/dispatch_identity.json"), sidecar(1, 0, 17, 1, 1, 2, ""));
        assertThatThrownBy(() -> DispatchSelection.byDispatchId(RankTree.of(root), "17:1"))
                .hasMessage(
                        "parent dispatch 17:1 has several captures on the same Rank [1]; one Rank contributes at most one capture to a group");
        Files.delete(root.resolve("rank1/d0/dispatch_identity.json"));
        assertThatThrownBy(() -> DispatchSelection.byDispatch(RankTree.of(root), "d0"))
                .hasMessage("d0 has dispatch identity metadata for only 1/2 Ranks");
    }
}
