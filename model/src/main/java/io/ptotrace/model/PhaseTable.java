package io.ptotrace.model;

import io.ptotrace.model.util.PagedColumns;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The scheduler and orchestrator phase records of a run, one row each, in primitive columns: a million-task
 * run has millions of records, and an object per record (with its boxed members) costs memory and keeps
 * the garbage collector busy tracing them. {@link PhaseRecord} is a view of one row, made on demand.
 *
 * <p>Columns: kind (a code into the table's kinds), start and end (µs), the normalised task id and two
 * flags, and six members copied into the trace verbatim: loop_iter, tasks_processed, submit_idx,
 * shared_at_start, shared_at_end and task_id as written. Each of those has a 2-bit tag per row: absent,
 * inline (an integer in the member's column; for the queue depths the index of a canonical
 * {@code [aic, aiv, mix]} list; for task_id the normalised id itself), other (any other JSON value, kept
 * in a side list whose index is in the column) or, for task_id only, the id's decimal text.
 * Reading a member back gives the JSON value as written ({@link JsonValues#ABSENT} when missing; integers
 * as {@code Long}).
 *
 * <p>Rows are appended; only the kind of a row changes afterwards ({@link #setKind}).
 */
public final class PhaseTable {
    /** Members kept as written (the {@code slot} of the accessors). */
    public static final int LOOP_ITER = 0,
            TASKS_PROCESSED = 1,
            SUBMIT_IDX = 2,
            SHARED_AT_START = 3,
            SHARED_AT_END = 4,
            TASK_ID = 5;

    private static final int VALUE_SLOTS = 5; // the slots before TASK_ID have a column of their own

    // tags, two bits per slot in the meta column
    private static final int ABSENT = 0, INLINE = 1, OTHER = 2, TEXT = 3;
    private static final int TASK_ID_OK = 1 << 12, TASK_ID_NON_NEGATIVE = 1 << 13, HAS_EPOCH = 1 << 14;

    private static final String UNKNOWN = "unknown";

    private int size;
    private final PagedColumns.Doubles start = new PagedColumns.Doubles(), end = new PagedColumns.Doubles();
    private final PagedColumns.Longs kind = new PagedColumns.Longs();
    private final PagedColumns.Longs meta = new PagedColumns.Longs();
    private final PagedColumns.Longs taskId = new PagedColumns.Longs();
    private final PagedColumns.Longs taskIdOther = new PagedColumns.Longs(); // side-list index of an OTHER task_id
    private final PagedColumns.Longs epoch = new PagedColumns.Longs(); // run_epoch (streams-era device records)
    private final PagedColumns.Longs[] value = new PagedColumns.Longs[VALUE_SLOTS];
    private final List<Object> others = new ArrayList<>();
    private final List<String> kinds = new ArrayList<>();
    private final HashMap<String, Integer> kindCodes = new HashMap<>();
    private final List<List<Object>> depthLists = new ArrayList<>();

    public PhaseTable() {
        for (int s = 0; s < VALUE_SLOTS; s++) value[s] = new PagedColumns.Longs();
        kindCode(UNKNOWN); // code 0: the kind of a new row
    }

    public int size() {
        return size;
    }

    // ------------------------------------------------------------------ writing

    /** Appends a row: kind "unknown", times 0, every member absent, no task id. */
    public int addRow() {
        return size++;
    }

    public void setKind(int row, String kind) {
        check(row);
        this.kind.set(row, kindCode(Objects.requireNonNull(kind, "kind")));
    }

    private int kindCode(String k) {
        Integer c = kindCodes.get(k);
        if (c == null) {
            c = kinds.size();
            kinds.add(k);
            kindCodes.put(k, c);
        }
        return c;
    }

    public void setTimes(int row, double startUs, double endUs) {
        check(row);
        start.set(row, startUs);
        end.set(row, endUs);
    }

    /** An integer member as written (loop_iter, tasks_processed or submit_idx). */
    public void setInteger(int row, int slot, long v) {
        check(row);
        if (slot >= SHARED_AT_START) throw new IllegalArgumentException("not an integer member: " + slot);
        setTag(row, slot, INLINE);
        value[slot].set(row, v);
    }

    /** A queue-depth member as one of the canonical triples ({@link #addDepthList}). */
    public void setDepths(int row, int slot, int depthList) {
        check(row);
        if (slot != SHARED_AT_START && slot != SHARED_AT_END)
            throw new IllegalArgumentException("not a depth member: " + slot);
        if (depthList < 0 || depthList >= depthLists.size()) throw new IndexOutOfBoundsException(depthList);
        setTag(row, slot, INLINE);
        value[slot].set(row, depthList);
    }

    /** Registers a canonical queue-depth triple (a list of three Longs, not modified afterwards); returns its index. */
    public int addDepthList(List<Object> depths) {
        if (depths.size() != 3) throw new IllegalArgumentException("not a triple: " + depths);
        depthLists.add(depths);
        return depthLists.size() - 1;
    }

    /** A member as written: any JSON value of {@link JsonValues}, or {@link JsonValues#ABSENT}. */
    public void setValue(int row, int slot, Object v) {
        check(row);
        Objects.requireNonNull(v, "value");
        if (slot == TASK_ID) {
            setTaskId(row, v);
            return;
        }
        if (v == JsonValues.ABSENT) {
            setTag(row, slot, ABSENT);
            value[slot].set(row, 0);
        } else if (v instanceof Long && slot < SHARED_AT_START) {
            setInteger(row, slot, (Long) v);
        } else {
            setTag(row, slot, OTHER);
            value[slot].set(row, other(v));
        }
    }

    /** task_id written as a plain JSON integer. */
    public void setTaskId(int row, long id) {
        check(row);
        taskId.set(row, id);
        setFlags(row, true, id >= 0);
        setTag(row, TASK_ID, INLINE);
    }

    /**
     * task_id as written: normalised as u64 when it converts (integers, integral floats, numeric strings,
     * booleans); negative as written (a leading '-', a float ≤ −1) counts as not non-negative, because orchestrator
     * records use a negative task_id for "no task".
     * A value that does not convert leaves the previous normalised id in place, not valid.
     */
    public void setTaskId(int row, Object raw) {
        check(row);
        Objects.requireNonNull(raw, "task_id");
        if (raw instanceof Long) {
            setTaskId(row, (long) (Long) raw);
            return;
        }
        boolean ok = false, nonNegative = false;
        long id = 0;
        if (raw instanceof BigInteger) {
            id = ((BigInteger) raw).longValue();
            ok = true;
            nonNegative = ((BigInteger) raw).signum() >= 0;
        } else if (raw instanceof String || raw instanceof Double || raw instanceof Boolean) {
            Long v = JsonValues.asLong(raw);
            if (v != null) {
                id = v;
                ok = true;
                nonNegative = !(raw instanceof String && ((String) raw).strip().startsWith("-"))
                        && !(raw instanceof Double && (Double) raw <= -1.0);
            }
        }
        if (ok) taskId.set(row, id);
        setFlags(row, ok, nonNegative);
        if (raw == JsonValues.ABSENT) {
            setTag(row, TASK_ID, ABSENT);
        } else if (ok && raw instanceof String && raw.equals(Long.toUnsignedString(id))) {
            setTag(row, TASK_ID, TEXT);
        } else {
            setTag(row, TASK_ID, OTHER);
            taskIdOther.set(row, other(raw));
        }
    }

    /** The run this device record belongs to (streams-era records carry one). */
    public void setRunEpoch(int row, long runEpoch) {
        check(row);
        epoch.set(row, runEpoch);
        meta.set(row, meta.get(row) | HAS_EPOCH);
    }

    public boolean hasRunEpoch(int row) {
        return (meta.get(row) & HAS_EPOCH) != 0;
    }

    /** Meaningful only if {@link #hasRunEpoch}. */
    public long runEpoch(int row) {
        return epoch.get(row);
    }

    private int other(Object v) {
        others.add(v);
        return others.size() - 1;
    }

    private void setTag(int row, int slot, int tag) {
        int m = (int) meta.get(row);
        meta.set(row, (m & ~(3 << 2 * slot)) | tag << 2 * slot);
    }

    private void setFlags(int row, boolean ok, boolean nonNegative) {
        int m = (int) meta.get(row) & ~(TASK_ID_OK | TASK_ID_NON_NEGATIVE);
        meta.set(row, m | (ok ? TASK_ID_OK : 0) | (nonNegative ? TASK_ID_NON_NEGATIVE : 0));
    }

    private void check(int row) {
        Objects.checkIndex(row, size);
    }

    // ------------------------------------------------------------------ reading

    public String kind(int row) {
        return kinds.get((int) kind.get(row));
    }

    public double startUs(int row) {
        return start.get(row);
    }

    public double endUs(int row) {
        return end.get(row);
    }

    private int tag(int row, int slot) {
        return (int) meta.get(row) >>> 2 * slot & 3;
    }

    /** Whether a member is in the record at all. */
    public boolean has(int row, int slot) {
        return tag(row, slot) != ABSENT;
    }

    /** A member as written, or {@link JsonValues#ABSENT}. */
    public Object value(int row, int slot) {
        int tag = tag(row, slot);
        if (tag == ABSENT) return JsonValues.ABSENT;
        if (slot == TASK_ID) {
            switch (tag) {
                case INLINE:
                    return taskId.get(row);
                case TEXT:
                    return Long.toUnsignedString(taskId.get(row));
                default:
                    return others.get((int) taskIdOther.get(row));
            }
        }
        long v = value[slot].get(row);
        if (tag == OTHER) return others.get((int) v);
        return slot >= SHARED_AT_START ? depthLists.get((int) v) : (Object) v;
    }

    /** A member as written, or {@code dflt} when absent. */
    public Object valueOr(int row, int slot, Object dflt) {
        return has(row, slot) ? value(row, slot) : dflt;
    }

    /** task_id normalised as u64; meaningful only if {@link #taskIdOk}. */
    public long taskId(int row) {
        return taskId.get(row);
    }

    public boolean taskIdOk(int row) {
        return (meta.get(row) & TASK_ID_OK) != 0;
    }

    /** task_id present, convertible and not negative as written: an orchestrator record that names a task. */
    public boolean taskIdNonNegative(int row) {
        return (meta.get(row) & TASK_ID_NON_NEGATIVE) != 0;
    }

    /** Queue depths are valid iff both snapshots are 3-element arrays. */
    public boolean depthsValid(int row) {
        int m = (int) meta.get(row);
        int s = m >>> 2 * SHARED_AT_START & 3, e = m >>> 2 * SHARED_AT_END & 3;
        if (s == INLINE && e == INLINE) return true;
        if (s == ABSENT || e == ABSENT) return false;
        return isTriple(value(row, SHARED_AT_START)) && isTriple(value(row, SHARED_AT_END));
    }

    private static boolean isTriple(Object v) {
        return v instanceof List && ((List<?>) v).size() == 3;
    }

    /** tasks_processed as an integer (JsonValues#asLong), or {@code dflt} when absent, null or not convertible. */
    public long tasksProcessedOr(int row, long dflt) {
        Object v = value(row, TASKS_PROCESSED);
        if (!JsonValues.isPresent(v)) return dflt;
        Long l = JsonValues.asLong(v);
        return l == null ? dflt : l;
    }

    /** A view of one row. */
    public PhaseRecord record(int row) {
        check(row);
        return new PhaseRecord(this, row);
    }

    /** The rows {@code [from, to)} as a list of views. */
    public Lane lane(int from, int to) {
        Objects.checkFromToIndex(from, to, size);
        return new Lane(this, from, to);
    }

    /** Approximate bytes held by the columns (without array headers and without the side values). */
    public long columnBytes() {
        long b = start.bytes()
                + end.bytes()
                + kind.bytes()
                + meta.bytes()
                + taskId.bytes()
                + taskIdOther.bytes()
                + epoch.bytes();
        for (PagedColumns.Longs c : value) b += c.bytes();
        return b;
    }

    /** Values kept outside the columns (strings, floats, odd lists, ...); for tests and diagnostics. */
    int otherCount() {
        return others.size();
    }

    /**
     * One thread's records: a contiguous range of rows. {@link #get} makes a fresh view each time; code that
     * walks many records reads the table by {@link #row} instead.
     */
    public static final class Lane extends AbstractList<PhaseRecord> implements RandomAccess {
        public final PhaseTable table;
        /** First row. */
        public final int from;
        /** One past the last row. */
        public final int to;

        Lane(PhaseTable table, int from, int to) {
            this.table = table;
            this.from = from;
            this.to = to;
        }

        @Override
        public int size() {
            return to - from;
        }

        @Override
        public PhaseRecord get(int i) {
            return new PhaseRecord(table, row(i));
        }

        /** The table row of the lane's {@code i}-th record. */
        public int row(int i) {
            Objects.checkIndex(i, to - from);
            return from + i;
        }
    }
}
