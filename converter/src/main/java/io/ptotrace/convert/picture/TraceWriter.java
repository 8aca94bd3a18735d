package io.ptotrace.convert.picture;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * One trace format: renders a picture into a stream and decides nothing about what it shows. A new format is
 * one implementation; the command picks the writer for each file it writes and prints what it returns.
 */
public interface TraceWriter {
    /**
     * Renders {@code pic} into {@code out} (flushed, not closed). Returns the warnings a user should read about
     * how the format had to show the picture (none: an empty list).
     */
    List<String> write(TracePicture pic, OutputStream out) throws IOException;
}
