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
    /** Written as the trace's top-level "metadata": host mode, and always in the streams era. */
    public final Map<String, Object> timelineMetadata;
    /** The raw AICore rows, when the reader was asked to keep them ({@link RecordsReader#read(Path, Consumer, boolean)}), else null. */
    AicoreCycles cycles;
    /** What only a streams-era capture has; null for the older eras. */
    public final Streams streams;
    /** How this capture's task ids are shown. */
    public final TaskLabels labels;

    /** The facts of a streams-era capture. */
    public static final class Streams {
        public final TaskRuntime runtime;
        /** The run each row belongs to. */
        public final long[] runEpoch;
        /** {@code scheduler_tasks.producer} ("aicpu", "aicore"), or null. */
        public final String schedulerTaskProducer;
        /** Per scheduler thread (index of {@link #schedulerPhases}): its stream's metadata; null without streams. */
        public final List<Map<String, Object>> streamMeta;

        public final List<Lifecycle> lifecycle;
        /** The span-containment placement computed from the Host logs, or null (none, or from a saved record). */
        public final io.ptotrace.model.clock.Placement placement;
        /** The host ns the trace's time 0 stands for (0 when the capture is on its own device clock). */
        public final long originNs;

        /** The capture's device-clock bounds, cycles (what a placement joins on); null when it has no device record. */
        public final io.ptotrace.model.clock.CaptureWindows captureWindows;
        /** The device cycle a capture on its own clock counts its times from (time 0). */
        public final long baseCycles;
        /** {@code metadata.host_clock_domain_id}, or null: which Host clock the capture's Host spans are on. */
        public final String hostClockDomainId;

        public Streams(
                TaskRuntime runtime,
                long[] runEpoch,
                String schedulerTaskProducer,
                List<Map<String, Object>> streamMeta,
                List<Lifecycle> lifecycle,
                io.ptotrace.model.clock.Placement placement,
                long originNs) {
            this(runtime, runEpoch, schedulerTaskProducer, streamMeta, lifecycle, placement, originNs, null, 0, null);
        }

        public Streams(
                TaskRuntime runtime,
                long[] runEpoch,
                String schedulerTaskProducer,
                List<Map<String, Object>> streamMeta,
                List<Lifecycle> lifecycle,
                io.ptotrace.model.clock.Placement placement,
                long originNs,
                io.ptotrace.model.clock.CaptureWindows captureWindows,
                long baseCycles,
                String hostClockDomainId) {
            this.captureWindows = captureWindows;
            this.baseCycles = baseCycles;
            this.hostClockDomainId = hostClockDomainId;
            this.runtime = runtime;
            this.runEpoch = runEpoch;
            this.schedulerTaskProducer = schedulerTaskProducer;
            this.streamMeta = streamMeta;
            this.lifecycle = lifecycle;
            this.placement = placement;
            this.originNs = originNs;
        }

        /** The producer of a scheduler thread's stream, or null. */
        public Object producer(int thread) {
            if (streamMeta == null || thread >= streamMeta.size()) return null;
            Object p = streamMeta.get(thread).get("producer");
            return JsonValues.isPresent(p) ? p : null;
        }
    }

    /**
     * One AICPU thread's lifecycle stamps, µs (NaN where missing), in the order handshake start/complete,
     * config start/topology complete, context publish start/complete, bootstrap wait start/complete, register
     * release start/end, exit signal start/end, exit wait start/end.
     */
    public static final class Lifecycle {
        public final Object threadId;
        public final double[] us;

        public Lifecycle(Object threadId, double[] us) {
            this.threadId = threadId;
            this.us = us;
        }
    }

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

    Timeline(
            Path file,
            Era era,
            int level,
            long clockFreqHz,
            String[] coreTypes,
            int[] coreToThread,
            int rows,
            long[] taskId,
            int[] coreId,
            String[] coreType,
            double[] start,
            double[] end,
            double[] dispatch,
            double[] finish,
            double[] localSetup,
            double[] receive,
            boolean aicpuJoined,
            PhaseTable phases,
            List<PhaseTable.Lane> schedulerPhases,
            List<PhaseTable.Lane> orchestratorPhases,
            String orchestratorSource,
            List<Upload> uploads,
            Map<String, Object> timelineMetadata,
            Streams streams) {
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
        this.streams = streams;
        this.labels = streams != null ? streams.runtime.labels() : era.defaultLabels();
    }

    public AicoreCycles cycles() {
        return cycles;
    }
    /** A task id as this capture shows it. */
    public String label(long taskId) {
        return labels.label(taskId);
    }

    public TaskRuntime runtime() {
        return streams == null ? null : streams.runtime;
    }

    public double duration(int row) {
        return end[row] - start[row];
    }

    /** receive − dispatch; only meaningful when {@link #aicpuJoined}. */
    public double propagation(int row) {
        return receive[row] - dispatch[row];
    }

    public boolean hostMode() {
        return "host".equals(orchestratorSource);
    }

    public int schedulerThreadCount() {
        return schedulerPhases == null ? 0 : schedulerPhases.size();
    }
}
