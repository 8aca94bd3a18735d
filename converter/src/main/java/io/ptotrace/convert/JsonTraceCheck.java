package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.convert.picture.TraceWriter;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.model.util.SecondThread;
import java.util.List;

/**
 * The warning {@code convert} prints when Perfetto will not show the JSON trace it wrote whole. Up to
 * {@link #FULL_CHECK_LIMIT} events the trace gets the checks of {@code ptotrace inspect}, applied to the
 * events the JSON writer hands on (on a thread of its own, while the writer renders); beyond it the full
 * check would sort every event, so only the arrows the picture marks as certainly dropped are counted.
 */
final class JsonTraceCheck {
    /** Pictures up to this many events (slices and arrow ends) get the full check. */
    static final long FULL_CHECK_LIMIT = 2_000_000;

    private final TracePicture pic;
    private final boolean full;
    /** Appended to the warning: how to get the trace that keeps every arrow. */
    private final String hint;

    private SecondThread<Summary> inspected;
    private boolean written;

    /** {@code withPftrace}: the same conversion also writes the .pftrace. */
    JsonTraceCheck(TracePicture pic, boolean withPftrace) {
        this(pic, withPftrace, FULL_CHECK_LIMIT);
    }

    JsonTraceCheck(TracePicture pic, boolean withPftrace, long fullCheckLimit) {
        this.pic = pic;
        this.full = (long) pic.sliceCount() + 2L * pic.flowCount() <= fullCheckLimit;
        this.hint = hint(withPftrace);
        this.counted = null;
    }

    /** {backward, unbound, all} arrows counted part by part, for a trace written without one picture of it all; else null. */
    private final long[] counted;

    /** The check of a trace written part by part: only the arrows the parts mark as certainly dropped. */
    static JsonTraceCheck ofCounts(long backward, long unbound, long flows, boolean withPftrace) {
        return new JsonTraceCheck(new long[] {backward, unbound, flows}, withPftrace);
    }

    private JsonTraceCheck(long[] counted, boolean withPftrace) {
        this.pic = null;
        this.full = false;
        this.hint = hint(withPftrace);
        this.counted = counted;
        this.written = true;
    }

    private static String hint(boolean withPftrace) {
        return withPftrace ? "" : " (add --format both to write the .pftrace)";
    }

    /** {backward, unbound} arrows of a picture: the ones the JSON trace certainly loses. */
    static long[] droppedArrows(TracePicture pic) {
        long backward = 0, unbound = 0;
        for (int i = 0; i < pic.flowCount(); i++) {
            if (pic.flowBackward(i)) backward++;
            else if (pic.flowSrcSlice(i) < 0 || pic.flowDstSlice(i) < 0) unbound++;
        }
        return new long[] {backward, unbound};
    }

    /**
     * {@code json}, checking the trace meanwhile when the full check applies: the check judges the events the
     * writer hands on, on a second thread while the writer renders.
     */
    TraceWriter checking(TraceWriter json) {
        return (picture, out) -> {
            if (picture != pic) throw new IllegalArgumentException("the check was made for another picture");
            if (full && inspected == null)
                inspected = SecondThread.start(
                        "json-trace-check", () -> PictureInspection.summarize(pic, TraceInspector.Format.JSON));
            List<String> warnings = json.write(picture, out);
            written = true;
            return warnings;
        };
    }

    /** The warning, or null; call after {@link #write} has returned. */
    String warning() {
        if (full) {
            if (!written) throw new IllegalStateException("the JSON trace was not written");
            String warning = TraceInspector.jsonWarning(summary());
            return warning == null ? null : warning + hint;
        }
        long[] dropped = counted != null ? counted : droppedArrows(pic);
        long backward = dropped[0], unbound = dropped[1];
        long flows = counted != null ? counted[2] : pic.flowCount();
        if (backward + unbound == 0) return null;
        return "Warning: Perfetto will drop at least " + (backward + unbound) + " of " + flows
                + " arrows in the JSON trace (" + backward + " end before they start, " + unbound
                + " have no slice to bind to); the .pftrace keeps them all \u2014 run 'ptotrace inspect' on the JSON for details"
                + hint;
    }

    private Summary summary() {
        return inspected.joinUnchecked();
    }
}
