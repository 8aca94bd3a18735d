package io.ptotrace.convert;

import io.ptotrace.convert.inspect.InspectingStream;
import io.ptotrace.convert.inspect.TraceInspector;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.Outputs;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The warning {@code convert} prints when Perfetto will not show the JSON trace it wrote whole. Up to
 * {@link #FULL_CHECK_LIMIT} events the bytes the JSON writer writes are inspected while they are written
 * (the checks of {@code ptotrace inspect}, on a thread of their own); beyond it the full check would sort
 * every event, so only the arrows the picture marks as certainly dropped are counted.
 */
final class JsonTraceCheck {
    /** Pictures up to this many events (slices and arrow ends) get the full check. */
    static final long FULL_CHECK_LIMIT = 2_000_000;

    private final TracePicture pic;
    private final boolean full;
    /** Appended to the warning: how to get the trace that keeps every arrow. */
    private final String hint;
    private InspectingStream inspected;

    /** {@code withPftrace}: the same conversion also writes the .pftrace. */
    JsonTraceCheck(TracePicture pic, boolean withPftrace) {
        this(pic, withPftrace, FULL_CHECK_LIMIT);
    }

    JsonTraceCheck(TracePicture pic, boolean withPftrace, long fullCheckLimit) {
        this.pic = pic;
        this.full = (long) pic.sliceCount() + 2L * pic.flowCount() <= fullCheckLimit;
        this.hint = withPftrace ? "" : " (add --format both to write the .pftrace)";
    }

    /** Writes the picture's JSON trace to {@code out}, inspecting the bytes on the way when the full check applies. */
    void write(OutputStream out, Outputs.Body json) throws IOException {
        if (!full) {
            json.write(out);
            return;
        }
        InspectingStream seen = new InspectingStream("(written JSON)");
        boolean complete = false;
        try {
            json.write(new Tee(out, seen));
            complete = true;
        } finally {
            if (complete) seen.close();
            else seen.abort();
        }
        inspected = seen;
    }

    /** The warning, or null; call after {@link #write} has returned. */
    String warning() {
        if (full) {
            if (inspected == null) throw new IllegalStateException("the JSON trace was not written");
            String warning = TraceInspector.jsonWarning(inspected.summary());
            return warning == null ? null : warning + hint;
        }
        long backward = 0, unbound = 0;
        for (int i = 0; i < pic.flowCount(); i++) {
            if (pic.flowBackward(i)) backward++;
            else if (pic.flowSrcSlice(i) < 0 || pic.flowDstSlice(i) < 0) unbound++;
        }
        if (backward + unbound == 0) return null;
        return "Warning: Perfetto will drop at least " + (backward + unbound) + " of " + pic.flowCount()
            + " arrows in the JSON trace (" + backward + " end before they start, " + unbound
            + " have no slice to bind to); the .pftrace keeps them all \u2014 run 'ptotrace inspect' on the JSON for details" + hint;
    }

    /** Writes to the file and to the inspection; flushing and closing are the file's owner's business. */
    private static final class Tee extends OutputStream {
        private final OutputStream file, seen;

        Tee(OutputStream file, OutputStream seen) {
            this.file = file;
            this.seen = seen;
        }

        @Override public void write(int b) throws IOException {
            file.write(b);
            seen.write(b);
        }

        @Override public void write(byte[] b, int off, int len) throws IOException {
            file.write(b, off, len);
            seen.write(b, off, len);
        }

        @Override public void flush() throws IOException { file.flush(); }
    }
}
