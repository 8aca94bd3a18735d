package io.ptotrace.proto;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Checks that the hand-written subset of Perfetto's schema round-trips and that the field
 * numbers, types and nesting are the upstream ones (google/perfetto protos/perfetto/trace/...).
 */
class TraceSchemaTest {

    private static final int SEQ = 7;
    private static final long PROCESS_UUID = 1;
    private static final long THREAD_UUID = 2;
    private static final long COUNTER_UUID = 3;
    private static final long FLOW_ID = 0xF00DL;
    private static final long NAME_IID = 1;
    private static final long ANNOTATION_NAME_IID = 1;

    private static Trace sampleTrace() {
        TracePacket process = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(SEQ)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .setFirstPacketOnSequence(true)
                .setTracePacketDefaults(
                        TracePacketDefaults.newBuilder().setTimestampClockId(BuiltinClock.BUILTIN_CLOCK_BOOTTIME_VALUE))
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(PROCESS_UUID)
                        .setChildOrdering(TrackDescriptor.ChildTracksOrdering.EXPLICIT)
                        .setProcess(ProcessDescriptor.newBuilder().setPid(100).setProcessName("device 0")))
                .build();
        TracePacket thread = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(SEQ)
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(THREAD_UUID)
                        .setParentUuid(PROCESS_UUID)
                        .setSiblingOrderRank(-1)
                        .setThread(ThreadDescriptor.newBuilder()
                                .setPid(100)
                                .setTid(101)
                                .setThreadName("AIC 0")))
                .build();
        TracePacket counterTrack = TracePacket.newBuilder()
                .setTrustedPacketSequenceId(SEQ)
                .setTrackDescriptor(TrackDescriptor.newBuilder()
                        .setUuid(COUNTER_UUID)
                        .setParentUuid(PROCESS_UUID)
                        .setName("queue depth")
                        .setCounter(CounterDescriptor.newBuilder()
                                .setUnit(CounterDescriptor.Unit.UNIT_COUNT)
                                .setUnitName("tasks")))
                .build();
        TracePacket begin = TracePacket.newBuilder()
                .setTimestamp(1_000)
                .setTrustedPacketSequenceId(SEQ)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE)
                .setInternedData(InternedData.newBuilder()
                        .addEventNames(EventName.newBuilder().setIid(NAME_IID).setName("MatMul"))
                        .addDebugAnnotationNames(DebugAnnotationName.newBuilder()
                                .setIid(ANNOTATION_NAME_IID)
                                .setName("block_dim")))
                .setTrackEvent(TrackEvent.newBuilder()
                        .setType(TrackEvent.Type.TYPE_SLICE_BEGIN)
                        .setTrackUuid(THREAD_UUID)
                        .setNameIid(NAME_IID)
                        .addCategories("kernel")
                        .addFlowIds(FLOW_ID)
                        .addDebugAnnotations(DebugAnnotation.newBuilder()
                                .setNameIid(ANNOTATION_NAME_IID)
                                .setIntValue(8))
                        .addDebugAnnotations(DebugAnnotation.newBuilder()
                                .setName("shape")
                                .addArrayValues(DebugAnnotation.newBuilder().setUintValue(16))
                                .addArrayValues(DebugAnnotation.newBuilder().setUintValue(32))))
                .build();
        TracePacket counterValue = TracePacket.newBuilder()
                .setTimestamp(1_500)
                .setTrustedPacketSequenceId(SEQ)
                .setTrackEvent(TrackEvent.newBuilder()
                        .setType(TrackEvent.Type.TYPE_COUNTER)
                        .setTrackUuid(COUNTER_UUID)
                        .setCounterValue(5))
                .build();
        TracePacket end = TracePacket.newBuilder()
                .setTimestamp(2_000)
                .setTrustedPacketSequenceId(SEQ)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE)
                .setTrackEvent(TrackEvent.newBuilder()
                        .setType(TrackEvent.Type.TYPE_SLICE_END)
                        .setTrackUuid(THREAD_UUID)
                        .addTerminatingFlowIds(FLOW_ID))
                .build();
        return Trace.newBuilder()
                .addPacket(process)
                .addPacket(thread)
                .addPacket(counterTrack)
                .addPacket(begin)
                .addPacket(counterValue)
                .addPacket(end)
                .build();
    }

    @Test
    void roundTripsThroughBytes() throws InvalidProtocolBufferException {
        Trace trace = sampleTrace();
        Trace parsed = Trace.parseFrom(trace.toByteArray());

        assertThat(parsed).isEqualTo(trace);
        assertThat(parsed.getPacketCount()).isEqualTo(6);

        TracePacket process = parsed.getPacket(0);
        assertThat(process.getDataCase()).isEqualTo(TracePacket.DataCase.TRACK_DESCRIPTOR);
        assertThat(process.getTrustedPacketSequenceId()).isEqualTo(SEQ);
        assertThat(process.getSequenceFlags()).isEqualTo(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE);
        assertThat(process.getFirstPacketOnSequence()).isTrue();
        assertThat(process.getTracePacketDefaults().getTimestampClockId()).isEqualTo(6);
        assertThat(process.getTrackDescriptor().getProcess().getPid()).isEqualTo(100);
        assertThat(process.getTrackDescriptor().getProcess().getProcessName()).isEqualTo("device 0");
        assertThat(process.getTrackDescriptor().getChildOrdering())
                .isEqualTo(TrackDescriptor.ChildTracksOrdering.EXPLICIT);

        TrackDescriptor thread = parsed.getPacket(1).getTrackDescriptor();
        assertThat(thread.getParentUuid()).isEqualTo(PROCESS_UUID);
        assertThat(thread.getSiblingOrderRank()).isEqualTo(-1);
        assertThat(thread.getThread().getTid()).isEqualTo(101);
        assertThat(thread.getThread().getThreadName()).isEqualTo("AIC 0");
        assertThat(thread.hasName()).isFalse();

        TrackDescriptor counter = parsed.getPacket(2).getTrackDescriptor();
        assertThat(counter.getName()).isEqualTo("queue depth");
        assertThat(counter.getStaticOrDynamicNameCase()).isEqualTo(TrackDescriptor.StaticOrDynamicNameCase.NAME);
        assertThat(counter.getCounter().getUnit()).isEqualTo(CounterDescriptor.Unit.UNIT_COUNT);
        assertThat(counter.getCounter().getUnitName()).isEqualTo("tasks");

        TracePacket begin = parsed.getPacket(3);
        assertThat(begin.getTimestamp()).isEqualTo(1_000);
        assertThat(begin.hasTimestampClockId()).isFalse();
        assertThat(begin.getInternedData().getEventNames(0).getName()).isEqualTo("MatMul");
        TrackEvent slice = begin.getTrackEvent();
        assertThat(slice.getType()).isEqualTo(TrackEvent.Type.TYPE_SLICE_BEGIN);
        assertThat(slice.getNameFieldCase()).isEqualTo(TrackEvent.NameFieldCase.NAME_IID);
        assertThat(slice.getNameIid()).isEqualTo(NAME_IID);
        assertThat(slice.getCategoriesList()).containsExactly("kernel");
        assertThat(slice.getFlowIdsList()).containsExactly(FLOW_ID);
        assertThat(slice.getDebugAnnotations(0).getNameIid()).isEqualTo(ANNOTATION_NAME_IID);
        assertThat(slice.getDebugAnnotations(0).getValueCase()).isEqualTo(DebugAnnotation.ValueCase.INT_VALUE);
        assertThat(slice.getDebugAnnotations(0).getIntValue()).isEqualTo(8);
        assertThat(slice.getDebugAnnotations(1).getName()).isEqualTo("shape");
        assertThat(slice.getDebugAnnotations(1).getArrayValuesList())
                .extracting(DebugAnnotation::getUintValue)
                .containsExactly(16L, 32L);

        TrackEvent counterValue = parsed.getPacket(4).getTrackEvent();
        assertThat(counterValue.getType()).isEqualTo(TrackEvent.Type.TYPE_COUNTER);
        assertThat(counterValue.getCounterValueFieldCase()).isEqualTo(TrackEvent.CounterValueFieldCase.COUNTER_VALUE);
        assertThat(counterValue.getCounterValue()).isEqualTo(5);

        TrackEvent end = parsed.getPacket(5).getTrackEvent();
        assertThat(end.getType()).isEqualTo(TrackEvent.Type.TYPE_SLICE_END);
        assertThat(end.getTerminatingFlowIdsList()).containsExactly(FLOW_ID);
    }

    @Test
    void fieldNumbersMatchUpstream() {
        assertNumber(Trace.getDescriptor(), "packet", 1);

        Descriptor packet = TracePacket.getDescriptor();
        assertNumber(packet, "timestamp", 8);
        assertNumber(packet, "timestamp_clock_id", 58);
        assertNumber(packet, "track_event", 11);
        assertNumber(packet, "track_descriptor", 60);
        assertNumber(packet, "clock_snapshot", 6);
        assertNumber(packet, "trusted_packet_sequence_id", 10);
        assertNumber(packet, "interned_data", 12);
        assertNumber(packet, "sequence_flags", 13);
        assertNumber(packet, "incremental_state_cleared", 41);
        assertNumber(packet, "trace_packet_defaults", 59);
        assertNumber(packet, "first_packet_on_sequence", 87);
        assertThat(packet.findFieldByName("track_event").getContainingOneof().getName())
                .isEqualTo("data");

        assertNumber(TracePacketDefaults.getDescriptor(), "timestamp_clock_id", 58);
        assertNumber(TracePacketDefaults.getDescriptor(), "track_event_defaults", 11);
        assertNumber(TrackEventDefaults.getDescriptor(), "track_uuid", 11);

        Descriptor event = TrackEvent.getDescriptor();
        assertNumber(event, "category_iids", 3);
        assertNumber(event, "categories", 22);
        assertNumber(event, "name_iid", 10);
        assertNumber(event, "name", 23);
        assertNumber(event, "type", 9);
        assertNumber(event, "track_uuid", 11);
        assertNumber(event, "counter_value", 30);
        assertNumber(event, "double_counter_value", 44);
        assertNumber(event, "debug_annotations", 4);
        assertNumber(event, "flow_ids", 47);
        assertNumber(event, "terminating_flow_ids", 48);
        assertNumber(event, "flow_ids_old", 36);
        assertNumber(event, "terminating_flow_ids_old", 42);
        assertThat(event.findFieldByName("flow_ids").getType()).isEqualTo(FieldDescriptor.Type.FIXED64);
        assertThat(event.findFieldByName("terminating_flow_ids").getType()).isEqualTo(FieldDescriptor.Type.FIXED64);
        assertThat(event.findFieldByName("counter_value").getType()).isEqualTo(FieldDescriptor.Type.INT64);
        assertEnum(TrackEvent.Type.getDescriptor(), "TYPE_UNSPECIFIED", 0);
        assertEnum(TrackEvent.Type.getDescriptor(), "TYPE_SLICE_BEGIN", 1);
        assertEnum(TrackEvent.Type.getDescriptor(), "TYPE_SLICE_END", 2);
        assertEnum(TrackEvent.Type.getDescriptor(), "TYPE_INSTANT", 3);
        assertEnum(TrackEvent.Type.getDescriptor(), "TYPE_COUNTER", 4);

        Descriptor annotation = DebugAnnotation.getDescriptor();
        assertNumber(annotation, "name_iid", 1);
        assertNumber(annotation, "name", 10);
        assertNumber(annotation, "bool_value", 2);
        assertNumber(annotation, "uint_value", 3);
        assertNumber(annotation, "int_value", 4);
        assertNumber(annotation, "double_value", 5);
        assertNumber(annotation, "string_value", 6);
        assertNumber(annotation, "pointer_value", 7);
        assertNumber(annotation, "nested_value", 8);
        assertNumber(annotation, "legacy_json_value", 9);
        assertNumber(annotation, "dict_entries", 11);
        assertNumber(annotation, "array_values", 12);
        assertNumber(annotation, "string_value_iid", 17);

        Descriptor track = TrackDescriptor.getDescriptor();
        assertNumber(track, "uuid", 1);
        assertNumber(track, "name", 2);
        assertNumber(track, "process", 3);
        assertNumber(track, "thread", 4);
        assertNumber(track, "parent_uuid", 5);
        assertNumber(track, "counter", 8);
        assertNumber(track, "disallow_merging_with_system_tracks", 9);
        assertNumber(track, "static_name", 10);
        assertNumber(track, "child_ordering", 11);
        assertNumber(track, "sibling_order_rank", 12);
        assertNumber(track, "description", 14);
        assertNumber(track, "sibling_merge_behavior", 15);
        assertNumber(track, "sibling_merge_key", 16);
        assertEnum(TrackDescriptor.ChildTracksOrdering.getDescriptor(), "UNKNOWN", 0);
        assertEnum(TrackDescriptor.ChildTracksOrdering.getDescriptor(), "LEXICOGRAPHIC", 1);
        assertEnum(TrackDescriptor.ChildTracksOrdering.getDescriptor(), "CHRONOLOGICAL", 2);
        assertEnum(TrackDescriptor.ChildTracksOrdering.getDescriptor(), "EXPLICIT", 3);

        assertNumber(ProcessDescriptor.getDescriptor(), "pid", 1);
        assertNumber(ProcessDescriptor.getDescriptor(), "process_name", 6);
        assertNumber(ProcessDescriptor.getDescriptor(), "process_priority", 5);
        assertNumber(ThreadDescriptor.getDescriptor(), "pid", 1);
        assertNumber(ThreadDescriptor.getDescriptor(), "tid", 2);
        assertNumber(ThreadDescriptor.getDescriptor(), "thread_name", 5);

        Descriptor counter = CounterDescriptor.getDescriptor();
        assertNumber(counter, "type", 1);
        assertNumber(counter, "categories", 2);
        assertNumber(counter, "unit", 3);
        assertNumber(counter, "unit_multiplier", 4);
        assertNumber(counter, "is_incremental", 5);
        assertNumber(counter, "unit_name", 6);
        assertEnum(CounterDescriptor.Unit.getDescriptor(), "UNIT_TIME_NS", 1);
        assertEnum(CounterDescriptor.Unit.getDescriptor(), "UNIT_COUNT", 2);
        assertEnum(CounterDescriptor.Unit.getDescriptor(), "UNIT_SIZE_BYTES", 3);

        Descriptor interned = InternedData.getDescriptor();
        assertNumber(interned, "event_categories", 1);
        assertNumber(interned, "event_names", 2);
        assertNumber(interned, "debug_annotation_names", 3);
        assertNumber(interned, "debug_annotation_string_values", 29);
        assertNumber(InternedString.getDescriptor(), "iid", 1);
        assertNumber(InternedString.getDescriptor(), "str", 2);
        assertThat(InternedString.getDescriptor().findFieldByName("str").getType())
                .isEqualTo(FieldDescriptor.Type.BYTES);

        assertEnum(TracePacket.SequenceFlags.getDescriptor(), "SEQ_INCREMENTAL_STATE_CLEARED", 1);
        assertEnum(TracePacket.SequenceFlags.getDescriptor(), "SEQ_NEEDS_INCREMENTAL_STATE", 2);
        assertEnum(BuiltinClock.getDescriptor(), "BUILTIN_CLOCK_BOOTTIME", 6);
    }

    @Test
    void namesAndNestingMatchUpstream() {
        assertThat(Trace.getDescriptor().getFullName()).isEqualTo("perfetto.protos.Trace");
        assertThat(TracePacket.getDescriptor().getFullName()).isEqualTo("perfetto.protos.TracePacket");
        assertThat(TracePacket.SequenceFlags.getDescriptor().getFullName())
                .isEqualTo("perfetto.protos.TracePacket.SequenceFlags");
        assertThat(TrackEvent.Type.getDescriptor().getFullName()).isEqualTo("perfetto.protos.TrackEvent.Type");
        assertThat(TrackDescriptor.ChildTracksOrdering.getDescriptor().getFullName())
                .isEqualTo("perfetto.protos.TrackDescriptor.ChildTracksOrdering");
        assertThat(CounterDescriptor.Unit.getDescriptor().getFullName())
                .isEqualTo("perfetto.protos.CounterDescriptor.Unit");
        assertThat(Trace.getDescriptor().getFile().toProto().getSyntax()).isIn("", "proto2");
    }

    @Test
    void flowIdsAreWrittenAsUnpackedFixed64() throws IOException {
        TrackEvent event =
                TrackEvent.newBuilder().addFlowIds(FLOW_ID).addFlowIds(2).build();
        CodedInputStream in = CodedInputStream.newInstance(event.toByteArray());
        List<Long> ids = new ArrayList<>();
        int tag;
        while ((tag = in.readTag()) != 0) {
            assertThat(WireFormat.getTagFieldNumber(tag)).isEqualTo(47);
            assertThat(WireFormat.getTagWireType(tag)).isEqualTo(WireFormat.WIRETYPE_FIXED64);
            ids.add(in.readFixed64());
        }
        assertThat(ids).containsExactly(FLOW_ID, 2L);
    }

    @Test
    void tracePacketTagsAreTheUpstreamBytes() {
        // timestamp=8 (varint), trusted_packet_sequence_id=10 (varint), track_event=11 (bytes).
        TracePacket packet = TracePacket.newBuilder()
                .setTimestamp(1)
                .setTrustedPacketSequenceId(1)
                .setTrackEvent(TrackEvent.newBuilder().setName("x"))
                .build();
        byte[] bytes = packet.toByteArray();
        // Java protobuf writes fields in number order: 8, 10, 11.
        assertThat(bytes).startsWith((byte) 0x40, (byte) 0x01, (byte) 0x50, (byte) 0x01, (byte) 0x5A);
        // name = 23, wire type 2 -> tag 186 -> varint 0xBA 0x01.
        byte[] name = "x".getBytes(StandardCharsets.UTF_8);
        assertThat(packet.getTrackEvent().toByteArray())
                .containsExactly((byte) 0xBA, (byte) 0x01, (byte) 0x01, name[0]);
    }

    private static void assertNumber(Descriptor message, String field, int number) {
        FieldDescriptor fd = message.findFieldByName(field);
        assertThat(fd).as("%s.%s", message.getName(), field).isNotNull();
        assertThat(fd.getNumber()).as("%s.%s", message.getName(), field).isEqualTo(number);
    }

    private static void assertEnum(EnumDescriptor enumType, String name, int number) {
        assertThat(enumType.findValueByName(name))
                .as("%s.%s", enumType.getName(), name)
                .isNotNull();
        assertThat(enumType.findValueByName(name).getNumber())
                .as("%s.%s", enumType.getName(), name)
                .isEqualTo(number);
    }
}
