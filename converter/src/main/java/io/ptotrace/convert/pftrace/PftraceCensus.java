package io.ptotrace.convert.pftrace;

import io.ptotrace.inspect.PftraceReader;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.InternedString;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TrackEvent;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Counts what a .pftrace asks the trace processor to store, for the size benchmark: packets, track events,
 * debug annotations, the arg rows they become (a list or dict value is one row per leaf) and the distinct string
 * values (inline or interned). Packets inside {@code compressed_packets} are counted as the processor reads them,
 * inflated; the packets that carry them are not. {@code java -cp ptotrace.jar
 * io.ptotrace.convert.pftrace.PftraceCensus FILE...} prints one line per file.
 */
public final class PftraceCensus {
    public long packets, events, annotations, argRows;
    private final Set<String> strings = new HashSet<>();

    public long distinctStrings() {
        return strings.size();
    }

    public static PftraceCensus of(InputStream in) throws IOException {
        PftraceCensus c = new PftraceCensus();
        PftraceReader.forEachPacket("the trace", in, c::packet);
        return c;
    }

    private void packet(TracePacket p) {
        // a packet carrying compressed_packets is their envelope: the reader hands over the packets inside next
        if (!p.getUnknownFields()
                .getField(PacketDeflater.COMPRESSED_PACKETS)
                .getLengthDelimitedList()
                .isEmpty()) return;
        packets++;
        for (InternedString s : p.getInternedData().getDebugAnnotationStringValuesList())
            strings.add(s.getStr().toStringUtf8());
        if (!p.hasTrackEvent()) return;
        events++;
        TrackEvent e = p.getTrackEvent();
        for (DebugAnnotation a : e.getDebugAnnotationsList()) {
            annotations++;
            rows(a);
        }
    }

    private void rows(DebugAnnotation a) {
        if (a.getArrayValuesCount() > 0) {
            for (DebugAnnotation x : a.getArrayValuesList()) rows(x);
            return;
        }
        if (a.getDictEntriesCount() > 0) {
            for (DebugAnnotation x : a.getDictEntriesList()) rows(x);
            return;
        }
        argRows++;
        if (a.hasStringValue()) strings.add(a.getStringValue());
    }

    public static void main(String[] args) throws IOException {
        for (String f : args) {
            Path p = Path.of(f);
            PftraceCensus c;
            try (InputStream in = new BufferedInputStream(Files.newInputStream(p), 1 << 16)) {
                c = of(in);
            }
            System.out.printf(
                    "%s: %d bytes, %d packets, %d track events, %d debug annotations, %d arg rows, %d distinct string values%n",
                    f, Files.size(p), c.packets, c.events, c.annotations, c.argRows, c.distinctStrings());
        }
    }
}
