package io.ptotrace.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.io.InputProblem;
import io.ptotrace.proto.CounterDescriptor;
import io.ptotrace.proto.EventName;
import io.ptotrace.proto.InternedData;
import io.ptotrace.proto.ThreadDescriptor;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class TraceInspectorTest {

    static Summary json(String text) throws Exception {
        return TraceInspector.inspect(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.json");
    }

    static Summary bytes(byte[] b) throws Exception {
        return TraceInspector.inspect(new ByteArrayInputStream(b), "t.pftrace");
    }

    static String events(String... ev) {
        return "{\"traceEvents\": [\n" + String.join(",\n", ev) + "\n]}";
    }

    static final String META =
            "{\"args\":{\"name\":\"Worker View\"},\"cat\":\"__metadata\",\"name\":\"process_name\",\"ph\":\"M\",\"pid\":4},"
                    + "{\"args\":{\"name\":\"AIC_0\"},\"cat\":\"__metadata\",\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":4,\"tid\":10000}";

    static String x(int tid, double ts, double dur, int id) {
        return "{\"args\":{},\"cat\":\"event\",\"id\":" + id + ",\"name\":\"t" + id
                + "\",\"ph\":\"X\",\"pid\":4,\"tid\":" + tid + ",\"ts\":" + ts + ",\"dur\":" + dur + "}";
    }

    static String fl(String ph, int id, String name, int tid, double ts, Integer bind) {
        return "{\"cat\":\"flow\",\"id\":" + id + ",\"name\":\"" + name + "\",\"ph\":\"" + ph + "\",\"pid\":4,\"tid\":"
                + tid + ",\"ts\":" + ts + (ph.equals("f") ? ",\"bp\":\"e\"" : "")
                + (bind != null ? ",\"bind_id\":" + bind : "") + "}";
    }

    @Test
    void cleanJsonHasNoProblems() throws Exception {
        Summary s = json(events(
                META,
                x(10000, 0.0, 10.0, 0),
                x(10010, 20.0, 5.0, 1),
                "{\"args\":{\"AIC\":1,\"AIV\":0,\"MIX\":2},\"cat\":\"queue\",\"name\":\"shared_ready_queue\",\"ph\":\"C\",\"pid\":2,\"tid\":3999,\"ts\":11.0}",
                fl("s", 0, "dependency", 10000, 0.0, 0),
                fl("f", 0, "dependency", 10010, 20.0, 1),
                fl("s", 1, "hb_violation", 10000, 0.0, 0),
                fl("f", 1, "hb_violation", 10010, 20.0, 1)));
        assertThat(s.problems).isEmpty();
        assertThat(s.clean()).isTrue();
        assertThat(s.format).isEqualTo(TraceInspector.Format.JSON);
        assertThat(s.processes).containsEntry(4, "Worker View").containsKey(2);
        assertThat(s.threads.get(4)).containsEntry(10000, "AIC_0").containsEntry(10010, "");
        assertThat(s.threads).doesNotContainKey(2); // a counter's tid is no thread lane
        assertThat(s.slices).isEqualTo(2);
        assertThat(s.counterSamples).isEqualTo(3);
        assertThat(s.counterTracks).isEqualTo(3);
        assertThat(s.flows).isEqualTo(2);
        assertThat(s.flowsShown).isEqualTo(2);
        assertThat(s.flowsByKind).containsEntry("dependency", 1L).containsEntry("hb_violation", 1L);
        assertThat(s.hbViolations).isEqualTo(1);
        assertThat(s.firstNs).isZero();
        assertThat(s.lastNs).isEqualTo(25_000);
    }

    @Test
    void findsEveryJsonProblemKind() throws Exception {
        Summary s = json(events(
                META,
                x(10000, 0.0, 10.0, 0),
                x(10000, 5.0, 10.0, 1), // overlapping without nesting
                x(10010, 20.0, -1.0, 2), // negative duration
                x(10020, 30.0, 5.0, 3),
                x(10020, 40.0, 5.0, 4),
                fl("s", 10, "dependency", 10000, 1.0, null), // no f
                fl("f", 11, "dependency", 10020, 41.0, null), // no s
                fl("s", 12, "hb_violation", 10020, 41.0, 4),
                fl("f", 12, "hb_violation", 10020, 31.0, 3), // end before start
                fl("s", 13, "complete", 10030, 1.0, null),
                fl("f", 13, "complete", 10020, 31.0, null), // no slice on 10030
                fl("s", 14, "dispatch", 10020, 37.0, null),
                fl("f", 14, "dispatch", 10020, 41.0, null), // s after slice 3 ended
                fl("s", 15, "dependency", 10020, 31.0, 99),
                fl("f", 15, "dependency", 10020, 41.0, 3), // unknown / wrong bind_id
                fl("s", 16, "dependency", 10020, 31.0, 3),
                fl("s", 16, "dependency", 10020, 32.0, 3),
                fl("f", 16, "dependency", 10020, 42.0, 4)));
        assertThat(s.problemCounts)
                .containsOnlyKeys(
                        Problem.Kind.OVERLAPPING_SLICES,
                        Problem.Kind.NEGATIVE_DURATION,
                        Problem.Kind.UNTERMINATED_FLOW,
                        Problem.Kind.DANGLING_FLOW_END,
                        Problem.Kind.FLOW_END_BEFORE_START,
                        Problem.Kind.FLOW_END_UNBOUND,
                        Problem.Kind.FLOW_END_MISPLACED,
                        Problem.Kind.BIND_ID_UNKNOWN,
                        Problem.Kind.BIND_ID_MISMATCH,
                        Problem.Kind.DUPLICATE_FLOW_ID);
        Problem overlap = s.problems.stream()
                .filter(p -> p.kind == Problem.Kind.OVERLAPPING_SLICES)
                .findFirst()
                .orElseThrow();
        assertThat(overlap.where).isEqualTo("traceEvents[3] pid 4 tid 10000 ts 5.000 us");
        Problem unbound = s.problems.stream()
                .filter(p -> p.kind == Problem.Kind.FLOW_END_UNBOUND)
                .findFirst()
                .orElseThrow();
        assertThat(unbound.where).contains("tid 10030");
        assertThat(s.hbViolations).isEqualTo(1);
        assertThat(s.flows).isEqualTo(5);
        assertThat(s.flowsShown).isEqualTo(3); // 14 (misplaced but kept), 15, 16
        assertThat(s.toText()).contains("flow_end_before_start: 1").contains("Perfetto loses the arrow");
    }

    @Test
    void jsonSummaryHasTheRequiredKeys() throws Exception {
        Summary s = json(events(META, x(10000, 0.0, 10.0, 0), fl("s", 0, "dependency", 10000, 1.0, null)));
        JsonNode n = new ObjectMapper().readTree(s.toJson());
        assertThat(n.fieldNames())
                .toIterable()
                .contains(
                        "processes",
                        "threads",
                        "slices",
                        "counter_samples",
                        "flows",
                        "flows_by_kind",
                        "hb_violations",
                        "problems",
                        "time_span_us");
        assertThat(n.get("problems").get(0).get("kind").asText()).isEqualTo("unterminated_flow");
        assertThat(n.get("problems").get(0).get("location").asText()).startsWith("traceEvents[3]");
        assertThat(n.get("threads").get(0).get("name").asText()).isEqualTo("AIC_0");
    }

    @Test
    void bareArrayAndGzipAreRead() throws Exception {
        Summary s = json("[" + x(10000, 0.0, 1.0, 0) + "]");
        assertThat(s.slices).isEqualTo(1);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(events(x(10000, 0.0, 1.0, 0)).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(bytes(gz.toByteArray()).slices).isEqualTo(1);
    }

    @Test
    void unreadableInputIsOneProblem() {
        assertThatThrownBy(() -> json("{\"traceEvents\": [" + x(1, 0.0, 1.0, 0) + ", {\"ph\":"))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("truncated?")
                .satisfies(e -> assertThat(((InputProblem) e).oneLine())
                        .startsWith("t.json: ")
                        .contains("(at line 1, column"));
        assertThatThrownBy(() -> json("{\"traceEvents\": [}"))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> json("{\"other\": 1}"))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("no \"traceEvents\"");
        assertThatThrownBy(() -> json("")).isInstanceOf(InputProblem.class).hasMessageContaining("empty file");
        assertThatThrownBy(() -> bytes(new byte[] {0x42, 0x13}))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("neither");
        byte[] good = trace(TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(5))
                .build());
        assertThatThrownBy(() -> bytes(Arrays.copyOf(good, good.length - 1)))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("truncated protobuf")
                .satisfies(e -> assertThat(((InputProblem) e).where()).contains("packet #0"));
        byte[] bad = {0x0A, 0x03, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        assertThatThrownBy(() -> bytes(bad))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("malformed TracePacket");
    }

    static byte[] trace(TracePacket... packets) {
        return Trace.newBuilder().addAllPacket(Arrays.asList(packets)).build().toByteArray();
    }

    static TracePacket ev(long ts, long track, TrackEvent.Type type, long[] flows, long[] terms) {
        TrackEvent.Builder e = TrackEvent.newBuilder().setType(type).setTrackUuid(track);
        if (type == TrackEvent.Type.TYPE_SLICE_BEGIN) e.setName("s");
        if (type == TrackEvent.Type.TYPE_COUNTER) e.setDoubleCounterValue(1);
        for (long f : flows) e.addFlowIds(f);
        for (long f : terms) e.addTerminatingFlowIds(f);
        return TracePacket.newBuilder()
                .setTimestamp(ts)
                .setTrustedPacketSequenceId(1)
                .setTrackEvent(e)
                .build();
    }

    static final long[] NO = {};

    @Test
    void findsEveryPftraceProblemKind() throws Exception {
        TracePacket thread = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(10)
                        .setThread(ThreadDescriptor.newBuilder()
                                .setPid(4)
                                .setTid(10000)
                                .setThreadName("AIC_0")))
                .build();
        TracePacket counter = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(20)
                        .setName("q")
                        .setCounter(CounterDescriptor.getDefaultInstance()))
                .build();
        long dep = 5L << 4 | 1, hb = 6L << 4 | 2, never = 7L << 4 | 1, orphan = 8L << 4 | 1;
        TracePacket other = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(11)
                        .setThread(ThreadDescriptor.newBuilder().setPid(3).setTid(10000)))
                .build();
        TracePacket named = TracePacket.newBuilder()
                .setTimestamp(10)
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE)
                .setTrackEvent(TrackEvent.newBuilder()
                        .setType(TrackEvent.Type.TYPE_INSTANT)
                        .setTrackUuid(11)
                        .setNameIid(77))
                .build();
        Summary s = bytes(trace(
                thread,
                counter,
                other,
                ev(0, 10, TrackEvent.Type.TYPE_SLICE_BEGIN, new long[] {dep}, NO),
                ev(5, 10, TrackEvent.Type.TYPE_SLICE_END, NO, new long[] {hb}), // hb terminated before it begins
                ev(6, 10, TrackEvent.Type.TYPE_SLICE_BEGIN, new long[] {hb, never}, new long[] {dep}),
                ev(7, 10, TrackEvent.Type.TYPE_SLICE_END, NO, new long[] {orphan}),
                ev(8, 10, TrackEvent.Type.TYPE_SLICE_END, NO, NO), // nothing open
                ev(9, 20, TrackEvent.Type.TYPE_COUNTER, NO, NO),
                ev(9, 10, TrackEvent.Type.TYPE_COUNTER, NO, NO), // counter on a thread track
                ev(9, 99, TrackEvent.Type.TYPE_SLICE_BEGIN, NO, NO), // undeclared track, never ended
                named));
        assertThat(s.problemCounts)
                .containsOnlyKeys(
                        Problem.Kind.FLOW_END_BEFORE_START,
                        Problem.Kind.UNTERMINATED_FLOW,
                        Problem.Kind.DANGLING_FLOW_END,
                        Problem.Kind.UNMATCHED_SLICE_END,
                        Problem.Kind.BAD_TRACK,
                        Problem.Kind.UNTERMINATED_SLICE,
                        Problem.Kind.UNKNOWN_IID);
        assertThat(s.problemCounts.get(Problem.Kind.BAD_TRACK)).isEqualTo(2);
        assertThat(s.flows).isEqualTo(2); // dep (shown) and hb (lost)
        assertThat(s.flowsShown).isEqualTo(1);
        assertThat(s.hbViolations).isEqualTo(1);
        assertThat(s.flowsByKind).containsEntry("dependency", 1L).containsEntry("hb_violation", 1L);
        assertThat(s.counterSamples).isEqualTo(2);
        assertThat(s.threads.get(4)).containsEntry(10000, "AIC_0");
        Problem early = s.problems.stream()
                .filter(p -> p.kind == Problem.Kind.FLOW_END_BEFORE_START)
                .findFirst()
                .orElseThrow();
        assertThat(early.where).isEqualTo("packet #4 track 'AIC_0' (pid 4 tid 10000) ts 0.005 us");
        assertThat(s.threads.get(3)).containsEntry(10000, "");
    }

    @Test
    void unusedInternedDataIsHarmless() throws Exception {
        TracePacket p = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .setInternedData(InternedData.newBuilder()
                        .addEventNames(EventName.newBuilder().setIid(1).setName("x")))
                .build();
        assertThat(bytes(trace(p)).clean()).isTrue();
    }
}
