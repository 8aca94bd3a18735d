package io.ptotrace.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The three generations of swimlane captures: the older "L2 swimlane", the newer "chip swimlane" and the newest
 * "streams" era (the chip file name and level key, with object-wrapped scheduler streams, run epochs and a named
 * runtime). A file's era comes from the keys it holds ({@link #of}); the era decides the receive-time
 * arithmetic, which sections carry the device time base, the wording of reports and the id layout of captures
 * that name no runtime (docs/inputs.md).
 */
public enum Era {
    L2("l2_swimlane_level", "l2_swimlane_records.json", "--enable-l2-swimlane"),
    CHIP("chip_swimlane_level", "chip_swimlane_records.json", "--enable-chip-swimlane"),
    STREAMS("chip_swimlane_level", "chip_swimlane_records.json", "--enable-chip-swimlane");

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
        if (this == L2) {
            out[1] = r2sCycles * usPerCycle;
            out[0] = startUs - out[1];
        } else {
            out[0] = toUs.applyAsDouble(startCycles - r2sCycles);
            out[1] = startUs - out[0];
        }
    }

    /** The name of the dispatch/finish stream in warnings. */
    public String dispatchRecordsName() {
        return this == STREAMS ? "Scheduler task timing record(s)" : "aicpu_task(s)";
    }

    /** The statistics header's description of a level. */
    public String levelDescription(int level) {
        String sched = this == STREAMS ? "Scheduler task timing" : "AICPU timing";
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
