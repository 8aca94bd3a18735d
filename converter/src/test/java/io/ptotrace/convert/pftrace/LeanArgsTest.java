package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.PacketTimes;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Which args the lean and the full .pftrace carry, and that nothing else differs between them. */
class LeanArgsTest {
    private static final List<String> WORKER_FULL = List.of(
            "event-hint", "fanout-hint", "fanin-hint", "duration-us", "kernel-duration-us", "local_setup_us", "taskId");
    private static final List<String> SCHEDULER_VIEW_FULL =
            List.of("event-hint", "dispatch-time-us", "finish-time-us", "aicpu-duration-us", "taskId");
    private static final String START = "shared_at_start (aic,aiv,mix)", END = "shared_at_end (aic,aiv,mix)";

    private static byte[] write(TracePicture pic, ArgSet set) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.write(pic, out, set);
        return out.toByteArray();
    }

    private static List<String> keys(Map<String, Object> args) {
        return new ArrayList<>(args.keySet());
    }

    /** "kind[/phase]" → every distinct (lean keys | full keys) its slices have, over all sample runs. */
    private static Map<String, Set<String>> argShapes(Map<String, TracePicture> pics) {
        Map<String, Set<String>> shapes = new TreeMap<>();
        for (TracePicture pic : pics.values()) {
            for (int i = 0; i < pic.sliceCount(); i++) {
                final int s = i;
                Map<String, Object> lean = TestPictures.args(a -> pic.sliceArgs(s, ArgSet.LEAN, a));
                Map<String, Object> full = TestPictures.args(a -> pic.sliceArgs(s, ArgSet.FULL, a));
                String kind = pic.sliceKind(i).getClass().getSimpleName();
                if (kind.equals("SchedulerPhases") || kind.equals("SkippedTasks"))
                    kind += "/" + pic.sliceName(i).replaceAll("\\(.*", "");
                if (kind.startsWith("SkippedTasks/") && !kind.equals("SkippedTasks/dummy"))
                    kind = "SkippedTasks/predicated";
                shapes.computeIfAbsent(kind, k -> new TreeSet<>()).add(keys(lean) + " | " + keys(full));
            }
        }
        return shapes;
    }

    /** The sample runs of the chip and L2 eras (the streams era adds run_epoch and its own names: {@link #streamsEraShapes}). */
    private static Map<String, TracePicture> olderEraRuns() throws Exception {
        Map<String, TracePicture> pics = TestPictures.ofSampleRuns(false);
        pics.keySet().removeIf(k -> k.contains("/streams_"));
        return pics;
    }

    @Test
    void streamsEraShapes() throws Exception {
        Map<String, TracePicture> pics = TestPictures.ofSampleRuns(false);
        pics.keySet().removeIf(k -> !k.contains("/streams_"));
        Map<String, Set<String>> shapes = argShapes(pics);
        List<String> worker = new ArrayList<>(WORKER_FULL);
        worker.add("run_epoch");
        assertThat(shapes.get("Worker")).containsExactly(List.of("event-hint", "kernel-duration-us") + " | " + worker);
        assertThat(shapes.get("SchedulerView"))
                .containsExactly(List.of() + " | "
                        + List.of(
                                "event-hint",
                                "dispatch-time-us",
                                "finish-time-us",
                                "scheduler-duration-us",
                                "taskId",
                                "run_epoch"));
        assertThat(shapes.get("GraphExecution"))
                .containsExactly(List.of(
                                "visible_sub_task_local_id_min",
                                "visible_sub_task_local_id_max",
                                "prepare_slice_count",
                                "prepare_duration_us",
                                "execution_start_us")
                        + " | "
                        + List.of(
                                "outer_task_id",
                                "visible_sub_task_count",
                                "visible_sub_task_local_id_min",
                                "visible_sub_task_local_id_max",
                                "prepare_slice_count",
                                "prepare_duration_us",
                                "execution_start_us",
                                "execution_duration_us",
                                "synthetic_id_layout",
                                "run_epoch"));
        assertThat(shapes.get("LifecycleSlices")).containsExactly("[aicpu_thread_id] | [aicpu_thread_id]");
    }

    @Test
    void eachSliceKindCarriesItsLeanArgsAndEveryArgInFull() throws Exception {
        Map<String, Set<String>> shapes = argShapes(olderEraRuns());
        assertThat(shapes.get("Worker"))
                .containsExactly(List.of("event-hint", "kernel-duration-us") + " | " + WORKER_FULL);
        assertThat(shapes.get("SchedulerView")).containsExactly(List.of() + " | " + SCHEDULER_VIEW_FULL);
        List<String> phaseFull = List.of("phase", "loop_iter", "tasks_processed", START, END);
        // complete and dispatch: their end depths are the shared_ready_queue counter's samples
        String noDepths = List.of("loop_iter") + " | " + List.of("phase", "loop_iter", "tasks_processed");
        assertThat(shapes.get("SchedulerPhases/dispatch"))
                .contains(List.of("loop_iter", START) + " | " + phaseFull)
                .isSubsetOf(List.of("loop_iter", START) + " | " + phaseFull, noDepths);
        List<String> completeFull = new ArrayList<>(phaseFull);
        completeFull.addAll(List.of("finishes_processed", "finish_rows_attributed"));
        assertThat(shapes.get("SchedulerPhases/complete")).contains(List.of("loop_iter", START) + " | " + completeFull);
        assertThat(shapes.get("SchedulerPhases/release"))
                .contains(List.of("loop_iter", START, END) + " | " + phaseFull)
                .isSubsetOf(List.of("loop_iter", START, END) + " | " + phaseFull, noDepths);
        assertThat(shapes.get("OrchestratorPhases"))
                .containsExactly(List.of("submit_idx") + " | " + List.of("phase", "submit_idx", "task_id"));
        assertThat(shapes.get("SkippedTasks/dummy"))
                .containsExactly(List.of("loop_iter") + " | " + List.of("loop_iter", "task_id", "event-hint", "phase"));
        for (Map.Entry<String, Set<String>> e : shapes.entrySet()) {
            for (String shape : e.getValue()) {
                String[] lf = shape.split(" \\| ");
                List<String> lean = parse(lf[0]), full = parse(lf[1]);
                if (!lean.isEmpty()) assertThat(full).as(e.getKey()).containsSubsequence(lean);
                assertThat(lean)
                        .as(e.getKey())
                        .doesNotContain(
                                "taskId",
                                "fanout-hint",
                                "fanin-hint",
                                "duration-us",
                                "phase",
                                "dispatch-time-us",
                                "finish-time-us",
                                "aicpu-duration-us",
                                "finish_rows_attributed",
                                "finishes_processed");
            }
        }
    }

    @Test
    void graphExecutionsAndUploadsKeepWhatTheirNamesDoNotSay() throws Exception {
        Map<String, Set<String>> shapes = argShapes(olderEraRuns());
        if (shapes.containsKey("Uploads")) assertThat(shapes.get("Uploads")).containsExactly("[bytes] | [bytes]");
        if (shapes.containsKey("GraphExecution")) {
            assertThat(shapes.get("GraphExecution"))
                    .containsExactly(List.of(
                                    "visible_node_index_min",
                                    "visible_node_index_max",
                                    "prepare_slice_count",
                                    "prepare_duration_us",
                                    "execution_start_us")
                            + " | "
                            + List.of(
                                    "outer_task_id",
                                    "visible_node_count",
                                    "visible_node_index_min",
                                    "visible_node_index_max",
                                    "prepare_slice_count",
                                    "prepare_duration_us",
                                    "execution_start_us",
                                    "execution_duration_us",
                                    "synthetic_id_layout"));
        }
    }

    private static List<String> parse(String list) {
        String in = list.substring(1, list.length() - 1);
        return in.isEmpty() ? List.of() : List.of(in.split(", (?=[a-z_-]+[ ,\\]]?)"));
    }

    @Test
    void aQueueDepthTripleIsOneCompactValue() throws Exception {
        int seen = 0;
        for (TracePicture pic : TestPictures.ofSampleRuns(false).values()) {
            for (int i = 0; i < pic.sliceCount(); i++) {
                final int s = i;
                Map<String, Object> lean = TestPictures.args(a -> pic.sliceArgs(s, ArgSet.LEAN, a));
                Map<String, Object> full = TestPictures.args(a -> pic.sliceArgs(s, ArgSet.FULL, a));
                if (!full.containsKey(START)) continue;
                seen++;
                List<?> triple = (List<?>) full.get(START);
                assertThat(lean.get(START)).isEqualTo(triple.get(0) + "," + triple.get(1) + "," + triple.get(2));
            }
        }
        assertThat(seen).isPositive();
    }

    /** A time arg equal to the slice's start, duration or end on every slice of its kind restates the slice. */
    @Test
    void noLeanArgRestatesTheSliceTimes() throws Exception {
        Map<String, TracePicture> pics = new LinkedHashMap<>(TestPictures.ofSampleRuns(true));
        pics.put("sample with marks", TestPictures.sample().pic);
        assertThat(restating(pics, ArgSet.FULL))
                .contains(
                        "Worker duration-us",
                        "SchedulerView dispatch-time-us",
                        "SchedulerView finish-time-us",
                        "SchedulerView aicpu-duration-us",
                        "mark/HB_VIOLATION succ_ts_us");
        assertThat(restating(pics, ArgSet.LEAN)).isEmpty();
    }

    private static Set<String> restating(Map<String, TracePicture> pics, ArgSet set) {
        Map<String, int[]> tally =
                new HashMap<>(); // "kind key" → {slices with the key, slices where it equals ts/dur/end}
        for (TracePicture pic : pics.values()) {
            for (int i = 0; i < pic.sliceCount(); i++) {
                final int s = i;
                tallyTimes(
                        tally,
                        pic.sliceKind(i).getClass().getSimpleName(),
                        TestPictures.args(a -> pic.sliceArgs(s, set, a)),
                        pic.sliceTs(i),
                        pic.sliceDur(i));
            }
            ArrowMarks marks = pic.marks();
            for (int m = 0; m < marks.count(); m++) {
                final int k = m;
                tallyTimes(
                        tally, "mark/" + marks.type(m), TestPictures.args(a -> marks.args(k, set, a)), marks.ts(m), 0);
            }
        }
        Set<String> out = new TreeSet<>();
        tally.forEach((k, v) -> {
            if (v[0] > 1 && v[0] == v[1]) out.add(k);
        });
        return out;
    }

    private static void tallyTimes(
            Map<String, int[]> tally, String kind, Map<String, Object> args, double ts, double dur) {
        for (Map.Entry<String, Object> e : args.entrySet()) {
            if (!(e.getValue() instanceof Double)) continue;
            double v = (Double) e.getValue();
            int[] t = tally.computeIfAbsent(kind + " " + e.getKey(), x -> new int[2]);
            t[0]++;
            if (Math.abs(v - ts) < 1e-9 || Math.abs(v - dur) < 1e-9 || Math.abs(v - (ts + dur)) < 1e-9) t[1]++;
        }
    }

    @Test
    void markersKeepTheHappensBeforeDetailsAndTheFlowKey() throws Exception {
        TracePicture pic = TestPictures.sample().pic;
        ArrowMarks marks = pic.marks();
        Map<String, Set<String>> shapes = new TreeMap<>();
        for (int m = 0; m < marks.count(); m++) {
            final int k = m;
            shapes.computeIfAbsent(marks.type(m).toString(), x -> new TreeSet<>())
                    .add(keys(TestPictures.args(a -> marks.args(k, ArgSet.LEAN, a)))
                            .toString());
            Map<String, Object> full = TestPictures.args(a -> marks.args(k, ArgSet.FULL, a));
            assertThat(full).containsKeys("flow_id", "kind", "flow_trace_id");
        }
        assertThat(shapes.get("HB_VIOLATION"))
                .containsExactly(List.of(
                                "flow_trace_id",
                                "pred",
                                "pred_ts_us",
                                "pred_end_us",
                                "succ",
                                "overlap_us",
                                "backward",
                                "input_task_count",
                                "output_task_count")
                        .toString());
        assertThat(shapes.get("UNBOUND_END"))
                .allSatisfy(k -> assertThat(k)
                        .startsWith("[flow_trace_id, src, src_ts_us")
                        .doesNotContain("dst_ts_us", "unbound", "kind"));
        assertThat(shapes.get("BACKWARD"))
                .allSatisfy(k -> assertThat(k).doesNotContain("backward", "flow_id,", "_pid", "_tid"));
    }

    @Test
    void leanAndFullTracesHoldTheSameSlicesArrowsCountersAndMarkersForInspect() throws Exception {
        for (boolean overhead : new boolean[] {false, true}) {
            for (Map.Entry<String, TracePicture> e :
                    TestPictures.ofSampleRuns(overhead).entrySet()) {
                Summary lean =
                        TraceInspector.inspect(new ByteArrayInputStream(write(e.getValue(), ArgSet.LEAN)), "x.pftrace");
                Summary full =
                        TraceInspector.inspect(new ByteArrayInputStream(write(e.getValue(), ArgSet.FULL)), "x.pftrace");
                assertThat(lean.problems).as(e.getKey()).isEmpty();
                // the lean trace leaves out counter values that repeat the one before them on their track
                assertThat(withoutCounters(lean.toText())).as(e.getKey()).isEqualTo(withoutCounters(full.toText()));
                assertThat(lean.counterTracks).isEqualTo(full.counterTracks);
                assertThat(lean.counterSamples).isLessThanOrEqualTo(full.counterSamples);
                if (full.counterSamples > 0) assertThat(lean.counterSamples).isPositive();
                assertThat(lean.slices).isEqualTo(e.getValue().sliceCount());
                assertThat(lean.flows)
                        .isEqualTo(lean.flowsShown)
                        .isEqualTo(e.getValue().flowCount());
                assertThat(lean.markerSlices).isEqualTo(e.getValue().marks().count());
                Readback l = new Readback(write(e.getValue(), ArgSet.LEAN)),
                        f = new Readback(write(e.getValue(), ArgSet.FULL));
                assertThat(l.slices).hasSameSizeAs(f.slices);
                assertThat(l.flows).hasSameSizeAs(f.flows);
                assertThat(l.counters).hasSize((int) lean.counterSamples);
                assertThat(f.counters).hasSize((int) full.counterSamples);
            }
        }
    }

    /**
     * SHA-256 of each sample run's .pftrace as the writer wrote it before lean traces (checked against that jar), with
     * its flow ids since moved to TrackEvent's varint fields (checked against the jar before that: decoded, every
     * packet is the same once the ids are moved back). Its event times have since become deltas on the sequence's
     * own clock: the test undoes that ({@link ClockUndone}) and finds the rest the same bytes.
     */
    private static final Map<String, String> FULL_BEFORE_LEAN = new LinkedHashMap<>();

    static {
        FULL_BEFORE_LEAN.put("runs/pa_level4", "fe2660079ba1b94e8fc78dfb3906cbbfb461c9d441ccc0a16b3788b45fc03416");
        FULL_BEFORE_LEAN.put(
                "conformance/chip_host_aligned", "9da264496d49e79db1e988b4dd1d4e0f7f87541f42ff13e6d9389be94d1934fb");
        FULL_BEFORE_LEAN.put(
                "conformance/chip_level4_aicpu", "498fba7c5b4d615cf9b833df712965d2f7d3a31ef670e752ce85cb68f44c1e17");
        FULL_BEFORE_LEAN.put(
                "conformance/level1_aicore_only", "cdb7446535a545b50ee86db6849d28b635bb7694cdd539b8090174ccbfb43f92");
        FULL_BEFORE_LEAN.put(
                "conformance/level3_sched_phases", "aca778c0365165da651a5d34ef135d1acccf341fc23c8d8f8cfdc1705e5ace93");
        FULL_BEFORE_LEAN.put(
                "conformance/level4_full_a2a3", "fe2660079ba1b94e8fc78dfb3906cbbfb461c9d441ccc0a16b3788b45fc03416");
        FULL_BEFORE_LEAN.put(
                "conformance/multi_ring", "1cb7a92c6cf6c455a1056fd311e5b29b4df21bcd7ce7f50b4d59d9e11b28e81b");
        FULL_BEFORE_LEAN.put("conformance/no_deps", "84c50e60555ab255ebac4cfc42788c1e25ff52124974290b230b58c33bd99e43");
    }

    @Test
    void fullArgsTraceIsByteForByteTheTraceBeforeLean() throws Exception {
        Map<String, String> got = new LinkedHashMap<>();
        for (Map.Entry<String, TracePicture> e : olderEraRuns().entrySet())
            got.put(
                    e.getKey(),
                    HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256")
                                    .digest(ClockUndone.of(write(e.getValue(), ArgSet.FULL)))));
        assertThat(got).isEqualTo(FULL_BEFORE_LEAN);
    }

    @Test
    void leanTraceIsSmallerAndTheSameBytesEveryTime() throws Exception {
        Map<String, TracePicture> first = TestPictures.ofSampleRuns(true), again = TestPictures.ofSampleRuns(true);
        for (String run : first.keySet()) {
            byte[] lean = write(first.get(run), ArgSet.LEAN);
            assertThat(write(again.get(run), ArgSet.LEAN)).as(run).isEqualTo(lean);
            assertThat(lean.length).as(run).isLessThan(write(first.get(run), ArgSet.FULL).length);
        }
    }

    @Test
    void importMarksComeEveryWindowOfEventsAndOnlyInTheLeanTrace() throws Exception {
        TracePicture pic = TestPictures.ofSampleRuns(false).get("runs/pa_level4");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PftraceLayout layout = PftraceLayout.of(pic);
        new PftraceEncoder(layout, out, ArgSet.LEAN, 100).encode();
        List<String> kinds = new ArrayList<>();
        long lastTs = 0;
        int eventsSinceMark = 0;
        PacketTimes times = new PacketTimes();
        for (TracePacket p : Trace.parseFrom(out.toByteArray()).getPacketList()) {
            long ts = times.of(p);
            if (p.hasTrackEvent()) {
                assertThat(ts).as("events in time order").isGreaterThanOrEqualTo(lastTs);
                lastTs = ts;
                eventsSinceMark++;
            } else if (p.hasServiceEvent()) {
                assertThat(ts).isEqualTo(lastTs);
                kinds.add(
                        p.getServiceEvent().getAllDataSourcesFlushed()
                                ? "flushed"
                                : p.getServiceEvent().getReadTracingBuffersCompleted() ? "read" : "?");
                if (kinds.size() % 3 == 0) {
                    assertThat(eventsSinceMark).isEqualTo(100);
                    eventsSinceMark = 0;
                }
            }
        }
        assertThat(kinds).hasSize(3 * (int) (events(out.toByteArray()) / 100));
        for (int i = 0; i < kinds.size(); i++) assertThat(kinds.get(i)).isEqualTo(i % 3 == 2 ? "read" : "flushed");
        for (TracePacket p : Trace.parseFrom(write(pic, ArgSet.FULL)).getPacketList())
            assertThat(p.hasServiceEvent()).isFalse();
    }

    private static String withoutCounters(String summary) {
        return summary.replaceAll("(?m)^\\s*counter samples: .*\n", "");
    }

    private static long events(byte[] trace) throws Exception {
        return Trace.parseFrom(trace).getPacketList().stream()
                .filter(TracePacket::hasTrackEvent)
                .count();
    }
}
