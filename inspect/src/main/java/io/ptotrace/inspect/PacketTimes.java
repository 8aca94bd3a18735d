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

    /** What a sequence says about time: its default clock and its own clocks, by id − 64. */
    private static final class Sequence {
        int defaultClock = TRACE_CLOCK;
        final SequenceClock[] clocks = new SequenceClock[LAST_SEQUENCE_CLOCK - FIRST_SEQUENCE_CLOCK + 1];
    }

    /** Only sequences that set a default clock or snapshot one of their own. */
    private final Map<Integer, Sequence> sequences = new HashMap<>();

    /**
     * Reads what {@code p} says about its sequence's clocks, then returns its time in nanoseconds on the trace's
     * clock (its raw timestamp when it names a sequence clock no snapshot defined), or 0 when it has no timestamp.
     * Call it once per packet, in file order.
     */
    public long of(TracePacket p) {
        int seqId = p.getTrustedPacketSequenceId();
        Sequence seq = sequences.get(seqId);
        if (seq != null
                && ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE) != 0
                        || p.getIncrementalStateCleared())) seq.defaultClock = TRACE_CLOCK;
        if (p.hasTracePacketDefaults() && p.getTracePacketDefaults().hasTimestampClockId()) {
            seq = sequences.computeIfAbsent(seqId, k -> new Sequence());
            seq.defaultClock = p.getTracePacketDefaults().getTimestampClockId();
        }
        if (p.hasClockSnapshot()) seq = snapshot(seqId, p.getClockSnapshot());
        if (!p.hasTimestamp()) return 0;
        long ts = p.getTimestamp();
        if (seq == null) return ts;
        int clock = p.hasTimestampClockId() ? p.getTimestampClockId() : seq.defaultClock;
        if (clock < FIRST_SEQUENCE_CLOCK || clock > LAST_SEQUENCE_CLOCK) return ts;
        SequenceClock c = seq.clocks[clock - FIRST_SEQUENCE_CLOCK];
        if (c == null) return ts;
        c.value = c.incremental ? c.value + ts : ts;
        return c.traceAtSnapshot + (c.value - c.valueAtSnapshot) * c.unitNs;
    }

    /** Defines the sequence clocks of a snapshot that also gives the trace clock's time; returns the sequence. */
    private Sequence snapshot(int seqId, ClockSnapshot s) {
        Sequence seq = sequences.get(seqId);
        int traceClock = s.hasPrimaryTraceClock() ? s.getPrimaryTraceClock().getNumber() : TRACE_CLOCK;
        Long trace = null;
        for (ClockSnapshot.Clock c : s.getClocksList()) if (c.getClockId() == traceClock) trace = c.getTimestamp();
        if (trace == null) return seq;
        for (ClockSnapshot.Clock c : s.getClocksList()) {
            if (c.getClockId() < FIRST_SEQUENCE_CLOCK || c.getClockId() > LAST_SEQUENCE_CLOCK) continue;
            SequenceClock k = new SequenceClock();
            k.incremental = c.getIsIncremental();
            k.unitNs = c.hasUnitMultiplierNs() ? c.getUnitMultiplierNs() : 1;
            k.valueAtSnapshot = c.getTimestamp();
            k.value = c.getTimestamp();
            k.traceAtSnapshot = trace;
            if (seq == null) seq = sequences.computeIfAbsent(seqId, x -> new Sequence());
            seq.clocks[c.getClockId() - FIRST_SEQUENCE_CLOCK] = k;
        }
        return seq;
    }
}
