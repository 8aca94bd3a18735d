package io.ptotrace.convert.inspect;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.ptotrace.io.InputProblem;
import io.ptotrace.proto.TracePacket;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads a Perfetto protobuf trace packet by packet (the file is a {@code Trace}: repeated field 1), without
 * holding more than one packet; packets inside {@code compressed_packets} (field 50, deflate) are read too.
 */
final class PftraceReader {
    /** TracePacket.compressed_packets (not in our schema subset). */
    static final int COMPRESSED_PACKETS = 50;

    private final String file;
    private final PftraceAnalyzer an;
    private long offset;
    private long packetNo;

    PftraceReader(String file, PftraceAnalyzer an) {
        this.file = file;
        this.an = an;
    }

    void read(InputStream in) throws IOException {
        frames(in, true);
    }

    private InputProblem problem(String msg) {
        return new InputProblem(file, msg, "byte " + offset + ", packet #" + packetNo, null);
    }

    private long varint(InputStream in, boolean eofOk) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                if (eofOk && shift == 0) return -1;
                throw problem("truncated protobuf (varint cut off)");
            }
            offset++;
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) return v;
        }
        throw problem("malformed protobuf (varint longer than 10 bytes)");
    }

    private void frames(InputStream in, boolean top) throws IOException {
        while (true) {
            long start = offset;
            long tag = varint(in, true);
            if (tag < 0) return;
            int field = (int) (tag >>> 3), wire = (int) (tag & 7);
            if (field == 0) throw problem("malformed protobuf (field number 0)");
            switch (wire) {
                case 0: varint(in, false); break;
                case 1: skip(in, 8); break;
                case 5: skip(in, 4); break;
                case 2: {
                    long len = varint(in, false);
                    if (len < 0 || len > Integer.MAX_VALUE - 16) throw problem("malformed protobuf (length " + len + ")");
                    if (field == 1) {
                        byte[] b = in.readNBytes((int) len);
                        if (b.length < len) throw problem("truncated protobuf (packet of " + len + " bytes cut off after " + b.length + ")");
                        offset += len;
                        packet(b, start);
                    } else {
                        skip(in, len);
                    }
                    break;
                }
                default:
                    throw problem("not a Perfetto trace (wire type " + wire + " for field " + field + ")");
            }
        }
    }

    private void skip(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) throw problem("truncated protobuf");
                s = 1;
            }
            left -= s;
        }
        offset += n;
    }

    private void packet(byte[] b, long start) throws IOException {
        TracePacket p;
        try {
            p = TracePacket.parseFrom(b);
        } catch (InvalidProtocolBufferException e) {
            offset = start;
            throw problem("malformed TracePacket: " + e.getMessage());
        }
        packetNo++;
        an.packet(p);
        UnknownFieldSet.Field compressed = p.getUnknownFields().getField(COMPRESSED_PACKETS);
        if (compressed != null) {
            for (ByteString bs : compressed.getLengthDelimitedList()) {
                long saveOffset = offset;
                offset = 0;
                frames(new ByteArrayInputStream(inflate(bs)), false);
                offset = saveOffset;
            }
        }
    }

    private byte[] inflate(ByteString bs) throws IOException {
        Inflater inf = new Inflater();
        try {
            inf.setInput(bs.toByteArray());
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(bs.size() * 4);
            byte[] buf = new byte[1 << 16];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) throw problem("truncated compressed_packets");
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw problem("bad compressed_packets: " + e.getMessage());
        } finally {
            inf.end();
        }
    }
}
