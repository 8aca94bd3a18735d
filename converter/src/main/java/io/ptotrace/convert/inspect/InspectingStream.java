package io.ptotrace.convert.inspect;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose bytes are inspected as a trace file, on a thread of its own, while they are written:
 * a writer renders into it (or into a tee of its file and this) and {@link #summary()} then gives what
 * {@code ptotrace inspect} says of those bytes. The reading side is {@link TraceInspector#inspect(InputStream,
 * String)} itself, so what is judged is exactly what was written. Memory: a few buffers in flight.
 *
 * <p>Call {@link #close()} when the trace is complete, or {@link #abort()} when writing failed; the writer
 * never waits on a reader that stopped (after a failure the reader keeps draining until one of the two).
 */
public final class InspectingStream extends OutputStream {
    private static final int BUFFER_BYTES = 1 << 18, BUFFERS = 8;

    /** A filled buffer, or a marker of the end. */
    private record Chunk(byte[] bytes, int length) {}

    private static final Chunk END = new Chunk(new byte[0], 0), ABORTED = new Chunk(new byte[0], 0);

    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
    /** Room for every buffer and the end marker, so that closing never waits. */
    private final BlockingQueue<Chunk> filled = new ArrayBlockingQueue<>(BUFFERS + 1);
    private final Thread reader;
    private byte[] current;
    private int used;
    private boolean finished;
    private volatile Summary summary;
    private volatile Throwable failure;

    /** Starts the reading thread; {@code name} is the file name the summary reports. */
    public InspectingStream(String name) {
        for (int i = 1; i < BUFFERS; i++) free.add(new byte[BUFFER_BYTES]);
        current = new byte[BUFFER_BYTES];
        Written in = new Written();
        reader = new Thread(() -> {
            try {
                summary = TraceInspector.inspect(in, name);
            } catch (Throwable t) {
                failure = t;
            } finally {
                in.drain();
            }
        }, "trace-inspector");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public void write(int b) throws IOException {
        if (finished) throw new IOException("stream closed");
        if (used == current.length) hand();
        current[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (finished) throw new IOException("stream closed");
        while (len > 0) {
            if (used == current.length) hand();
            int n = Math.min(len, current.length - used);
            System.arraycopy(b, off, current, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void hand() throws IOException {
        try {
            filled.put(new Chunk(current, used));
            current = free.take();
            used = 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while inspecting the trace being written");
        }
    }

    /** The trace is complete. */
    @Override
    public void close() {
        end(END);
    }

    /** Writing failed: the reader stops and {@link #summary()} reports that the trace is incomplete. */
    public void abort() {
        end(ABORTED);
    }

    private void end(Chunk marker) {
        if (finished) return;
        finished = true;
        if (used > 0 && marker == END) filled.add(new Chunk(current, used));
        current = null;
        filled.add(marker);
    }

    /** Waits for the reader and returns its summary; the stream must be closed first. */
    public Summary summary() {
        if (!finished) throw new IllegalStateException("the trace is still being written");
        boolean interrupted = false;
        while (true) {
            try {
                reader.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable f = failure;
        if (f instanceof Error) throw (Error) f;
        if (f != null) throw new IllegalStateException("the trace written could not be inspected: " + f.getMessage(), f);
        return summary;
    }

    /** The reading side: the buffers in the order written. */
    private final class Written extends InputStream {
        private Chunk chunk;
        private int pos;
        private boolean ended;

        /** The next chunk with bytes left, or false at the end. */
        private boolean more() throws IOException {
            while (chunk == null || pos == chunk.length) {
                if (ended) return false;
                if (chunk != null) free.add(chunk.bytes);
                chunk = null;
                Chunk c = take();
                if (c == END || c == ABORTED) {
                    ended = true;
                    if (c == ABORTED) throw new IOException("the trace was not written to its end");
                    return false;
                }
                chunk = c;
                pos = 0;
            }
            return true;
        }

        private Chunk take() throws InterruptedIOException {
            try {
                return filled.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException();
            }
        }

        @Override
        public int read() throws IOException {
            return more() ? chunk.bytes[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (!more()) return -1;
            int n = Math.min(len, chunk.length - pos);
            System.arraycopy(chunk.bytes, pos, b, off, n);
            pos += n;
            return n;
        }

        @Override
        public int available() {
            return chunk == null ? 0 : chunk.length - pos;
        }

        /** Consumes what is still to come, so the writer never blocks on a reader that stopped early. */
        void drain() {
            try {
                while (!ended) {
                    if (chunk != null) free.add(chunk.bytes);
                    chunk = null;
                    Chunk c = take();
                    if (c == END || c == ABORTED) ended = true;
                    else chunk = c;
                }
            } catch (InterruptedIOException e) {
                // the JVM is stopping
            }
        }
    }
}
