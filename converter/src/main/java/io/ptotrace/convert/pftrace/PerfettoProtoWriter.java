package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link TracePicture} as a native Perfetto protobuf trace ({@code .pftrace}): {@link PftraceLayout}
 * decides where everything goes, {@link PftraceEncoder} writes it, streamed. How arrows and their marks are
 * encoded: {@link PftraceConventions}.
 */
public final class PerfettoProtoWriter {
    private PerfettoProtoWriter() {}

    /** What the layout did beyond a 1:1 rendering, and what was written. */
    public static final class Report {
        public int slices, markerSlices, hbMarkers, unboundEndMarkers, backwardMarkers;
        public int overflowSlices, overflowTracks, negativeDurations;
        public int flows, swappedFlows, reversedFlows;
        public int counterValues, skippedCounterValues;
        public long packets, bytes;
        /** Debug annotations written (one per arg; a list or map value counts once). */
        public long annotations;
        /** A few "pid/tid ts: name" of slices moved to an overflow track. */
        public final List<String> overflowExamples = new ArrayList<>();

        /** Adds what another part's layout did (a trace written part by part); the byte count is the writer's. */
        void add(Report r) {
            slices += r.slices;
            markerSlices += r.markerSlices;
            hbMarkers += r.hbMarkers;
            unboundEndMarkers += r.unboundEndMarkers;
            backwardMarkers += r.backwardMarkers;
            overflowSlices += r.overflowSlices;
            overflowTracks += r.overflowTracks;
            negativeDurations += r.negativeDurations;
            flows += r.flows;
            swappedFlows += r.swappedFlows;
            reversedFlows += r.reversedFlows;
            counterValues += r.counterValues;
            skippedCounterValues += r.skippedCounterValues;
            packets += r.packets;
            annotations += r.annotations;
            for (String e : r.overflowExamples) if (overflowExamples.size() < 5) overflowExamples.add(e);
        }

        @Override
        public String toString() {
            return "slices=" + slices + " markers=" + markerSlices + " (hb=" + hbMarkers + " unbound="
                    + unboundEndMarkers
                    + " backward=" + backwardMarkers + ") overflowSlices=" + overflowSlices + " overflowTracks="
                    + overflowTracks
                    + " negativeDurations=" + negativeDurations + " flows=" + flows + " swapped=" + swappedFlows
                    + " reversed=" + reversedFlows + " counterValues=" + counterValues + " packets=" + packets
                    + " bytes=" + bytes;
        }
    }

    /** Writes the lean trace ({@link ArgSet#LEAN}); the stream is flushed, not closed. */
    public static Report write(TracePicture pic, OutputStream out) throws IOException {
        return write(pic, out, ArgSet.LEAN);
    }

    /**
     * Writes the trace with the args of {@code args}; the stream is flushed, not closed. The lean trace also
     * tells the trace processor where it may import what it has read so far ({@link PftraceEncoder}); the full
     * trace is written exactly as before lean traces existed.
     */
    public static Report write(TracePicture pic, OutputStream out, ArgSet args) throws IOException {
        return write(pic, out, args, null);
    }

    /** As {@link #write(TracePicture, OutputStream, ArgSet)}, finishing the layout {@code started} (null: none) began when it can. */
    public static Report write(TracePicture pic, OutputStream out, ArgSet args, PftraceLayout.Started started)
            throws IOException {
        PftraceLayout layout = started == null ? null : started.finish(pic);
        if (layout == null) layout = PftraceLayout.of(pic);
        try {
            new PftraceEncoder(layout, out, args, args == ArgSet.LEAN ? PftraceEncoder.IMPORT_WINDOW : 0).encode();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return layout.report();
    }

    /** A picture time (µs) as a trace timestamp (ns). */
    static long ns(double us) {
        return PftraceLayout.ns(us);
    }
}
