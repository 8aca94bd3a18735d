package io.ptotrace.convert.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.TracePicture;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class InspectingStreamTest {
    static final TracePicture PIC = TestPictures.sample().pic;

    /** The bytes written in pieces of {@code piece} bytes (and single bytes for piece 1). */
    static Summary writtenInPieces(byte[] trace, int piece) throws IOException {
        InspectingStream s = new InspectingStream("t");
        for (int i = 0; i < trace.length; i += piece) {
            if (piece == 1) s.write(trace[i]);
            else s.write(trace, i, Math.min(piece, trace.length - i));
        }
        s.close();
        return s.summary();
    }

    @Test
    void judgesWhatIsWrittenLikeTheSameFile() throws IOException {
        ByteArrayOutputStream json = new ByteArrayOutputStream(), pf = new ByteArrayOutputStream();
        ChromeJsonWriter.write(PIC, json);
        PerfettoProtoWriter.write(PIC, pf);
        for (byte[] trace : new byte[][] {json.toByteArray(), pf.toByteArray()}) {
            String expected = TraceInspector.inspect(new ByteArrayInputStream(trace), "t").toJson();
            for (int piece : new int[] {1, 7, 1 << 18, trace.length})
                assertThat(writtenInPieces(trace, piece).toJson()).as("pieces of %d", piece).isEqualTo(expected);
        }
        assertThat(writtenInPieces(json.toByteArray(), 5).problemCounts).containsKey(Problem.Kind.FLOW_END_BEFORE_START);
    }

    @Test
    void buffersMoreThanInFlightAndReassemblesThemInOrder() throws IOException {
        // a valid trace many buffers long: one slice per line
        StringBuilder sb = new StringBuilder("{\"traceEvents\":[");
        int n = 60_000;
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(',');
            sb.append("{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":").append(i * 10).append(",\"dur\":5,\"name\":\"slice number ").append(i).append("\"}");
        }
        byte[] trace = sb.append("]}").toString().getBytes(StandardCharsets.UTF_8);
        assertThat(trace.length).isGreaterThan(8 << 18);
        Summary s = writtenInPieces(trace, 1000);
        assertThat(s.slices).isEqualTo(n);
        assertThat(s.problems).isEmpty();
        assertThat(s.lastNs).isEqualTo((n - 1) * 10_000L + 5_000L);
    }

    @Test
    void aReaderThatGaveUpNeverStopsTheWriter() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            InspectingStream s = new InspectingStream("t");
            byte[] garbage = new byte[1 << 16];
            Arrays.fill(garbage, (byte) '#');
            for (int i = 0; i < 320; i++) s.write(garbage);      // 20 MiB, many times what is in flight
            s.close();
            assertThatThrownBy(s::summary).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("neither a Chrome JSON nor a Perfetto protobuf trace");
        });
    }

    @Test
    void anAbortedTraceHasNoSummary() throws IOException {
        InspectingStream s = new InspectingStream("t");
        s.write("{\"traceEvents\":[{\"ph\":\"X\",".getBytes(StandardCharsets.UTF_8));
        s.abort();
        assertThatThrownBy(s::summary).isInstanceOf(IllegalStateException.class).hasMessageContaining("not written to its end");
        assertThatThrownBy(() -> s.write('x')).isInstanceOf(IOException.class);
    }

    @Test
    void theSummaryWaitsForTheEnd() throws IOException {
        InspectingStream s = new InspectingStream("t");
        s.write('[');
        assertThatThrownBy(s::summary).isInstanceOf(IllegalStateException.class).hasMessageContaining("still being written");
        s.write(']');
        s.close();
        s.close();
        assertThat(s.summary().slices).isZero();
        assertThatThrownBy(() -> s.write(new byte[1], 0, 1)).isInstanceOf(IOException.class);
    }
}
