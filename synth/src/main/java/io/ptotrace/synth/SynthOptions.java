package io.ptotrace.synth;

import io.ptotrace.model.Era;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Everything that shapes a synthetic PTO run. Immutable; build with {@link #builder()} (or
 * {@link #toBuilder()}), or drive it from a command line with {@link Builder#set(String, String)}
 * ({@link #optionHelp()} lists the keys).
 *
 * @param tasks number of submitted tasks (kernel + dummy + alloc), 10 … 10 000 000
 * @param level collection level 1–4 (1 AICore rows; 2 + AICPU rows; 3 + scheduler phases and
 *     {@code core_to_thread}; 4 + orchestrator phases)
 * @param seed seed of every random choice; same options ⇒ byte-identical files
 * @param rings number of task rings 1–4 (task id = {@code (ring << 32) | local})
 * @param era the capture era (the model's {@link Era}): records file name, level key, edge flags and, for
 *     the streams era, object-wrapped streams with run epochs
 * @param aicCores number of AIC cores (core ids {@code 0 … aicCores-1})
 * @param aivCores number of AIV cores (core ids {@code aicCores …}); cluster {@code c} = AIC core c
 *     plus AIV cores {@code aicCores + 2c, aicCores + 2c + 1}
 * @param clockFreqHz cycle counter frequency ({@code metadata.clock_freq_hz}); all latencies are
 *     modelled in nanoseconds and converted, so the trace looks the same at any frequency
 * @param hbViolationShare share (0–1) of timed kernel→kernel dependency pairs (distinct
 *     {@code (pred, succ)} pairs of deps.json whose tasks both have AICore rows) whose consumer is
 *     deliberately started before its producer ends; every other dependency is respected
 *     (consumer dispatch ≥ producer finish). A violation needs the producer to still be running
 *     when the consumer could start, so the achieved share saturates at a ceiling set by the graph
 *     (about 0.29 with the default options); {@link SynthRun.Result#violationShare()} reports it
 * @param spmdShare share of kernel tasks with {@code block_num > 1}
 * @param mixShare share of kernel tasks that are MIX (AIC + AIV of one cluster)
 * @param dummyShare share of tasks that are dummy tasks (kernel ids all −1)
 * @param allocShare share of tasks that are {@code alloc_tensors()} tasks (no tasks[] entry)
 * @param predicatedShare share of kernel tasks whose predicate is false (no AICore row)
 * @param withDeps write {@code deps.json}
 * @param withNameMap write {@code name_map_synth.json}
 * @param orchestratorThreads orchestrator threads (tasks are submitted round-robin over them)
 * @param schedulerThreads AICPU scheduler threads (cores are split over them per core type)
 * @param edgesPerTask target mean number of annotated deps.json edges per submitted task
 * @param v2RowShare share of AICore rows written in the archived 5-column (v2) shape
 * @param hazardAnnotations add {@code hazard}/{@code access_kind} to tensormap edges
 * @param streams number of independent dataflow streams (DAG width); 0 = automatic
 * @param runtime streams era: the runtime named in {@code metadata.runtime} ({@link #TMR} or
 *     {@link #HBG}; hbg runs have one ring)
 * @param runEpoch streams era: the run counter stamped on every device row and record (≥ 1)
 * @param timingSeed seed of the timing draws alone (kernel times, scheduler latencies); 0 = {@code seed}. Two
 *     runs with the same {@code seed} and different timing seeds have the same graph and different noise, as two
 *     runs of one test on a device have
 * @param kernelScale kernel names whose execution times are multiplied, with the factor
 *     ({@code name → factor}); the graph and every random draw stay the same, so the rest of the timeline moves
 *     as it would on a device where those kernels got slower or faster
 * @param schedulerScale factor on every scheduler latency (dispatch, propagation, receive-to-start, release,
 *     marker delay): 1.5 is a scheduler 50 % slower, kernels untouched
 */
public record SynthOptions(
        int tasks,
        int level,
        long seed,
        int rings,
        Era era,
        int aicCores,
        int aivCores,
        long clockFreqHz,
        double hbViolationShare,
        double spmdShare,
        double mixShare,
        double dummyShare,
        double allocShare,
        double predicatedShare,
        boolean withDeps,
        boolean withNameMap,
        int orchestratorThreads,
        int schedulerThreads,
        double edgesPerTask,
        double v2RowShare,
        boolean hazardAnnotations,
        int streams,
        String runtime,
        long runEpoch,
        long timingSeed,
        Map<String, Double> kernelScale,
        double schedulerScale) {

    /** Smallest accepted task count. */
    public static final int MIN_TASKS = 10;
    /** Largest accepted task count. */
    public static final int MAX_TASKS = 10_000_000;

    /** The runtimes a streams-era capture names in {@code metadata.runtime}. */
    public static final String TMR = "tensormap_and_ringbuffer";

    public static final String HBG = "host_build_graph";

    /**
     * The capture era by name: one of the model's eras ({@code l2}, {@code chip}, {@code streams}, any
     * case), or {@code older}/{@code newer}/{@code newest}, or an L2/chip file or key name.
     */
    public static Era parseEra(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        for (Era e : Era.values()) {
            if (v.equals(e.name().toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        if (v.startsWith("l2_") || v.equals("older") || v.equals("old")) {
            return Era.L2;
        }
        if (v.startsWith("chip_") || v.equals("newer") || v.equals("new")) {
            return Era.CHIP;
        }
        if (v.equals("newest")) {
            return Era.STREAMS;
        }
        throw new IllegalArgumentException("era must be one of " + eraNames() + ", got '" + s + "'");
    }

    /** The era names {@link #parseEra} takes, as a CLI lists them. */
    public static String eraNames() {
        StringBuilder b = new StringBuilder();
        for (Era e : Era.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }

    /** {@code tmr}/{@code hbg} or the full runtime names. */
    public static String parseRuntime(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        if (v.equals("tmr") || v.equals(TMR)) {
            return TMR;
        }
        if (v.equals("hbg") || v.equals(HBG)) {
            return HBG;
        }
        throw new IllegalArgumentException("runtime must be tmr (" + TMR + ") or hbg (" + HBG + "), got '" + s + "'");
    }

    /** Whether the run is of the streams era (object-wrapped streams, run epochs, a runtime name). */
    public boolean streamsEra() {
        return era == Era.STREAMS;
    }

    /** Validates every field; throws {@link IllegalArgumentException} with a one-line message. */
    public SynthOptions {
        if (era == null) {
            throw new IllegalArgumentException("era must not be null");
        }
        check(
                tasks >= MIN_TASKS && tasks <= MAX_TASKS,
                "tasks must be in " + MIN_TASKS + ".." + MAX_TASKS + ", got " + tasks);
        check(level >= 1 && level <= 4, "level must be in 1..4, got " + level);
        check(rings >= 1 && rings <= 4, "rings must be in 1..4, got " + rings);
        check(
                aicCores >= 0 && aivCores >= 0 && aicCores + aivCores >= 1 && aicCores + aivCores <= 4096,
                "cores: need aic >= 0, aiv >= 0 and 1 <= aic + aiv <= 4096, got " + aicCores + "+" + aivCores);
        check(
                clockFreqHz > 0 && clockFreqHz <= 100_000_000_000L,
                "clock_freq_hz must be in 1..1e11, got " + clockFreqHz);
        share("hb_violation_share", hbViolationShare);
        share("spmd_share", spmdShare);
        share("mix_share", mixShare);
        share("dummy_share", dummyShare);
        share("alloc_share", allocShare);
        share("predicated_share", predicatedShare);
        share("v2_row_share", v2RowShare);
        check(
                dummyShare + allocShare <= 0.9,
                "dummy_share + alloc_share must be <= 0.9, got " + (dummyShare + allocShare));
        check(
                orchestratorThreads >= 1 && orchestratorThreads <= 16,
                "orchestrator_threads must be in 1..16, got " + orchestratorThreads);
        check(
                schedulerThreads >= 1 && schedulerThreads <= 16,
                "scheduler_threads must be in 1..16, got " + schedulerThreads);
        check(
                edgesPerTask >= 0.0 && edgesPerTask <= 40.0 && !Double.isNaN(edgesPerTask),
                "edges_per_task must be in 0..40, got " + edgesPerTask);
        check(streams >= 0 && streams <= 4096, "streams must be in 0..4096 (0 = auto), got " + streams);
        check(TMR.equals(runtime) || HBG.equals(runtime), "runtime must be " + TMR + " or " + HBG + ", got " + runtime);
        check(!HBG.equals(runtime) || rings == 1, "a host_build_graph run has one ring, got rings " + rings);
        check(runEpoch >= 1, "run_epoch must be >= 1, got " + runEpoch);
        kernelScale = Map.copyOf(kernelScale == null ? Map.of() : kernelScale);
        for (Map.Entry<String, Double> e : kernelScale.entrySet())
            check(
                    e.getValue() > 0 && e.getValue() <= 100 && Kernels.idOf(e.getKey()) >= 0,
                    "kernel_scale: " + e.getKey() + " must name a kernel of the palette ("
                            + String.join(", ", Kernels.nameMap().values()) + ") with a factor in (0, 100]");
        check(
                schedulerScale > 0 && schedulerScale <= 100,
                "scheduler_scale must be in (0, 100], got " + schedulerScale);
    }

    /** The seed of the timing draws. */
    public long effectiveTimingSeed() {
        return timingSeed == 0 ? seed : timingSeed;
    }

    private static void check(boolean ok, String msg) {
        if (!ok) {
            throw new IllegalArgumentException(msg);
        }
    }

    private static void share(String name, double v) {
        check(v >= 0.0 && v <= 1.0, name + " must be in 0..1, got " + v);
    }

    /** The defaults (a 10 000-task level-4 L2-era run on 8 AIC + 16 AIV cores at 50 MHz). */
    public static SynthOptions defaults() {
        return builder().build();
    }

    /** A builder preset with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder preset with this object's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.tasks = tasks;
        b.level = level;
        b.seed = seed;
        b.rings = rings;
        b.era = era;
        b.aicCores = aicCores;
        b.aivCores = aivCores;
        b.clockFreqHz = clockFreqHz;
        b.hbViolationShare = hbViolationShare;
        b.spmdShare = spmdShare;
        b.mixShare = mixShare;
        b.dummyShare = dummyShare;
        b.allocShare = allocShare;
        b.predicatedShare = predicatedShare;
        b.withDeps = withDeps;
        b.withNameMap = withNameMap;
        b.orchestratorThreads = orchestratorThreads;
        b.schedulerThreads = schedulerThreads;
        b.edgesPerTask = edgesPerTask;
        b.v2RowShare = v2RowShare;
        b.hazardAnnotations = hazardAnnotations;
        b.streams = streams;
        b.runtime = runtime;
        b.runEpoch = runEpoch;
        b.timingSeed = timingSeed;
        b.kernelScale = new java.util.TreeMap<>(kernelScale);
        b.schedulerScale = schedulerScale;
        return b;
    }

    /** Copy with one option changed by its CLI key (see {@link Builder#set(String, String)}). */
    public SynthOptions with(String key, String value) {
        return toBuilder().set(key, value).build();
    }

    /** Total number of cores. */
    public int numCores() {
        return aicCores + aivCores;
    }

    /** The records file name of the era. */
    public String recordsFileName() {
        return era.recordsFile;
    }

    /**
     * The option keys accepted by {@link Builder#set(String, String)} with a one-line description and
     * the default, in a stable order (for a CLI's help text). Keys are matched ignoring case, '-' and
     * '_' (so {@code hb-violation-share}, {@code hb_violation_share} and {@code hbViolationShare} are
     * the same key).
     */
    public static Map<String, String> optionHelp() {
        SynthOptions d = defaults();
        Map<String, String> m = new LinkedHashMap<>();
        m.put(
                "tasks",
                "submitted tasks incl. alloc/dummy, " + MIN_TASKS + ".." + MAX_TASKS + " (default " + d.tasks + ")");
        m.put("level", "collection level 1..4 (default " + d.level + ")");
        m.put("seed", "random seed; same options => identical bytes (default " + d.seed + ")");
        m.put("rings", "task rings 1..4 (default " + d.rings + ")");
        m.put(
                "era",
                "l2 (" + Era.L2.recordsFile + "), chip (" + Era.CHIP.recordsFile
                        + ", edge flags) or streams (the same file with "
                        + "object-wrapped streams, run epochs and a runtime name, and a Host log) (default "
                        + d.era.name().toLowerCase(Locale.ROOT) + ")");
        m.put("runtime", "streams era: tmr (" + TMR + ") or hbg (" + HBG + ") (default tmr)");
        m.put("run-epoch", "streams era: the run_epoch of every device row (default " + d.runEpoch + ")");
        m.put("cores", "AIC+AIV core counts, e.g. 8+16 or 24,48 (default " + d.aicCores + "+" + d.aivCores + ")");
        m.put("aic-cores", "AIC core count (default " + d.aicCores + ")");
        m.put("aiv-cores", "AIV core count (default " + d.aivCores + ")");
        m.put("clock-freq-hz", "cycle counter frequency (default " + d.clockFreqHz + ")");
        m.put(
                "hb-violation-share",
                "share of kernel dependency pairs whose consumer starts before the producer ends (default "
                        + d.hbViolationShare + ")");
        m.put("spmd-share", "share of kernel tasks with block_num > 1 (default " + d.spmdShare + ")");
        m.put("mix-share", "share of kernel tasks that are MIX (default " + d.mixShare + ")");
        m.put("dummy-share", "share of tasks that are dummy tasks (default " + d.dummyShare + ")");
        m.put("alloc-share", "share of tasks that are alloc_tensors() tasks (default " + d.allocShare + ")");
        m.put(
                "predicated-share",
                "share of kernel tasks skipped by a false predicate (default " + d.predicatedShare + ")");
        m.put("with-deps", "write deps.json (default " + d.withDeps + ")");
        m.put("with-name-map", "write name_map_synth.json (default " + d.withNameMap + ")");
        m.put("orchestrator-threads", "orchestrator threads 1..16 (default " + d.orchestratorThreads + ")");
        m.put("scheduler-threads", "AICPU scheduler threads 1..16 (default " + d.schedulerThreads + ")");
        m.put("edges-per-task", "target mean annotated deps.json edges per task (default " + d.edgesPerTask + ")");
        m.put("v2-row-share", "share of AICore rows in the 5-column v2 shape (default " + d.v2RowShare + ")");
        m.put("hazard-annotations", "add hazard/access_kind to tensormap edges (default " + d.hazardAnnotations + ")");
        m.put("timing-seed", "seed of the timing draws alone; same graph, other noise (default: the seed)");
        m.put(
                "kernel-scale",
                "NAME:FACTOR[,NAME:FACTOR...]: those kernels' execution times times FACTOR, graph unchanged (default none)");
        m.put(
                "scheduler-scale",
                "factor on every scheduler latency (dispatch, propagation, release), kernels unchanged (default 1)");
        m.put("streams", "independent dataflow streams (DAG width), 0 = auto (default " + d.streams + ")");
        return m;
    }

    /** Mutable builder; every setter returns {@code this}. {@link #build()} validates. */
    public static final class Builder {
        private int tasks = 10_000;
        private int level = 4;
        private long seed = 1;
        private int rings = 1;
        private Era era = Era.L2;
        private int aicCores = 8;
        private int aivCores = 16;
        private long clockFreqHz = 50_000_000L;
        private double hbViolationShare = 0.0;
        private double spmdShare = 0.05;
        private double mixShare = 0.05;
        private double dummyShare = 0.01;
        private double allocShare = 0.02;
        private double predicatedShare = 0.005;
        private boolean withDeps = true;
        private boolean withNameMap = true;
        private int orchestratorThreads = 1;
        private int schedulerThreads = 3;
        private double edgesPerTask = 5.0;
        private double v2RowShare = 0.002;
        private boolean hazardAnnotations = true;
        private int streams = 0;
        private String runtime = TMR;
        private long runEpoch = 1;
        private long timingSeed = 0;
        private Map<String, Double> kernelScale = new java.util.TreeMap<>();
        private double schedulerScale = 1.0;

        private Builder() {}

        public Builder timingSeed(long v) {
            timingSeed = v;
            return this;
        }

        public Builder kernelScale(String kernel, double factor) {
            kernelScale.put(kernel, factor);
            return this;
        }

        public Builder schedulerScale(double v) {
            schedulerScale = v;
            return this;
        }

        public Builder tasks(int v) {
            tasks = v;
            return this;
        }

        public Builder level(int v) {
            level = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder rings(int v) {
            rings = v;
            return this;
        }

        public Builder era(Era v) {
            era = v;
            return this;
        }

        public Builder cores(int aic, int aiv) {
            aicCores = aic;
            aivCores = aiv;
            return this;
        }

        public Builder aicCores(int v) {
            aicCores = v;
            return this;
        }

        public Builder aivCores(int v) {
            aivCores = v;
            return this;
        }

        public Builder clockFreqHz(long v) {
            clockFreqHz = v;
            return this;
        }

        public Builder hbViolationShare(double v) {
            hbViolationShare = v;
            return this;
        }

        public Builder spmdShare(double v) {
            spmdShare = v;
            return this;
        }

        public Builder mixShare(double v) {
            mixShare = v;
            return this;
        }

        public Builder dummyShare(double v) {
            dummyShare = v;
            return this;
        }

        public Builder allocShare(double v) {
            allocShare = v;
            return this;
        }

        public Builder predicatedShare(double v) {
            predicatedShare = v;
            return this;
        }

        public Builder withDeps(boolean v) {
            withDeps = v;
            return this;
        }

        public Builder withNameMap(boolean v) {
            withNameMap = v;
            return this;
        }

        public Builder orchestratorThreads(int v) {
            orchestratorThreads = v;
            return this;
        }

        public Builder schedulerThreads(int v) {
            schedulerThreads = v;
            return this;
        }

        public Builder edgesPerTask(double v) {
            edgesPerTask = v;
            return this;
        }

        public Builder v2RowShare(double v) {
            v2RowShare = v;
            return this;
        }

        public Builder hazardAnnotations(boolean v) {
            hazardAnnotations = v;
            return this;
        }

        public Builder streams(int v) {
            streams = v;
            return this;
        }

        public Builder runtime(String v) {
            runtime = parseRuntime(v);
            return this;
        }

        public Builder runEpoch(long v) {
            runEpoch = v;
            return this;
        }

        /**
         * Sets one option from strings, as a CLI would ({@code --set key=value} or one flag per key).
         * Keys are those of {@link #optionHelp()}, matched ignoring case, '-' and '_'; a few aliases are
         * accepted ({@code clock}, {@code freq}, {@code hb}, {@code orch-threads}, {@code sched-threads},
         * {@code deps}, {@code name-map}). Booleans: true/false/yes/no/1/0/on/off. Integers accept '_'
         * separators and a k/m suffix ({@code 1m} = 1 000 000). Throws {@link IllegalArgumentException}
         * on an unknown key or a malformed value.
         */
        public Builder set(String key, String value) {
            if (key == null || value == null) {
                throw new IllegalArgumentException("option key and value must not be null");
            }
            String k = key.toLowerCase(Locale.ROOT)
                    .replace("-", "")
                    .replace("_", "")
                    .trim();
            switch (k) {
                case "tasks", "n" -> tasks = (int) SettingValues.integer(key, value, Integer.MAX_VALUE);
                case "level" -> level = (int) SettingValues.integer(key, value, 9);
                case "seed" -> seed = SettingValues.integer(key, value, Long.MAX_VALUE);
                case "rings" -> rings = (int) SettingValues.integer(key, value, 64);
                case "era" -> era = parseEra(value);
                case "runtime" -> runtime = parseRuntime(value);
                case "runepoch", "epoch" -> runEpoch = SettingValues.integer(key, value, Long.MAX_VALUE);
                case "cores" -> {
                    String[] p = value.trim().split("[+,x/ ]+");
                    if (p.length != 2) {
                        throw new IllegalArgumentException(
                                "cores must look like AIC+AIV (e.g. 8+16), got '" + value + "'");
                    }
                    aicCores = (int) SettingValues.integer(key, p[0], 1 << 20);
                    aivCores = (int) SettingValues.integer(key, p[1], 1 << 20);
                }
                case "aiccores", "aic" -> aicCores = (int) SettingValues.integer(key, value, 1 << 20);
                case "aivcores", "aiv" -> aivCores = (int) SettingValues.integer(key, value, 1 << 20);
                case "clockfreqhz", "clockfreq", "clock", "freq" ->
                    clockFreqHz = SettingValues.integer(key, value, Long.MAX_VALUE);
                case "hbviolationshare", "hbviolation", "hb" -> hbViolationShare = SettingValues.number(key, value);
                case "spmdshare", "spmd" -> spmdShare = SettingValues.number(key, value);
                case "mixshare", "mix" -> mixShare = SettingValues.number(key, value);
                case "dummyshare", "dummy" -> dummyShare = SettingValues.number(key, value);
                case "allocshare", "alloc" -> allocShare = SettingValues.number(key, value);
                case "predicatedshare", "predicated" -> predicatedShare = SettingValues.number(key, value);
                case "withdeps", "deps" -> withDeps = SettingValues.bool(key, value);
                case "withnamemap", "namemap" -> withNameMap = SettingValues.bool(key, value);
                case "orchestratorthreads", "orchthreads", "orchestrators" ->
                    orchestratorThreads = (int) SettingValues.integer(key, value, 1 << 20);
                case "schedulerthreads", "schedthreads", "schedulers" ->
                    schedulerThreads = (int) SettingValues.integer(key, value, 1 << 20);
                case "edgespertask" -> edgesPerTask = SettingValues.number(key, value);
                case "v2rowshare", "v2rows" -> v2RowShare = SettingValues.number(key, value);
                case "hazardannotations", "hazards" -> hazardAnnotations = SettingValues.bool(key, value);
                case "streams" -> streams = (int) SettingValues.integer(key, value, 1 << 20);
                case "timingseed" -> timingSeed = SettingValues.integer(key, value, Long.MAX_VALUE);
                case "kernelscale" -> kernelScale.putAll(SettingValues.factors(key, value));
                case "schedulerscale" -> schedulerScale = SettingValues.number(key, value);
                default ->
                    throw new IllegalArgumentException("unknown synth option '" + key + "' (known: "
                            + String.join(", ", optionHelp().keySet()) + ")");
            }
            return this;
        }

        /** Builds and validates. */
        public SynthOptions build() {
            return new SynthOptions(
                    tasks,
                    level,
                    seed,
                    rings,
                    era,
                    aicCores,
                    aivCores,
                    clockFreqHz,
                    hbViolationShare,
                    spmdShare,
                    mixShare,
                    dummyShare,
                    allocShare,
                    predicatedShare,
                    withDeps,
                    withNameMap,
                    orchestratorThreads,
                    schedulerThreads,
                    edgesPerTask,
                    v2RowShare,
                    hazardAnnotations,
                    streams,
                    runtime,
                    runEpoch,
                    timingSeed,
                    kernelScale,
                    schedulerScale);
        }
    }
}
