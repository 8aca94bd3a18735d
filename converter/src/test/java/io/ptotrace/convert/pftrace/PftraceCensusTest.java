package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.proto.Trace;
import java.io.ByteArrayInputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The census counts what the trace processor reads: a deflated trace's packets as the plain trace's. */
class PftraceCensusTest {
    @Test
    void aDeflatedTraceCountsAsItsPlainTrace() throws Exception {
        Map<String, TracePicture> pics = TestPictures.ofSampleRuns(false);
        assertThat(pics).isNotEmpty();
        for (Map.Entry<String, TracePicture> e : pics.entrySet()) {
            byte[] plain = PacketDeflaterTest.write(e.getValue(), PacketCompression.NONE);
            byte[] deflated = PacketDeflaterTest.write(e.getValue(), PacketCompression.DEFLATE);
            PftraceCensus p = PftraceCensus.of(new ByteArrayInputStream(plain));
            PftraceCensus d = PftraceCensus.of(new ByteArrayInputStream(deflated));
            assertThat(p.packets)
                    .as(e.getKey())
                    .isEqualTo(Trace.parseFrom(plain).getPacketCount());
            assertThat(p.events).as(e.getKey()).isPositive();
            assertThat(new long[] {d.packets, d.events, d.annotations, d.argRows, d.distinctStrings()})
                    .as(e.getKey())
                    .containsExactly(p.packets, p.events, p.annotations, p.argRows, p.distinctStrings());
        }
    }
}
