package io.ptotrace.convert.pftrace;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.TempFiles;
import io.ptotrace.proto.Trace;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A {@code .pftrace} written part by part, so that only one part's picture is in memory at a time (a multi-rank
 * trace: the Host block, then each rank). Each part is laid out on its own, its tracks numbered after the previous
 * part's, its packets on a packet sequence of its own (its own interning), and encoded to a temporary file as
 * records in its time order. {@link #writeTo} then writes every part's track descriptors, then all their events
 * merged by time (ties in part order), with the import marks of a lean trace, so the processor sees what a trace
 * of one picture of all parts would give it: events in time order, every arrow's id on the end it imports first
 * (arrows never join two parts). The temporary files are deflated: a third of the disk, for merges whose inputs
 * already fill most of it.
 */
public final class PftraceParts implements Closeable {
    /** The time of a track descriptor's record: before every event. */
    static final long DESCRIPTOR = Long.MIN_VALUE;

    private final Path dir;
    private final ArgSet args;
    private final List<Path> runs = new ArrayList<>();
    private long uuidBase;
    private int processRankBase;
    private final PerfettoProtoWriter.Report report = new PerfettoProtoWriter.Report();

    /** Parts kept as temporary files in {@code dir} (the output's folder, so that they need no other disk). */
    public PftraceParts(Path dir, ArgSet args) {
        this.dir = dir;
        this.args = args;
    }

    /** Lays out and encodes one part; the picture is not needed afterwards. */
    public void add(TracePicture pic) throws IOException {
        PftraceLayout layout = PftraceLayout.ofPart(pic, uuidBase, processRankBase);
        Path run = TempFiles.create(dir);
        runs.add(run);
        Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        try (DataOutputStream d = new DataOutputStream(new BufferedOutputStream(
                new DeflaterOutputStream(Files.newOutputStream(run), deflater, 1 << 16), 1 << 16))) {
            new PftraceEncoder(layout, d, args, PftraceConventions.SEQUENCE_ID + runs.size() - 1).encode();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            deflater.end();
        }
        uuidBase = Math.max(uuidBase, layout.lastUuid());
        processRankBase += layout.processCount();
        report.add(layout.report());
    }

    /** What the parts' layouts did, summed (its byte count once {@link #writeTo} has run). */
    public PerfettoProtoWriter.Report report() {
        return report;
    }

    /** Writes the trace: the descriptors of every part, then the events of all parts by time. */
    public void writeTo(OutputStream out) throws IOException {
        int importWindow = args == ArgSet.LEAN ? PftraceEncoder.IMPORT_WINDOW : 0;
        CodedOutputStream cos = CodedOutputStream.newInstance(out, 1 << 16);
        List<Cursor> cursors = new ArrayList<>();
        try {
            for (int k = 0; k < runs.size(); k++) {
                Cursor c = new Cursor(k, runs.get(k));
                cursors.add(c);
                while (c.next() && c.ts == DESCRIPTOR) c.copyTo(cos);
            }
            PriorityQueue<Cursor> heads = new PriorityQueue<>(
                    (a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Integer.compare(a.part, b.part));
            for (Cursor c : cursors) if (!c.done) heads.add(c);
            int sinceMark = 0;
            while (!heads.isEmpty()) {
                Cursor c = heads.poll();
                long ts = c.ts;
                c.copyTo(cos);
                if (c.next()) heads.add(c);
                if (importWindow > 0 && ++sinceMark == importWindow) {
                    report.packets += PftraceEncoder.writeImportMark(cos, ts);
                    sinceMark = 0;
                }
            }
            cos.flush();
            report.bytes = cos.getTotalBytesWritten();
        } finally {
            for (Cursor c : cursors) c.in.close();
        }
    }

    /** Deletes the parts' temporary files. */
    @Override
    public void close() {
        for (Path p : runs) TempFiles.delete(p);
        runs.clear();
    }

    /** One part's records, read in order. */
    private static final class Cursor {
        final int part;
        final DataInputStream in;
        long ts;
        byte[] buf = new byte[1 << 12];
        int size;
        boolean done;

        Cursor(int part, Path run) throws IOException {
            this.part = part;
            Inflater inflater = new Inflater(true);
            this.in = new DataInputStream(new BufferedInputStream(
                    new InflaterInputStream(Files.newInputStream(run), inflater, 1 << 14) {
                        @Override
                        public void close() throws IOException {
                            super.close();
                            inflater.end();
                        }
                    },
                    1 << 14));
        }

        /** Reads the next record; false (and done) at the end. */
        boolean next() throws IOException {
            try {
                ts = in.readLong();
            } catch (EOFException end) {
                done = true;
                return false;
            }
            size = in.readInt();
            if (size > buf.length) buf = new byte[Math.max(size, buf.length * 2)];
            in.readFully(buf, 0, size);
            return true;
        }

        void copyTo(CodedOutputStream cos) throws IOException {
            cos.writeTag(Trace.PACKET_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            cos.writeUInt32NoTag(size);
            cos.writeRawBytes(buf, 0, size);
        }
    }
}
