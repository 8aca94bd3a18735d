package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A trace with its packets deflated in batches holds exactly the packets of the plain trace, in order. */
class PacketDeflaterTest {
    @Test
    void everySampleRunInflatesToItsPlainTraceByteForByte() throws Exception {
        Map<String, TracePicture> pics = TestPictures.ofSampleRuns(false);
        assertThat(pics).isNotEmpty();
        for (Map.Entry<String, TracePicture> e : pics.entrySet()) {
            byte[] plain = write(e.getValue(), PacketCompression.NONE);
            byte[] deflated = write(e.getValue(), PacketCompression.DEFLATE);
            List<byte[]> batches = batches(deflated);
            assertThat(batches).as(e.getKey()).isNotEmpty();
            assertThat(concat(batches)).as(e.getKey()).isEqualTo(plain);
            assertThat(deflated.length).as(e.getKey()).isLessThan(plain.length);
        }
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 4})
    void smallBatchesNeverSplitAPacketAndKeepTheOrder(int threads) throws Exception {
        TracePicture pic = TestPictures.ofSampleRuns(false).values().iterator().next();
        byte[] plain = write(pic, PacketCompression.NONE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PacketDeflater d = new PacketDeflater(out, Deflater.BEST_SPEED, 300, threads);
        // written in awkward pieces: a packet's framing and body arrive split over many writes
        for (int i = 0; i < plain.length; i += 7) d.write(plain, i, Math.min(7, plain.length - i));
        d.finish();
        d.close();
        List<byte[]> batches = batches(out.toByteArray());
        assertThat(batches.size()).isGreaterThan(3);
        assertThat(d.packets()).isEqualTo(batches.size());
        for (byte[] b : batches) assertThat(Trace.parseFrom(b).getPacketCount()).isPositive();
        assertThat(concat(batches)).isEqualTo(plain);
    }

    @Test
    void aPacketLargerThanABatchTravelsWhole() throws Exception {
        byte[] big = TracePacket.newBuilder()
                .setTimestamp(5)
                .setTrustedPacketSequenceId(1)
                .setUnknownFields(UnknownFieldSet.newBuilder()
                        .addField(
                                900,
                                UnknownFieldSet.Field.newBuilder()
                                        .addLengthDelimited(ByteString.copyFrom(new byte[5000]))
                                        .build())
                        .build())
                .build()
                .toByteArray();
        byte[] trace = Trace.newBuilder()
                .addPacket(TracePacket.parseFrom(big))
                .addPacket(TracePacket.newBuilder().setTimestamp(6).build())
                .build()
                .toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PacketDeflater d = new PacketDeflater(out, Deflater.BEST_SPEED, 100, 1);
        int first = trace.length - 4; // the second packet is 4 bytes: tag, length, timestamp
        d.write(trace, 0, first - 10);
        assertThat(out.size()).as("nothing before the big packet is whole").isZero();
        d.write(trace, first - 10, 10);
        assertThat(out.size()).as("the big packet, deflated once whole").isPositive();
        d.write(trace, first, 4);
        d.finish();
        d.close();
        List<byte[]> batches = batches(out.toByteArray());
        assertThat(batches).hasSize(2);
        assertThat(Trace.parseFrom(batches.get(0)).getPacket(0).toByteArray()).isEqualTo(big);
        assertThat(concat(batches)).isEqualTo(trace);
    }

    @Test
    void aTraceThatEndsInsideAPacketIsRefused() throws Exception {
        byte[] trace = Trace.newBuilder()
                .addPacket(TracePacket.newBuilder().setTimestamp(6).build())
                .build()
                .toByteArray();
        PacketDeflater d = new PacketDeflater(new ByteArrayOutputStream(), Deflater.BEST_SPEED, 100, 2);
        d.write(trace, 0, trace.length - 1);
        assertThatThrownBy(d::finish).isInstanceOf(IllegalStateException.class);
        d.close();
    }

    @Test
    void aFailingDiskStopsTheWriteAndLeavesNoDeflatingThread() throws Exception {
        TracePicture pic = TestPictures.ofSampleRuns(false).values().iterator().next();
        byte[] plain = write(pic, PacketCompression.NONE);
        java.io.OutputStream full = new java.io.OutputStream() {
            int left = 40;

            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if ((left -= len) < 0) throw new java.io.IOException("No space left on device");
            }
        };
        PacketDeflater d = new PacketDeflater(full, Deflater.BEST_SPEED, 64, 2);
        assertThatThrownBy(() -> {
                    try (d) {
                        d.write(plain, 0, plain.length);
                        d.finish();
                    }
                })
                .isInstanceOf(java.io.IOException.class)
                .hasMessage("No space left on device");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (deflatingThreads() > 0 && System.nanoTime() < deadline) Thread.sleep(10);
        assertThat(deflatingThreads()).isZero();
    }

    private static long deflatingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("pftrace-deflate") && t.isAlive())
                .count();
    }

    /** The lean .pftrace of {@code pic}, its packets written as {@code c} says. */
    static byte[] write(TracePicture pic, PacketCompression c) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        c.write(out, s -> new PftraceTraceWriter(ArgSet.LEAN).write(pic, s));
        return out.toByteArray();
    }

    /** The inflated content of each packet; every packet must hold compressed_packets and nothing else. */
    private static List<byte[]> batches(byte[] trace) throws Exception {
        List<byte[]> out = new ArrayList<>();
        for (TracePacket p : Trace.parseFrom(trace).getPacketList()) {
            assertThat(p.getAllFields()).isEmpty();
            Map<Integer, UnknownFieldSet.Field> unknown = p.getUnknownFields().asMap();
            assertThat(unknown.keySet()).containsExactly(PacketDeflater.COMPRESSED_PACKETS);
            List<ByteString> blobs =
                    unknown.get(PacketDeflater.COMPRESSED_PACKETS).getLengthDelimitedList();
            assertThat(blobs).hasSize(1);
            out.add(PlainTrace.inflate(blobs.get(0).toByteArray()));
        }
        return out;
    }

    private static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
