package io.ptotrace.model;

/**
 * The two generations of swimlane captures: the older "L2 swimlane" and the newer "chip swimlane" era. A file's
 * era comes from its level key; it decides names in reports and the receive-time arithmetic (docs/inputs.md).
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

    public static String levelDescription(int level) {
        switch (level) {
            case 1: return "AICore timing only";
            case 2: return "AICore + AICPU timing";
            case 3: return "AICore + AICPU timing + scheduler phases";
            case 4: return "full collection with orchestrator phases";
            default: return "unknown";
        }
    }
}
