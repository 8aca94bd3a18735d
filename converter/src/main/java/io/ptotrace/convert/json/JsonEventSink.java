package io.ptotrace.convert.json;

import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;

/**
 * Receives the events of a picture's JSON trace one by one, in the order {@link ChromeJsonWriter} writes
 * them ({@link ChromeJsonWriter#events}). The byte renderer is one receiver; a check that judges the trace as
 * written is another, so it needs neither the bytes nor any knowledge of the order. The members each event
 * carries are the picture's values at {@code i}, plus the few the writer decides, given by
 * {@link ChromeJsonWriter#FLOW_CATEGORY} and {@link ChromeJsonWriter#flowBindId}.
 */
public interface JsonEventSink {
    /** A process or thread declaration ({@code "ph":"M"}). */
    void meta(MetaEvent m) throws IOException;

    /** Slice {@code i}, a complete event ({@code "ph":"X"}). */
    void slice(TracePicture pic, int i) throws IOException;

    /** Counter sample {@code i} ({@code "ph":"C"}). */
    void counter(TracePicture pic, int i) throws IOException;

    /** One end of arrow {@code i} ({@code "ph":"s"} at the start; {@code "ph":"f"}, {@code "bp":"e"} at the end). */
    void flowEnd(TracePicture pic, int i, boolean start) throws IOException;
}
