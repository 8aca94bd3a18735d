package io.ptotrace.convert;

import io.ptotrace.convert.inspect.Summary;
import io.ptotrace.convert.inspect.TraceInspector;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Set;

/** Picks the writer for a format, and checks what a format will show. */
final class TraceWriters {
    private TraceWriters() {}

    static void write(TracePicture pic, ConvertOptions.Format f, ArgSet pftraceArgs, OutputStream out, PrintStream err) throws IOException {
        switch (f) {
            case JSON: ChromeJsonWriter.write(pic, out); break;
            case PFTRACE: {
                PerfettoProtoWriter.Report r = PerfettoProtoWriter.write(pic, out, pftraceArgs);
                if (r.overflowSlices > 0)
                    err.println("Warning: " + r.overflowSlices + " slice(s) overlapped others on their lane without nesting; "
                        + "the .pftrace shows them on overflow child tracks (e.g. " + r.overflowExamples + ")");
                break;
            }
            default: throw new IllegalArgumentException(f.toString());
        }
    }

    /** Pictures up to this many events get the full import check; larger ones the arrow counts only. */
    static final long FULL_CHECK_LIMIT = 2_000_000;

    /** The warning for a JSON trace (one of the formats {@code written}) with arrows or slices Perfetto will drop or move, or null. */
    static String jsonWarning(TracePicture pic, Set<ConvertOptions.Format> written) {
        boolean json = written.contains(ConvertOptions.Format.JSON), proto = written.contains(ConvertOptions.Format.PFTRACE);
        if (!json) return null;
        String hint = proto ? "" : " (add --format both to write the .pftrace)";
        if ((long) pic.sliceCount() + 2L * pic.flowCount() <= FULL_CHECK_LIMIT) {
            String warning = TraceInspector.jsonWarning(TraceInspector.summarize(pic, TraceInspector.Format.JSON));
            return warning == null ? null : warning + hint;
        }
        // Large traces: the full check sorts every event; count the arrows Perfetto certainly drops instead.
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
}
