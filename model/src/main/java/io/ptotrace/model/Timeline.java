package io.ptotrace.model;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The timing side of a run, read once: joined per-dispatch task rows (columnar, sorted by task id,
 * stable), scheduler and orchestrator phase records, host uploads and the host-mode timeline facts.
 */
public final class Timeline {
    public final Path file;
    public final Era era;
    public final int level;
    public final long clockFreqHz;
    public final String[] coreTypes;
    /** Empty when the capture has none. */
    public final int[] coreToThread;

    public final int rows;
    public final long[] taskId;
    public final int[] coreId;
    public final String[] coreType;
    public final double[] start;
    public final double[] end;
    public final double[] dispatch;
    public final double[] finish;
    public final double[] localSetup;
    public final double[] receive;
    /** True when rows were joined with AICPU rows (dispatch/finish/propagation are real). */
    public final boolean aicpuJoined;

    /**
     * Every phase record read (scheduler and orchestrator), one row each; the lanes below are row ranges of
     * it. Code that walks many records reads the table by row rather than through {@link PhaseRecord} views.
     */
    public final PhaseTable phases;
    /** Null when the capture has no scheduler phase list (a list of only empty threads is non-null). */
    public final List<PhaseTable.Lane> schedulerPhases;
    /** Null when there are no orchestrator phases (AICPU or host). */
    public final List<PhaseTable.Lane> orchestratorPhases;
    /** "aicpu", "host" or null. */
    public final String orchestratorSource;
    public final List<Upload> uploads;
    /** Host mode only; written as the trace's top-level "metadata". */
    public final Map<String, Object> timelineMetadata;
    /** The raw AICore rows, when the reader was asked to keep them ({@link RecordsReader#read(Path, Consumer, boolean)}), else null. */
    AicoreCycles cycles;

    /** One host→device copy segment. */
    public static final class Upload {
        public final Object phase;
        public final double startUs;
        public final double endUs;
        public final Object detail;

        public Upload(Object phase, double startUs, double endUs, Object detail) {
            this.phase = phase;
            this.startUs = startUs;
            this.endUs = endUs;
            this.detail = detail;
        }
    }

    Timeline(Path file, Era era, int level, long clockFreqHz, String[] coreTypes, int[] coreToThread,
             int rows, long[] taskId, int[] coreId, String[] coreType, double[] start, double[] end,
             double[] dispatch, double[] finish, double[] localSetup, double[] receive, boolean aicpuJoined,
             PhaseTable phases, List<PhaseTable.Lane> schedulerPhases, List<PhaseTable.Lane> orchestratorPhases,
             String orchestratorSource, List<Upload> uploads, Map<String, Object> timelineMetadata) {
        this.file = file;
        this.era = era;
        this.level = level;
        this.clockFreqHz = clockFreqHz;
        this.coreTypes = coreTypes;
        this.coreToThread = coreToThread;
        this.rows = rows;
        this.taskId = taskId;
        this.coreId = coreId;
        this.coreType = coreType;
        this.start = start;
        this.end = end;
        this.dispatch = dispatch;
        this.finish = finish;
        this.localSetup = localSetup;
        this.receive = receive;
        this.aicpuJoined = aicpuJoined;
        this.phases = phases;
        this.schedulerPhases = schedulerPhases;
        this.orchestratorPhases = orchestratorPhases;
        this.orchestratorSource = orchestratorSource;
        this.uploads = uploads;
        this.timelineMetadata = timelineMetadata;
    }

    public AicoreCycles cycles() { return cycles; }

    public double duration(int row) { return end[row] - start[row]; }

    /** receive − dispatch; only meaningful when {@link #aicpuJoined}. */
    public double propagation(int row) { return receive[row] - dispatch[row]; }

    public boolean hostMode() { return "host".equals(orchestratorSource); }

    public int schedulerThreadCount() { return schedulerPhases == null ? 0 : schedulerPhases.size(); }
}
