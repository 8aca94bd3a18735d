package io.ptotrace.convert;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PftraceTraceWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.JsonEventCheck;
import io.ptotrace.inspect.Problem;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What a picture's trace would show in Perfetto, judged by {@code inspect} exactly as it judges the written
 * file. The JSON trace is judged on the events its writer hands on ({@link ChromeJsonWriter#events}), with the
 * values the file would read back as, so no bytes are produced or parsed; the pftrace is rendered by its writer
 * and the bytes are inspected like a file. The converter calls inspect, never the other way round.
 */
public final class PictureInspection {
    private PictureInspection() {}

    public static Summary summarize(TracePicture pic, TraceInspector.Format format) {
        return format == TraceInspector.Format.JSON ? summarizeJson(pic) : summarizeWritten(pic);
    }

    /**
     * The structural problems of a picture written as {@code format} (at most {@link Summary#DETAIL_LIMIT}
     * per kind; {@link #summarize} has the full counts). For JSON these are the arrows Perfetto drops or
     * misplaces; the pftrace writer keeps every arrow, so it normally has none.
     */
    public static List<Problem> problems(TracePicture pic, TraceInspector.Format format) {
        return summarize(pic, format).problems;
    }

    private static Summary summarizeJson(TracePicture pic) {
        JsonEventCheck check = new JsonEventCheck("(picture)");
        try {
            ChromeJsonWriter.events(pic, new WrittenJsonEvents(check));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the check writes nothing
        }
        return check.finish();
    }

    /** The pictures judged this way are test-sized, so the bytes are held whole. */
    private static Summary summarizeWritten(TracePicture pic) {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        try {
            new PftraceTraceWriter(ArgSet.LEAN).write(pic, written);
            return TraceInspector.inspect(new ByteArrayInputStream(written.toByteArray()), "(picture)");
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: the writer and the reader do no I/O
        }
    }
}
