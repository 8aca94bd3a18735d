package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.LongList;
import io.ptotrace.model.util.MemberOrder;
import io.ptotrace.model.util.TextInterner;
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
 * Streams a swimlane records file of either era into a {@link Timeline}: AICPU rows joined to AICore rows,
 * cycles converted to microseconds on one time base, phase records copied, and for host-orchestrated captures
 * the host origin, clock alignment and capture accounting. docs/inputs.md describes the format and the rules.
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
    private final LongList core = new LongList(), token = new LongList(), reg = new LongList(),
        cStart = new LongList(), cEnd = new LongList(), r2s = new LongList();
    private final LongList aCore = new LongList(), aReg = new LongList(), aDispatch = new LongList(), aFinish = new LongList();
    // every phase record of every section, in file order; a section's lanes are row ranges of it
    private final PhaseTable table = new PhaseTable();
    private List<PhaseTable.Lane> sched;
    private List<PhaseTable.Lane> orch;
    private List<PhaseTable.Lane> hostOrch;
    private boolean hostOrchPresentNonEmpty;
    private List<RawUpload> uploadsRaw;
    // raw start/end of every record of a section, two per record in file order (kept out of the table,
    // which lives as long as the run, while these die with the reader)
    private final LongList schedRaw = new LongList(), orchRaw = new LongList(), hostRaw = new LongList(),
        uploadRaw = new LongList();
    private boolean hasNewerSchedulerSchema;

    private RecordsReader(Path file, Consumer<String> warn) {
        this.file = file;
        this.warn = warn;
    }

    /** Reads and joins a records file; warnings (one line each) go to {@code warn}. */
    public static Timeline read(Path file, Consumer<String> warn) {
        return read(file, warn, false);
    }

    /** As {@link #read(Path, Consumer)}; with {@code keepCycles} the timeline also holds the raw AICore rows ({@link Timeline#cycles()}). */
    public static Timeline read(Path file, Consumer<String> warn, boolean keepCycles) {
        RecordsReader r = new RecordsReader(file, warn);
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

    private InputProblem problem(JsonParser p, String msg) { return InputProblem.at(file, p, msg); }

    /**
     * The farthest a converted time may lie from the run's first timestamp: 10^12 µs, about 11.6 days. Captures
     * span seconds to minutes; a time beyond this is a corrupt counter (2^63 − 1 cycles at 50 MHz is 5800
     * years), whose nanoseconds would overflow the trace's clock and wrap to a time before the run.
     */
    static final double MAX_TIME_US = 1e12;

    private InputProblem badTime(String what, long raw, double us) {
        return new InputProblem(file, what + " (" + raw + ") converts to " + String.format(java.util.Locale.ROOT, "%.4g", us)
            + " \u00b5s from the run's start, " + String.format(java.util.Locale.ROOT, "%.3g", Math.abs(us) / 8.64e10)
            + " days away; a capture spans seconds to minutes, so the value is corrupt", null);
    }

    private void parse(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) throw problem(p, "top level is not a JSON object");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            switch (key) {
                case "l2_swimlane_level": l2LevelAt = p.currentTokenLocation(); l2Level = JsonValues.read(p); break;
                case "chip_swimlane_level": chipLevelAt = p.currentTokenLocation(); chipLevel = JsonValues.read(p); break;
                case "metadata":
                    if (t == JsonToken.VALUE_NULL) break;
                    if (t != JsonToken.START_OBJECT) throw problem(p, "metadata is not an object");
                    metadataAt.clear();
                    @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) JsonValues.read(p, metadataAt);
                    metadata = m;
                    break;
                case "aicore_tasks": readAicore(p); break;
                case "aicpu_tasks": readAicpu(p); break;
                case "aicpu_scheduler_phases": sched = readLanes(p, key, false, schedRaw); break;
                case "aicpu_orchestrator_phases": orch = readLanes(p, key, false, orchRaw); break;
                case "host_orchestrator_phases":
                    hostOrch = readLanes(p, key, true, hostRaw);
                    hostOrchPresentNonEmpty = hostOrch != null && !hostOrch.isEmpty();
                    break;
                case "host_device_uploads": uploadsRaw = readUploads(p); break;
                case "scheduler_tasks":
                case "scheduler_records":
                    hasNewerSchedulerSchema = t != JsonToken.VALUE_NULL;
                    p.skipChildren();
                    break;
                default: p.skipChildren();
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) throw problem(p, "unexpected content at top level");
        if (p.nextToken() != null) throw problem(p, "trailing content after the top-level object");
    }

    private static final String INT64 = "a 64-bit integer", INT32 = "an integer -2^31..2^31-1";

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
                throw problem(p, section + " row " + row + " column " + col + " is " + describe(p) + ", expected an integer");
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
    private static boolean bigFits(JsonParser p) throws IOException {
        BigInteger b = p.getBigIntegerValue();
        return b.signum() >= 0 && b.bitLength() <= 64;
    }

    private static String outOfRange(JsonParser p, String range) throws IOException {
        return " is " + describe(p) + ", out of range (expected " + range + ")";
    }

    private static String describe(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case VALUE_STRING: return "the string \"" + p.getText() + "\"";
            case VALUE_NULL: return "null";
            case START_ARRAY: return "an array";
            case START_OBJECT: return "an object";
            case VALUE_TRUE: case VALUE_FALSE: return "a boolean";
            default: return p.getText();
        }
    }

    private void readAicore(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicore_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) throw problem(p, "aicore_tasks row " + row + " is not an array");
            long[] v = new long[6];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 6) v[col] = rowLong(p, "aicore_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 5) throw problem(p, "aicore_tasks row " + row + " has " + col + " columns, expected 5 or 6");
            core.add(v[0]); token.add(v[1]); reg.add(v[2]); cStart.add(v[3]); cEnd.add(v[4]); r2s.add(col >= 6 ? v[5] : 0);
            row++;
        }
    }

    private void readAicpu(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicpu_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) throw problem(p, "aicpu_tasks row " + row + " is not an array");
            long[] v = new long[4];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 4) v[col] = rowLong(p, "aicpu_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 4) throw problem(p, "aicpu_tasks row " + row + " has " + col + " columns, expected 4");
            aCore.add(v[0]); aReg.add(v[1]); aDispatch.add(v[2]); aFinish.add(v[3]);
            row++;
        }
    }

    private List<PhaseTable.Lane> readLanes(JsonParser p, String section, boolean host, LongList raw) throws IOException {
        raw.clearAll();
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_ARRAY) throw problem(p, section + " is not an array");
        List<PhaseTable.Lane> lanes = new ArrayList<>();
        MemberOrder order = section.equals("aicpu_scheduler_phases") ? schedOrder : orchOrder;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, section + "[" + lanes.size() + "] is not an array of records");
            int from = table.size();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_OBJECT)
                    throw problem(p, section + "[" + lanes.size() + "][" + (table.size() - from) + "] is not an object");
                readRecord(p, order, section, lanes.size(), table.size() - from, host, raw);
            }
            lanes.add(table.lane(from, table.size()));
        }
        return lanes;
    }

    private static final U64.Slot SLOT = new U64.Slot();
    private final TextInterner kinds = new TextInterner();

    // phase record members, in the order the runtime writes scheduler records; each constant is its index
    private static final String[] MEMBERS = {"kind", "start_cycles", "end_cycles", "loop_iter", "tasks_processed",
        "shared_at_start", "shared_at_end", "submit_idx", "task_id", "start_host_ns", "end_host_ns", "pop_hit", "pop_miss"};
    private static final int M_KIND = 0, M_START_CYCLES = 1, M_END_CYCLES = 2, M_LOOP_ITER = 3, M_TASKS_PROCESSED = 4,
        M_SHARED_AT_START = 5, M_SHARED_AT_END = 6, M_SUBMIT_IDX = 7, M_TASK_ID = 8, M_START_HOST_NS = 9, M_END_HOST_NS = 10,
        M_POP_HIT = 11, M_POP_MISS = 12; // the last two are not used
    private final MemberOrder schedOrder = new MemberOrder(MEMBERS, M_KIND, M_START_CYCLES, M_END_CYCLES, M_LOOP_ITER,
        M_TASKS_PROCESSED, M_POP_HIT, M_POP_MISS, M_SHARED_AT_START, M_SHARED_AT_END);
    private final MemberOrder orchOrder = new MemberOrder(MEMBERS, M_SUBMIT_IDX, M_TASK_ID, M_START_CYCLES, M_END_CYCLES);

    /** Appends one record to the table (kind "unknown" unless it has one). */
    private void readRecord(JsonParser p, MemberOrder order, String section, int lane, int idx, boolean host, LongList raw)
            throws IOException {
        long rawStart = 0, rawEnd = 0;
        int r = table.addRow();
        boolean sawStart = false, sawEnd = false;
        whereSection = section; whereLane = lane; whereIdx = idx;
        order.start();
        for (int k; (k = order.next(p)) != MemberOrder.END; ) {
            p.nextToken();
            switch (k) {
                case M_KIND: {
                    if (p.currentToken() == JsonToken.VALUE_STRING) {
                        table.setKind(r, kinds.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength()));
                    } else {
                        table.setKind(r, kinds.intern(String.valueOf(JsonValues.read(p))));
                    }
                    break;
                }
                case M_START_CYCLES: case M_START_HOST_NS:
                    if (host == (k == M_START_HOST_NS)) { rawStart = cycles(p, MEMBERS[k]); sawStart = true; }
                    else p.skipChildren();
                    break;
                case M_END_CYCLES: case M_END_HOST_NS:
                    if (host == (k == M_END_HOST_NS)) { rawEnd = cycles(p, MEMBERS[k]); sawEnd = true; }
                    else p.skipChildren();
                    break;
                case M_LOOP_ITER: member(p, r, PhaseTable.LOOP_ITER); break;
                case M_TASKS_PROCESSED: member(p, r, PhaseTable.TASKS_PROCESSED); break;
                case M_SHARED_AT_START: depths(p, r, PhaseTable.SHARED_AT_START); break;
                case M_SHARED_AT_END: depths(p, r, PhaseTable.SHARED_AT_END); break;
                case M_SUBMIT_IDX: member(p, r, PhaseTable.SUBMIT_IDX); break;
                case M_TASK_ID:
                    if (isLong(p)) table.setTaskId(r, p.getLongValue());
                    else {
                        JsonToken t = p.currentToken();
                        // kept as written (an older runtime's ids are not always integers); normalised by the low 64 bits
                        if ((t.isNumeric() || t == JsonToken.VALUE_STRING) && U64.read(p, SLOT) && SLOT.wrapped)
                            rangeWarnings.add("task_id", "out of range (expected " + INT64 + "), matched by the low 64 bits",
                                p.currentTokenLocation());
                        table.setTaskId(r, JsonValues.read(p));
                    }
                    break;
                default: p.skipChildren();
            }
        }
        if (host && (!sawStart || !sawEnd))
            throw problem(p, where() + " lacks start_host_ns/end_host_ns (both are required on host orchestrator records)");
        raw.add(rawStart);
        raw.add(rawEnd);
    }

    /** A JSON integer that fits a long. */
    private static boolean isLong(JsonParser p) throws IOException {
        return p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
    }

    /** A member kept as written: integers go into the table's column, anything else as its JSON value. */
    private void member(JsonParser p, int row, int slot) throws IOException {
        if (isLong(p)) table.setInteger(row, slot, p.getLongValue());
        else table.setValue(row, slot, canonical(JsonValues.read(p)));
    }

    // Millions of phase records repeat a few small values and queue-depth triples: share one instance.
    private static final Long[] SMALL = new Long[1 << 12];

    static {
        for (int i = 0; i < SMALL.length; i++) SMALL[i] = (long) i;
    }

    private final java.util.HashMap<Object, Object> shared = new java.util.HashMap<>();

    // packed small triple → index of its canonical list in the table
    private final io.ptotrace.model.util.LongIntMap depthIndex = new io.ptotrace.model.util.LongIntMap(256);

    /** A queue-depth member: a triple of small integers becomes a shared canonical list, read without allocating. */
    private void depths(JsonParser p, int row, int slot) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) { table.setValue(row, slot, canonical(JsonValues.read(p))); return; }
        long[] v = new long[3];
        int n = 0;
        java.util.List<Object> other = null; // any list but three small non-negative integers
        while (p.nextToken() != JsonToken.END_ARRAY) {
            boolean isInt = p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT;
            int x = isInt ? p.getIntValue() : 0;
            if (other == null && isInt && n < 3 && x >= 0 && x < 1 << 20) {
                v[n++] = x;
                continue;
            }
            if (other == null) {
                other = new java.util.ArrayList<>();
                for (int k = 0; k < n; k++) other.add(v[k]);
            }
            other.add(isInt ? (Object) (long) x : JsonValues.read(p));
            n++;
        }
        if (other != null || n != 3) {
            if (other == null) {
                other = new java.util.ArrayList<>();
                for (int k = 0; k < n; k++) other.add(v[k]);
            }
            table.setValue(row, slot, canonical(other));
            return;
        }
        long key = v[0] << 40 | v[1] << 20 | v[2];
        int ix = depthIndex.get(key);
        if (ix < 0) {
            @SuppressWarnings("unchecked")
            List<Object> c = (List<Object>) canonical(java.util.Arrays.asList((Object) v[0], v[1], v[2]));
            ix = table.addDepthList(c);
            depthIndex.put(key, ix);
        }
        table.setDepths(row, slot, ix);
    }

    private Object canonical(Object v) {
        if (v instanceof Long) {
            long l = (Long) v;
            return l >= 0 && l < SMALL.length ? SMALL[(int) l] : v;
        }
        if (v instanceof java.util.List) {
            java.util.List<?> l = (java.util.List<?>) v;
            java.util.List<Object> c = new java.util.ArrayList<>(l.size());
            for (Object o : l) c.add(canonical(o));
            if (shared.size() >= 1 << 16) return java.util.Collections.unmodifiableList(c);
            return shared.computeIfAbsent(java.util.Collections.unmodifiableList(c), k -> k);
        }
        return v;
    }

    // the record being read, for error messages (built only when one is needed)
    private String whereSection;
    private int whereLane, whereIdx;

    private String where() {
        return whereSection + (whereLane >= 0 ? "[" + whereLane + "]" : "") + "[" + whereIdx + "]";
    }

    /** A timestamp member: integer (null → 0, like the reference's {@code or 0}). */
    private long cycles(JsonParser p, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return 0;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) return p.getLongValue();
            if (bigFits(p)) return p.getBigIntegerValue().longValue();
            throw problem(p, where() + "." + key + outOfRange(p, INT64));
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9.2e18) return (long) d;
        }
        throw problem(p, where() + "." + key + " is " + describe(p) + ", expected an integer");
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
            if (p.currentToken() != JsonToken.START_OBJECT) throw problem(p, "host_device_uploads[" + list.size() + "] is not an object");
            Object phase = JsonValues.ABSENT, detail = JsonValues.ABSENT;
            long rawStart = 0, rawEnd = 0;
            whereSection = "host_device_uploads"; whereLane = -1; whereIdx = list.size();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                p.nextToken();
                switch (k) {
                    case "phase": phase = JsonValues.read(p); break;
                    case "detail": detail = JsonValues.read(p); break;
                    case "start_host_ns": rawStart = cycles(p, k); break;
                    case "end_host_ns": rawEnd = cycles(p, k); break;
                    default: p.skipChildren();
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
        Era era;
        Object levelRaw;
        String levelAt;
        boolean hasL2 = l2Level != JsonValues.ABSENT, hasChip = chipLevel != JsonValues.ABSENT;
        if (hasChip) {
            era = Era.CHIP;
            levelRaw = chipLevel;
            levelAt = InputProblem.location(chipLevelAt);
            if (hasL2 && (JsonValues.exact(l2Level) != JsonValues.exact(chipLevel)
                    || !String.valueOf(JsonValues.asLong(l2Level)).equals(String.valueOf(JsonValues.asLong(chipLevel)))))
                throw new InputProblem(file, "chip_swimlane_level and l2_swimlane_level disagree ("
                    + chipLevel + " vs " + l2Level + ")", null);
        } else if (hasL2) {
            era = Era.L2;
            levelRaw = l2Level;
            levelAt = InputProblem.location(l2LevelAt);
        } else {
            throw new InputProblem(file, "no chip_swimlane_level or l2_swimlane_level key (not a swimlane records file?)", null);
        }
        Long lv = levelRaw instanceof Boolean ? null : JsonValues.asLong(levelRaw);
        if (lv == null) throw new InputProblem(file, era.levelKey + " missing or not an integer", null);
        if (!JsonValues.exact(levelRaw))
            throw new InputProblem(file, "Unsupported " + era.levelKey + ": " + JsonValues.shown(levelRaw) + " (expected 1, 2, 3, or 4)",
                levelAt);
        if (lv < 1 || lv > 4)
            throw new InputProblem(file, "Unsupported " + era.levelKey + ": " + lv + " (expected 1, 2, 3, or 4)", null);
        int level = lv.intValue();

        Object fq = metadata.get("clock_freq_hz");
        Long freqL = JsonValues.isPresent(fq) && !(fq instanceof Boolean) ? JsonValues.asLong(fq) : Long.valueOf(0);
        if (freqL == null) throw new InputProblem(file, "metadata.clock_freq_hz is not an integer: " + fq, locationOf(fq));
        if (!JsonValues.exact(fq)) throw metadataOutOfRange("clock_freq_hz", fq, "an integer 1..2^63-1");
        long freq = freqL;
        if (freq <= 0) throw new InputProblem(file, "metadata missing/zero clock_freq_hz: " + freq, null);

        if (level >= 2 && aCore.size() == 0 && hasNewerSchedulerSchema)
            throw new InputProblem(file, "unsupported (newer) records schema: scheduler_tasks/scheduler_records"
                + " instead of aicpu_tasks; this ptotrace cannot read it without losing every task", null);

        String[] coreTypes = stringList(metadata.get("core_types"), "metadata.core_types");
        int[] coreToThread = intList(metadata.get("core_to_thread"), "metadata.core_to_thread");

        // any one of these marks a host-orchestrated capture
        boolean hostMode = "host".equals(metadata.get("orchestrator_source")) || hostOrchPresentNonEmpty
            || metadata.get("host_capture") instanceof Map;
        if (hostMode && orch != null && !orch.isEmpty())
            throw new InputProblem(file, "both AICPU and host orchestrator phases are present; clock-domain source is ambiguous", null);

        // an empty scheduler list is "absent"; a list of empty threads is not (its lanes are still drawn)
        if (sched != null && sched.isEmpty()) sched = null;

        // device base time: the smallest positive timestamp, so that the earliest event lands at 0
        long base = Long.MAX_VALUE;
        long devMin = Long.MAX_VALUE, devMax = Long.MIN_VALUE;
        int n = core.size();
        for (int i = 0; i < n; i++) {
            long recv = cStart.get(i) - r2s.get(i);
            if (recv > 0 && recv < base) base = recv;
            if (cEnd.get(i) > 0 && cEnd.get(i) < base) base = cEnd.get(i);
            for (long c : new long[] {recv, cStart.get(i), cEnd.get(i)}) if (c > 0) { devMin = Math.min(devMin, c); devMax = Math.max(devMax, c); }
        }
        for (int i = 0; i < aCore.size(); i++) {
            for (long c : new long[] {aDispatch.get(i), aFinish.get(i)}) if (c > 0) {
                if (c < base) base = c;
                devMin = Math.min(devMin, c); devMax = Math.max(devMax, c);
            }
        }
        for (LongList raw : java.util.Arrays.asList(sched == null ? null : schedRaw, orch == null ? null : orchRaw)) {
            if (raw == null) continue;
            for (int k = 0; k < raw.size(); k++) {
                long c = raw.get(k);
                if (c > 0) {
                    if (c < base) base = c;
                    devMin = Math.min(devMin, c); devMax = Math.max(devMax, c);
                }
            }
        }
        if (base == Long.MAX_VALUE) base = 0;
        double factor = 1_000_000.0 / freq;

        // host origin, alignment, seam
        long origin = 0;
        ClockAlignment align = null;
        double seam = 0.0;
        Object originRaw = metadata.get("host_orchestration_origin_ns");
        if (!JsonValues.exact(originRaw)) throw metadataOutOfRange("host_orchestration_origin_ns", originRaw, INT64);
        Long originGiven = JsonValues.isPresent(originRaw) ? JsonValues.asLong(originRaw) : null;
        long hostMin = Long.MAX_VALUE, hostMax = Long.MIN_VALUE;
        int hostRecords = 0;
        if (hostOrch != null) for (int k = 0; k < hostRaw.size(); k++) {
            if (k % 2 == 0) hostRecords++;
            hostMin = Math.min(hostMin, hostRaw.get(k));
            hostMax = Math.max(hostMax, hostRaw.get(k));
        }
        long uploadMin = Long.MAX_VALUE;
        if (uploadsRaw != null) for (int k = 0; k < uploadRaw.size(); k++) uploadMin = Math.min(uploadMin, uploadRaw.get(k));
        if (hostMode) {
            Object quantization = metadata.get("host_timestamp_quantization_ns");
            if (!JsonValues.exact(quantization)) throw metadataOutOfRange("host_timestamp_quantization_ns", quantization, INT64);
            align = ClockAlignment.build(metadata.get("clock_anchors"), freq, quantization,
                devMin == Long.MAX_VALUE ? null : new long[] {devMin, devMax},
                v -> rangeWarnings.add("clock_anchors sample", "out of range (expected " + INT64 + "), sample not used",
                    metadataAt.get(v)));
        }
        String rangeLine = rangeWarnings.line(file);
        if (rangeLine != null) warn.accept(rangeLine);
        if (originGiven != null && originGiven != 0) origin = originGiven;
        else if (hostRecords > 0) origin = Math.min(hostMin, uploadMin); // uploads count too, or an early upload would be refused
        else if (hostMode && align.calibrated) origin = align.startMid();
        else if (uploadMin != Long.MAX_VALUE && !hostMode) origin = 0;
        if (hostMode && !align.calibrated) seam = hostRecords > 0 ? (hostMax - origin) / 1000.0 : 0.0;

        final long fBase = base;
        final long fOrigin = origin;
        final ClockAlignment fAlign = hostMode && align.calibrated ? align : null;
        final double fSeam = seam;
        final boolean composite = hostMode && !align.calibrated;
        java.util.function.LongToDoubleFunction toUs = c -> {
            if (c <= 0) return 0.0;
            if (fAlign != null) return (fAlign.hostNs(c) - fOrigin) / 1000.0;
            double v = (double) (c - fBase) * factor;
            return composite ? fSeam + v : v;
        };

        // AICore rows by (core, reg_task_id), the key AICPU rows carry: later rows replace earlier ones
        PairIndex lookup = new PairIndex(n);
        for (int i = 0; i < n; i++) lookup.put(core.get(i), reg.get(i), i);

        LongList rowSrc = new LongList(Math.max(n, 16));
        LongList rowAicpu = new LongList(Math.max(n, 16));
        boolean aicpuJoined;
        if (aCore.size() > 0) {
            aicpuJoined = true;
            Map<Long, Integer> unmatched = new LinkedHashMap<>();
            int unmatchedTotal = 0;
            for (int j = 0; j < aCore.size(); j++) {
                int i = lookup.get(aCore.get(j), aReg.get(j));
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
                    sb.append("core ").append(es.get(k).getKey()).append(": ").append(es.get(k).getValue());
                }
                warn.accept("Warning: " + unmatchedTotal + " aicpu_task(s) had no matching AICore record (top offenders: "
                    + sb + "); the missing AICore buffer(s) were dropped on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
            }
        } else {
            aicpuJoined = false;
            if (level >= 2 && n > 0)
                warn.accept("Warning: " + era.levelKey + " " + level + " but aicpu_tasks is empty; using AICore timing only");
            for (int i = 0; i < n; i++) { rowSrc.add(i); rowAicpu.add(-1); }
        }

        int rows = rowSrc.size();
        long[] tokens = new long[rows];
        for (int k = 0; k < rows; k++) tokens[k] = token.get((int) rowSrc.get(k));
        int[] order = IndexSort.identity(rows);
        IndexSort.stableSort(order, (a, b) -> Long.compareUnsigned(tokens[a], tokens[b]));

        long[] taskId = new long[rows];
        int[] coreId = new int[rows];
        String[] coreType = new String[rows];
        double[] st = new double[rows], en = new double[rows], di = new double[rows], fi = new double[rows],
            lo = new double[rows], re = new double[rows];
        for (int k = 0; k < rows; k++) {
            int src = order[k];
            int i = (int) rowSrc.get(src);
            int j = (int) rowAicpu.get(src);
            taskId[k] = tokens[src];
            long c = core.get(i);
            coreId[k] = (int) c;
            coreType[k] = c >= 0 && c < coreTypes.length ? coreTypes[(int) c] : "aiv";
            st[k] = toUs.applyAsDouble(cStart.get(i));
            en[k] = toUs.applyAsDouble(cEnd.get(i));
            if (era == Era.L2) {
                lo[k] = r2s.get(i) * factor;
                re[k] = st[k] - lo[k];
            } else {
                re[k] = toUs.applyAsDouble(cStart.get(i) - r2s.get(i));
                lo[k] = st[k] - re[k];
            }
            if (j >= 0) {
                di[k] = toUs.applyAsDouble(aDispatch.get(j));
                fi[k] = toUs.applyAsDouble(aFinish.get(j));
                if (!(Math.abs(di[k]) <= MAX_TIME_US)) throw badTime("aicpu_tasks row " + j + ": its dispatch time", aDispatch.get(j), di[k]);
                if (!(Math.abs(fi[k]) <= MAX_TIME_US)) throw badTime("aicpu_tasks row " + j + ": its finish time", aFinish.get(j), fi[k]);
            }
            if (!(Math.abs(st[k]) <= MAX_TIME_US)) throw badTime("aicore_tasks row " + i + ": its start time", cStart.get(i), st[k]);
            if (!(Math.abs(en[k]) <= MAX_TIME_US)) throw badTime("aicore_tasks row " + i + ": its end time", cEnd.get(i), en[k]);
            if (!(Math.abs(re[k]) <= MAX_TIME_US)) throw badTime("aicore_tasks row " + i + ": its receive time", cStart.get(i) - r2s.get(i), re[k]);
        }

        // phase records get their times; every orchestrator record is a submit
        if (sched != null) {
            int k = 0;
            for (PhaseTable.Lane lane : sched) for (int r = lane.from; r < lane.to; r++) {
                double s = toUs.applyAsDouble(schedRaw.get(k++)), e = toUs.applyAsDouble(schedRaw.get(k++));
                if (!(Math.abs(s) <= MAX_TIME_US)) throw badTime("scheduler record " + (k / 2 - 1) + ": its start", schedRaw.get(k - 2), s);
                if (!(Math.abs(e) <= MAX_TIME_US)) throw badTime("scheduler record " + (k / 2 - 1) + ": its end", schedRaw.get(k - 1), e);
                table.setTimes(r, s, e);
            }
        }
        List<PhaseTable.Lane> orchOut = null;
        String source = null;
        if (orch != null && !orch.isEmpty()) {
            int k = 0;
            for (PhaseTable.Lane lane : orch) for (int r = lane.from; r < lane.to; r++) {
                double s = toUs.applyAsDouble(orchRaw.get(k++)), e = toUs.applyAsDouble(orchRaw.get(k++));
                if (!(Math.abs(s) <= MAX_TIME_US)) throw badTime("orchestrator record " + (k / 2 - 1) + ": its start", orchRaw.get(k - 2), s);
                if (!(Math.abs(e) <= MAX_TIME_US)) throw badTime("orchestrator record " + (k / 2 - 1) + ": its end", orchRaw.get(k - 1), e);
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
            if (hostOrch != null) for (PhaseTable.Lane lane : hostOrch) {
                for (int r = lane.from; r < lane.to; r++) {
                    long rawStart = hostRaw.get(k++), rawEnd = hostRaw.get(k++);
                    if (rawStart < origin || rawEnd < rawStart)
                        throw new InputProblem(file, "invalid host orchestrator phase: origin=" + origin + ", start="
                            + rawStart + ", end=" + rawEnd, null);
                    table.setTimes(r, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0);
                    table.setKind(r, "orch_submit");
                }
                if (!lane.isEmpty()) lanes.add(lane);
            }
            orchOut = lanes.isEmpty() ? null : lanes;
        }
        List<Timeline.Upload> uploads = new ArrayList<>();
        if (uploadsRaw != null) {
            int k = 0;
            for (RawUpload u : uploadsRaw) {
                long rawStart = uploadRaw.get(k++), rawEnd = uploadRaw.get(k++);
                if (rawStart < origin || rawEnd < rawStart)
                    throw new InputProblem(file, "invalid host device upload: origin=" + origin + ", start="
                        + rawStart + ", end=" + rawEnd, null);
                uploads.add(new Timeline.Upload(u.phase, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0, u.detail));
            }
            if (!uploads.isEmpty() && !hostMode)
                warn.accept("Warning: " + file + " has host_device_uploads but is not a host-mode capture; the H2D lane is not aligned with device time");
        }

        Map<String, Object> tm = null;
        if (hostMode) tm = timelineMetadata(align, hostRecords, seam);

        return new Timeline(file, era, level, freq, coreTypes, coreToThread, rows, taskId, coreId, coreType,
            st, en, di, fi, lo, re, aicpuJoined, table, sched, orchOut, source, uploads, tm);
    }

    private Map<String, Object> timelineMetadata(ClockAlignment align, int hostRecords, double seam) {
        Object hc = metadata.get("host_capture");
        Map<String, Object> capture = new LinkedHashMap<>();
        boolean complete;
        if (hc instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) hc).entrySet()) capture.put(String.valueOf(e.getKey()), e.getValue());
            Object recorded = capture.getOrDefault("recorded_records", JsonValues.ABSENT);
            Object expected = capture.getOrDefault("expected_records", JsonValues.ABSENT);
            Object dropped = capture.getOrDefault("dropped_records", JsonValues.ABSENT);
            Object status = capture.get("status");
            boolean recordedOk = !JsonValues.isPresent(recorded) || equalsInt(recorded, hostRecords);
            boolean expectedOk = JsonValues.isPresent(expected) && equalsInt(expected, hostRecords);
            boolean droppedZero = JsonValues.isPresent(dropped) && equalsInt(dropped, 0);
            complete = "complete".equals(status) && droppedZero && recordedOk && expectedOk;
            List<Object> errors = new ArrayList<>();
            if (JsonValues.isPresent(recorded) && !equalsInt(recorded, hostRecords)) errors.add("recorded_record_count_mismatch");
            if (!JsonValues.isPresent(expected)) errors.add("expected_record_count_missing");
            else if (!equalsInt(expected, hostRecords)) errors.add("expected_record_count_mismatch");
            if (!errors.isEmpty()) capture.put("converter_validation_errors", errors);
        } else {
            capture.put("status", "unknown");
            capture.put("recorded_records", (long) hostRecords);
            capture.put("dropped_records", JsonValues.NULL);
            capture.put("error", "legacy_capture_status_missing");
            complete = false;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("layout", align.calibrated ? "clock_aligned" : "causal_composite");
        m.put("trace_status", complete ? "complete" : "partial");
        Object rel = metadata.get("timeline_relation");
        m.put("relation", JsonValues.isPresent(rel) ? rel : "host_orchestration_precedes_device");
        m.put("clock_alignment", align.describe());
        m.put("host_capture", capture);
        m.put("host_records_complete", complete);
        m.put("cross_domain_latency_available", align.calibrated && complete);
        if (!align.calibrated) {
            m.put("cross_domain_gap_unknown", true);
            m.put("logical_seam_us", seam);
        }
        if (hostRecords == 0) m.put("host_records_missing", true);
        return m;
    }

    private String locationOf(Object v) { return InputProblem.location(metadataAt.get(v)); }

    private InputProblem metadataOutOfRange(String key, Object v, String range) {
        return new InputProblem(file, "metadata." + key + " " + JsonValues.shown(v) + " out of range (expected " + range + ")",
            locationOf(v));
    }

    private static boolean equalsInt(Object v, long n) {
        if (v instanceof Boolean || !JsonValues.exact(v)) return false;
        Long l = JsonValues.asLong(v);
        if (v instanceof String) return false;
        return l != null && l == n && !(v instanceof Double && (Double) v != Math.rint((Double) v));
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
                throw new InputProblem(file, what + "[" + i + "] " + JsonValues.shown(o) + " out of range (expected " + INT32 + ")",
                    locationOf(o));
            out[i] = (int) (long) x;
        }
        return out;
    }

    /** (core_id, reg_task_id) → AICore row index. */
    private static final class PairIndex {
        private final java.util.HashMap<Long, LongIntMap> byCore = new java.util.HashMap<>();
        private final int expected;

        PairIndex(int expected) { this.expected = expected; }

        void put(long c, long r, int i) {
            byCore.computeIfAbsent(c, k -> new LongIntMap(Math.max(16, expected / 16))).put(r, i);
        }

        int get(long c, long r) {
            LongIntMap m = byCore.get(c);
            return m == null ? -1 : m.get(r);
        }
    }
}
