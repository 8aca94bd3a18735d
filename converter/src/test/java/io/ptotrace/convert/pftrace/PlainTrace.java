package io.ptotrace.convert.pftrace;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TracePacket;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** A .pftrace with its compressed_packets inflated in place: the trace as the processor reads it, packet by packet. */
public final class PlainTrace {
    private PlainTrace() {}

    public static Trace of(Path pftrace) {
        try {
            return of(Files.readAllBytes(pftrace));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Trace of(byte[] data) {
        try {
            Trace.Builder plain = Trace.newBuilder();
            for (TracePacket p : Trace.parseFrom(data).getPacketList()) {
                UnknownFieldSet unknown = p.getUnknownFields();
                if (!unknown.hasField(PacketDeflater.COMPRESSED_PACKETS)) plain.addPacket(p);
                else
                    for (ByteString batch :
                            unknown.getField(PacketDeflater.COMPRESSED_PACKETS).getLengthDelimitedList())
                        plain.addAllPacket(of(inflate(batch.toByteArray())).getPacketList());
            }
            return plain.build();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] inflate(byte[] z) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(z);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 14];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && inf.needsInput()) throw new IllegalStateException("truncated deflate stream");
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new IllegalStateException(e);
        } finally {
            inf.end();
        }
    }
}
