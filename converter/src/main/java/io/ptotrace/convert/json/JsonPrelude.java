package io.ptotrace.convert.json;

import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The first chunks of a picture's JSON trace, rendered on a thread of their own while the rest of the picture (its
 * arrows) is still being drawn: on two cores the build draws the arrows on one and would leave the other idle.
 *
 * <p>Only chunks made entirely of metadata, slices and counter samples are rendered, since those are complete when
 * the arrows are drawn; the arrows only ever come after them. The chunks are the ones {@link ChromeJsonWriter} would
 * render itself, and they are used only if those three sections still have the sizes they had when rendering started
 * (a picture that gained a slice or a counter sample afterwards is rendered whole), so the bytes never depend on it.
 */
public final class JsonPrelude {
    /** How much rendered text is kept for the writer: a few tenths of a second of one core's rendering. */
    static final long DEFAULT_BUDGET = 64L << 20;

    private final TracePicture pic;
    private final int meta, slices, counters;
    private final long budget;
    private final List<byte[]> chunks = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stop;
    private Throwable failure;

    private JsonPrelude(TracePicture pic, long budget) {
        this.pic = pic;
        this.meta = pic.meta.size();
        this.slices = pic.sliceCount();
        this.counters = pic.counterCount();
        this.budget = budget;
        this.thread = new Thread(this::render, "json-prelude");
        thread.setDaemon(true);
    }

    /**
     * Starts rendering the chunks of {@code pic} that are already complete. From now on only arrows may be added to
     * the picture until {@link #take} (anything else makes the prelude unusable, never wrong).
     */
    public static JsonPrelude start(TracePicture pic) {
        return start(pic, DEFAULT_BUDGET);
    }

    static JsonPrelude start(TracePicture pic, long budget) {
        JsonPrelude p = new JsonPrelude(pic, budget);
        p.thread.start();
        return p;
    }

    private void render() {
        try {
            long complete = (long) meta + slices + counters, kept = 0;
            ChromeJsonWriter.ChunkBuffer buf = new ChromeJsonWriter.ChunkBuffer();
            for (long from = 0; !stop && from + ChromeJsonWriter.CHUNK <= complete && kept < budget; ) {
                buf.reset();
                ChromeJsonWriter.visit(pic, from, from + ChromeJsonWriter.CHUNK, buf.events.startChunk());
                byte[] text = buf.text.copy();
                chunks.add(text); // read by take() only after the thread ended
                kept += text.length;
                from += ChromeJsonWriter.CHUNK;
            }
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
        }
    }

    /** Waits until every chunk the budget allows is rendered (tests: {@link #take} stops at once). */
    void awaitRendered() throws InterruptedException {
        thread.join();
    }

    /** Stops rendering and drops what was rendered. */
    public void cancel() {
        stop = true;
    }

    /**
     * Stops rendering and returns the chunks rendered, in order, for {@code picture} as it now is: none when it is
     * another picture, its first sections changed, or rendering failed (the writer then renders them itself).
     */
    List<byte[]> take(TracePicture picture) throws IOException {
        stop = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing the trace");
        }
        if (failure != null
                || picture != pic
                || pic.meta.size() != meta
                || pic.sliceCount() != slices
                || pic.counterCount() != counters) return List.of();
        List<byte[]> out = new ArrayList<>(chunks);
        chunks.clear();
        return out;
    }
}
