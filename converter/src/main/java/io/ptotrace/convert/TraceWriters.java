package io.ptotrace.convert;

import io.ptotrace.convert.inspect.Summary;
import io.ptotrace.convert.inspect.TraceInspector;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** Picks the writer for a format, and checks what a format will show. */
final class TraceWriters {
    private TraceWriters() {}

    static void write(TracePicture pic, ConvertOptions.Format f, OutputStream out, PrintStream err) throws IOException {
        switch (f) {
            case JSON: ChromeJsonWriter.write(pic, out); break;
            case PFTRACE: {
                PerfettoProtoWriter.Report r = PerfettoProtoWriter.write(pic, out);
                if (r.overflowSlices > 0)
                    err.println("Warning: " + r.overflowSlices + " slice(s) overlapped others on their lane without nesting; "
                        + "the .pftrace shows them on overflow child tracks (e.g. " + r.overflowExamples + ")");
                break;
            }
            default: throw new IllegalArgumentException(f.toString());
        }
    }

    /** Warns when the JSON trace written has arrows or slices Perfetto will drop or move. */
    static void afterWrite(TracePicture pic, List<ConvertJob.Written> written, PrintStream err) {
        boolean json = false, proto = false;
        for (ConvertJob.Written w : written) {
            if (w.format == ConvertOptions.Format.JSON) json = true; else proto = true;
        }
        if (!json) return;
        Summary s = TraceInspector.summarize(pic, TraceInspector.Format.JSON);
        String warning = TraceInspector.jsonWarning(s);
        if (warning != null)
            err.println(warning + (proto ? "" : " Write the protobuf trace too (--format both) to see every arrow."));
    }
}
