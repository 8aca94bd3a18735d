package io.ptotrace.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The three generations of swimlane captures: the older "L2 swimlane", the newer "chip swimlane" and the newest
 * "streams" era (the chip file name and level key, with object-wrapped scheduler streams, run epochs and a named
 * runtime). A file's era comes from the keys it holds ({@link #of}); every rule that differs between eras is a
 * method of the era, so the records reader applies them without asking which era it has: the receive-time
 * arithmetic, the clock that puts device cycles on the trace's axis ({@link #clock}), whether a runtime is named
 * (which then decides ids and phases, {@link TaskRuntime}), run epochs and scheduler streams, the wording of
 * reports and the id layout of captures that name no runtime (docs/inputs.md).
 */
public enum Era {
    L2("l2_swimlane_level", "l2_swimlane_records.json", "--enable-l2-swimlane") {
        /** The setup from the receive-to-start cycles, the receive from the kernel start. */
        @Override
        public void receive(
                long startCycles,
                long r2sCycles,
                double startUs,
                double usPerCycle,
                java.util.function.LongToDoubleFunction toUs,
                double[] out) {
            out[1] = r2sCycles * usPerCycle;
            out[0] = startUs - out[1];
        }
    },
    CHIP("chip_swimlane_level", "chip_swimlane_records.json", "--enable-chip-swimlane"),
    STREAMS("chip_swimlane_level", "chip_swimlane_records.json", "--enable-chip-swimlane") {
        @Override
        public TaskRuntime runtime(Object metadataRuntime, java.nio.file.Path file) {
            return TaskRuntime.ofMetadata(metadataRuntime, file);
        }

        @Override
        public boolean writesRunEpochs() {
            return true;
        }

        @Override
        public boolean readsSchedulerStreams() {
            return true;
        }

        @Override
        CaptureClock clock(CaptureClock.Inputs in) {
            return StreamsClock.of(in);
        }

        @Override
        public String dispatchRecordsName() {
            return "Scheduler task timing record(s)";
        }

        @Override
        String unmatchedSource(Object producer) {
            return "producer=" + (producer instanceof String ? producer : "None") + ", ";
        }

        @Override
        String emptyDispatchWarning(int level) {
            return null; // a row without its dispatch row is refused (checked with the rows)
        }

        @Override
        String schedulerTimingName() {
            return "Scheduler task timing";
        }
    };

    public final String levelKey;
    public final String recordsFile;
    public final String runFlag;

    Era(String levelKey, String recordsFile, String runFlag) {
        this.levelKey = levelKey;
        this.recordsFile = recordsFile;
        this.runFlag = runFlag;
    }

    private static final List<Era> NEWEST_FIRST;

    static {
        List<Era> l = new ArrayList<>(List.of(values()));
        Collections.reverse(l);
        NEWEST_FIRST = List.copyOf(l);
    }

    /** Every era, newest first (the declaration order is oldest first): where two eras' files meet, the newest wins. */
    public static List<Era> newestFirst() {
        return NEWEST_FIRST;
    }

    /**
     * The era of a capture from its keys: the chip level key with any streams-era key (a runtime name,
     * {@code scheduler_tasks}, {@code scheduler_records}, a seven-column AICore row) is the streams era; the chip
     * key alone the chip era; the L2 key alone the L2 era; null when neither level key is there.
     */
    public static Era of(boolean hasL2Level, boolean hasChipLevel, boolean hasStreamsKey) {
        if (hasChipLevel) return hasStreamsKey ? STREAMS : CHIP;
        return hasL2Level ? L2 : null;
    }

    /**
     * The receive time and local setup of an AICore row, µs, into {@code out[0]} and {@code out[1]}: the L2 era
     * derives the setup from the receive-to-start cycles and the receive from the kernel start; later eras map
     * the receive cycle through the clock and the setup is what lies between.
     */
    public void receive(
            long startCycles,
            long r2sCycles,
            double startUs,
            double usPerCycle,
            java.util.function.LongToDoubleFunction toUs,
            double[] out) {
        out[0] = toUs.applyAsDouble(startCycles - r2sCycles);
        out[1] = startUs - out[0];
    }

    /**
     * The runtime a capture of this era names in {@code metadata.runtime} ({@code metadataRuntime}, as read), which
     * decides its task-id layout, phase vocabulary and lanes; null for the eras before runtimes were named. The
     * streams era requires one and refuses a capture without a known one (an InputProblem naming {@code file}).
     */
    public TaskRuntime runtime(Object metadataRuntime, java.nio.file.Path file) {
        return null;
    }

    /** Whether the seventh AICore column is a run epoch (older producers' extra columns mean nothing). */
    public boolean writesRunEpochs() {
        return false;
    }

    /** Whether scheduler phases come as {@code scheduler_records.streams} (an older file's stray section is not read). */
    public boolean readsSchedulerStreams() {
        return false;
    }

    /** The clock that puts a capture of this era on the trace's time axis. */
    CaptureClock clock(CaptureClock.Inputs in) {
        return AnchorClock.of(in);
    }

    /** The name of the dispatch/finish stream in warnings. */
    public String dispatchRecordsName() {
        return "aicpu_task(s)";
    }

    /** What the unmatched-rows warning says of the dispatch rows' producer before its offenders ({@code producer=aicpu, }). */
    String unmatchedSource(Object producer) {
        return "";
    }

    /** The warning for a level of dispatch rows whose capture has none, or null where that is not read so. */
    String emptyDispatchWarning(int level) {
        return "Warning: " + levelKey + " " + level + " but aicpu_tasks is empty; using AICore timing only";
    }

    String schedulerTimingName() {
        return "AICPU timing";
    }

    /** The statistics header's description of a level. */
    public String levelDescription(int level) {
        String sched = schedulerTimingName();
        switch (level) {
            case 1:
                return "AICore timing only";
            case 2:
                return "AICore + " + sched;
            case 3:
                return "AICore + " + sched + " + scheduler phases";
            case 4:
                return "full collection with orchestrator phases";
            default:
                return "unknown";
        }
    }

    /** The id layout of captures of this era that name no runtime: ring and local id, ring 0 shown bare. */
    public TaskLabels defaultLabels() {
        return TaskIds::display;
    }
}
