package io.ptotrace.convert;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** Picks the writer for a format. */
final class TraceWriters {
    private TraceWriters() {}

    static void write(TracePicture pic, ConvertOptions.Format f, OutputStream out) throws IOException {
        switch (f) {
            case JSON: ChromeJsonWriter.write(pic, out); break;
            case PFTRACE: throw new IOException("the protobuf writer is not available yet");
            default: throw new IllegalArgumentException(f.toString());
        }
    }

    /** Checks run on what was written (e.g. arrows Perfetto will drop from the JSON trace). */
    static void afterWrite(TracePicture pic, List<ConvertJob.Written> written, PrintStream err) { }
}
