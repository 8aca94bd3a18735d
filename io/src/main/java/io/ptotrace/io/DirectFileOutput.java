package io.ptotrace.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * An output stream for multi-gigabyte trace files that bypasses the page cache (O_DIRECT): large aligned
 * blocks, written by a background thread while the caller fills the next one. Buffered writes of a 5 GB
 * trace cost this project's 2-core machine 8–11 s of kernel time copying into the page cache, time the
 * rendering threads need; direct writes are DMA. Where the file system refuses direct I/O (tmpfs, some
 * network mounts) the stream writes through the page cache instead, with the same bytes.
 */
final class DirectFileOutput extends OutputStream {
    static final int BLOCK_BYTES = 8 << 20;

    /** A stream that writes {@code file} (existing, emptied) directly when the file system allows it. */
    static OutputStream open(Path file) throws IOException {
        FileChannel direct = null;
        int align = 0;
        try {
            align = (int) Files.getFileStore(file).getBlockSize();
            if (align > 0 && align <= 1 << 16 && Integer.bitCount(align) == 1)
                direct = FileChannel.open(
                        file,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        com.sun.nio.file.ExtendedOpenOption.DIRECT);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            direct = null;
        }
        // never CREATE: the temporary file may have been removed by the shutdown hook already
        if (direct == null)
            return new BufferedOutputStream(
                    Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING),
                    1 << 16);
        return new DirectFileOutput(file, direct, align);
    }

    private final Path file;
    private final int align;
    private FileChannel channel;
    private boolean direct = true;
    private ByteBuffer fill, spare;
    private Future<?> pending;
    private long length;
    private boolean closed;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "trace-file-writer");
        t.setDaemon(true);
        return t;
    });

    private DirectFileOutput(Path file, FileChannel channel, int align) {
        this.file = file;
        this.channel = channel;
        this.align = align;
        this.fill = block();
    }

    private ByteBuffer block() {
        ByteBuffer b = ByteBuffer.allocateDirect(BLOCK_BYTES + align).alignedSlice(align);
        b.limit(BLOCK_BYTES);
        return b;
    }

    @Override
    public void write(int b) throws IOException {
        if (closed) throw new IOException("stream closed");
        if (!fill.hasRemaining()) handOff();
        fill.put((byte) b);
        length++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (closed) throw new IOException("stream closed");
        while (len > 0) {
            if (!fill.hasRemaining()) handOff();
            int n = Math.min(len, fill.remaining());
            fill.put(b, off, n);
            off += n;
            len -= n;
            length += n;
        }
    }

    /** Queues the full block and continues in the spare one (waiting until its last write is done). */
    private void handOff() throws IOException {
        await();
        ByteBuffer full = fill;
        full.flip();
        pending = writer.submit(() -> drain(full));
        fill = spare != null ? spare : block(); // the second block only for files larger than one
        spare = full;
        fill.clear().limit(BLOCK_BYTES);
    }

    private Void drain(ByteBuffer b) {
        try {
            long at = channel.position();
            try {
                while (b.hasRemaining()) channel.write(b);
            } catch (IOException e) {
                if (!direct) throw e;
                // opened for direct I/O but refused on write: go on through the page cache from the same offset
                channel.close();
                direct = false;
                channel = FileChannel.open(file, StandardOpenOption.WRITE);
                channel.position(at);
                b.position(0);
                while (b.hasRemaining()) channel.write(b);
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void await() throws IOException {
        if (pending == null) return;
        try {
            pending.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing " + file);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UncheckedIOException) throw ((UncheckedIOException) c).getCause();
            if (c instanceof Error) throw (Error) c; // out of memory on the writer thread is not a write failure
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            throw new IOException(c);
        } finally {
            pending = null;
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            await();
            // the last block goes out whole (direct I/O writes whole aligned blocks); the file is cut back after
            int tail = fill.position();
            if (tail > 0) {
                int padded = (tail + align - 1) / align * align;
                fill.limit(padded);
                for (int i = tail; i < padded; i++) fill.put(i, (byte) 0);
                fill.position(0);
                ByteBuffer last = fill;
                pending = writer.submit(() -> drain(last));
                await();
            }
            channel.truncate(length);
        } finally {
            writer.shutdownNow();
            channel.close();
        }
    }
}
