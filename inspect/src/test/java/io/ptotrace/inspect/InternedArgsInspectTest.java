package io.ptotrace.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.DebugAnnotationName;
import io.ptotrace.proto.InternedData;
import io.ptotrace.proto.InternedString;
import io.ptotrace.proto.ThreadDescriptor;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TracingServiceEvent;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** inspect follows interned debug-annotation names and string values, and passes over the writer's import marks. */
class InternedArgsInspectTest {
    private static TracePacket instant(long ts, DebugAnnotation... args) {
        TrackEvent.Builder e =
                TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_INSTANT).setTrackUuid(10);
        for (DebugAnnotation a : args) e.addDebugAnnotations(a);
        return TracePacket.newBuilder()
                .setTimestamp(ts)
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE)
                .setTrackEvent(e)
                .build();
    }

    private static Summary inspect(TracePacket... packets) throws Exception {
        Trace.Builder t = Trace.newBuilder();
        for (TracePacket p : packets) t.addPacket(p);
        return TraceInspector.inspect(new ByteArrayInputStream(t.build().toByteArray()), "t.pftrace");
    }

    private static final TracePacket THREAD = TracePacket.newBuilder()
            .setTrustedPacketSequenceId(1)
            .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
            .setTrackDescriptor(TrackDescriptor.newBuilder()
                    .setUuid(10)
                    .setThread(ThreadDescriptor.newBuilder().setPid(4).setTid(10000)))
            .build();
    private static final TracePacket INTERNED = TracePacket.newBuilder()
            .setTrustedPacketSequenceId(1)
            .setInternedData(InternedData.newBuilder()
                    .addDebugAnnotationNames(
                            DebugAnnotationName.newBuilder().setIid(1).setName("k"))
                    .addDebugAnnotationStringValues(
                            InternedString.newBuilder().setIid(2).setStr(ByteString.copyFromUtf8("v"))))
            .build();

    @Test
    void internedNamesAndValuesAreFollowed() throws Exception {
        TracePacket flushed = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setTimestamp(5)
                .setServiceEvent(TracingServiceEvent.newBuilder().setAllDataSourcesFlushed(true))
                .build();
        Summary s = inspect(
                THREAD,
                INTERNED,
                instant(
                        5,
                        DebugAnnotation.newBuilder()
                                .setNameIid(1)
                                .setStringValueIid(2)
                                .build()),
                flushed,
                flushed,
                instant(
                        6,
                        DebugAnnotation.newBuilder()
                                .setName("inline")
                                .setStringValue("x")
                                .build()));
        assertThat(s.problems).isEmpty();
        assertThat(s.slices).isEqualTo(2);
    }

    @Test
    void anAnnotationNameOrStringValueNobodyInternedIsAProblem() throws Exception {
        DebugAnnotation nested = DebugAnnotation.newBuilder()
                .setNameIid(1)
                .addArrayValues(DebugAnnotation.newBuilder().setStringValueIid(9))
                .build();
        Summary s = inspect(
                THREAD,
                INTERNED,
                instant(
                        5,
                        DebugAnnotation.newBuilder()
                                .setNameIid(3)
                                .setStringValueIid(2)
                                .build(),
                        nested));
        List<String> what =
                s.problems.stream().map(p -> p.kind + " " + p.message).collect(Collectors.toList());
        assertThat(what)
                .containsExactly(
                        "UNKNOWN_IID debug annotation name iid 3 is not interned",
                        "UNKNOWN_IID debug annotation string value iid 9 is not interned");
    }

    @Test
    void clearingTheIncrementalStateForgetsTheInternedValues() throws Exception {
        TracePacket cleared = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .build();
        Summary s = inspect(
                THREAD,
                INTERNED,
                cleared,
                instant(
                        5,
                        DebugAnnotation.newBuilder()
                                .setNameIid(1)
                                .setStringValueIid(2)
                                .build()));
        assertThat(s.problems).hasSize(2);
    }
}
