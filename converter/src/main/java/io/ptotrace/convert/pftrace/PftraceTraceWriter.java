package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.convert.picture.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Perfetto's protobuf format ({@code .pftrace}) as a {@link TraceWriter}: {@link PerfettoProtoWriter} with the
 * args of one {@link ArgSet}; warns when slices had to go to overflow tracks.
 */
public final class PftraceTraceWriter implements TraceWriter {
    private final ArgSet args;
    private PftraceLayout.Started started;

    public PftraceTraceWriter(ArgSet args) {
        this(args, null);
    }

    /** A writer whose first picture finishes the layout {@code started} (null: none) began, when it is that picture's. */
    public PftraceTraceWriter(ArgSet args, PftraceLayout.Started started) {
        this.args = args;
        this.started = started;
    }

    @Override
    public List<String> write(TracePicture pic, OutputStream out) throws IOException {
        String warning = overflowWarning(writeReporting(pic, out));
        return warning == null ? List.of() : List.of(warning);
    }

    /** The warning when slices had to go to overflow tracks, or null. */
    public static String overflowWarning(PerfettoProtoWriter.Report r) {
        if (r.overflowSlices == 0) return null;
        return "Warning: " + r.overflowSlices + " slice(s) overlapped others on their lane without nesting; "
                + "the .pftrace shows them on overflow child tracks (e.g. " + r.overflowExamples + ")";
    }

    /** Renders {@code pic} and returns what was written (counts of each kind of row). */
    public PerfettoProtoWriter.Report writeReporting(TracePicture pic, OutputStream out) throws IOException {
        PftraceLayout.Started s = started;
        started = null;
        return PerfettoProtoWriter.write(pic, out, args, s);
    }
}
