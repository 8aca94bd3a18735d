package io.ptotrace.convert.pftrace;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Deflater;

/** How a {@code .pftrace}'s packets are stored: as they are, or deflated in batches ({@link PacketDeflater}). */
public enum PacketCompression {
    NONE,
    DEFLATE;

    /** Deflate's fastest level: a trace's packets repeat so much that higher levels gain little and cost much. */
    static final int LEVEL = Deflater.BEST_SPEED;

    /** Writes a trace's packets to a stream. */
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** What one trace file took: its bytes, and the bytes of its packets before they were compressed. */
    public record Sizes(long file, long plain) {}

    /**
     * Runs {@code body} on {@code out}, its packets stored as this says; the stream is flushed, not closed. Returns
     * the bytes written and the bytes {@code body} wrote.
     */
    public Sizes write(OutputStream out, Body body) throws IOException {
        Counting file = new Counting(out);
        Counting plain;
        if (this == NONE) {
            plain = file;
            body.write(plain);
        } else {
            try (PacketDeflater deflater = new PacketDeflater(file, LEVEL)) {
                plain = new Counting(deflater);
                body.write(plain);
                deflater.finish();
            }
        }
        file.flush();
        return new Sizes(file.count, plain.count);
    }

    /** Passes bytes through and counts them (the size of a trace written to a pipe is known only this way). */
    private static final class Counting extends FilterOutputStream {
        long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
