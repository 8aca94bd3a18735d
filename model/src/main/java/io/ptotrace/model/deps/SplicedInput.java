package io.ptotrace.model.deps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

/**
 * A file read in order, except that once a splice is set the bytes from {@code at} up to {@code resumeAt}
 * (decided by another thread, which reads that stretch itself) are left out. Reading blocks at {@code at}
 * until that thread says where to resume; when it failed, nothing is left out.
 */
final class SplicedInput extends InputStream {
    private final FileChannel ch;
    private final ByteBuffer one = ByteBuffer.allocate(1);
    private long pos;           // next physical byte to read
    private long at = -1;       // physical offset where the cut starts, or −1
    private Callable<Long> resume;
    private long skipped;       // bytes left out so far (0 or the cut's length)
    private long cutAt = -1;    // where the cut was made (a logical offset, equal to the physical one)

    SplicedInput(Path file) throws IOException {
        ch = FileChannel.open(file, StandardOpenOption.READ);
    }

    /** Bytes handed out so far (logical offset of the next byte). */
    long served() { return pos - skipped; }

    /** Leaves out [at, resumeAt) where {@code resumeAt} is asked for (blocking) on reaching {@code at}; ≤ at or a failure: nothing. */
    void spliceAt(long at, Callable<Long> resumeAt) {
        if (at <= pos) throw new IllegalStateException("splice point already read");
        this.at = at;
        this.resume = resumeAt;
    }

    /** Drops a splice that was set but not yet reached. */
    void cancelSplice() {
        at = -1;
        resume = null;
    }

    /** True once the cut was made; {@link #cutLength()} bytes were left out at logical offset {@link #cutAt()}. */
    boolean spliced() { return skipped > 0; }

    long cutAt() { return cutAt; }

    long cutLength() { return skipped; }

    @Override
    public int read() throws IOException {
        one.clear();
        int n = read(one.array(), 0, 1);
        return n <= 0 ? -1 : one.array()[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (at >= 0 && pos == at) cut();
        if (at >= 0 && pos < at) len = (int) Math.min(len, at - pos);
        int n = ch.read(ByteBuffer.wrap(b, off, len), pos);
        if (n > 0) pos += n;
        return n;
    }

    private void cut() throws IOException {
        long to;
        try {
            to = resume.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (Exception e) {
            to = -1;
        }
        if (to > at) {
            skipped = to - at;
            cutAt = at;
            pos = to;
        }
        at = -1;
    }

    @Override
    public void close() throws IOException { ch.close(); }
}
