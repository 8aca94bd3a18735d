package io.ptotrace.convert.pftrace;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.ptotrace.inspect.PacketTimes;
import io.ptotrace.proto.TracePacket;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A .pftrace as the writer wrote it before event times were deltas on the sequence's incremental clock: each
 * timestamp back to the trace's clock in place (the same bytes otherwise), the clock snapshot packet left out and
 * its sequence flags back on the first track descriptor, the import marks without their clock id.
 */
final class ClockUndone {
    private ClockUndone() {}

    static byte[] of(byte[] trace) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(trace);
        in.setSizeLimit(Integer.MAX_VALUE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        PacketTimes times = new PacketTimes();
        boolean firstOfSequence = false;
        while (!in.isAtEnd()) {
            if (in.readTag() != (1 << 3 | 2)) throw new IOException("not a trace");
            byte[] packet = in.readByteArray();
            TracePacket p = TracePacket.parseFrom(packet);
            long ts = times.of(p);
            if (p.hasClockSnapshot()) {
                firstOfSequence = true;
                continue;
            }
            if (firstOfSequence && p.hasTrackDescriptor()) {
                packet = p.toBuilder()
                        .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                        .setFirstPacketOnSequence(true)
                        .build()
                        .toByteArray();
            } else if (p.hasServiceEvent()) {
                packet = p.toBuilder()
                        .setTimestamp(ts)
                        .clearTimestampClockId()
                        .build()
                        .toByteArray();
            } else if (p.hasTrackEvent()) {
                packet = withTimestamp(packet, ts);
            }
            firstOfSequence = false;
            out.writeByteArray(1, packet);
        }
        out.flush();
        return bytes.toByteArray();
    }

    /** The packet with its leading timestamp field (the encoder writes it first) holding {@code ts}. */
    private static byte[] withTimestamp(byte[] packet, long ts) throws IOException {
        if (packet[0] != (TracePacket.TIMESTAMP_FIELD_NUMBER << 3)) throw new IOException("no leading timestamp");
        int end = 1;
        while (packet[end] < 0) end++;
        end++;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        CodedOutputStream o = CodedOutputStream.newInstance(b);
        o.writeUInt64(TracePacket.TIMESTAMP_FIELD_NUMBER, ts);
        o.writeRawBytes(packet, end, packet.length - end);
        o.flush();
        return b.toByteArray();
    }
}
