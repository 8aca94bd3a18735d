package io.ptotrace.inspect;

import io.ptotrace.io.InputProblem;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongFunction;
import java.util.zip.ZipException;

/**
 * Bounds on the compressed data of one trace file (gzip around the whole file, compressed_packets inside a
 * .pftrace), so that a small file cannot make inspect inflate without end: deflate reaches about 1000:1, so
 * 2 MB can claim 2 GB, and compressed data nested in compressed data multiplies that. Real traces, Perfetto's
 * or ptotrace's, compress less than 20:1, and Perfetto writes compressed_packets one level deep.
 */
final class Inflation {
    /** Compressed data inside compressed data: at most this many levels. */
    static final int MAX_DEPTH = 4;
    /** All data inflated from one file, every level together, at most this many bytes per byte read from the file... */
    static final int MAX_RATIO = 200;
    /** ...once more than this much has been inflated. */
    static final long FREE_BYTES = 64L << 20;

    private final String file;
    private long raw;
    private long inflated;

    Inflation(String file) {
        this.file = file;
    }

    /** The file's bytes, counted. */
    InputStream source(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = in.read();
                if (b >= 0) raw++;
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = in.read(b, off, len);
                if (n > 0) raw += n;
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long s = in.skip(n);
                if (s > 0) raw += s;
                return s;
            }

            @Override
            public boolean markSupported() {
                return false;
            }
        };
    }

    /**
     * The output of an inflating stream, counted against the limits; its damage ("truncated gzip data",
     * "bad compressed_packets: ...") and the limits raise {@link InputProblem}, placed by {@code where}
     * (given the offset in the inflated data).
     */
    InputStream inflated(InputStream inflating, String what, LongFunction<String> where) {
        return new FilterInputStream(inflating) {
            private long at;
            private byte[] skipped;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n;
                try {
                    n = in.read(b, off, len);
                } catch (EOFException e) {
                    throw new InputProblem(file, "truncated " + what, where.apply(at), e);
                } catch (ZipException e) {
                    throw new InputProblem(file, "bad " + what + ": " + e.getMessage(), where.apply(at), e);
                }
                if (n <= 0) return n;
                at += n;
                inflated += n;
                if (inflated > FREE_BYTES && inflated > MAX_RATIO * raw) {
                    throw new InputProblem(
                            file,
                            "compressed data inflates to more than " + MAX_RATIO
                                    + " times the bytes read from the file (" + inflated + " from " + raw
                                    + "; the limit against deflate bombs)",
                            where.apply(at),
                            null);
                }
                return n;
            }

            /** By reading: skipped bytes are inflated too, and count. */
            @Override
            public long skip(long n) throws IOException {
                if (skipped == null) skipped = new byte[8192];
                long done = 0;
                while (done < n) {
                    int r = read(skipped, 0, (int) Math.min(n - done, skipped.length));
                    if (r < 0) break;
                    done += r;
                }
                return done;
            }

            @Override
            public boolean markSupported() {
                return false;
            }
        };
    }
}
