package io.ptotrace.convert.pftrace;

import io.ptotrace.proto.BuiltinClock;
import io.ptotrace.proto.ClockSnapshot;
import io.ptotrace.proto.TracePacket;

/**
 * The clock an event packet's timestamp is written on: a clock of the packet sequence's own ({@link #DELTA_CLOCK},
 * in the range Perfetto keeps for a sequence), incremental, so a packet holds the nanoseconds since the sequence's
 * previous timestamped packet instead of the time since the trace began. The sequence's first packet defines it (a
 * clock snapshot: the trace's clock at {@link #START} is the delta clock at {@link #START}) and makes it the default
 * for the sequence's packets. Events come in time order, so each delta is a varint of a byte or two where the time
 * took five or six, and the deflated packets shrink by a fifth: the timestamps were most of what deflate found no
 * repeats in. A packet on the trace's own clock ({@link #TRACE_CLOCK}) says its time in full and leaves the delta
 * clock where it was.
 */
final class PacketClock {
    private PacketClock() {}

    /** The sequence's incremental clock (sequence-scoped clock ids are 64 to 127). */
    static final int DELTA_CLOCK = 64;

    /** The trace's own clock, the trace processor's default. */
    static final int TRACE_CLOCK = BuiltinClock.BUILTIN_CLOCK_BOOTTIME_VALUE;

    /** Where both clocks stand at the start of a sequence. */
    static final long START = 0;

    static final ClockSnapshot SNAPSHOT = ClockSnapshot.newBuilder()
            .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(TRACE_CLOCK).setTimestamp(START))
            .addClocks(ClockSnapshot.Clock.newBuilder()
                    .setClockId(DELTA_CLOCK)
                    .setTimestamp(START)
                    .setIsIncremental(true))
            .build();

    /**
     * Writes an event packet's time {@code ts}, the packet's first field: the delta since {@code last}, the time of
     * the sequence's previous event packet, or when {@code ts} is earlier (events are laid out in time order, so
     * never) {@code ts} itself on the trace's clock. Returns the sequence clock's time after the packet.
     */
    static long writeTime(PbWriter pkt, long ts, long last) {
        if (ts >= last) {
            pkt.varint(TracePacket.TIMESTAMP_FIELD_NUMBER, ts - last);
            return ts;
        }
        pkt.varint(TracePacket.TIMESTAMP_FIELD_NUMBER, ts);
        pkt.varint(TracePacket.TIMESTAMP_CLOCK_ID_FIELD_NUMBER, TRACE_CLOCK);
        return last;
    }
}
