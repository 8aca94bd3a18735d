package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * A capture's raw stamps put on the trace's axis by its clock, each checked: the joined task rows in task order,
 * the device phase records, the streams era's scheduler records and the Host orchestrator's records. A stamp no
 * counter reaches, or one that lands days from the run, is refused with the row or record it came from.
 */
final class AxisTimes {
    private final Path file;
    private final TaskRows taskRows;
    private final PhaseTable table;

    AxisTimes(Path file, TaskRows taskRows, PhaseTable table) {
        this.file = file;
        this.taskRows = taskRows;
        this.table = table;
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

    /** The task rows of a timeline: each joined row, by (run epoch, task token), with its times in µs. */
    static final class Rows {
        final int rows;
        final long[] taskId, runEpoch;
        final int[] coreId;
        final String[] coreType;
        final double[] st, en, di, fi, lo, re;

        Rows(int rows, boolean runEpochs) {
            this.rows = rows;
            taskId = new long[rows];
            runEpoch = runEpochs ? new long[rows] : null;
            coreId = new int[rows];
            coreType = new String[rows];
            st = new double[rows];
            en = new double[rows];
            di = new double[rows];
            fi = new double[rows];
            lo = new double[rows];
            re = new double[rows];
        }
    }

    /** The joined rows ({@code joined}: AICore row, dispatch row or −1) in task order, on the trace's axis. */
    Rows rows(Era era, LongList[] joined, String[] coreTypes, LongToDoubleFunction toUs, double factor) {
        LongList rowSrc = joined[0], rowAicpu = joined[1];
        int rows = rowSrc.size();
        long[] tokens = new long[rows];
        long[] epochs = new long[rows];
        for (int k = 0; k < rows; k++) {
            tokens[k] = taskRows.token.get((int) rowSrc.get(k));
            epochs[k] = taskRows.coreEpoch.get((int) rowSrc.get(k));
        }
        int[] order = IndexSort.identity(rows);
        IndexSort.sortByKey(order, 0, rows, r -> epochs[r], r -> IndexSort.unsignedKey(tokens[r]));
        Rows t = new Rows(rows, era.writesRunEpochs());
        long[] runEpoch = t.runEpoch, taskId = t.taskId;
        int[] coreId = t.coreId;
        String[] coreType = t.coreType;
        double[] st = t.st, en = t.en, di = t.di, fi = t.fi, lo = t.lo, re = t.re;
        double[] recvOut = new double[2];
        for (int k = 0; k < rows; k++) {
            int src = order[k];
            int i = (int) rowSrc.get(src);
            int j = (int) rowAicpu.get(src);
            taskId[k] = tokens[src];
            if (runEpoch != null) runEpoch[k] = epochs[src];
            long c = taskRows.core.get(i);
            coreId[k] = (int) c;
            coreType[k] = c >= 0 && c < coreTypes.length ? coreTypes[(int) c] : "aiv";
            st[k] = toUs.applyAsDouble(taskRows.cStart.get(i));
            en[k] = toUs.applyAsDouble(taskRows.cEnd.get(i));
            era.receive(taskRows.cStart.get(i), taskRows.r2s.get(i), st[k], factor, toUs, recvOut);
            re[k] = recvOut[0];
            lo[k] = recvOut[1];
            if (j >= 0) {
                di[k] = toUs.applyAsDouble(taskRows.aDispatch.get(j));
                fi[k] = toUs.applyAsDouble(taskRows.aFinish.get(j));
                if (!(Math.abs(di[k]) <= MAX_TIME_US))
                    throw badTime("aicpu_tasks row " + j + ": its dispatch time", taskRows.aDispatch.get(j), di[k]);
                if (!(Math.abs(fi[k]) <= MAX_TIME_US))
                    throw badTime("aicpu_tasks row " + j + ": its finish time", taskRows.aFinish.get(j), fi[k]);
            }
            if (!(Math.abs(st[k]) <= MAX_TIME_US))
                throw badTime("aicore_tasks row " + i + ": its start time", taskRows.cStart.get(i), st[k]);
            if (!(Math.abs(en[k]) <= MAX_TIME_US))
                throw badTime("aicore_tasks row " + i + ": its end time", taskRows.cEnd.get(i), en[k]);
            if (!(Math.abs(re[k]) <= MAX_TIME_US))
                throw badTime(
                        "aicore_tasks row " + i + ": its receive time",
                        taskRows.cStart.get(i) - taskRows.r2s.get(i),
                        re[k]);
        }
        return t;
    }

    /** The streams era's scheduler records on the trace's axis. */
    void streamRecords(List<PhaseTable.Lane> streamLanes, LongList raw, LongToDoubleFunction toUs) {
        int k = 0;
        for (PhaseTable.Lane lane : streamLanes)
            for (int r = lane.from; r < lane.to; r++) {
                double st0 = toUs.applyAsDouble(raw.get(k++));
                table.setTimes(r, st0, toUs.applyAsDouble(raw.get(k++)));
            }
    }

    /**
     * The device records of {@code lanes} (scheduler or orchestrator, {@code what} in messages) on the trace's
     * axis, each checked; {@code kind}, when given, replaces their kind.
     */
    void records(List<PhaseTable.Lane> lanes, LongList raw, String what, String kind, LongToDoubleFunction toUs) {
        int k = 0;
        for (PhaseTable.Lane lane : lanes)
            for (int r = lane.from; r < lane.to; r++) {
                double s = toUs.applyAsDouble(raw.get(k++)), e = toUs.applyAsDouble(raw.get(k++));
                noCounterReaches(what + " " + (k / 2 - 1), raw.get(k - 2), raw.get(k - 1));
                if (!(Math.abs(s) <= MAX_TIME_US))
                    throw badTime(what + " " + (k / 2 - 1) + ": its start", raw.get(k - 2), s);
                if (!(Math.abs(e) <= MAX_TIME_US))
                    throw badTime(what + " " + (k / 2 - 1) + ": its end", raw.get(k - 1), e);
                table.setTimes(r, s, e);
                if (kind != null) table.setKind(r, kind);
            }
    }

    /** The Host orchestrator's records on the trace's axis (Host ns from {@code origin}); its non-empty lanes, or null. */
    List<PhaseTable.Lane> hostLanes(List<PhaseTable.Lane> hostOrch, LongList hostRaw, long origin) {
        List<PhaseTable.Lane> lanes = new ArrayList<>();
        int k = 0;
        if (hostOrch != null)
            for (PhaseTable.Lane lane : hostOrch) {
                for (int r = lane.from; r < lane.to; r++) {
                    long rawStart = hostRaw.get(k++), rawEnd = hostRaw.get(k++);
                    if (rawStart < origin || rawEnd < rawStart)
                        throw new InputProblem(
                                file,
                                "invalid host orchestrator phase: origin=" + origin + ", start=" + rawStart + ", end="
                                        + rawEnd,
                                null);
                    table.setTimes(r, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0);
                    table.setKind(r, "orch_submit");
                }
                if (!lane.isEmpty()) lanes.add(lane);
            }
        return lanes.isEmpty() ? null : lanes;
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
}
