package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.inspect.PacketTimes;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TracePacketDefaults;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacketClockTest {
    /** Writes each time as the encoder does after the sequence's first packet, and reads them back. */
    private static List<Long> roundTrip(long... times) throws Exception {
        PacketTimes read = new PacketTimes();
        read.of(TracePacket.newBuilder()
                .setTrustedPacketSequenceId(1)
                .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                .setTracePacketDefaults(TracePacketDefaults.newBuilder().setTimestampClockId(PacketClock.DELTA_CLOCK))
                .setClockSnapshot(PacketClock.SNAPSHOT)
                .build());
        List<Long> got = new ArrayList<>();
        long last = PacketClock.START;
        PbWriter pkt = new PbWriter();
        for (long ts : times) {
            pkt.reset();
            last = PacketClock.writeTime(pkt, ts, last);
            pkt.varint(TracePacket.TRUSTED_PACKET_SEQUENCE_ID_FIELD_NUMBER, 1);
            byte[] b = java.util.Arrays.copyOf(pkt.buffer(), pkt.size());
            assertThat(b[0]).as("the time comes first").isEqualTo((byte) (TracePacket.TIMESTAMP_FIELD_NUMBER << 3));
            got.add(read.of(TracePacket.parseFrom(b)));
        }
        return got;
    }

    @Test
    void timesInOrderComeBackFromTheirDeltas() throws Exception {
        assertThat(roundTrip(0, 0, 380, 380, 460, 8_335_120_000L, 8_335_120_000L))
                .containsExactly(0L, 0L, 380L, 380L, 460L, 8_335_120_000L, 8_335_120_000L);
    }

    @Test
    void aTimeThatGoesBackIsWrittenInFullAndTheDeltasGoOn() throws Exception {
        assertThat(roundTrip(100, 40, 150, -5, 150, 151)).containsExactly(100L, 40L, 150L, -5L, 150L, 151L);
    }

    @Test
    void deltasAreShortVarints() {
        PbWriter pkt = new PbWriter();
        PacketClock.writeTime(pkt, 8_335_120_020L, 8_335_120_000L);
        assertThat(pkt.size()).isEqualTo(2);
        pkt.reset();
        PacketClock.writeTime(pkt, 8_335_120_000L, PacketClock.START);
        assertThat(pkt.size()).isEqualTo(6);
    }
}
