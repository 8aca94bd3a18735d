package io.ptotrace.inspect;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import com.google.protobuf.WireFormat;
import io.ptotrace.io.InputProblem;
import io.ptotrace.proto.TracePacket;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Reads a Perfetto protobuf trace packet by packet (the file is a {@code Trace}: repeated field 1), without
 * holding more than one packet per level; packets inside {@code compressed_packets} (field 50, deflate) are
 * streamed from the inflater the same way, at most {@link Inflation#MAX_DEPTH} levels deep.
 */
public final class PftraceReader {
    /** TracePacket.compressed_packets (not in our schema subset). */
    static final int COMPRESSED_PACKETS = 50;
    /**
     * A packet (or any other field of a Trace) longer than this is malformed. Perfetto's packets fit in its
     * trace buffer's chunks (kilobytes), its compressed_packets batches are a few megabytes; the bound keeps
     * a lying length from claiming gigabytes of memory.
     */
    static final int MAX_PACKET_BYTES = 256 << 20;

    private final String file;
    private final Consumer<TracePacket> each;
    private final Inflation inflation;
    private long packetNo;

    PftraceReader(String file, Consumer<TracePacket> each, Inflation inflation) {
        this.file = file;
        this.each = each;
        this.inflation = inflation;
    }

    /**
     * Hands {@code each} every packet of the trace read from {@code in} ({@code file} names it in errors), a packet
     * that carries compressed_packets before the packets they hold, within the bounds {@code inspect} reads with.
     */
    public static void forEachPacket(String file, InputStream in, Consumer<TracePacket> each) throws IOException {
        Inflation inflation = new Inflation(file);
        new PftraceReader(file, each, inflation).read(inflation.source(in));
    }

    void read(InputStream in) throws IOException {
        frames(new Level(CodedInputStream.newInstance(in, 1 << 16), 0, null));
    }

    /** One protobuf stream: the file, or what one compressed_packets inflates to. */
    private static final class Level {
        final CodedInputStream in;
        final int depth;
        /** null for the file, else "packet #N's compressed_packets". */
        final String of;

        private long base;

        Level(CodedInputStream in, int depth, String of) {
            this.in = in;
            this.depth = depth;
            this.of = of;
        }

        long offset() {
            return base + in.getTotalBytesRead();
        }

        /**
         * The stream's byte count is an int, and its size limit (Integer.MAX_VALUE) applies to it: restart it
         * after every field so that a trace may be longer than 2 GiB.
         */
        void retire() {
            base += in.getTotalBytesRead();
            in.resetSizeCounter();
        }

        String where(long at, long packet) {
            return "byte " + at + (of == null ? "" : " of " + of) + ", packet #" + packet;
        }
    }

    private InputProblem problem(Level lv, long at, long packet, String msg) {
        return new InputProblem(file, msg, lv.where(at, packet), null);
    }

    private void frames(Level lv) throws IOException {
        CodedInputStream in = lv.in;
        while (true) {
            long start = lv.offset();
            int field = 0, wire = -1;
            long len = -1;
            byte[] packet = null;
            try {
                int tag = in.readTag();
                if (tag == 0) return;
                field = WireFormat.getTagFieldNumber(tag);
                wire = WireFormat.getTagWireType(tag);
                switch (wire) {
                    case WireFormat.WIRETYPE_VARINT:
                    case WireFormat.WIRETYPE_FIXED64:
                    case WireFormat.WIRETYPE_FIXED32:
                        in.skipField(tag);
                        break;
                    case WireFormat.WIRETYPE_LENGTH_DELIMITED:
                        long n = in.readRawVarint64();
                        if (n < 0 || n > MAX_PACKET_BYTES) {
                            throw problem(
                                    lv,
                                    start,
                                    packetNo,
                                    "malformed protobuf (" + name(field) + " of " + Long.toUnsignedString(n)
                                            + " bytes, over the limit of " + (MAX_PACKET_BYTES >> 20) + " MiB)");
                        }
                        len = n;
                        if (field == 1) packet = in.readRawBytes((int) len);
                        else in.skipRawBytes((int) len);
                        break;
                    default:
                        throw problem(
                                lv,
                                start,
                                packetNo,
                                "not a Perfetto trace (wire type " + wire + " for field " + field + ")");
                }
            } catch (InvalidProtocolBufferException e) {
                if (!truncated(e)) throw problem(lv, start, packetNo, "malformed protobuf (" + reason(e) + ")");
                String what = len >= 0
                        ? name(field) + " of " + len + " bytes"
                        : field == 0 || wire == WireFormat.WIRETYPE_LENGTH_DELIMITED ? "varint" : "field " + field;
                throw problem(lv, start, packetNo, "truncated protobuf (" + what + " cut off)");
            }
            lv.retire();
            if (packet == null) continue;
            List<ByteString> blobs = packet(lv, start, packet);
            packet = null; // only the compressed bytes stay alive while they are read
            if (blobs.isEmpty()) continue;
            long container = packetNo - 1;
            if (lv.depth == Inflation.MAX_DEPTH) {
                throw problem(
                        lv,
                        start,
                        container,
                        "compressed_packets nested more than " + Inflation.MAX_DEPTH + " levels deep");
            }
            for (ByteString blob : blobs) inflate(lv, container, blob);
        }
    }

    /** Parses and analyses one packet; returns its compressed_packets. */
    private List<ByteString> packet(Level lv, long start, byte[] b) {
        TracePacket p;
        try {
            p = TracePacket.parseFrom(b);
        } catch (InvalidProtocolBufferException e) {
            throw problem(
                    lv,
                    start,
                    packetNo,
                    "malformed TracePacket (" + (truncated(e) ? "a field runs past the packet's end" : reason(e))
                            + ")");
        }
        packetNo++;
        each.accept(p);
        UnknownFieldSet.Field compressed = p.getUnknownFields().getField(COMPRESSED_PACKETS);
        return compressed == null ? List.of() : compressed.getLengthDelimitedList();
    }

    private void inflate(Level lv, long container, ByteString blob) throws IOException {
        String of = "packet #" + container + "'s compressed_packets";
        Inflater inf = new Inflater();
        try {
            InputStream data = inflation.inflated(
                    new InflaterInputStream(blob.newInput(), inf, 1 << 13),
                    "compressed_packets",
                    at -> "byte " + at + " of " + of + ", packet #" + packetNo);
            Level inner = new Level(CodedInputStream.newInstance(data), lv.depth + 1, of);
            frames(inner);
            if (inf.needsDictionary())
                throw problem(inner, inner.offset(), packetNo, "bad compressed_packets: needs a preset dictionary");
        } finally {
            inf.end();
        }
    }

    private static String name(int field) {
        return field == 1 ? "packet" : "field " + field;
    }

    /** protobuf-java tells running out of input from malformed input only by its message. */
    private static boolean truncated(InvalidProtocolBufferException e) {
        return e.getMessage() != null
                && e.getMessage().startsWith("While parsing a protocol message, the input ended unexpectedly");
    }

    /** CodedInputStream's messages, in this tool's words. */
    private static String reason(InvalidProtocolBufferException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (m.contains("malformed varint")) return "varint longer than 10 bytes";
        if (m.contains("invalid tag (zero)")) return "field number 0";
        if (m.contains("invalid wire type")) return "invalid wire type";
        if (m.contains("too many levels of nesting")) return "messages nested too deep";
        if (m.contains("invalid UTF-8")) return "invalid UTF-8 in a string";
        return m.split("\\.  ", 2)[0];
    }
}
