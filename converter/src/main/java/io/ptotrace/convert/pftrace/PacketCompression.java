package io.ptotrace.convert.pftrace;

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
    public interface Body<T> {
        T write(OutputStream out) throws IOException;
    }

    /** Runs {@code body} on {@code out}, its packets stored as this says; the stream is flushed, not closed. */
    public <T> T write(OutputStream out, Body<T> body) throws IOException {
        if (this == NONE) return body.write(out);
        try (PacketDeflater deflater = new PacketDeflater(out, LEVEL)) {
            T result = body.write(deflater);
            deflater.finish();
            return result;
        }
    }
}
