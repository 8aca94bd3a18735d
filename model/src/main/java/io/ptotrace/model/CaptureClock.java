package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonLocation;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.clock.Placement;
import io.ptotrace.model.clock.PlacementFailure;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How one capture's device cycles reach the trace's time axis, and what the trace's top-level metadata says of
 * it. Each era has its own ({@link Era#clock}): the older eras map cycles through the device base or the clock
 * anchors of a host-orchestrated capture ({@link AnchorClock}); the streams era places the capture by span
 * containment in a Host log ({@link StreamsClock}).
 */
interface CaptureClock {
    /** The Host ns the trace's time 0 stands for; 0 when the capture stays on its own device clock. */
    long origin();

    /** A device cycle stamp as trace µs; a missing stamp (≤ 0) is 0. */
    double toUs(long cycles);

    /** The trace's top-level metadata, or null when the capture has none. */
    Map<String, Object> timelineMetadata(Inputs in, TaskRuntime runtime);

    /** The span-containment placement from the Host logs, or null. */
    default Placement placement() {
        return null;
    }

    /** Places a capture in the Host invocation that ran it (reads the Host logs). */
    @FunctionalInterface
    interface Placer {
        Placement place() throws PlacementFailure;
    }

    /** What a clock is chosen from: the capture's metadata and the bounds of its raw times, gathered by the reader. */
    final class Inputs {
        final Path file;
        final Map<String, Object> metadata;
        /** Where a metadata value sits in the file (for error lines), or null. */
        final Function<Object, JsonLocation> at;

        final RangeWarnings rangeWarnings;
        final Consumer<String> warn;
        final ReadOptions options;
        final int level;
        /** Host-orchestrated: the orchestrator ran on the host. */
        final boolean hostMode;

        final long freq;
        /** The device base: the smallest positive device timestamp, which lands at 0 on a device clock. */
        final long base;
        /** µs per cycle. */
        final double factor;
        /** {@code metadata.host_orchestration_origin_ns}, or null. */
        final Long originGiven;

        final int hostRecords;
        /** Bounds of the Host orchestrator records (host ns), of the uploads, and of every device timestamp. */
        final long hostMin, hostMax, uploadMin, uploadMax, devMin, devMax;

        final boolean uploads;
        final Placer placer;

        Inputs(
                Path file,
                Map<String, Object> metadata,
                Function<Object, JsonLocation> at,
                RangeWarnings rangeWarnings,
                Consumer<String> warn,
                ReadOptions options,
                int level,
                boolean hostMode,
                long freq,
                long base,
                Long originGiven,
                int hostRecords,
                long[] hostBounds,
                long[] uploadBounds,
                long[] deviceBounds,
                boolean uploads,
                Placer placer) {
            this.file = file;
            this.metadata = metadata;
            this.at = at;
            this.rangeWarnings = rangeWarnings;
            this.warn = warn;
            this.options = options;
            this.level = level;
            this.hostMode = hostMode;
            this.freq = freq;
            this.base = base;
            this.factor = 1_000_000.0 / freq;
            this.originGiven = originGiven;
            this.hostRecords = hostRecords;
            this.hostMin = hostBounds[0];
            this.hostMax = hostBounds[1];
            this.uploadMin = uploadBounds[0];
            this.uploadMax = uploadBounds[1];
            this.devMin = deviceBounds[0];
            this.devMax = deviceBounds[1];
            this.uploads = uploads;
            this.placer = placer;
        }

        /** {@code metadata.<key>} refused: out of its range. */
        InputProblem outOfRange(String key, Object v, String range) {
            return new InputProblem(
                    file,
                    "metadata." + key + " " + JsonValues.shown(v) + " out of range (expected " + range + ")",
                    InputProblem.location(at.apply(v)));
        }
    }
}
