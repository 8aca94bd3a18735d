package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
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
    private Object l2Level = JsonValues.ABSENT;
    private Object chipLevel = JsonValues.ABSENT;
    private JsonLocation l2LevelAt, chipLevelAt;
    private final RangeWarnings rangeWarnings = new RangeWarnings();
    private Map<String, Object> metadata = new LinkedHashMap<>();
    // where the metadata values that a range check may refuse are (by identity)
    private final Map<Object, JsonLocation> metadataAt = new IdentityHashMap<>();
    private final LongList core = new LongList(),
            token = new LongList(),
            reg = new LongList(),
            cStart = new LongList(),
            cEnd = new LongList(),
            r2s = new LongList();
    private final LongList aCore = new LongList(),
            aReg = new LongList(),
            aDispatch = new LongList(),
            aFinish = new LongList();
    // every phase record of every section, in file order; a section's lanes are row ranges of it
    private final PhaseTable table = new PhaseTable();
    private List<PhaseTable.Lane> sched;
    private List<PhaseTable.Lane> orch;
    private List<PhaseTable.Lane> hostOrch;
    private boolean hostOrchPresentNonEmpty;
    private List<RawUpload> uploadsRaw;
    // raw start/end of every record of a section, two per record in file order (kept out of the table,
    // which lives as long as the run, while these die with the reader)
    private final LongList schedRaw = new LongList(),
            orchRaw = new LongList(),
            hostRaw = new LongList(),
            uploadRaw = new LongList();
    // streams era: the AICore rows' run epochs and column counts, scheduler_tasks, the scheduler streams, lifecycle
    private final LongList coreEpoch = new LongList(), aEpoch = new LongList();
    private boolean aicoreSeven;
    private boolean schedTasksKey, aicpuTasksKey, schedRecordsKey, schedPhasesKey;
    private Object schedProducer = JsonValues.ABSENT;
    private List<Map<String, Object>> streamMeta;
    private List<PhaseTable.Lane> streamLanes;
    private final LongList streamRaw = new LongList();
    private List<Map<String, Object>> lifecycleRaw;
    /** The epoch of rows and records that carry none: never equal to a written run_epoch. */
    static final long IMPLICIT_EPOCH = Long.MIN_VALUE;

    private final ReadOptions options;
    private final PhaseRecords phases;

    private RecordsReader(Path file, ReadOptions options, Consumer<String> warn) {
        this.file = file;
        this.options = options;
        this.warn = warn;
        this.phases = new PhaseRecords(file, table, rangeWarnings);
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
        boolean keepCycles = options.keepCycles;
        RecordsReader r = new RecordsReader(file, options, warn);
        Inputs.readJson(file, JSON, r::parse);
        Timeline tl = r.build();
        if (keepCycles) {
            int n = r.core.size();
            int[] core = new int[n];
            for (int i = 0; i < n; i++) core[i] = (int) r.core.get(i);
            tl.cycles = new AicoreCycles(core, r.token.toArray(), r.cStart.toArray(), r.cEnd.toArray());
        }
        return tl;
    }

    private InputProblem problem(JsonParser p, String msg) {
        return InputProblem.at(file, p, msg);
    }

    /**
     * The farthest a converted time may lie from the run's first timestamp: 10^12 µs, about 11.6 days. Captures
     * span seconds to minutes; a time beyond this is a corrupt counter (2^63 − 1 cycles at 50 MHz is 5800
     * years), whose nanoseconds would overflow the trace's clock and wrap to a time before the run.
     */
    static final double MAX_TIME_US = 1e12;

    private InputProblem badTime(String what, long raw, double us) {
        return new InputProblem(
                file,
                what + " (" + raw + ") converts to " + String.format(java.util.Locale.ROOT, "%.4g", us)
                        + " \u00b5s from the run's start, "
                        + String.format(java.util.Locale.ROOT, "%.3g", Math.abs(us) / 8.64e10)
                        + " days away; a capture spans seconds to minutes, so the value is corrupt",
                null);
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
                    metadataAt.clear();
                    @SuppressWarnings("unchecked")
                    Map<String, Object> m = (Map<String, Object>) JsonValues.read(p, metadataAt);
                    metadata = m;
                    break;
                case "aicore_tasks":
                    readAicore(p);
                    break;
                case "aicpu_tasks":
                    aicpuTasksKey = t != JsonToken.VALUE_NULL;
                    readAicpu(p);
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
                    uploadsRaw = readUploads(p);
                    break;
                case "scheduler_tasks":
                    readSchedulerTasks(p);
                    break;
                case "scheduler_records":
                    readSchedulerRecords(p);
                    break;
                case "aicpu_lifecycle_records":
                    readLifecycle(p);
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) throw problem(p, "unexpected content at top level");
        if (p.nextToken() != null) throw problem(p, "trailing content after the top-level object");
    }

    static final String INT64 = "a 64-bit integer";
    private static final String INT32 = "an integer -2^31..2^31-1";

    private long rowLong(JsonParser p, String section, int row, int col) throws IOException {
        JsonToken t = p.currentToken();
        long v;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) v = p.getLongValue();
            else if (bigFits(p)) v = p.getBigIntegerValue().longValue();
            else throw problem(p, section + " row " + row + " column " + col + outOfRange(p, INT64));
        } else {
            double d = t == JsonToken.VALUE_NUMBER_FLOAT ? p.getDoubleValue() : Double.NaN;
            if (!(d == Math.rint(d) && Math.abs(d) < 9.2e18))
                throw problem(
                        p, section + " row " + row + " column " + col + " is " + describe(p) + ", expected an integer");
            v = (long) d;
        }
        // column 0 is the core id
        if (col == 0 && v != (int) v) throw problem(p, section + " row " + row + " column 0" + outOfRange(p, INT32));
        return v;
    }

    /**
     * A JSON integer beyond a long fits 64 bits: it is at most 2^64−1 (task tokens and cycle counts keep their
     * unsigned bits; a negative one is below −2^63).
     */
    static boolean bigFits(JsonParser p) throws IOException {
        BigInteger b = p.getBigIntegerValue();
        return b.signum() >= 0 && b.bitLength() <= 64;
    }

    static String outOfRange(JsonParser p, String range) throws IOException {
        return " is " + describe(p) + ", out of range (expected " + range + ")";
    }

    static String describe(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case VALUE_STRING:
                return "the string \"" + p.getText() + "\"";
            case VALUE_NULL:
                return "null";
            case START_ARRAY:
                return "an array";
            case START_OBJECT:
                return "an object";
            case VALUE_TRUE:
            case VALUE_FALSE:
                return "a boolean";
            default:
                return p.getText();
        }
    }

    private void readAicore(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicore_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, "aicore_tasks row " + row + " is not an array");
            long[] v = new long[7];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 7) v[col] = rowLong(p, "aicore_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 5) throw problem(p, "aicore_tasks row " + row + " has " + col + " columns, expected 5, 6 or 7");
            if (col == 7) aicoreSeven = true;
            core.add(v[0]);
            token.add(v[1]);
            reg.add(v[2]);
            cStart.add(v[3]);
            cEnd.add(v[4]);
            r2s.add(col >= 6 ? v[5] : 0);
            coreEpoch.add(col >= 7 ? v[6] : IMPLICIT_EPOCH);
            row++;
        }
    }

    private void readAicpu(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicpu_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, "aicpu_tasks row " + row + " is not an array");
            long[] v = new long[4];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 4) v[col] = rowLong(p, "aicpu_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 4) throw problem(p, "aicpu_tasks row " + row + " has " + col + " columns, expected 4");
            aCore.add(v[0]);
            aReg.add(v[1]);
            aDispatch.add(v[2]);
            aFinish.add(v[3]);
            aEpoch.add(IMPLICIT_EPOCH);
            row++;
        }
    }

    /** {@code scheduler_tasks {producer, records: [[core, reg_task_id, dispatch, finish, run_epoch], ...]}}. */
    private void readSchedulerTasks(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw problem(p, "scheduler_tasks must be an object");
        schedTasksKey = true;
        boolean sawRecords = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("producer")) {
                schedProducer = JsonValues.read(p);
            } else if (k.equals("records")) {
                sawRecords = true;
                if (p.currentToken() != JsonToken.START_ARRAY)
                    throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                int row = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (p.currentToken() != JsonToken.START_ARRAY)
                        throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                    long[] v = new long[5];
                    int col = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (col < 5) v[col] = rowLong(p, "scheduler_tasks.records", row, col);
                        else p.skipChildren();
                        col++;
                    }
                    if (col < 4 || col > 5) throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                    aCore.add(v[0]);
                    aReg.add(v[1]);
                    aDispatch.add(v[2]);
                    aFinish.add(v[3]);
                    aEpoch.add(col == 5 ? v[4] : IMPLICIT_EPOCH);
                    row++;
                }
            } else p.skipChildren();
        }
        if (!"aicpu".equals(schedProducer) && !"aicore".equals(schedProducer))
            throw new InputProblem(file, "scheduler_tasks.producer must be 'aicpu' or 'aicore'", null);
        if (!sawRecords) throw new InputProblem(file, "scheduler_tasks.records must contain five-column arrays", null);
    }

    /** The members every record of a scheduler stream has, and no others. */
    private static final List<String> STREAM_RECORD_KEYS =
            List.of("end_cycles", "kind", "loop_iter", "run_epoch", "start_cycles", "task_id", "tasks_processed");

    private static final List<String> STREAM_META_KEYS =
            List.of("platform", "producer", "scheduler_id", "worker_id", "core_type", "physical_core_id", "capture");

    /** {@code scheduler_records {streams: [{producer, scheduler_id, ..., records: [...], metrics: [...]}, ...]}}. */
    private void readSchedulerRecords(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw problem(p, "scheduler_records must be an object");
        schedRecordsKey = true;
        streamMeta = new ArrayList<>();
        streamLanes = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (!k.equals("streams")) {
                p.skipChildren();
                continue;
            }
            if (p.currentToken() == JsonToken.VALUE_NULL) continue;
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, "scheduler_records.streams must be an array");
            while (p.nextToken() != JsonToken.END_ARRAY) readStream(p, streamLanes.size());
        }
    }

    private void readStream(JsonParser p, int s) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT)
            throw problem(p, "scheduler_records.streams[" + s + "] must be an object");
        Map<String, Object> meta = new LinkedHashMap<>();
        for (String k : STREAM_META_KEYS) meta.put(k, JsonValues.NULL);
        int from = -1, to = -1;
        List<Object> pendingMetrics = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("records")) {
                if (p.currentToken() != JsonToken.START_ARRAY)
                    throw problem(p, "scheduler stream " + s + " records/metrics must be arrays");
                from = table.size();
                int r = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) readStreamRecord(p, s, r++);
                to = table.size();
            } else if (k.equals("metrics")) {
                if (p.currentToken() == JsonToken.VALUE_NULL) continue;
                if (p.currentToken() != JsonToken.START_ARRAY)
                    throw problem(p, "scheduler stream " + s + " records/metrics must be arrays");
                @SuppressWarnings("unchecked")
                List<Object> m = (List<Object>) JsonValues.read(p);
                if (from >= 0) applyMetrics(s, m, from, to);
                else pendingMetrics = m;
            } else if (STREAM_META_KEYS.contains(k)) {
                meta.put(k, JsonValues.read(p));
            } else p.skipChildren();
        }
        if (from < 0) throw new InputProblem(file, "scheduler stream " + s + " records/metrics must be arrays", null);
        if (pendingMetrics != null) applyMetrics(s, pendingMetrics, from, to);
        streamMeta.add(meta);
        streamLanes.add(table.lane(from, to));
    }

    private void readStreamRecord(JsonParser p, int s, int rIdx) throws IOException {
        String bad =
                "scheduler stream " + s + " record " + rIdx + " must contain exactly " + pyList(STREAM_RECORD_KEYS);
        if (p.currentToken() != JsonToken.START_OBJECT) throw problem(p, bad);
        int r = table.addRow();
        int seen = 0;
        long start = 0, end = 0;
        phases.at("scheduler stream " + s + " record", -1, rIdx);
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            int bit = STREAM_RECORD_KEYS.indexOf(k);
            if (bit < 0) throw problem(p, bad);
            seen |= 1 << bit;
            p.nextToken();
            switch (k) {
                case "start_cycles":
                    start = phases.cycles(p, k);
                    break;
                case "end_cycles":
                    end = phases.cycles(p, k);
                    break;
                case "run_epoch":
                    table.setRunEpoch(r, phases.cycles(p, k));
                    break;
                case "loop_iter":
                    phases.member(p, r, PhaseTable.LOOP_ITER);
                    break;
                case "tasks_processed":
                    phases.member(p, r, PhaseTable.TASKS_PROCESSED);
                    break;
                case "kind":
                    table.setKind(
                            r,
                            p.currentToken() == JsonToken.VALUE_STRING
                                    ? phases.kinds.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())
                                    : phases.kinds.intern(String.valueOf(JsonValues.read(p))));
                    break;
                case "task_id":
                    if (PhaseRecords.isLong(p)) table.setTaskId(r, p.getLongValue());
                    else table.setTaskId(r, JsonValues.read(p));
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (seen != (1 << STREAM_RECORD_KEYS.size()) - 1) throw problem(p, bad);
        if (end < start) throw problem(p, "scheduler stream " + s + " record " + rIdx + " has a negative interval");
        streamRaw.add(start);
        streamRaw.add(end);
    }

    /** Metric entries add members (queue snapshots, pop counts) to the records they name. */
    private void applyMetrics(int s, List<Object> metrics, int from, int to) {
        for (Object o : metrics) {
            if (!(o instanceof Map) || !((Map<?, ?>) o).containsKey("record_index"))
                throw new InputProblem(file, "scheduler stream " + s + " has malformed metrics", null);
            Map<?, ?> m = (Map<?, ?>) o;
            Object ix = m.get("record_index");
            if (!(ix instanceof Long))
                throw new InputProblem(file, "scheduler stream " + s + " has malformed metrics", null);
            long i = (Long) ix;
            if (i < 0 || i >= to - from)
                throw new InputProblem(
                        file, "scheduler stream " + s + " metric record_index " + i + " is out of range", null);
            java.util.TreeSet<String> fixed = new java.util.TreeSet<>();
            for (Object k : m.keySet()) if (STREAM_RECORD_KEYS.contains(k)) fixed.add((String) k);
            if (!fixed.isEmpty())
                throw new InputProblem(
                        file,
                        "scheduler stream " + s + " metric overwrites fixed record fields: " + pyList(fixed),
                        null);
            int row = from + (int) i;
            Object a = m.get("shared_at_start"), b = m.get("shared_at_end");
            if (a != null) table.setValue(row, PhaseTable.SHARED_AT_START, phases.canonical(a));
            if (b != null) table.setValue(row, PhaseTable.SHARED_AT_END, phases.canonical(b));
        }
    }

    /** Python's list text of strings: {@code ['a', 'b']}. */
    private static String pyList(java.util.Collection<String> items) {
        StringBuilder sb = new StringBuilder("[");
        for (String k : items) {
            if (sb.length() > 1) sb.append(", ");
            sb.append('\'').append(k).append('\'');
        }
        return sb.append(']').toString();
    }

    /** {@code aicpu_lifecycle_records}: one object per AICPU thread with its lifecycle cycle stamps. */
    private void readLifecycle(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        Object v = JsonValues.read(p);
        if (!(v instanceof List))
            throw new InputProblem(file, "aicpu_lifecycle_records must be an array of objects", null);
        lifecycleRaw = new ArrayList<>();
        for (Object o : (List<?>) v) {
            if (!(o instanceof Map))
                throw new InputProblem(file, "aicpu_lifecycle_records must be an array of objects", null);
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) o;
            lifecycleRaw.add(m);
        }
    }

    /** One host_device_uploads entry before its times are known (those go to {@link #uploadRaw}). */
    private static final class RawUpload {
        final Object phase, detail;

        RawUpload(Object phase, Object detail) {
            this.phase = phase;
            this.detail = detail;
        }
    }

    private List<RawUpload> readUploads(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_ARRAY) throw problem(p, "host_device_uploads is not an array");
        List<RawUpload> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT)
                throw problem(p, "host_device_uploads[" + list.size() + "] is not an object");
            Object phase = JsonValues.ABSENT, detail = JsonValues.ABSENT;
            long rawStart = 0, rawEnd = 0;
            phases.at("host_device_uploads", -1, list.size());
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                p.nextToken();
                switch (k) {
                    case "phase":
                        phase = JsonValues.read(p);
                        break;
                    case "detail":
                        detail = JsonValues.read(p);
                        break;
                    case "start_host_ns":
                        rawStart = phases.cycles(p, k);
                        break;
                    case "end_host_ns":
                        rawEnd = phases.cycles(p, k);
                        break;
                    default:
                        p.skipChildren();
                }
            }
            list.add(new RawUpload(phase, detail));
            uploadRaw.add(rawStart);
            uploadRaw.add(rawEnd);
        }
        return list;
    }

    // ---------------------------------------------------------------- build

    private Timeline build() {
        Era era = era();
        int level = level(era);
        // a seventh column is a run epoch only where the era writes one
        if (!era.writesRunEpochs()) for (int i = 0; i < coreEpoch.size(); i++) coreEpoch.set(i, IMPLICIT_EPOCH);
        if (!era.readsSchedulerStreams()) streamLanes = null;

        long freq = clockFreq();

        checkOneSpellingEach();

        String[] coreTypes = stringList(metadata.get("core_types"), "metadata.core_types");
        int[] coreToThread = intList(metadata.get("core_to_thread"), "metadata.core_to_thread");

        boolean hostMode = hostMode();

        // a named runtime decides the id layout and the phase vocabulary; its captures' rows obey stricter rules
        TaskRuntime runtime = era.runtime(metadata.get("runtime"), file);
        if (runtime != null) checkStreamsRows(level, runtime);
        else checkRowTimes();
        List<Map<String, Object>> streamsPlaced = null;
        if (streamLanes != null) {
            streamsPlaced = new ArrayList<>();
            sched = placeStreams(streamsPlaced);
        }

        // an empty scheduler list is "absent"; a list of empty threads is not (its lanes are still drawn)
        if (sched != null && sched.isEmpty()) sched = null;

        // device base time: the smallest positive timestamp, so that the earliest event lands at 0
        long[] device = deviceBounds();
        long base = device[0];
        int n = core.size();
        double factor = 1_000_000.0 / freq;

        // the era's clock: host origin, alignment or placement, seam
        CaptureClock.Inputs clockIn = clockInputs(level, hostMode, freq, base, device);
        CaptureClock clock = era.clock(clockIn);
        String rangeLine = rangeWarnings.line(file);
        if (rangeLine != null) warn.accept(rangeLine);
        long origin = clock.origin();
        java.util.function.LongToDoubleFunction toUs = clock::toUs;

        // each AICore row with its dispatch row, when the capture has them
        LongList[] joined = joinRows(era, level);
        LongList rowSrc = joined[0], rowAicpu = joined[1];
        boolean aicpuJoined = aCore.size() > 0;

        int rows = rowSrc.size();
        long[] tokens = new long[rows];
        long[] epochs = new long[rows];
        for (int k = 0; k < rows; k++) {
            tokens[k] = token.get((int) rowSrc.get(k));
            epochs[k] = coreEpoch.get((int) rowSrc.get(k));
        }
        int[] order = IndexSort.identity(rows);
        IndexSort.stableSort(
                order,
                (a, b) -> epochs[a] != epochs[b]
                        ? Long.compare(epochs[a], epochs[b])
                        : Long.compareUnsigned(tokens[a], tokens[b]));
        long[] runEpoch = era.writesRunEpochs() ? new long[rows] : null;
        double[] recvOut = new double[2];

        long[] taskId = new long[rows];
        int[] coreId = new int[rows];
        String[] coreType = new String[rows];
        double[] st = new double[rows],
                en = new double[rows],
                di = new double[rows],
                fi = new double[rows],
                lo = new double[rows],
                re = new double[rows];
        for (int k = 0; k < rows; k++) {
            int src = order[k];
            int i = (int) rowSrc.get(src);
            int j = (int) rowAicpu.get(src);
            taskId[k] = tokens[src];
            if (runEpoch != null) runEpoch[k] = epochs[src];
            long c = core.get(i);
            coreId[k] = (int) c;
            coreType[k] = c >= 0 && c < coreTypes.length ? coreTypes[(int) c] : "aiv";
            st[k] = toUs.applyAsDouble(cStart.get(i));
            en[k] = toUs.applyAsDouble(cEnd.get(i));
            era.receive(cStart.get(i), r2s.get(i), st[k], factor, toUs, recvOut);
            re[k] = recvOut[0];
            lo[k] = recvOut[1];
            if (j >= 0) {
                di[k] = toUs.applyAsDouble(aDispatch.get(j));
                fi[k] = toUs.applyAsDouble(aFinish.get(j));
                if (!(Math.abs(di[k]) <= MAX_TIME_US))
                    throw badTime("aicpu_tasks row " + j + ": its dispatch time", aDispatch.get(j), di[k]);
                if (!(Math.abs(fi[k]) <= MAX_TIME_US))
                    throw badTime("aicpu_tasks row " + j + ": its finish time", aFinish.get(j), fi[k]);
            }
            if (!(Math.abs(st[k]) <= MAX_TIME_US))
                throw badTime("aicore_tasks row " + i + ": its start time", cStart.get(i), st[k]);
            if (!(Math.abs(en[k]) <= MAX_TIME_US))
                throw badTime("aicore_tasks row " + i + ": its end time", cEnd.get(i), en[k]);
            if (!(Math.abs(re[k]) <= MAX_TIME_US))
                throw badTime("aicore_tasks row " + i + ": its receive time", cStart.get(i) - r2s.get(i), re[k]);
        }

        // phase records get their times; every orchestrator record is a submit
        if (streamLanes != null) {
            int k = 0;
            for (PhaseTable.Lane lane : streamLanes)
                for (int r = lane.from; r < lane.to; r++) {
                    double st0 = toUs.applyAsDouble(streamRaw.get(k++));
                    table.setTimes(r, st0, toUs.applyAsDouble(streamRaw.get(k++)));
                }
        } else if (sched != null) {
            int k = 0;
            for (PhaseTable.Lane lane : sched)
                for (int r = lane.from; r < lane.to; r++) {
                    double s = toUs.applyAsDouble(schedRaw.get(k++)), e = toUs.applyAsDouble(schedRaw.get(k++));
                    noCounterReaches("scheduler record " + (k / 2 - 1), schedRaw.get(k - 2), schedRaw.get(k - 1));
                    if (!(Math.abs(s) <= MAX_TIME_US))
                        throw badTime("scheduler record " + (k / 2 - 1) + ": its start", schedRaw.get(k - 2), s);
                    if (!(Math.abs(e) <= MAX_TIME_US))
                        throw badTime("scheduler record " + (k / 2 - 1) + ": its end", schedRaw.get(k - 1), e);
                    table.setTimes(r, s, e);
                }
        }
        List<PhaseTable.Lane> orchOut = null;
        String source = null;
        if (orch != null && !orch.isEmpty()) {
            int k = 0;
            for (PhaseTable.Lane lane : orch)
                for (int r = lane.from; r < lane.to; r++) {
                    double s = toUs.applyAsDouble(orchRaw.get(k++)), e = toUs.applyAsDouble(orchRaw.get(k++));
                    noCounterReaches("orchestrator record " + (k / 2 - 1), orchRaw.get(k - 2), orchRaw.get(k - 1));
                    if (!(Math.abs(s) <= MAX_TIME_US))
                        throw badTime("orchestrator record " + (k / 2 - 1) + ": its start", orchRaw.get(k - 2), s);
                    if (!(Math.abs(e) <= MAX_TIME_US))
                        throw badTime("orchestrator record " + (k / 2 - 1) + ": its end", orchRaw.get(k - 1), e);
                    table.setTimes(r, s, e);
                    table.setKind(r, "orch_submit");
                }
            orchOut = orch;
            source = "aicpu";
        }
        if (hostMode) {
            source = "host";
            List<PhaseTable.Lane> lanes = new ArrayList<>();
            int k = 0;
            if (hostOrch != null)
                for (PhaseTable.Lane lane : hostOrch) {
                    for (int r = lane.from; r < lane.to; r++) {
                        long rawStart = hostRaw.get(k++), rawEnd = hostRaw.get(k++);
                        if (rawStart < origin || rawEnd < rawStart)
                            throw new InputProblem(
                                    file,
                                    "invalid host orchestrator phase: origin=" + origin + ", start=" + rawStart
                                            + ", end=" + rawEnd,
                                    null);
                        table.setTimes(r, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0);
                        table.setKind(r, "orch_submit");
                    }
                    if (!lane.isEmpty()) lanes.add(lane);
                }
            orchOut = lanes.isEmpty() ? null : lanes;
        }
        List<Timeline.Upload> uploads = uploads(origin, hostMode);

        Map<String, Object> tm = clock.timelineMetadata(clockIn, runtime);

        Timeline.Streams streamsFacts = runtime == null
                ? null
                : new Timeline.Streams(
                        runtime,
                        runEpoch,
                        schedProducer instanceof String ? (String) schedProducer : null,
                        streamsPlaced,
                        lifecycle(toUs),
                        clock.placement(),
                        clock.origin(),
                        captureWindows(lifecycleCycles()),
                        base,
                        hostClockDomain());
        return new Timeline(
                file,
                era,
                level,
                freq,
                coreTypes,
                coreToThread,
                rows,
                taskId,
                coreId,
                coreType,
                st,
                en,
                di,
                fi,
                lo,
                re,
                aicpuJoined,
                table,
                sched,
                orchOut,
                source,
                uploads,
                tm,
                streamsFacts);
    }

    /**
     * The AICore row of each joined row and its dispatch row (-1: none): AICore rows by {@code (run_epoch, core,
     * reg_task_id)}, the key dispatch rows carry (later rows replace earlier ones; a streams-era capture may not
     * repeat a key, checked with its rows); dispatch rows without an AICore row are counted in one warning.
     * Without dispatch rows every AICore row stands alone.
     */
    private LongList[] joinRows(Era era, int level) {
        int n = core.size();
        PairIndex lookup = new PairIndex(n);
        for (int i = 0; i < n; i++) lookup.put(coreEpoch.get(i), core.get(i), reg.get(i), i);

        LongList rowSrc = new LongList(Math.max(n, 16));
        LongList rowAicpu = new LongList(Math.max(n, 16));
        if (aCore.size() > 0) {
            Map<Long, Integer> unmatched = new LinkedHashMap<>();
            int unmatchedTotal = 0;
            for (int j = 0; j < aCore.size(); j++) {
                int i = lookup.get(aEpoch.get(j), aCore.get(j), aReg.get(j));
                if (i < 0) {
                    unmatched.merge(aCore.get(j), 1, Integer::sum);
                    unmatchedTotal++;
                    continue;
                }
                rowSrc.add(i);
                rowAicpu.add(j);
            }
            if (unmatchedTotal > 0) {
                List<Map.Entry<Long, Integer>> es = new ArrayList<>(unmatched.entrySet());
                es.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
                StringBuilder sb = new StringBuilder();
                for (int k = 0; k < Math.min(3, es.size()); k++) {
                    if (k > 0) sb.append(", ");
                    sb.append("core ")
                            .append(es.get(k).getKey())
                            .append(": ")
                            .append(es.get(k).getValue());
                }
                warn.accept(
                        "Warning: " + unmatchedTotal + " " + era.dispatchRecordsName()
                                + " had no matching AICore record ("
                                + era.unmatchedSource(schedProducer)
                                + "top offenders: " + sb
                                + "); the missing AICore buffer(s) were dropped on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
            }
        } else {
            String empty = era.emptyDispatchWarning(level);
            if (level >= 2 && n > 0 && empty != null) warn.accept(empty);
            for (int i = 0; i < n; i++) {
                rowSrc.add(i);
                rowAicpu.add(-1);
            }
        }

        return new LongList[] {rowSrc, rowAicpu};
    }

    /** The Host→device uploads on the trace's axis (Host ns from {@code origin}). */
    private List<Timeline.Upload> uploads(long origin, boolean hostMode) {
        List<Timeline.Upload> uploads = new ArrayList<>();
        if (uploadsRaw != null) {
            int k = 0;
            for (RawUpload u : uploadsRaw) {
                long rawStart = uploadRaw.get(k++), rawEnd = uploadRaw.get(k++);
                if (rawStart < origin || rawEnd < rawStart)
                    throw new InputProblem(
                            file,
                            "invalid host device upload: origin=" + origin + ", start=" + rawStart + ", end=" + rawEnd,
                            null);
                uploads.add(new Timeline.Upload(
                        u.phase, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0, u.detail));
            }
            if (!uploads.isEmpty() && !hostMode)
                warn.accept(
                        "Warning: " + file
                                + " has host_device_uploads but is not a host-mode capture; the H2D lane is not aligned with device time");
        }
        return uploads;
    }

    /** The capture's era, from the keys it holds. */
    private Era era() {
        boolean hasL2 = l2Level != JsonValues.ABSENT, hasChip = chipLevel != JsonValues.ABSENT;
        boolean streamsKey = metadata.containsKey("runtime") || schedTasksKey || schedRecordsKey || aicoreSeven;
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

    /** {@code metadata.clock_freq_hz}, checked. */
    private long clockFreq() {
        Object fq = metadata.get("clock_freq_hz");
        Long freqL = JsonValues.isPresent(fq) && !(fq instanceof Boolean) ? JsonValues.asLong(fq) : Long.valueOf(0);
        if (freqL == null)
            throw new InputProblem(file, "metadata.clock_freq_hz is not an integer: " + fq, locationOf(fq));
        if (!JsonValues.exact(fq)) throw metadataOutOfRange("clock_freq_hz", fq, "an integer 1..2^63-1");
        long freq = freqL;
        if (freq <= 0) throw new InputProblem(file, "metadata missing/zero clock_freq_hz: " + freq, null);
        return freq;
    }

    /** One capture holds one of the two spellings of each stream. */
    private void checkOneSpellingEach() {
        if (schedTasksKey && aicpuTasksKey)
            throw new InputProblem(
                    file,
                    "both scheduler_tasks and the older aicpu_tasks are present; one capture holds one of"
                            + " the two spellings of its dispatch records",
                    null);
        if (schedRecordsKey && schedPhasesKey)
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

    /**
     * {base, min, max} of the device timestamps: the base is the smallest positive one (so that the earliest event
     * lands at 0), over AICore and dispatch rows, lifecycle stamps and the scheduler and orchestrator records.
     */
    private long[] deviceBounds() {
        long base = Long.MAX_VALUE;
        long devMin = Long.MAX_VALUE, devMax = Long.MIN_VALUE;
        int n = core.size();
        for (int i = 0; i < n; i++) {
            long recv = cStart.get(i) - r2s.get(i);
            if (recv > 0 && recv < base) base = recv;
            if (cEnd.get(i) > 0 && cEnd.get(i) < base) base = cEnd.get(i);
            for (long c : new long[] {recv, cStart.get(i), cEnd.get(i)})
                if (c > 0) {
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
        }
        for (int i = 0; i < aCore.size(); i++) {
            for (long c : new long[] {aDispatch.get(i), aFinish.get(i)})
                if (c > 0) {
                    if (c < base) base = c;
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
        }
        LongList schedCycles = streamLanes != null ? streamRaw : schedRaw;
        List<Long> lifecycleCycles = lifecycleCycles();
        for (long c : lifecycleCycles)
            if (c > 0) {
                if (c < base) base = c;
                devMin = Math.min(devMin, c);
                devMax = Math.max(devMax, c);
            }
        for (LongList raw :
                java.util.Arrays.asList(sched == null ? null : schedCycles, orch == null ? null : orchRaw)) {
            if (raw == null) continue;
            for (int k = 0; k < raw.size(); k++) {
                long c = raw.get(k);
                if (c > 0) {
                    if (c < base) base = c;
                    devMin = Math.min(devMin, c);
                    devMax = Math.max(devMax, c);
                }
            }
        }
        if (base == Long.MAX_VALUE) base = 0;
        return new long[] {base, devMin, devMax};
    }

    /** What the era's clock is chosen from: the origin given, the bounds of the Host records and uploads. */
    private CaptureClock.Inputs clockInputs(int level, boolean hostMode, long freq, long base, long[] device) {
        Object originRaw = metadata.get("host_orchestration_origin_ns");
        if (!JsonValues.exact(originRaw)) throw metadataOutOfRange("host_orchestration_origin_ns", originRaw, INT64);
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
        if (uploadsRaw != null)
            for (int k = 0; k < uploadRaw.size(); k++) {
                uploadMin = Math.min(uploadMin, uploadRaw.get(k));
                uploadMax = Math.max(uploadMax, uploadRaw.get(k));
            }
        final int fHostRecords = hostRecords;
        final long fHostMin = hostMin, fHostMax = hostMax;
        CaptureClock.Inputs clockIn = new CaptureClock.Inputs(
                file,
                metadata,
                metadataAt::get,
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
                uploadsRaw != null && !uploadsRaw.isEmpty(),
                () -> place(freq, fHostRecords, fHostMin, fHostMax));
        return clockIn;
    }

    // ---------------------------------------------------------------- streams era

    /** {@code metadata.host_clock_domain_id} when it is a non-empty string. */
    private String hostClockDomain() {
        Object dom = metadata.get("host_clock_domain_id");
        return dom instanceof String && !((String) dom).isEmpty() ? (String) dom : null;
    }

    private static String epochText(long e) {
        return e == IMPLICIT_EPOCH ? "None" : Long.toString(e);
    }

    private static String keyText(long e, long c, long r) {
        return "(" + epochText(e) + ", " + c + ", " + r + ")";
    }

    /**
     * A phase record's cycle counts: one at or beyond 2^63 (kept as negative bits; written as a negative number or one
     * past 2^63) is a value no counter reaches, refused before it becomes a time days before the run.
     */
    private void noCounterReaches(String what, long start, long end) {
        for (long v : new long[] {start, end})
            if (v < 0)
                throw new InputProblem(
                        file,
                        what + ": its " + (v == start ? "start" : "end") + " cycle count " + Long.toUnsignedString(v)
                                + " is 2^63 or more (or negative as written), which no counter reaches: a corrupt value",
                        null);
    }

    /**
     * The older eras' rows: a start and end cycle count no counter reaches (at or beyond 2^63, kept as negative
     * bits) or an end before the start is refused, as the streams era refuses them; 0 stands for a missing time.
     */
    private void checkRowTimes() {
        for (int i = 0, n = core.size(); i < n; i++) AicoreRows.checkTiming(file, i, cStart.get(i), cEnd.get(i));
    }

    /** The row rules of the streams era, in the order the runtime's tools check them; the first failure is the error. */
    private void checkStreamsRows(int level, TaskRuntime runtime) {
        int n = core.size();
        PairIndex seen = new PairIndex(n);
        for (int i = 0; i < n; i++) {
            long st = cStart.get(i), en = cEnd.get(i), r = r2s.get(i);
            if (!(0 < st && st <= en))
                throw new InputProblem(
                        file,
                        "aicore_tasks[" + i + "] has invalid timing: expected 0 < start_cycles <= end_cycles",
                        null);
            if (!(0 <= r && r < st))
                throw new InputProblem(
                        file,
                        "aicore_tasks[" + i + "] has invalid receive_to_start_cycles: expected 0 <="
                                + " receive_to_start_cycles < start_cycles",
                        null);
            if (seen.get(coreEpoch.get(i), core.get(i), reg.get(i)) >= 0)
                throw new InputProblem(
                        file,
                        "duplicate aicore_tasks join key: " + keyText(coreEpoch.get(i), core.get(i), reg.get(i)),
                        null);
            seen.put(coreEpoch.get(i), core.get(i), reg.get(i), i);
            String bad = runtime.invalidId(token.get(i));
            if (bad != null)
                throw new InputProblem(
                        file,
                        bad + " -- carried by an aicore_tasks row with core_id=" + core.get(i) + ", run_epoch="
                                + epochText(coreEpoch.get(i)),
                        null);
        }
        PairIndex sched = new PairIndex(aCore.size());
        for (int j = 0; j < aCore.size(); j++) {
            if (sched.get(aEpoch.get(j), aCore.get(j), aReg.get(j)) >= 0)
                throw new InputProblem(
                        file, "scheduler_tasks contains duplicate (run_epoch, core_id, reg_task_id) join keys", null);
            sched.put(aEpoch.get(j), aCore.get(j), aReg.get(j), j);
        }
        for (int j = 0; j < aCore.size(); j++)
            if (!(0 < aDispatch.get(j) && aDispatch.get(j) <= aFinish.get(j)))
                throw new InputProblem(
                        file,
                        "scheduler_tasks.records[" + j + "] has invalid timing: expected 0 < dispatch_cycles <="
                                + " finish_cycles",
                        null);
        if (level < 2 || n == 0) return;
        if (aCore.size() == 0)
            throw new InputProblem(file, "level " + level + " requires Scheduler task timing records", null);
        List<long[]> missing = new ArrayList<>();
        for (int i = 0; i < n; i++)
            if (sched.get(coreEpoch.get(i), core.get(i), reg.get(i)) < 0)
                missing.add(new long[] {coreEpoch.get(i), core.get(i), reg.get(i)});
        if (missing.isEmpty()) return;
        missing.sort((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < Math.min(3, missing.size()); k++) {
            if (k > 0) sb.append(", ");
            long[] m = missing.get(k);
            sb.append(keyText(m[0], m[1], m[2]));
        }
        throw new InputProblem(
                file,
                "level " + level + " requires Scheduler task timing for every AICore task; missing " + missing.size()
                        + " join key(s): " + sb,
                null);
    }

    /**
     * The scheduler streams at their thread index: each at its {@code scheduler_id} when every stream names a
     * distinct one in 0..255 (gaps become empty threads), else in file order. {@code meta} receives each
     * thread's stream metadata.
     */
    private List<PhaseTable.Lane> placeStreams(List<Map<String, Object>> meta) {
        int count = streamLanes.size();
        boolean byId = count > 0;
        java.util.Set<Long> ids = new java.util.HashSet<>();
        long max = -1;
        for (Map<String, Object> m : streamMeta) {
            Object id = m.get("scheduler_id");
            if (!(id instanceof Long) || (Long) id < 0 || (Long) id > 255 || !ids.add((Long) id)) {
                byId = false;
                break;
            }
            max = Math.max(max, (Long) id);
        }
        if (!byId) {
            meta.addAll(streamMeta);
            return new ArrayList<>(streamLanes);
        }
        Object producer = null;
        for (Map<String, Object> m : streamMeta) {
            Object pr = m.get("producer");
            if (!JsonValues.isPresent(pr)) continue;
            if (producer == null) producer = pr;
            else if (!producer.equals(pr)) {
                producer = JsonValues.NULL;
                break;
            }
        }
        if (producer == null) producer = JsonValues.NULL;
        List<PhaseTable.Lane> out = new ArrayList<>();
        int emptyAt = table.size();
        for (int i = 0; i <= max; i++) {
            Map<String, Object> gap = new LinkedHashMap<>();
            gap.put("platform", JsonValues.NULL);
            gap.put("producer", producer);
            gap.put("scheduler_id", (long) i);
            gap.put("worker_id", (long) i);
            gap.put("core_type", JsonValues.NULL);
            gap.put("physical_core_id", JsonValues.NULL);
            gap.put("capture", JsonValues.NULL);
            meta.add(gap);
            out.add(table.lane(emptyAt, emptyAt));
        }
        for (int k = 0; k < count; k++) {
            int id = (int) (long) (Long) streamMeta.get(k).get("scheduler_id");
            out.set(id, streamLanes.get(k));
            meta.set(id, streamMeta.get(k));
        }
        return out;
    }

    private static final String[] LIFECYCLE = {
        "handshake_start",
        "handshake_complete",
        "config_start",
        "topology_complete",
        "context_publish_start",
        "context_publish_complete",
        "bootstrap_wait_start",
        "bootstrap_complete",
        "register_release_start",
        "register_release_end",
        "exit_signal_start",
        "exit_signal_end",
        "exit_wait_start",
        "exit_wait_end"
    };

    /** Every positive integer lifecycle cycle stamp. */
    private List<Long> lifecycleCycles() {
        List<Long> out = new ArrayList<>();
        if (lifecycleRaw == null) return out;
        for (Map<String, Object> m : lifecycleRaw)
            for (String k : LIFECYCLE) {
                Object v = m.get(k + "_cycles");
                if (v instanceof Long && (Long) v > 0) out.add((Long) v);
            }
        return out;
    }

    private List<Timeline.Lifecycle> lifecycle(java.util.function.LongToDoubleFunction toUs) {
        List<Timeline.Lifecycle> out = new ArrayList<>();
        if (lifecycleRaw == null) return out;
        for (int i = 0; i < lifecycleRaw.size(); i++) {
            Map<String, Object> m = lifecycleRaw.get(i);
            double[] us = new double[LIFECYCLE.length];
            for (int k = 0; k < LIFECYCLE.length; k++) {
                Object v = m.get(LIFECYCLE[k] + "_cycles");
                us[k] = v instanceof Long && (Long) v > 0 ? toUs.applyAsDouble((Long) v) : Double.NaN;
            }
            Object tid = m.get("aicpu_thread_id");
            out.add(new Timeline.Lifecycle(JsonValues.isPresent(tid) ? tid : (Object) (long) i, us));
        }
        return out;
    }

    /** The device-clock bounds the placement joins on. */
    private io.ptotrace.model.clock.CaptureWindows captureWindows(List<Long> lifecycle) {
        io.ptotrace.model.clock.CaptureWindows.Bounds ext = new io.ptotrace.model.clock.CaptureWindows.Bounds(),
                sch = new io.ptotrace.model.clock.CaptureWindows.Bounds(),
                orc = new io.ptotrace.model.clock.CaptureWindows.Bounds();
        for (int i = 0; i < core.size(); i++) {
            ext.add(cStart.get(i) - r2s.get(i));
            ext.add(cStart.get(i));
            ext.add(cEnd.get(i));
        }
        for (int j = 0; j < aCore.size(); j++) {
            ext.add(aDispatch.get(j));
            ext.add(aFinish.get(j));
        }
        if (streamLanes != null) {
            int k = 0;
            for (int s = 0; s < streamLanes.size(); s++) {
                boolean aicpu = "aicpu".equals(streamMeta.get(s).get("producer"));
                for (int r = streamLanes.get(s).from; r < streamLanes.get(s).to; r++) {
                    long a = streamRaw.get(k++), b = streamRaw.get(k++);
                    ext.add(a);
                    ext.add(b);
                    if (aicpu) {
                        sch.add(a);
                        sch.add(b);
                    }
                }
            }
        } else if (sched != null)
            for (int k = 0; k < schedRaw.size(); k++) {
                ext.add(schedRaw.get(k));
                sch.add(schedRaw.get(k));
            }
        if (orch != null)
            for (int k = 0; k < orchRaw.size(); k++) {
                ext.add(orchRaw.get(k));
                orc.add(orchRaw.get(k));
            }
        for (long c : lifecycle) ext.add(c);
        return new io.ptotrace.model.clock.CaptureWindows(ext.get(), sch.get(), orc.get());
    }

    /**
     * The device-clock bounds of the capture just read, for pairing it with a Host window from outside (a
     * directory of ranks); null outside the streams era.
     */
    public static io.ptotrace.model.clock.CaptureWindows captureWindowsOf(Path file) {
        RecordsReader r = new RecordsReader(file, ReadOptions.DEFAULT, w -> {});
        Inputs.readJson(file, JSON, r::parse);
        return r.captureWindows(r.lifecycleCycles());
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
        for (int k = 0; uploadsRaw != null && k < uploadRaw.size(); k++) hb.add(uploadRaw.get(k));
        Object coll = metadata.get("collection");
        Long runEpoch = null;
        if (coll instanceof Map) {
            Object e = ((Map<?, ?>) coll).get("run_epoch");
            if (e instanceof Long && (Long) e > 0) runEpoch = (Long) e;
        }
        io.ptotrace.model.clock.HostWindow w =
                io.ptotrace.model.clock.Containment.select(windows, sidecar, hb.b.get(), runEpoch);
        io.ptotrace.model.clock.CaptureWindows cw = captureWindows(lifecycleCycles());
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

    private String locationOf(Object v) {
        return InputProblem.location(metadataAt.get(v));
    }

    private InputProblem metadataOutOfRange(String key, Object v, String range) {
        return new InputProblem(
                file,
                "metadata." + key + " " + JsonValues.shown(v) + " out of range (expected " + range + ")",
                locationOf(v));
    }

    private String[] stringList(Object v, String what) {
        if (!JsonValues.isPresent(v)) return new String[0];
        if (!(v instanceof List)) throw new InputProblem(file, what + " is not an array", null);
        List<?> l = (List<?>) v;
        String[] out = new String[l.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = l.get(i);
            out[i] = o instanceof String ? ((String) o).intern() : null;
        }
        return out;
    }

    private int[] intList(Object v, String what) {
        if (!JsonValues.isPresent(v)) return new int[0];
        if (!(v instanceof List)) throw new InputProblem(file, what + " is not an array", null);
        List<?> l = (List<?>) v;
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = l.get(i);
            Long x = o instanceof Boolean ? null : JsonValues.asLong(o);
            if (x == null) throw new InputProblem(file, what + "[" + i + "] is not an integer", locationOf(o));
            if (!JsonValues.exact(o) || x != (int) (long) x)
                throw new InputProblem(
                        file,
                        what + "[" + i + "] " + JsonValues.shown(o) + " out of range (expected " + INT32 + ")",
                        locationOf(o));
            out[i] = (int) (long) x;
        }
        return out;
    }

    /** (run_epoch, core_id, reg_task_id) → AICore row index. */
    private static final class PairIndex {
        private final java.util.HashMap<Long, java.util.HashMap<Long, LongIntMap>> byEpoch = new java.util.HashMap<>();
        private final int expected;

        PairIndex(int expected) {
            this.expected = expected;
        }

        void put(long e, long c, long r, int i) {
            byEpoch.computeIfAbsent(e, k -> new java.util.HashMap<>())
                    .computeIfAbsent(c, k -> new LongIntMap(Math.max(16, expected / 16)))
                    .put(r, i);
        }

        int get(long e, long c, long r) {
            java.util.HashMap<Long, LongIntMap> byCore = byEpoch.get(e);
            LongIntMap m = byCore == null ? null : byCore.get(c);
            return m == null ? -1 : m.get(r);
        }
    }
}
