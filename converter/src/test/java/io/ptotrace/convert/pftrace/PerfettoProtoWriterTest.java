package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.RunPictures;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.proto.TrackDescriptor;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PerfettoProtoWriterTest {

    private static Readback writeAndRead(TracePicture pic, PerfettoProtoWriter.Report[] report) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.Report r = PerfettoProtoWriter.write(pic, out, ArgSet.FULL);
        if (report != null) report[0] = r;
        assertThat(r.bytes).isEqualTo(out.size());
        return new Readback(out.toByteArray());
    }

    private static Readback.Slice find(Readback rb, int pid, int tid, String name, long ts) {
        for (Readback.Slice s : rb.slices) {
            TrackDescriptor lane = rb.lane(s);
            if (s.name.equals(name)
                    && s.ts == ts
                    && lane.getThread().getPid() == pid
                    && lane.getThread().getTid() == tid) return s;
        }
        throw new AssertionError("no slice " + name + " at " + ts + " on " + pid + "/" + tid);
    }

    @Test
    void sampleRoundTrips() throws Exception {
        TestPictures.Builder b = TestPictures.sample();
        TracePicture pic = b.pic;
        PerfettoProtoWriter.Report[] rep = new PerfettoProtoWriter.Report[1];
        Readback rb = writeAndRead(pic, rep);
        assertThat(rb.errors).isEmpty();

        // processes: last name wins, ranks follow process_sort_index
        Map<Integer, TrackDescriptor> procs = new HashMap<>();
        for (TrackDescriptor t : rb.tracks.values())
            if (t.hasProcess()) procs.put(t.getProcess().getPid(), t);
        assertThat(procs).containsOnlyKeys(2, 3, 4);
        assertThat(procs.get(4).getProcess().getProcessName()).isEqualTo("Worker View");
        assertThat(procs.get(2).getSiblingOrderRank()).isLessThan(procs.get(3).getSiblingOrderRank());
        assertThat(procs.get(3).getSiblingOrderRank()).isLessThan(procs.get(4).getSiblingOrderRank());
        assertThat(procs.get(4).getChildOrdering()).isEqualTo(TrackDescriptor.ChildTracksOrdering.EXPLICIT);

        // threads: same tid in two pids stays two thread tracks with the real pid
        List<String> threads = rb.tracks.values().stream()
                .filter(TrackDescriptor::hasThread)
                .map(t -> t.getThread().getPid() + "/" + t.getThread().getTid() + "="
                        + t.getThread().getThreadName())
                .sorted()
                .collect(Collectors.toList());
        assertThat(threads)
                .containsExactly(
                        "2/30000=Sched_0",
                        "3/10000=AIC_0",
                        "3/10010=AIV_1",
                        "3/10020=",
                        "4/10000=AIC_0",
                        "4/10010=AIV_1");
        for (TrackDescriptor t : rb.tracks.values()) {
            if (t.hasThread())
                assertThat(t.getParentUuid())
                        .isEqualTo(procs.get(t.getThread().getPid()).getUuid());
        }

        // slices: names, ts, dur (ns), args
        List<Readback.Slice> real = rb.slices.stream()
                .filter(s -> !PftraceConventions.isMarkerCategory(s.category))
                .collect(Collectors.toList());
        assertThat(real).hasSize(pic.sliceCount());
        Readback.Slice t0 = find(rb, 4, 10000, "QK(t0)", 8_000);
        assertThat(t0.dur).isEqualTo(42_000);
        assertThat(t0.category).isEqualTo("event");
        assertThat(t0.args)
                .containsEntry("event-hint", "Task:t0, FuncId:0, CoreId:0")
                .containsEntry("duration-us", 42.0)
                .containsEntry("taskId", 0L);
        Readback.Slice t1 = find(rb, 4, 10010, "SF(t1)", 57_000);
        assertThat(t1.args)
                .containsEntry("taskId", "u18446744073709551614")
                .containsEntry("shape", List.of(1L, 2L, 3L));
        Readback.Slice t2 = find(rb, 4, 10010, "func_2_c(r1t2)", 109_000);
        assertThat(t2.args)
                .containsEntry("map", Map.of("a", 1L))
                .containsEntry("nothing", "json:null")
                .containsEntry("ok", true);
        assertThat(t2.dur).isEqualTo(21_000);

        // the overlapping Scheduler View slice went to an overflow child track of its lane
        Readback.Slice s2 = find(rb, 3, 10010, "func_2_c(r1t2)", 103_000);
        TrackDescriptor of = rb.track(s2.track);
        assertThat(of.hasThread()).isFalse();
        assertThat(of.getName()).isEqualTo("AIV_1 (overflow 1)");
        assertThat(of.getSiblingMergeBehavior())
                .isEqualTo(TrackDescriptor.SiblingMergeBehavior.SIBLING_MERGE_BEHAVIOR_NONE);
        assertThat(rep[0].overflowSlices).isEqualTo(1);
        assertThat(rep[0].overflowExamples).hasSize(1);

        // counters: one track per (pid, tid, name, arg key), parented to the process
        Map<String, List<Double>> byTrack = new HashMap<>();
        for (int i = 0; i < rb.counters.size(); i++) {
            TrackDescriptor t = rb.track(rb.counters.get(i)[0]);
            assertThat(t.hasCounter()).isTrue();
            assertThat(t.getParentUuid()).isEqualTo(procs.get(2).getUuid());
            byTrack.computeIfAbsent(t.getName(), k -> new ArrayList<>()).add(rb.counterValues.get(i));
        }
        assertThat(byTrack)
                .containsOnlyKeys(
                        "shared_ready_queue AIC",
                        "shared_ready_queue AIV",
                        "shared_ready_queue MIX",
                        "oh_aic_idle oh_aic_idle");
        assertThat(byTrack.get("shared_ready_queue MIX")).containsExactly(2.0, 1.0);

        // arrows: every flow id once as a source, once as terminating; each binds the right slices
        assertThat(rb.flowIdsSeen)
                .hasSize(pic.flowCount())
                .allSatisfy((k, v) -> assertThat(v).isEqualTo(1));
        assertThat(rb.terminatingSeen).isEqualTo(rb.flowIdsSeen);
        assertThat(rb.flows).hasSize(pic.flowCount());
        Map<Long, Readback.Flow> flows = new HashMap<>();
        for (Readback.Flow f : rb.flows) flows.put(f.id, f);
        for (int f = 0; f < pic.flowCount(); f++) {
            Readback.Flow rf = flows.get(PftraceConventions.flowId(f, pic.flowKind(f)));
            assertThat(rf).as("flow %d", f).isNotNull();
            assertThat(PftraceConventions.kindOf(rf.id)).isEqualTo(pic.flowKind(f));
            List<Readback.Slice> ends = List.of(rf.out, rf.in);
            for (int end = 0; end < 2; end++) {
                int slice = end == 0 ? pic.flowSrcSlice(f) : pic.flowDstSlice(f);
                if (slice >= 0) {
                    Readback.Slice want = find(
                            rb,
                            pic.slicePid(slice),
                            pic.sliceTid(slice),
                            b.names.get(slice),
                            PerfettoProtoWriter.ns(pic.sliceTs(slice)));
                    assertThat(ends).as("flow %d end %d", f, end).contains(want);
                }
            }
        }
    }

    @Test
    void backwardHbViolationAndUnboundEndAreKeptAndMarked() throws Exception {
        TestPictures.Builder b = TestPictures.sample();
        TracePicture pic = b.pic;
        PerfettoProtoWriter.Report[] rep = new PerfettoProtoWriter.Report[1];
        Readback rb = writeAndRead(pic, rep);
        assertThat(rb.errors).isEmpty();
        assertThat(rep[0].hbMarkers).isEqualTo(2);
        assertThat(rep[0].unboundEndMarkers).isEqualTo(1);
        assertThat(rep[0].backwardMarkers).isEqualTo(1); // the complete arrow ending before it starts
        assertThat(rep[0].swappedFlows).isEqualTo(1); // flow 3: its successor slice ends before the pred begins

        // every hb_violation: a marker with both tasks, and the arrow between the two task slices
        List<Readback.Slice> hb = rb.slices.stream()
                .filter(s -> "hb_violation".equals(s.category))
                .collect(Collectors.toList());
        assertThat(hb).hasSize(2);
        Map<Long, Readback.Flow> flows = new HashMap<>();
        for (Readback.Flow f : rb.flows) flows.put(f.id, f);
        for (Readback.Slice m : hb) {
            assertThat(m.name).isEqualTo("hb_violation");
            assertThat(m.dur).isZero();
            assertThat(rb.track(m.track).getName()).isEqualTo(PftraceConventions.MARKER_TRACK_NAME);
            long id = Long.parseLong(((String) m.args.get("flow_trace_id")).substring(1));
            Readback.Flow f = flows.get(id);
            assertThat(f).isNotNull();
            assertThat(List.of(f.out.name, f.in.name))
                    .containsExactlyInAnyOrder((String) m.args.get("pred"), (String) m.args.get("succ"));
        }
        Readback.Slice backward = hb.stream()
                .filter(m -> Boolean.TRUE.equals(m.args.get("backward")))
                .findFirst()
                .orElseThrow();
        assertThat(backward.args)
                .containsEntry("pred", "func_2_c(r1t2)")
                .containsEntry("succ", "QK(t0)")
                .containsEntry("flow_id", "u3")
                .containsEntry("succ_ts_us", 0.0);

        // the dispatch arrow with no destination slice ends on a marker at the JSON location
        Readback.Slice unbound = rb.slices.stream()
                .filter(s -> PftraceConventions.UNBOUND_MARKER_CATEGORY.equals(s.category))
                .findFirst()
                .orElseThrow();
        assertThat(unbound.ts).isEqualTo(60_000);
        TrackDescriptor lane = rb.lane(unbound);
        assertThat(lane.getThread().getPid()).isEqualTo(3);
        assertThat(lane.getThread().getTid()).isEqualTo(10020);
        Readback.Flow dispatch = flows.get(PftraceConventions.flowId(4, FlowKind.DISPATCH));
        assertThat(List.of(dispatch.out, dispatch.in)).contains(unbound);
        assertThat(List.of(dispatch.out.name, dispatch.in.name)).contains("complete(1)");
    }

    @Test
    void emptyPictureIsAValidTrace() throws Exception {
        TestPictures.Builder b = new TestPictures.Builder();
        Readback rb = writeAndRead(b.pic, null);
        assertThat(rb.errors).isEmpty();
        assertThat(rb.packets).isEqualTo(1);
    }

    @Test
    void zeroDurationAndNestedSlicesNest() throws Exception {
        TestPictures.Builder b = new TestPictures.Builder();
        int outer = b.slice(2, 30000, 10.0, 10.0, "outer");
        int inner = b.slice(2, 30000, 10.0, 5.0, "inner");
        int zero = b.slice(2, 30000, 20.0, 0.0, "zero-at-end"); // where outer ends: not inside outer
        int next = b.slice(2, 30000, 20.0, 1.0, "next"); // touches outer: a sibling, not an overlap
        b.flow(FlowKind.DEPENDENCY, zero, 20.0, zero, 20.0); // a self-arrow onto a zero-length slice
        PerfettoProtoWriter.Report[] rep = new PerfettoProtoWriter.Report[1];
        Readback rb = writeAndRead(b.pic, rep);
        assertThat(rb.errors).isEmpty();
        assertThat(rep[0].overflowSlices).isZero();
        Map<String, Readback.Slice> by = rb.slices.stream().collect(Collectors.toMap(s -> s.name, s -> s));
        assertThat(by.get("inner").parent).isSameAs(by.get("outer"));
        assertThat(by.get("zero-at-end").parent)
                .isSameAs(by.get("next")); // longer first at equal ts, as the importer sorts
        assertThat(by.get("zero-at-end").dur).isZero();
        assertThat(by.get("next").depth).isZero();
        assertThat(rb.flows).hasSize(1);
        assertThat(rb.flows.get(0).out).isSameAs(by.get("zero-at-end"));

        // the layout keeps all four on the lane's own track, in nesting order
        PftraceLayout layout = PftraceLayout.of(b.pic);
        PftraceTrack lane = layout.trackOfSlice(outer);
        assertThat(lane.type()).isEqualTo(PftraceTrack.Type.THREAD);
        assertThat(List.of(inner, zero, next))
                .allSatisfy(s -> assertThat(layout.trackOfSlice(s)).isSameAs(lane));
        List<String> events = new ArrayList<>();
        for (int k = 0; k < layout.eventCount(); k++)
            events.add(layout.eventType(k) + " " + b.names.get(layout.eventItem(k)) + "@" + layout.eventNs(k));
        assertThat(events)
                .containsExactly(
                        "BEGIN outer@10000",
                        "BEGIN inner@10000",
                        "END inner@15000",
                        "END outer@20000",
                        "BEGIN next@20000",
                        "BEGIN zero-at-end@20000",
                        "END zero-at-end@20000",
                        "END next@21000");
    }

    @Test
    void everySampleRunIsInItsTraceAsThePictureSays() throws Exception {
        for (boolean overhead : new boolean[] {false, true}) {
            for (Map.Entry<String, TracePicture> e :
                    TestPictures.ofSampleRuns(overhead).entrySet()) {
                try {
                    PictureInTraceCheck.check(e.getValue());
                } catch (AssertionError x) {
                    throw new AssertionError(e.getKey() + (overhead ? " --overhead" : "") + ": " + x.getMessage(), x);
                }
            }
        }
        PictureInTraceCheck.check(TestPictures.sample().pic);
    }

    /** The intern tables are caches; a category or arg name that shares a slot with another would be interned again and again. */
    @Test
    void categoriesAndArgNamesAreInternedOnce() throws Exception {
        for (TracePicture pic : TestPictures.ofSampleRuns(true).values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PerfettoProtoWriter.write(pic, out);
            Readback rb = new Readback(out.toByteArray());
            assertThat(rb.categoryEntries)
                    .isNotEmpty()
                    .allSatisfy((k, v) -> assertThat(v).as(k).isEqualTo(1));
            assertThat(rb.annotationNameEntries)
                    .isNotEmpty()
                    .allSatisfy((k, v) -> assertThat(v).as(k).isEqualTo(1));
        }
    }

    @Test
    void repeatedStringValuesAreInterned() throws Exception {
        TestPictures.Builder b = new TestPictures.Builder();
        for (int i = 0; i < 3; i++)
            b.slice(2, 30000, i * 10.0, 5.0, "dispatch(1)", "phase", "dispatch", "hint", "Task:t0, FuncId:0");
        Readback rb = writeAndRead(b.pic, null);
        assertThat(rb.errors).isEmpty();
        assertThat(rb.internedStringUses).isEqualTo(4); // inline the first time, an iid after
        for (Readback.Slice s : rb.slices)
            assertThat(s.args).containsEntry("phase", "dispatch").containsEntry("hint", "Task:t0, FuncId:0");
    }

    @Test
    void emptyNamesAndKeysAreInternedLikeAnyOther() throws Exception {
        TestPictures.Builder b = new TestPictures.Builder();
        b.slice(2, 30000, 1.0, 1.0, "", "", "empty key");
        b.slice(2, 30000, 3.0, 1.0, "", "", "again");
        Readback rb = writeAndRead(b.pic, null);
        assertThat(rb.errors).isEmpty();
        assertThat(rb.slices).extracting(s -> s.name).containsExactly("", "");
        assertThat(rb.slices.get(1).args).containsEntry("", "again");
        assertThat(rb.annotationNameEntries).containsEntry("", 1);
    }

    /** 1M slices stream out: bytes reach the stream long before the last slice is rendered. */
    @Test
    void millionSlicesStream() throws Exception {
        int n = 1_000_000;
        TracePicture pic = new TracePicture();
        long[] bytesWhenHalfRendered = {-1};
        RunPictures.ByteCounter out = new RunPictures.ByteCounter();
        SliceKind kind = new SliceKind("event") {
            @Override
            public String name(int s) {
                if (s == n / 2) bytesWhenHalfRendered[0] = out.count;
                return "task(t" + s + ")";
            }

            @Override
            public void args(int s, ArgSink sink) {
                sink.u64("taskId", s);
                sink.dbl("duration-us", 1.5);
            }
        };
        for (int i = 0; i < n; i++) pic.addSlice(kind, i, 4, 10000 + 10 * (i % 50), (i / 50) * 2.0, 1.5, true);
        for (int i = 50; i < n; i += 50) {
            pic.addFlow(
                    FlowKind.DEPENDENCY,
                    4,
                    10000,
                    (i / 50 - 1) * 2.0,
                    i - 50,
                    true,
                    4,
                    10000,
                    (i / 50) * 2.0,
                    i,
                    true,
                    1,
                    1);
        }
        PerfettoProtoWriter.Report r = PerfettoProtoWriter.write(pic, out);
        assertThat(r.slices).isEqualTo(n);
        assertThat(r.packets).isGreaterThan(2L * n);
        assertThat(bytesWhenHalfRendered[0]).isGreaterThan(r.bytes / 4);
        assertThat(out.count).isEqualTo(r.bytes);
    }
}
