package io.ptotrace.check;

import static io.ptotrace.check.Deps.arg;
import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.TaskIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every rule and arg type on hand-made graphs. Buffer A: FLOAT32 × 64 at 0x1000 (bytes 4096..4352). */
class HazardRulesTest {
    static final long A = 77, B = 78;
    static final long ADDR = 0x1000;

    @TempDir
    Path dir;

    final List<String> warnings = new ArrayList<>();

    private Deps deps() {
        return new Deps().tensor(A, ADDR, 0, "FLOAT32", 64);
    }

    private static Map<String, Object> f32(String type, long offset, long n) {
        return arg(type, A, "FLOAT32", offset, n);
    }

    /** kind first-task:slot -> second-task:slot [bytes…] certainty. */
    private List<String> found(Deps d) {
        List<String> out = new ArrayList<>();
        for (Finding f : d.check(dir, warnings).findings()) {
            StringBuilder sb = new StringBuilder(f.kind().key)
                    .append(' ')
                    .append(f.first().taskId())
                    .append(':')
                    .append(f.first().slot())
                    .append(" -> ")
                    .append(f.second().taskId())
                    .append(':')
                    .append(f.second().slot());
            for (int i = 0; i < f.bytes().length; i += 2)
                sb.append(" [")
                        .append(f.bytes()[i])
                        .append(',')
                        .append(f.bytes()[i + 1])
                        .append(')');
            if (!f.certain()) sb.append(" possible");
            if (f.manualScope()) sb.append(" manual");
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void theIssue1306PatternIsAnUntrackedReader() {
        // W0 write X -> R0 read X -> W1 overwrite X, with R0 a plain INPUT: W1 does not wait for R0
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64))
                .task(2, f32("INPUT", 0, 64))
                .task(3, f32("INOUT", 0, 64))
                .edge(1, 2)
                .edge(1, 3);
        assertThat(found(d)).containsExactly("untracked_reader 2:0 -> 3:0 [4096,4352)");
        List<Finding> fs = d.check(dir, warnings).findings();
        assertThat(fs.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(fs.get(0).kind().fix(fs.get(0))).contains("TRACKED_INPUT");
    }

    @Test
    void aTrackedReaderWithoutItsWarEdgeIsALostWarAndWithItNothing() {
        Deps lost = deps().task(1, f32("OUTPUT_EXISTING", 0, 64))
                .task(2, f32("TRACKED_INPUT", 0, 32))
                .task(3, f32("OUTPUT_EXISTING", 16, 32))
                .edge(1, 2)
                .edge(1, 3);
        assertThat(found(lost)).containsExactly("lost_war 2:0 -> 3:0 [4160,4224)");
        assertThat(lost.check(dir, warnings).findings().get(0).severity()).isEqualTo(Severity.ERROR);
        Deps kept = deps().task(1, f32("OUTPUT_EXISTING", 0, 64))
                .task(2, f32("TRACKED_INPUT", 0, 32))
                .task(3, f32("OUTPUT_EXISTING", 16, 32))
                .edge(1, 2)
                .edge(2, 3);
        assertThat(found(kept)).isEmpty(); // 1 -> 2 -> 3 orders the writers too
    }

    @Test
    void aReadNeedsAPathFromTheLastWriterOnlyNotFromOverwrittenOnes() {
        // 1 writes all, 2 overwrites the first half (after 1), 3 reads the first half with a path from 2 only
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("OUTPUT_EXISTING", 0, 32))
                .task(3, f32("INPUT", 0, 32))
                .edge(1, 2)
                .edge(2, 3);
        assertThat(found(d)).isEmpty();
        // the second half's last writer is 1: reading it too without a path from 1 is a lost RAW edge on those bytes
        // only
        Deps e = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("OUTPUT_EXISTING", 0, 32))
                .task(3, f32("INPUT", 0, 64))
                .edge(2, 3);
        assertThat(found(e))
                .containsExactlyInAnyOrder(
                        "lost_raw 1:0 -> 3:0 [4224,4352)", "unordered_writers 1:0 -> 2:0 [4096,4224)");
    }

    @Test
    void anInoutLosingItsPreviousWriterIsOneLostRawNotTwoFindings() {
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64)).task(2, f32("INOUT", 0, 64));
        assertThat(found(d)).containsExactly("lost_raw 1:0 -> 2:0 [4096,4352)");
    }

    @Test
    void anOutputExistingAfterAnUnorderedInoutIsAnUnorderedOverwriteAfterAnOutputUnorderedWriters() {
        Deps overwrite = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("INOUT", 0, 16))
                .task(3, f32("OUTPUT_EXISTING", 8, 16))
                .edge(1, 2)
                .edge(1, 3);
        assertThat(found(overwrite)).containsExactly("unordered_overwrite 2:0 -> 3:0 [4128,4160)");
        Deps writers = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("OUTPUT_EXISTING", 0, 16))
                .task(3, f32("OUTPUT_EXISTING", 8, 16))
                .edge(1, 2)
                .edge(1, 3);
        assertThat(found(writers)).containsExactly("unordered_writers 2:0 -> 3:0 [4128,4160)");
        assertThat(writers.check(dir, warnings).findings().get(0).severity()).isEqualTo(Severity.INFO);
        // an OUTPUT needs nothing: a fresh allocation of the bytes
        Deps fresh = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("INPUT", 0, 64))
                .task(3, f32("OUTPUT", 0, 64))
                .edge(1, 2);
        assertThat(found(fresh)).isEmpty();
    }

    @Test
    void aliasingArgsInsideOneTaskNeverPairAndTheTasksWriteSupersedesItsRead() {
        // one task reads and updates the same bytes through two slots: no self-dependency
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("INPUT", 0, 64), f32("INOUT", 0, 64))
                .edge(1, 2);
        assertThat(found(d)).isEmpty();
        // a later OUTPUT_EXISTING without a path from task 2 pairs with its INOUT (the write), not its INPUT
        d.task(3, f32("OUTPUT_EXISTING", 0, 8)).edge(1, 3);
        assertThat(found(d)).containsExactly("unordered_overwrite 2:1 -> 3:0 [4096,4128)");
    }

    @Test
    void partialOverlapsOfStridedSlicesGiveTheSharedBytesOnly() {
        // A as 8 x 8: task 2 reads columns 2..6 of every row, task 3 updates columns 4..8 of rows 0..4
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, arg("INPUT", A, "FLOAT32", 2, new long[] {8, 4}, new long[] {8, 1}))
                .task(3, arg("INOUT", A, "FLOAT32", 4, new long[] {4, 4}, new long[] {8, 1}))
                .edge(1, 2)
                .edge(1, 3);
        // shared: columns 4..6 of rows 0..4
        assertThat(found(d))
                .containsExactly("untracked_reader 2:0 -> 3:0 [4112,4120) [4144,4152) [4176,4184) [4208,4216)");
    }

    @Test
    void slicesThatInterleaveWithoutOverlappingNeedNoOrder() {
        // even rows and odd rows of A as 8 x 8: no byte in common
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, arg("INPUT", A, "FLOAT32", 0, new long[] {4, 8}, new long[] {16, 1}))
                .task(3, arg("INOUT", A, "FLOAT32", 8, new long[] {4, 8}, new long[] {16, 1}))
                .task(4, arg("OUTPUT_EXISTING", A, "FLOAT32", 0, new long[] {32}, new long[] {2}))
                .task(5, arg("TRACKED_INPUT", A, "FLOAT32", 1, new long[] {32}, new long[] {2}))
                .edge(1, 2)
                .edge(1, 3)
                .edge(1, 5)
                .edge(3, 5);
        // 4 (even elements) and 5 (odd elements) interleave: nothing between them; 4 meets 2's even rows and 3's odd
        // rows
        List<String> f = found(d);
        assertThat(f).hasSize(3).noneMatch(x -> x.contains("5:0"));
        assertThat(f)
                .anyMatch(x -> x.startsWith(
                        "untracked_reader 2:0 -> 4:0 [4096,4100) [4104,4108) [4112,4116) [4120,4124) [4160,4164)"))
                .anyMatch(x -> x.startsWith("unordered_writers 1:0 -> 4:0 [4096,4100)"))
                .anyMatch(x -> x.startsWith("unordered_overwrite 3:0 -> 4:0 [4128,4132) [4136,4140)"));
    }

    @Test
    void interleavedSlicesAloneGiveNothing() {
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, arg("INPUT", A, "FLOAT32", 0, new long[] {4, 8}, new long[] {16, 1}))
                .task(3, arg("INOUT", A, "FLOAT32", 8, new long[] {4, 8}, new long[] {16, 1}))
                .edge(1, 2)
                .edge(1, 3);
        assertThat(found(d)).isEmpty();
    }

    @Test
    void noDepArgsAreNotChecked() {
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("NO_DEP", 0, 64))
                .task(3, f32("NO_DEP", 0, 64))
                .task(4, f32("INPUT", 0, 64))
                .edge(1, 4);
        assertThat(found(d)).isEmpty();
    }

    @Test
    void crossRingReadersAreJudgedLikeAnyOtherAndNamedWithTheirRing() {
        long w0 = TaskIds.make(0, 5), reader = TaskIds.make(1, 2), w1 = TaskIds.make(0, 6);
        Deps d = deps().task(w0, f32("OUTPUT_EXISTING", 0, 64))
                .task(reader, f32("TRACKED_INPUT", 0, 64))
                .task(w1, f32("INOUT", 0, 64))
                .edge(w0, reader)
                .edge(w0, w1);
        List<Finding> fs = d.check(dir, warnings).findings();
        assertThat(fs).hasSize(1);
        assertThat(fs.get(0).kind()).isEqualTo(HazardKind.LOST_WAR);
        assertThat(fs.get(0).first().display()).isEqualTo("func_1_b(r1t2)");
        assertThat(fs.get(0).second().display()).isEqualTo("func_1_b(t6)");
        // the WAR edge across rings orders them
        d.edge(reader, w1);
        assertThat(found(d)).isEmpty();
    }

    @Test
    void hostOrchestratedCapturesOrderThroughNodesThatAreNotTasks() {
        // a host write node (an edge endpoint without a tasks[] entry) between reader and writer is a path; the
        // host write itself is not checked
        long host = TaskIds.make(3, 1);
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64))
                .task(2, f32("INPUT", 0, 64))
                .task(3, f32("INOUT", 0, 64))
                .edge(1, 2)
                .edge(1, 3)
                .edge(2, host)
                .edge(host, 3);
        assertThat(found(d)).isEmpty();
    }

    @Test
    void aManualScopeMakesErrorsWarningsAndSaysSo() {
        Deps d = deps().task(1, "manual", 1, f32("OUTPUT_EXISTING", 0, 64)).task(2, "manual", 1, f32("INOUT", 0, 64));
        List<Finding> fs = d.check(dir, warnings).findings();
        assertThat(fs).hasSize(1);
        assertThat(fs.get(0).kind()).isEqualTo(HazardKind.LOST_RAW);
        assertThat(fs.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(fs.get(0).manualScope()).isTrue();
    }

    @Test
    void buffersReusedInAnotherVersionAreNotCompared() {
        Deps d = deps().tensor(B, ADDR, 1, "FLOAT32", 64)
                .task(1, f32("OUTPUT", 0, 64))
                .task(2, arg("OUTPUT", B, "FLOAT32", 0, 64))
                .task(3, arg("INPUT", B, "FLOAT32", 0, 64))
                .edge(2, 3);
        assertThat(found(d)).isEmpty();
    }

    @Test
    void unplaceableRegionsUseTheirBoundingRangeAndArePossible() {
        // a stride-0 broadcast read of 4 elements from element 8
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64))
                .task(2, arg("INPUT", A, "FLOAT32", 8, new long[] {16, 4}, new long[] {0, 1}));
        assertThat(found(d)).containsExactly("lost_raw 1:0 -> 2:0 [4128,4144) possible");
    }

    @Test
    void aBufferAddressOf2To63OrMoreIsCheckedLikeAnyOther() {
        // the same untracked reader as above, with the buffer in the upper half of the unsigned address space
        long high = 0x8000_0000_0000_1000L;
        for (long addr : new long[] {high, -4096}) {
            Deps d = new Deps()
                    .tensor(A, addr, 0, "FLOAT32", 64)
                    .task(1, f32("OUTPUT_EXISTING", 0, 64))
                    .task(2, f32("INPUT", 8, 8))
                    .task(3, f32("INOUT", 0, 64))
                    .edge(1, 2)
                    .edge(1, 3);
            HazardCheck.Result r = d.check(dir, warnings);
            assertThat(r.unplaced()).isZero();
            assertThat(r.findings()).hasSize(1);
            Finding f = r.findings().get(0);
            assertThat(f.kind()).isEqualTo(HazardKind.UNTRACKED_READER);
            assertThat(f.certain()).isTrue();
            assertThat(f.bufferAddr()).isEqualTo(addr);
            assertThat(f.bytes()).containsExactly(addr + 32, addr + 64);
        }
    }

    @Test
    void aSliceWithoutUsableGeometryIsTheWholeBufferAndItsFindingsArePossible() {
        for (String member : new String[] {"start_offset", "shape", "strides", "dtype"}) {
            Map<String, Object> bad = new java.util.LinkedHashMap<>(f32("INPUT", 8, 4));
            bad.put(member, member.equals("start_offset") ? "12abc" : "x");
            Deps d = deps().task(1, f32("OUTPUT_EXISTING", 40, 8)).task(2, bad);
            HazardCheck.Result r = d.check(dir, warnings);
            assertThat(found(d)).as(member).containsExactly("lost_raw 1:0 -> 2:0 [4256,4288) possible");
            assertThat(r.unplaced()).isZero();
        }
    }

    @Test
    void anAccessWhoseTensorHasNoAddressIsCountedAsUnchecked() {
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64)).task(2, arg("INPUT", 99, "FLOAT32", 0, 64));
        HazardCheck.Result r = d.check(dir, warnings);
        assertThat(r.findings()).isEmpty();
        assertThat(r.unplaced()).isEqualTo(1);
        assertThat(CheckReport.summary(r)).endsWith("; 1 access(es) not checked (their tensor has no buffer address)");
    }

    @Test
    void withoutEdgesNothingIsOrderedAndTheCheckSaysSo() {
        Deps d = deps().task(1, f32("OUTPUT_EXISTING", 0, 64)).task(2, f32("INPUT", 0, 64));
        d.withEdges = false;
        assertThat(found(d)).containsExactly("lost_raw 1:0 -> 2:0 [4096,4352)");
        assertThat(warnings).anyMatch(w -> w.contains("has no 'edges' array"));
    }

    @Test
    void idsRunningBackwardsWithinARingAreSaidOnce() {
        Deps d = deps().task(5, f32("OUTPUT", 0, 64))
                .task(4, f32("INPUT", 0, 64))
                .task(3, f32("INPUT", 0, 64))
                .edge(5, 4)
                .edge(5, 3);
        assertThat(found(d)).isEmpty();
        assertThat(warnings.stream().filter(w -> w.contains("run backwards"))).hasSize(1);
    }

    @Test
    void tensormapEdgesWhoseRecordedRegionsDoNotOverlapAreReported() {
        Deps d = deps().task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("INPUT", 32, 32))
                .edge(1, 2, 0, "tensormap");
        Map<String, Object> e = d.lastEdge();
        e.put("tensor_id", Long.toString(A));
        e.put("producer_shape", new long[] {16});
        e.put("producer_start_offset", "0");
        e.put("producer_strides", new long[] {1});
        assertThat(found(d)).containsExactly("edge_without_overlap 1:0 -> 2:0");
        // overlapping, or without producer geometry: nothing
        e.put("producer_shape", new long[] {40});
        assertThat(found(d)).isEmpty();
        e.remove("producer_shape");
        assertThat(found(d)).isEmpty();
    }

    @Test
    void aDiamondOfPathsOrdersWithoutADirectEdge() {
        Deps d = deps().tensor(B, 0x9000, 0, "INT8", 16)
                .task(1, f32("OUTPUT", 0, 64))
                .task(2, f32("INPUT", 0, 64))
                .task(3, arg("OUTPUT", B, "INT8", 0, 16))
                .task(4, arg("INPUT", B, "INT8", 0, 16))
                .task(5, f32("INOUT", 0, 64))
                .edge(1, 2)
                .edge(2, 3)
                .edge(3, 4)
                .edge(4, 5)
                .edge(1, 5);
        assertThat(found(d)).isEmpty();
    }
}
