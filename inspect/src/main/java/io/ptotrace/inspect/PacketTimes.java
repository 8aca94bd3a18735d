package io.ptotrace.inspect;

import io.ptotrace.proto.BuiltinClock;
import io.ptotrace.proto.ClockSnapshot;
import io.ptotrace.proto.TracePacket;
import java.util.HashMap;
import java.util.Map;

/**
 * Each packet's time on the trace's clock, read as the trace processor reads it: a packet's timestamp is on the
 * clock its {@code timestamp_clock_id} names, else on its sequence's default clock ({@code trace_packet_defaults},
 * part of the sequence's incremental state), else on the trace's own clock (boot time). A clock of the sequence's
 * own (ids 64 to 127) is defined by a clock snapshot on the sequence that also gives the trace clock's time; on an
 * incremental one each timestamp is the time since the previous timestamp on that clock, in its units. ptotrace's
 * .pftrace writes its events that way (docs/trace-layout.md); other clocks are taken as the trace's own.
 */
public final class PacketTimes {
    private static final int TRACE_CLOCK = BuiltinClock.BUILTIN_CLOCK_BOOTTIME_VALUE;
    private static final int FIRST_SEQUENCE_CLOCK = 64, LAST_SEQUENCE_CLOCK = 127;

    /** A sequence's own clock: where it stood against the trace clock at its snapshot, and where it stands now. */
    private static final class SequenceClock {
        boolean incremental;
        long unitNs, traceAtSnapshot, valueAtSnapshot, value;
    }

    private final Map<Integer, Integer> defaultClock = new HashMap<>();
    private final Map<Long, SequenceClock> clocks = new HashMap<>();

    /**
     * Reads what {@code p} says about its sequence's clocks, then returns its time in nanoseconds on the trace's
     * clock (its raw timestamp when it names a sequence clock no snapshot defined), or 0 when it has no timestamp.
     * Call it once per packet, in file order.
     */
    public long of(TracePacket p) {
        int seq = p.getTrustedPacketSequenceId();
        if ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE) != 0
                || p.getIncrementalStateCleared()) defaultClock.remove(seq);
        if (p.hasTracePacketDefaults() && p.getTracePacketDefaults().hasTimestampClockId())
            defaultClock.put(seq, p.getTracePacketDefaults().getTimestampClockId());
        if (p.hasClockSnapshot()) snapshot(seq, p.getClockSnapshot());
        if (!p.hasTimestamp()) return 0;
        long ts = p.getTimestamp();
        int clock = p.hasTimestampClockId() ? p.getTimestampClockId() : defaultClock.getOrDefault(seq, TRACE_CLOCK);
        if (clock < FIRST_SEQUENCE_CLOCK || clock > LAST_SEQUENCE_CLOCK) return ts;
        SequenceClock c = clocks.get(key(seq, clock));
        if (c == null) return ts;
        c.value = c.incremental ? c.value + ts : ts;
        return c.traceAtSnapshot + (c.value - c.valueAtSnapshot) * c.unitNs;
    }

    private void snapshot(int seq, ClockSnapshot s) {
        int traceClock = s.hasPrimaryTraceClock() ? s.getPrimaryTraceClock().getNumber() : TRACE_CLOCK;
        Long trace = null;
        for (ClockSnapshot.Clock c : s.getClocksList()) if (c.getClockId() == traceClock) trace = c.getTimestamp();
        if (trace == null) return;
        for (ClockSnapshot.Clock c : s.getClocksList()) {
            if (c.getClockId() < FIRST_SEQUENCE_CLOCK || c.getClockId() > LAST_SEQUENCE_CLOCK) continue;
            SequenceClock k = new SequenceClock();
            k.incremental = c.getIsIncremental();
            k.unitNs = c.hasUnitMultiplierNs() ? c.getUnitMultiplierNs() : 1;
            k.valueAtSnapshot = c.getTimestamp();
            k.value = c.getTimestamp();
            k.traceAtSnapshot = trace;
            clocks.put(key(seq, c.getClockId()), k);
        }
    }

    private static long key(int seq, int clock) {
        return ((long) seq << 32) | (clock & 0xFFFFFFFFL);
    }
}
