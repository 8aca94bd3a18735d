package io.ptotrace.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.proto.BuiltinClock;
import io.ptotrace.proto.ClockSnapshot;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TracePacketDefaults;
import org.junit.jupiter.api.Test;

class PacketTimesTest {
    private static final int BOOT = BuiltinClock.BUILTIN_CLOCK_BOOTTIME_VALUE;

    private static ClockSnapshot.Clock clock(int id, long ts) {
        return ClockSnapshot.Clock.newBuilder().setClockId(id).setTimestamp(ts).build();
    }

    /** The first packet of sequence {@code seq}: clears it and makes clock 64 (snapshot: {@code boot} ↔ {@code at}) its default. */
    private static TracePacket start(int seq, long boot, ClockSnapshot.Clock own) {
        return TracePacket.newBuilder()
                .setTrustedPacketSequenceId(seq)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .setTracePacketDefaults(TracePacketDefaults.newBuilder().setTimestampClockId(own.getClockId()))
                .setClockSnapshot(
                        ClockSnapshot.newBuilder().addClocks(clock(BOOT, boot)).addClocks(own))
                .build();
    }

    private static TracePacket at(int seq, long ts) {
        return TracePacket.newBuilder()
                .setTrustedPacketSequenceId(seq)
                .setTimestamp(ts)
                .build();
    }

    @Test
    void incrementalClockAddsUpDeltasFromItsSnapshot() {
        PacketTimes t = new PacketTimes();
        assertThat(t.of(start(
                        1, 1000, clock(64, 0).toBuilder().setIsIncremental(true).build())))
                .isZero();
        assertThat(t.of(at(1, 5))).isEqualTo(1005);
        assertThat(t.of(at(1, 0))).isEqualTo(1005);
        assertThat(t.of(at(1, 7))).isEqualTo(1012);
    }

    @Test
    void packetOnTheTraceClockSaysItsTimeInFullAndLeavesTheSequenceClock() {
        PacketTimes t = new PacketTimes();
        t.of(start(1, 0, clock(64, 0).toBuilder().setIsIncremental(true).build()));
        assertThat(t.of(at(1, 100))).isEqualTo(100);
        assertThat(t.of(at(1, 40).toBuilder().setTimestampClockId(BOOT).build()))
                .isEqualTo(40);
        assertThat(t.of(at(1, 1))).isEqualTo(101);
    }

    @Test
    void eachSequenceHasItsOwnClock() {
        PacketTimes t = new PacketTimes();
        ClockSnapshot.Clock inc =
                clock(64, 0).toBuilder().setIsIncremental(true).build();
        t.of(start(1, 0, inc));
        t.of(start(2, 500, inc));
        assertThat(t.of(at(1, 10))).isEqualTo(10);
        assertThat(t.of(at(2, 10))).isEqualTo(510);
        assertThat(t.of(at(1, 10))).isEqualTo(20);
        assertThat(t.of(at(2, 1))).isEqualTo(511);
    }

    @Test
    void unitsAndAbsoluteSequenceClocks() {
        PacketTimes t = new PacketTimes();
        t.of(start(
                1,
                1_000_000,
                clock(65, 10).toBuilder()
                        .setIsIncremental(true)
                        .setUnitMultiplierNs(1000)
                        .build()));
        assertThat(t.of(at(1, 3))).isEqualTo(1_003_000);
        PacketTimes a = new PacketTimes();
        a.of(start(1, 1_000, clock(64, 200)));
        assertThat(a.of(at(1, 250))).isEqualTo(1_050);
        assertThat(a.of(at(1, 260))).isEqualTo(1_060);
    }

    @Test
    void withoutDefaultsOrSnapshotTheTimestampIsTheTracesOwn() {
        PacketTimes t = new PacketTimes();
        assertThat(t.of(at(1, 123))).isEqualTo(123);
        t.of(start(1, 0, clock(64, 0).toBuilder().setIsIncremental(true).build()));
        t.of(at(1, 5));
        // clearing the sequence's state drops its default clock
        t.of(TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .build());
        assertThat(t.of(at(1, 7))).isEqualTo(7);
        // a sequence clock no snapshot defined: the raw value
        assertThat(t.of(at(3, 9).toBuilder().setTimestampClockId(70).build())).isEqualTo(9);
        assertThat(t.of(TracePacket.newBuilder().setTrustedPacketSequenceId(1).build()))
                .isZero();
    }
}
