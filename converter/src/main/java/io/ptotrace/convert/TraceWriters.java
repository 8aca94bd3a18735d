package io.ptotrace.convert;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/** Picks the writer for a format. */
final class TraceWriters {
    private TraceWriters() {}

    /** Writes {@code pic} as {@code f} (a .pftrace with the args of {@code pftraceArgs}); the JSON trace goes through {@code jsonCheck} (null: written unchecked). */
    static void write(TracePicture pic, ConvertOptions.Format f, ArgSet pftraceArgs, OutputStream out, PrintStream err, JsonTraceCheck jsonCheck) throws IOException {
        switch (f) {
            case JSON:
                if (jsonCheck == null) ChromeJsonWriter.write(pic, out);
                else jsonCheck.write(out, o -> ChromeJsonWriter.write(pic, o));
                break;
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
}
