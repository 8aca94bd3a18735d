package io.ptotrace.convert.pftrace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.Deflater;

/**
 * Turns a {@code Trace} (packets as field 1, as {@link PftraceEncoder} writes them) into the same trace with its
 * packets deflated in batches: each batch of whole packets, about {@link #BATCH} bytes, becomes one packet whose
 * only field is {@code compressed_packets} (zlib, as Perfetto's tracing service writes it). The trace processor
 * inflates a batch and reads its packets as if they stood in the file, so the trace shows the same. A packet is
 * never split over two batches. Batches are deflated on a pool of threads while the caller encodes the next ones,
 * and written in order. Call {@link #finish} after the last packet (it does not close the stream below), and
 * {@link #close} in any case.
 */
final class PacketDeflater extends OutputStream {
    /** TracePacket.compressed_packets, a length-delimited field. */
    static final int COMPRESSED_PACKETS = 50;
    /**
     * Uncompressed bytes per batch: large enough that deflate's window and the packet's framing cost nothing, small
     * against the trace processor's import window, so it holds no more than it did for the uncompressed trace.
     */
    static final int BATCH = 1 << 20;

    private final OutputStream out;
    private final int level, batch;
    private byte[] held;
    private int size;
    /** Where the last whole packet held ends. */
    private int whole;

    private long packets;

    /** Batches being deflated, in the order they are written; null on one thread. */
    private final ExecutorService pool;

    private final int maxInFlight;
    private final ArrayDeque<Future<Batch>> inFlight = new ArrayDeque<>();
    private final ArrayDeque<Batch> free = new ArrayDeque<>();
    private final byte[] header = new byte[16];

    PacketDeflater(OutputStream out, int level) {
        this(out, level, BATCH, Runtime.getRuntime().availableProcessors());
    }

    /** Batches of about {@code batch} bytes, deflated on {@code threads} threads (1: on the caller's). */
    PacketDeflater(OutputStream out, int level, int batch, int threads) {
        this.out = out;
        this.level = level;
        this.batch = batch;
        this.held = new byte[batch + (1 << 16)];
        this.maxInFlight = 2 * threads;
        this.pool = threads <= 1
                ? null
                : Executors.newFixedThreadPool(threads, r -> {
                    Thread t = new Thread(r, "pftrace-deflate");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** One batch: its packets, then their deflated bytes; kept and reused with its deflater. */
    private final class Batch {
        final Deflater deflater = new Deflater(level);
        byte[] raw = new byte[0];
        int rawLen;
        byte[] z = new byte[1 << 16];
        int zLen;

        Batch deflate() {
            deflater.reset();
            deflater.setInput(raw, 0, rawLen);
            deflater.finish();
            zLen = 0;
            while (!deflater.finished()) {
                if (zLen == z.length) z = Arrays.copyOf(z, z.length * 2);
                zLen += deflater.deflate(z, zLen, z.length - zLen);
            }
            return this;
        }
    }

    /** Packets written to the stream below. */
    long packets() {
        return packets;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (size == held.length) held = Arrays.copyOf(held, held.length * 2);
            int n = Math.min(len, held.length - size);
            System.arraycopy(b, off, held, size, n);
            size += n;
            off += n;
            len -= n;
            advance();
            if (whole >= batch) emit();
        }
    }

    /** Moves {@link #whole} past every packet held in full. */
    private void advance() {
        while (true) {
            int p = whole;
            long tag = 0;
            int shift = 0;
            while (true) {
                if (p == size) return;
                byte x = held[p++];
                tag |= (long) (x & 0x7F) << shift;
                shift += 7;
                if (x >= 0) break;
            }
            if ((tag & 7) != 2) throw new IllegalStateException("not a Trace packet stream (tag " + tag + ")");
            long n = 0;
            shift = 0;
            while (true) {
                if (p == size) return;
                byte x = held[p++];
                n |= (long) (x & 0x7F) << shift;
                shift += 7;
                if (x >= 0) break;
            }
            if (size - p < n) return;
            whole = p + (int) n;
        }
    }

    /** Hands the whole packets held to a batch (the held array and the batch's trade places) and keeps the rest. */
    private void emit() throws IOException {
        if (whole == 0) return;
        Batch b = free.isEmpty() ? new Batch() : free.poll();
        byte[] next = b.raw.length >= held.length ? b.raw : new byte[held.length];
        System.arraycopy(held, whole, next, 0, size - whole);
        b.raw = held;
        b.rawLen = whole;
        held = next;
        size -= whole;
        whole = 0;
        if (pool == null) {
            writeOut(b.deflate());
            return;
        }
        if (inFlight.size() == maxInFlight) writeOut(take(inFlight.poll()));
        inFlight.add(pool.submit(b::deflate));
    }

    /** Writes one deflated batch as one packet. */
    private void writeOut(Batch b) throws IOException {
        int inner = 2 + PbWriter.varintSize(b.zLen) + b.zLen; // the tag of field 50 takes two bytes
        int h = 0;
        header[h++] = 0x0A; // Trace.packet, length-delimited
        h = varint(header, h, inner);
        h = varint(header, h, (COMPRESSED_PACKETS << 3) | 2);
        h = varint(header, h, b.zLen);
        out.write(header, 0, h);
        out.write(b.z, 0, b.zLen);
        packets++;
        free.add(b);
    }

    private static Batch take(Future<Batch> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the trace", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IOException(c);
        }
    }

    private static int varint(byte[] b, int p, long v) {
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }

    /** Writes what is held and flushes the stream below. Every packet must be whole by now. */
    void finish() throws IOException {
        if (whole != size) throw new IllegalStateException("the trace ends inside a packet");
        emit();
        while (!inFlight.isEmpty()) writeOut(take(inFlight.poll()));
        out.flush();
    }

    @Override
    public void flush() {
        // batches are written when full or at finish(): a flush in between would only make them smaller
    }

    /** Stops the deflating threads and frees the deflaters; the stream below stays open. */
    @Override
    public void close() {
        if (pool != null) pool.shutdownNow();
        for (Future<Batch> f : inFlight) f.cancel(true);
        inFlight.clear();
        for (Batch b : free) b.deflater.end();
        free.clear();
    }
}
