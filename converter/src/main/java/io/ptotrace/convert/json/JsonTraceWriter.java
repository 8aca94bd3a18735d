package io.ptotrace.convert.json;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.convert.picture.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** The Chrome JSON format ({@code merged_swimlane.json}) as a {@link TraceWriter}: {@link ChromeJsonWriter}. */
public final class JsonTraceWriter implements TraceWriter {
    private final JsonPrelude prelude;

    /** A writer that starts with what {@code prelude} (null: nothing) rendered of the picture it is given. */
    public JsonTraceWriter(JsonPrelude prelude) {
        this.prelude = prelude;
    }

    @Override
    public List<String> write(TracePicture pic, OutputStream out) throws IOException {
        ChromeJsonWriter.write(pic, out, prelude);
        return List.of();
    }
}
