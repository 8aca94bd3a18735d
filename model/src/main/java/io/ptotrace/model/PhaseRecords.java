package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.LongList;
import io.ptotrace.model.util.MemberOrder;
import io.ptotrace.model.util.TextInterner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The phase records of a records file (scheduler, orchestrator and host orchestrator sections, the streams era's
 * scheduler records) read into one {@link PhaseTable}: members matched in the runtime's order, small values and
 * queue-depth triples shared, timestamps checked, every failure naming the record. {@link RecordsReader} hands it
 * each section; it owns nothing of the file but the table's rows.
 */
final class PhaseRecords {
    private final Path file;
    private final PhaseTable table;
    private final RangeWarnings rangeWarnings;

    PhaseRecords(Path file, PhaseTable table, RangeWarnings rangeWarnings) {
        this.file = file;
        this.table = table;
        this.rangeWarnings = rangeWarnings;
    }

    /**
     * A section of phase records: an array of lanes, each an array of records, appended to the table; returns
     * its lanes (null for a JSON null). Each record's raw start and end go to {@code raw}, two per record.
     */
    List<PhaseTable.Lane> readLanes(JsonParser p, String section, boolean host, LongList raw) throws IOException {
        raw.clearAll();
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_ARRAY) throw InputProblem.at(file, p, section + " is not an array");
        List<PhaseTable.Lane> lanes = new ArrayList<>();
        MemberOrder order = section.equals("aicpu_scheduler_phases") ? schedOrder : orchOrder;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw InputProblem.at(file, p, section + "[" + lanes.size() + "] is not an array of records");
            int from = table.size();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_OBJECT)
                    throw InputProblem.at(
                            file,
                            p,
                            section + "[" + lanes.size() + "][" + (table.size() - from) + "] is not an object");
                readRecord(p, order, section, lanes.size(), table.size() - from, host, raw);
            }
            lanes.add(table.lane(from, table.size()));
        }
        return lanes;
    }

    private static final U64.Slot SLOT = new U64.Slot();
    final TextInterner kinds = new TextInterner();

    // phase record members, in the order the runtime writes scheduler records; each constant is its index
    static final String[] MEMBERS = {
        "kind",
        "start_cycles",
        "end_cycles",
        "loop_iter",
        "tasks_processed",
        "shared_at_start",
        "shared_at_end",
        "submit_idx",
        "task_id",
        "start_host_ns",
        "end_host_ns",
        "pop_hit",
        "pop_miss",
        "run_epoch"
    };
    static final int M_KIND = 0,
            M_START_CYCLES = 1,
            M_END_CYCLES = 2,
            M_LOOP_ITER = 3,
            M_TASKS_PROCESSED = 4,
            M_SHARED_AT_START = 5,
            M_SHARED_AT_END = 6,
            M_SUBMIT_IDX = 7,
            M_TASK_ID = 8,
            M_START_HOST_NS = 9,
            M_END_HOST_NS = 10,
            M_POP_HIT = 11,
            M_POP_MISS = 12, // these two are not used
            M_RUN_EPOCH = 13;
    private final MemberOrder schedOrder = new MemberOrder(
            MEMBERS,
            M_KIND,
            M_START_CYCLES,
            M_END_CYCLES,
            M_LOOP_ITER,
            M_TASKS_PROCESSED,
            M_POP_HIT,
            M_POP_MISS,
            M_SHARED_AT_START,
            M_SHARED_AT_END);
    private final MemberOrder orchOrder =
            new MemberOrder(MEMBERS, M_SUBMIT_IDX, M_TASK_ID, M_START_CYCLES, M_END_CYCLES, M_RUN_EPOCH);

    /** Appends one record to the table (kind "unknown" unless it has one). */
    private void readRecord(
            JsonParser p, MemberOrder order, String section, int lane, int idx, boolean host, LongList raw)
            throws IOException {
        long rawStart = 0, rawEnd = 0;
        int r = table.addRow();
        boolean sawStart = false, sawEnd = false;
        at(section, lane, idx);
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
                case M_START_CYCLES:
                case M_START_HOST_NS:
                    if (host == (k == M_START_HOST_NS)) {
                        rawStart = cycles(p, MEMBERS[k]);
                        sawStart = true;
                    } else p.skipChildren();
                    break;
                case M_END_CYCLES:
                case M_END_HOST_NS:
                    if (host == (k == M_END_HOST_NS)) {
                        rawEnd = cycles(p, MEMBERS[k]);
                        sawEnd = true;
                    } else p.skipChildren();
                    break;
                case M_LOOP_ITER:
                    member(p, r, PhaseTable.LOOP_ITER);
                    break;
                case M_RUN_EPOCH:
                    table.setRunEpoch(r, cycles(p, MEMBERS[k]));
                    break;
                case M_TASKS_PROCESSED:
                    member(p, r, PhaseTable.TASKS_PROCESSED);
                    break;
                case M_SHARED_AT_START:
                    depths(p, r, PhaseTable.SHARED_AT_START);
                    break;
                case M_SHARED_AT_END:
                    depths(p, r, PhaseTable.SHARED_AT_END);
                    break;
                case M_SUBMIT_IDX:
                    member(p, r, PhaseTable.SUBMIT_IDX);
                    break;
                case M_TASK_ID:
                    if (isLong(p)) table.setTaskId(r, p.getLongValue());
                    else {
                        JsonToken t = p.currentToken();
                        // kept as written (an older runtime's ids are not always integers); normalised by the low 64
                        // bits
                        if ((t.isNumeric() || t == JsonToken.VALUE_STRING) && U64.read(p, SLOT) && SLOT.wrapped)
                            rangeWarnings.add(
                                    "task_id",
                                    "out of range (expected " + TaskRows.INT64 + "), matched by the low 64 bits",
                                    p.currentTokenLocation());
                        table.setTaskId(r, JsonValues.read(p));
                    }
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (host && (!sawStart || !sawEnd))
            throw InputProblem.at(
                    file,
                    p,
                    where() + " lacks start_host_ns/end_host_ns (both are required on host orchestrator records)");
        raw.add(rawStart);
        raw.add(rawEnd);
    }

    /** A JSON integer that fits a long. */
    static boolean isLong(JsonParser p) throws IOException {
        return p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
    }

    /** A member kept as written: integers go into the table's column, anything else as its JSON value. */
    void member(JsonParser p, int row, int slot) throws IOException {
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
        if (p.currentToken() != JsonToken.START_ARRAY) {
            table.setValue(row, slot, canonical(JsonValues.read(p)));
            return;
        }
        long[] v = new long[3];
        int n = 0;
        java.util.List<Object> other = null; // any list but three small non-negative integers
        while (p.nextToken() != JsonToken.END_ARRAY) {
            boolean isInt =
                    p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT;
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
        depthTriple(row, slot, v[0], v[1], v[2]);
    }

    /** A queue-depth member of three integers 0..2^20−1, as the table's shared list of them. */
    void depthTriple(int row, int slot, long a, long b, long c) {
        long key = a << 40 | b << 20 | c;
        int ix = depthIndex.get(key);
        if (ix < 0) {
            @SuppressWarnings("unchecked")
            List<Object> l = (List<Object>) canonical(java.util.Arrays.asList((Object) a, b, c));
            ix = table.addDepthList(l);
            depthIndex.put(key, ix);
        }
        table.setDepths(row, slot, ix);
    }

    Object canonical(Object v) {
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

    /** Names the record being read, for error messages. */
    void at(String section, int lane, int idx) {
        whereSection = section;
        whereLane = lane;
        whereIdx = idx;
    }

    String where() {
        return whereSection + (whereLane >= 0 ? "[" + whereLane + "]" : "") + "[" + whereIdx + "]";
    }

    /** A timestamp member: integer (null → 0, like the reference's {@code or 0}). */
    long cycles(JsonParser p, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return 0;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) return p.getLongValue();
            if (TaskRows.bigFits(p)) return p.getBigIntegerValue().longValue();
            throw InputProblem.at(file, p, where() + "." + key + TaskRows.outOfRange(p, TaskRows.INT64));
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9.2e18) return (long) d;
        }
        throw InputProblem.at(file, p, where() + "." + key + " is " + TaskRows.describe(p) + ", expected an integer");
    }
}
