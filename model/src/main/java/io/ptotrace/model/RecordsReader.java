package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams a swimlane records file of any era into a {@link Timeline}: dispatch rows joined to AICore rows,
 * cycles converted to microseconds on one time base, phase records copied, and for host-orchestrated captures
 * the host origin, clock alignment (anchors, or span containment in the streams era) and capture accounting.
 * The era comes from the keys present ({@link Era#of}); docs/inputs.md describes the formats and the rules.
 */
public final class RecordsReader {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Path file;
    private final Consumer<String> warn;

    // raw capture
    Object l2Level = JsonValues.ABSENT;
    Object chipLevel = JsonValues.ABSENT;
    private JsonLocation l2LevelAt, chipLevelAt;
    private final RangeWarnings rangeWarnings = new RangeWarnings();
    final CaptureMetadata metadata;
    // the task rows; every phase record of every section in one table, a section's lanes row ranges of it
    final TaskRows taskRows;
    final PhaseTable table = new PhaseTable();
    List<PhaseTable.Lane> sched;
    List<PhaseTable.Lane> orch;
    private List<PhaseTable.Lane> hostOrch;
    private boolean hostOrchPresentNonEmpty;
    // raw start/end of every record of a section, two per record in file order (kept out of the table,
    // which lives as long as the run, while these die with the reader)
    final LongList schedRaw = new LongList(), orchRaw = new LongList();
    private final LongList hostRaw = new LongList();
    boolean schedPhasesKey;
    // the streams era's scheduler streams and lifecycle stamps; a host-orchestrated capture's uploads
    private final SchedulerStreams streams;
    private final LifecycleRecords lifecycle;
    private final HostUploads uploads;

    private final ReadOptions options;
    final PhaseRecords phases;

    private RecordsReader(Path file, ReadOptions options, Consumer<String> warn) {
        this.file = file;
        this.options = options;
        this.warn = warn;
        this.phases = new PhaseRecords(file, table, rangeWarnings);
        this.taskRows = new TaskRows(file);
        this.metadata = new CaptureMetadata(file);
        this.streams = new SchedulerStreams(file, table, phases);
        this.lifecycle = new LifecycleRecords(file);
        this.uploads = new HostUploads(file, phases, warn);
    }

    /** Reads and joins a records file; warnings (one line each) go to {@code warn}. */
    public static Timeline read(Path file, Consumer<String> warn) {
        return read(file, ReadOptions.DEFAULT, warn);
    }

    /** As {@link #read(Path, Consumer)}; with {@code keepCycles} the timeline also holds the raw AICore rows ({@link Timeline#cycles()}). */
    public static Timeline read(Path file, Consumer<String> warn, boolean keepCycles) {
        return read(file, keepCycles ? ReadOptions.DEFAULT.keepingCycles() : ReadOptions.DEFAULT, warn);
    }

    /**
     * Reads and joins one capture (a records file of any era) with the given options: the per-capture entry
     * point, called once per capture (a directory of ranks calls it once per rank).
     */
    public static Timeline read(Path file, ReadOptions options, Consumer<String> warn) {
        Timeline tl = readScanned(file, options, warn);
        return tl != null ? tl : readGeneral(file, options, warn);
    }

    /**
     * The fast path ({@link RecordsScan}): the timeline of a file as the runtime writes it, or null when the file
     * must be read by {@link #readGeneral}. Its warnings are held until it has succeeded, and a file it read that
     * the timeline refuses is read again by the general path, whose message names the place.
     */
    static Timeline readScanned(Path file, ReadOptions options, Consumer<String> warn) {
        if (!Files.isRegularFile(file)) return null; // a pipe cannot be read a second time
        List<String> held = new ArrayList<>();
        RecordsReader r = new RecordsReader(file, options, held::add);
        try (InputStream in = Inputs.open(file)) {
            if (!RecordsScan.read(in, r)) return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
        Timeline tl;
        try {
            tl = r.finish();
        } catch (RuntimeException e) {
            return null;
        }
        held.forEach(warn);
        return tl;
    }

    /** Reads the file with Jackson: every file, any era, and the message for one that is wrong. */
    static Timeline readGeneral(Path file, ReadOptions options, Consumer<String> warn) {
        RecordsReader r = new RecordsReader(file, options, warn);
        Inputs.readJson(file, JSON, r::parse);
        return r.finish();
    }

    private Timeline finish() {
        Timeline tl = build();
        if (options.keepCycles) {
            TaskRows rows = taskRows;
            int n = rows.core.size();
            int[] core = new int[n];
            for (int i = 0; i < n; i++) core[i] = (int) rows.core.get(i);
            tl.cycles = new AicoreCycles(core, rows.token.toArray(), rows.cStart.toArray(), rows.cEnd.toArray());
        }
        return tl;
    }

    private InputProblem problem(JsonParser p, String msg) {
        return InputProblem.at(file, p, msg);
    }

    private void parse(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) throw problem(p, "top level is not a JSON object");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            switch (key) {
                case "l2_swimlane_level":
                    l2LevelAt = p.currentTokenLocation();
                    l2Level = JsonValues.read(p);
                    break;
                case "chip_swimlane_level":
                    chipLevelAt = p.currentTokenLocation();
                    chipLevel = JsonValues.read(p);
                    break;
                case "metadata":
                    if (t == JsonToken.VALUE_NULL) break;
                    if (t != JsonToken.START_OBJECT) throw problem(p, "metadata is not an object");
                    metadata.read(p);
                    break;
                case "aicore_tasks":
                    taskRows.readAicore(p);
                    break;
                case "aicpu_tasks":
                    taskRows.aicpuTasksKey = t != JsonToken.VALUE_NULL;
                    taskRows.readAicpu(p);
                    break;
                case "aicpu_scheduler_phases":
                    schedPhasesKey = t != JsonToken.VALUE_NULL;
                    sched = phases.readLanes(p, key, false, schedRaw);
                    break;
                case "aicpu_orchestrator_phases":
                    orch = phases.readLanes(p, key, false, orchRaw);
                    break;
                case "host_orchestrator_phases":
                    hostOrch = phases.readLanes(p, key, true, hostRaw);
                    hostOrchPresentNonEmpty = hostOrch != null && !hostOrch.isEmpty();
                    break;
                case "host_device_uploads":
                    uploads.read(p);
                    break;
                case "scheduler_tasks":
                    taskRows.readSchedulerTasks(p);
                    break;
                case "scheduler_records":
                    streams.readSchedulerRecords(p);
                    break;
                case "aicpu_lifecycle_records":
                    lifecycle.read(p);
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) throw problem(p, "unexpected content at top level");
        if (p.nextToken() != null) throw problem(p, "trailing content after the top-level object");
    }

    // ---------------------------------------------------------------- build

    private Timeline build() {
        Era era = era();
        int level = level(era);
        // a seventh column is a run epoch only where the era writes one
        if (!era.writesRunEpochs())
            for (int i = 0; i < taskRows.coreEpoch.size(); i++) taskRows.coreEpoch.set(i, TaskRows.IMPLICIT_EPOCH);
        if (!era.readsSchedulerStreams()) streams.lanes = null;

        long freq = metadata.clockFreq();

        checkOneSpellingEach();

        String[] coreTypes = metadata.stringList("core_types");
        int[] coreToThread = metadata.intList("core_to_thread");

        boolean hostMode = hostMode();

        // a named runtime decides the id layout and the phase vocabulary; its captures' rows obey stricter rules
        TaskRuntime runtime = era.runtime(metadata.get("runtime"), file);
        RowJoin join = new RowJoin(file, taskRows, warn);
        if (runtime != null) join.checkStreamsRows(level, runtime);
        else join.checkRowTimes();
        List<Map<String, Object>> streamsPlaced = null;
        if (streams.lanes != null) {
            streamsPlaced = new ArrayList<>();
            sched = streams.placeStreams(streamsPlaced);
        }

        // an empty scheduler list is "absent"; a list of empty threads is not (its lanes are still drawn)
        if (sched != null && sched.isEmpty()) sched = null;

        // device base time: the smallest positive timestamp, so that the earliest event lands at 0
        long[] device = deviceCycles().bounds();
        long base = device[0];
        double factor = 1_000_000.0 / freq;

        // the era's clock: host origin, alignment or placement, seam
        CaptureClock.Inputs clockIn = clockInputs(level, hostMode, freq, base, device);
        CaptureClock clock = era.clock(clockIn);
        String rangeLine = rangeWarnings.line(file);
        if (rangeLine != null) warn.accept(rangeLine);
        long origin = clock.origin();
        java.util.function.LongToDoubleFunction toUs = clock::toUs;

        // each AICore row with its dispatch row, when the capture has them, on the trace's axis
        AxisTimes axis = new AxisTimes(file, taskRows, table);
        AxisTimes.Rows t = axis.rows(era, join.joinRows(era, level), coreTypes, toUs, factor);

        // phase records get their times; every orchestrator record is a submit
        if (streams.lanes != null) axis.streamRecords(streams.lanes, streams.raw, toUs);
        else if (sched != null) axis.records(sched, schedRaw, "scheduler record", null, toUs);
        List<PhaseTable.Lane> orchOut = null;
        String source = null;
        if (orch != null && !orch.isEmpty()) {
            axis.records(orch, orchRaw, "orchestrator record", "orch_submit", toUs);
            orchOut = orch;
            source = "aicpu";
        }
        if (hostMode) {
            source = "host";
            orchOut = axis.hostLanes(hostOrch, hostRaw, origin);
        }
        List<Timeline.Upload> uploadsOnAxis = uploads.onTraceAxis(origin, hostMode);

        Map<String, Object> tm = clock.timelineMetadata(clockIn, runtime);

        Timeline.Streams streamsFacts = runtime == null
                ? null
                : new Timeline.Streams(
                        runtime,
                        t.runEpoch,
                        taskRows.schedProducer instanceof String ? (String) taskRows.schedProducer : null,
                        streamsPlaced,
                        lifecycle.times(toUs),
                        clock.placement(),
                        clock.origin(),
                        deviceCycles().windows(),
                        base,
                        metadata.hostClockDomain());
        return new Timeline(
                file,
                era,
                level,
                freq,
                coreTypes,
                coreToThread,
                t.rows,
                t.taskId,
                t.coreId,
                t.coreType,
                t.st,
                t.en,
                t.di,
                t.fi,
                t.lo,
                t.re,
                taskRows.aCore.size() > 0,
                table,
                sched,
                orchOut,
                source,
                uploadsOnAxis,
                tm,
                streamsFacts);
    }

    /** The capture's era, from the keys it holds. */
    private Era era() {
        boolean hasL2 = l2Level != JsonValues.ABSENT, hasChip = chipLevel != JsonValues.ABSENT;
        boolean streamsKey =
                metadata.containsKey("runtime") || taskRows.schedTasksKey || streams.present || taskRows.aicoreSeven;
        Era era = Era.of(hasL2, hasChip, streamsKey);
        if (era == null)
            throw new InputProblem(
                    file, "no chip_swimlane_level or l2_swimlane_level key (not a swimlane records file?)", null);
        return era;
    }

    /** The collection level under the era's key, checked (a file may carry both keys when they agree). */
    private int level(Era era) {
        boolean hasL2 = l2Level != JsonValues.ABSENT, hasChip = chipLevel != JsonValues.ABSENT;
        // the level under the era's key (a file may carry both keys when they agree, checked below)
        boolean l2Key = era.levelKey.equals(Era.L2.levelKey);
        Object levelRaw = l2Key ? l2Level : chipLevel;
        String levelAt = InputProblem.location(l2Key ? l2LevelAt : chipLevelAt);
        if (hasChip
                && hasL2
                && (JsonValues.exact(l2Level) != JsonValues.exact(chipLevel)
                        || !String.valueOf(JsonValues.asLong(l2Level))
                                .equals(String.valueOf(JsonValues.asLong(chipLevel)))))
            throw new InputProblem(
                    file,
                    "chip_swimlane_level and l2_swimlane_level disagree (" + chipLevel + " vs " + l2Level + ")",
                    null);
        Long lv = levelRaw instanceof Boolean ? null : JsonValues.asLong(levelRaw);
        if (lv == null) throw new InputProblem(file, era.levelKey + " missing or not an integer", null);
        if (!JsonValues.exact(levelRaw))
            throw new InputProblem(
                    file,
                    "Unsupported " + era.levelKey + ": " + JsonValues.shown(levelRaw) + " (expected 1, 2, 3, or 4)",
                    levelAt);
        if (lv < 1 || lv > 4)
            throw new InputProblem(file, "Unsupported " + era.levelKey + ": " + lv + " (expected 1, 2, 3, or 4)", null);
        return lv.intValue();
    }

    /** One capture holds one of the two spellings of each stream. */
    private void checkOneSpellingEach() {
        if (taskRows.schedTasksKey && taskRows.aicpuTasksKey)
            throw new InputProblem(
                    file,
                    "both scheduler_tasks and the older aicpu_tasks are present; one capture holds one of"
                            + " the two spellings of its dispatch records",
                    null);
        if (streams.present && schedPhasesKey)
            throw new InputProblem(
                    file,
                    "both scheduler_records and the older aicpu_scheduler_phases are present; one capture"
                            + " holds one of the two spellings of its scheduler phases",
                    null);
    }

    /** Whether the orchestrator ran on the host (any one of these marks it); both orchestrators are refused. */
    private boolean hostMode() {
        boolean hostMode = "host".equals(metadata.get("orchestrator_source"))
                || hostOrchPresentNonEmpty
                || metadata.get("host_capture") instanceof Map;
        if (hostMode && orch != null && !orch.isEmpty())
            throw new InputProblem(
                    file,
                    "both AICPU and host orchestrator phases are present; clock-domain source is ambiguous",
                    null);
        return hostMode;
    }

    /** The device-clock stamps of the capture as read so far (the scheduler and orchestrator lanes kept). */
    private DeviceCycles deviceCycles() {
        return new DeviceCycles(
                taskRows, streams, sched == null ? null : schedRaw, orch == null ? null : orchRaw, lifecycle.cycles());
    }

    /** What the era's clock is chosen from: the origin given, the bounds of the Host records and uploads. */
    private CaptureClock.Inputs clockInputs(int level, boolean hostMode, long freq, long base, long[] device) {
        Object originRaw = metadata.get("host_orchestration_origin_ns");
        if (!JsonValues.exact(originRaw))
            throw metadata.outOfRange("host_orchestration_origin_ns", originRaw, TaskRows.INT64);
        Long originGiven = JsonValues.isPresent(originRaw) ? JsonValues.asLong(originRaw) : null;
        long hostMin = Long.MAX_VALUE, hostMax = Long.MIN_VALUE;
        int hostRecords = 0;
        if (hostOrch != null)
            for (int k = 0; k < hostRaw.size(); k++) {
                if (k % 2 == 0) hostRecords++;
                hostMin = Math.min(hostMin, hostRaw.get(k));
                hostMax = Math.max(hostMax, hostRaw.get(k));
            }
        long uploadMin = Long.MAX_VALUE, uploadMax = Long.MIN_VALUE;
        if (uploads.entries != null)
            for (int k = 0; k < uploads.raw.size(); k++) {
                uploadMin = Math.min(uploadMin, uploads.raw.get(k));
                uploadMax = Math.max(uploadMax, uploads.raw.get(k));
            }
        final int fHostRecords = hostRecords;
        final long fHostMin = hostMin, fHostMax = hostMax;
        CaptureClock.Inputs clockIn = new CaptureClock.Inputs(
                file,
                metadata.values,
                metadata::locationOf,
                rangeWarnings,
                warn,
                options,
                level,
                hostMode,
                freq,
                base,
                originGiven,
                hostRecords,
                new long[] {hostMin, hostMax},
                new long[] {uploadMin, uploadMax},
                new long[] {device[1], device[2]},
                uploads.entries != null && !uploads.entries.isEmpty(),
                () -> place(freq, fHostRecords, fHostMin, fHostMax));
        return clockIn;
    }

    /**
     * The device-clock bounds of the capture just read, for pairing it with a Host window from outside (a
     * directory of ranks); null outside the streams era.
     */
    public static io.ptotrace.model.clock.CaptureWindows captureWindowsOf(Path file) {
        RecordsReader r = new RecordsReader(file, ReadOptions.DEFAULT, w -> {});
        Inputs.readJson(file, JSON, r::parse);
        return r.deviceCycles().windows();
    }

    /** Reads the Host logs and places the capture in the one invocation that ran it. */
    private io.ptotrace.model.clock.Placement place(long freq, int hostRecords, long hostMin, long hostMax) {
        List<Path> logs = io.ptotrace.model.clock.Containment.logsFor(file, options.hostLogs);
        if (logs.isEmpty()) throw new io.ptotrace.model.clock.PlacementFailure("no Host log available");
        List<io.ptotrace.model.clock.HostWindow> windows =
                io.ptotrace.model.clock.HostWindow.of(io.ptotrace.model.clock.HostLog.read(logs));
        Map<?, ?> sidecar = io.ptotrace.model.clock.Containment.sidecarBeside(file);
        CaptureBoundsHolder hb = new CaptureBoundsHolder();
        if (hostRecords > 0) for (int k = 0; k < hostRaw.size(); k++) hb.add(hostRaw.get(k));
        for (int k = 0; uploads.entries != null && k < uploads.raw.size(); k++) hb.add(uploads.raw.get(k));
        Object coll = metadata.get("collection");
        Long runEpoch = null;
        if (coll instanceof Map) {
            Object e = ((Map<?, ?>) coll).get("run_epoch");
            if (e instanceof Long && (Long) e > 0) runEpoch = (Long) e;
        }
        io.ptotrace.model.clock.HostWindow w =
                io.ptotrace.model.clock.Containment.select(windows, sidecar, hb.b.get(), runEpoch);
        io.ptotrace.model.clock.CaptureWindows cw = deviceCycles().windows();
        if (cw.extent == null)
            throw new io.ptotrace.model.clock.PlacementFailure("capture holds no device-clock records to place");
        return io.ptotrace.model.clock.Placement.place(w, cw, freq);
    }

    private static final class CaptureBoundsHolder {
        final io.ptotrace.model.clock.CaptureWindows.Bounds b = new io.ptotrace.model.clock.CaptureWindows.Bounds();

        void add(long v) {
            b.add(v);
        }
    }
}
