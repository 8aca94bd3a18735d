package io.ptotrace.model.deps;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.model.util.LongList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Reads the second half of a deps.json {@code edges} array on a helper thread while the main parser reads
 * the first half, then splices the helper's entries in.
 *
 * <p>When the main parser enters the edges array, a candidate entry start past the middle of what is left
 * is picked (a line that starts with '{' after a line that ends with "},", as the runtime writes one entry
 * per line). The helper parses from there to the end of the array as an array of its own. The main
 * parser's input then leaves out the helper's stretch except its last entry. Nothing is taken on trust:
 * the main parser must meet the spliced entry exactly at the cut, between two entries of the edges array;
 * otherwise the reading is a {@link Mismatch} and the caller reads the file again on one thread. JSON
 * values parse the same whatever encloses them, so a splice that lines up reads exactly like the file.
 */
final class EdgeSplit {
    /** The halves did not line up: what was read is unreliable. */
    static final class Mismatch extends RuntimeException {
        Mismatch() { super("edge halves did not line up", null, false, false); }
    }

    private static final int SCAN = 1 << 20;
    private static final byte[] OPEN = {'['};

    private final Path file;
    private final long size;
    private final SplicedInput in;
    private final JsonFactory json;
    private FutureTask<Half> half;
    private boolean flushed;

    /** The helper's entries (all but the last of its stretch). */
    static final class Half {
        final LongList pred = new LongList(1 << 16), succ = new LongList(1 << 16);
        final BitSet ok = new BitSet();
        int count;
        long lastStart;
    }

    EdgeSplit(Path file, long size, SplicedInput in, JsonFactory json) {
        this.file = file;
        this.size = size;
        this.in = in;
        this.json = json;
    }

    /** Called when the main parser has just entered the edges array. */
    void start(JsonParser p) {
        if (half != null) return;
        long edgesAt = p.currentLocation().getByteOffset();
        long target = edgesAt + (size - edgesAt) / 2;
        if (in.spliced() || target - in.served() < SCAN) return;
        long s = entryStartNear(target);
        if (s < 0) return;
        half = new FutureTask<>(() -> readHalf(s));
        Thread t = new Thread(half, "deps-edges-second-half");
        t.setDaemon(true);
        t.start();
        in.spliceAt(s, () -> {
            Half h = half.get();
            return h == null ? -1L : h.lastStart;
        });
    }

    /** True when the main parser stands at the spliced entry; throws when it passed the cut elsewhere. */
    boolean atCut(JsonParser p) {
        if (flushed || !in.spliced()) return false;
        long at = p.currentTokenLocation().getByteOffset();
        if (at < in.cutAt()) return false;
        if (at == in.cutAt() && p.currentToken() == JsonToken.START_OBJECT) return true;
        throw new Mismatch();
    }

    /** Hands the helper's entries to the visitor; returns the next entry index. */
    int flush(DepsVisitor v, DepsEdge e, int index) {
        Half h;
        try {
            h = half.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new Mismatch();
        } catch (ExecutionException ex) {
            throw new Mismatch();
        }
        e.arg = null; e.source = null; e.flags = null; e.overlap = null; e.hazard = null; e.accessKind = null;
        e.tensorIdOk = false; e.consumerDtype = null; e.consumerShape = null; e.consumerStartOffsetOk = false;
        e.consumerStrides = null; e.producerShape = null; e.producerStartOffsetOk = false; e.producerStrides = null;
        for (int k = 0; k < h.count; k++) {
            e.index = index++;
            e.pred = h.pred.get(k);
            e.succ = h.succ.get(k);
            e.endpointsOk = h.ok.get(k);
            v.edge(e);
        }
        flushed = true;
        return index;
    }

    /** Called when the main parser leaves the edges array: a cut not yet used must not happen later. */
    void checkFlushed() {
        if (half == null || flushed) return;
        if (in.spliced()) throw new Mismatch();
        in.cancelSplice();
    }

    /** True when a cut was made that the main parser never met. */
    boolean mismatch() { return in.spliced() && !flushed; }

    /** True when the helper's entries were spliced in. */
    boolean used() { return flushed; }

    void cancel() {
        if (half != null) half.cancel(true);
    }

    /** The offset of a '{' that starts a line after a line ending in "},", at or after {@code from}; −1 if none near. */
    private long entryStartNear(long from) {
        ByteBuffer buf = ByteBuffer.allocate(SCAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buf.hasRemaining() && ch.read(buf, from + buf.position()) > 0) { }
        } catch (IOException e) {
            return -1;
        }
        byte[] b = buf.array();
        int n = buf.position();
        for (int i = 1; i < n; i++) {
            if (b[i] != '\n') continue;
            int j = i + 1;
            while (j < n && (b[j] == ' ' || b[j] == '\t')) j++;
            if (j >= n || b[j] != '{') continue;
            int k = i - 1;
            while (k >= 0 && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r')) k--;
            if (k < 1 || b[k] != ',') continue;
            k--;
            while (k >= 0 && (b[k] == ' ' || b[k] == '\t')) k--;
            if (k >= 0 && b[k] == '}') return from + j;
        }
        return -1;
    }

    /** Parses the entries from {@code s} to the end of their array; null when they are not such entries. */
    private Half readHalf(long s) {
        DepsReader r = new DepsReader(file, DepsReader.Detail.PROJECTION, null);
        DepsEdge e = new DepsEdge();
        Half h = new Half();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ch.position(s);
            InputStream body = Channels.newInputStream(ch);
            try (JsonParser p = json.createParser(new SequenceInputStream(new ByteArrayInputStream(OPEN), body))) {
                if (p.nextToken() != JsonToken.START_ARRAY) return null;
                long last = -1;
                for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
                    if (t != JsonToken.START_OBJECT || Thread.currentThread().isInterrupted()) return null;
                    last = s - OPEN.length + p.currentTokenLocation().getByteOffset();
                    r.readEdge(p, e);
                    if (e.endpointsOk) h.ok.set(h.count);
                    h.pred.add(e.pred);
                    h.succ.add(e.succ);
                    h.count++;
                }
                if (h.count < 2) return null;
                h.count--; // the last entry stays in the main parser's input
                h.lastStart = last;
                return h;
            }
        } catch (IOException | RuntimeException ex) {
            return null;
        }
    }
}
