package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.LongList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The task rows checked by their era's rules and joined: each AICore row with the dispatch row that carries its
 * key {@code (run_epoch, core, reg_task_id)}.
 */
final class RowJoin {
    private final Path file;
    private final TaskRows rows;
    private final Consumer<String> warn;

    RowJoin(Path file, TaskRows rows, Consumer<String> warn) {
        this.file = file;
        this.rows = rows;
        this.warn = warn;
    }

    /**
     * The older eras' rows: a start and end cycle count no counter reaches (at or beyond 2^63, kept as negative
     * bits) or an end before the start is refused, as the streams era refuses them; 0 stands for a missing time.
     */
    void checkRowTimes() {
        for (int i = 0, n = rows.core.size(); i < n; i++)
            AicoreRows.checkTiming(file, i, rows.cStart.get(i), rows.cEnd.get(i));
    }

    /** The row rules of the streams era, in the order the runtime's tools check them; the first failure is the error. */
    void checkStreamsRows(int level, TaskRuntime runtime) {
        int n = rows.core.size();
        PairIndex seen = new PairIndex(n);
        for (int i = 0; i < n; i++) {
            long st = rows.cStart.get(i), en = rows.cEnd.get(i), r = rows.r2s.get(i);
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
            if (seen.get(rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i)) >= 0)
                throw new InputProblem(
                        file,
                        "duplicate aicore_tasks join key: "
                                + keyText(rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i)),
                        null);
            seen.put(rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i), i);
            String bad = runtime.invalidId(rows.token.get(i));
            if (bad != null)
                throw new InputProblem(
                        file,
                        bad + " -- carried by an aicore_tasks row with core_id=" + rows.core.get(i) + ", run_epoch="
                                + epochText(rows.coreEpoch.get(i)),
                        null);
        }
        PairIndex sched = new PairIndex(rows.aCore.size());
        for (int j = 0; j < rows.aCore.size(); j++) {
            if (sched.get(rows.aEpoch.get(j), rows.aCore.get(j), rows.aReg.get(j)) >= 0)
                throw new InputProblem(
                        file, "scheduler_tasks contains duplicate (run_epoch, core_id, reg_task_id) join keys", null);
            sched.put(rows.aEpoch.get(j), rows.aCore.get(j), rows.aReg.get(j), j);
        }
        for (int j = 0; j < rows.aCore.size(); j++)
            if (!(0 < rows.aDispatch.get(j) && rows.aDispatch.get(j) <= rows.aFinish.get(j)))
                throw new InputProblem(
                        file,
                        "scheduler_tasks.records[" + j + "] has invalid timing: expected 0 < dispatch_cycles <="
                                + " finish_cycles",
                        null);
        if (level < 2 || n == 0) return;
        if (rows.aCore.size() == 0)
            throw new InputProblem(file, "level " + level + " requires Scheduler task timing records", null);
        List<long[]> missing = new ArrayList<>();
        for (int i = 0; i < n; i++)
            if (sched.get(rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i)) < 0)
                missing.add(new long[] {rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i)});
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

    private static String epochText(long e) {
        return e == TaskRows.IMPLICIT_EPOCH ? "None" : Long.toString(e);
    }

    private static String keyText(long e, long c, long r) {
        return "(" + epochText(e) + ", " + c + ", " + r + ")";
    }

    /**
     * The AICore row of each joined row and its dispatch row (-1: none): AICore rows by {@code (run_epoch, core,
     * reg_task_id)}, the key dispatch rows carry (later rows replace earlier ones; a streams-era capture may not
     * repeat a key, checked with its rows); dispatch rows without an AICore row are counted in one warning.
     * Without dispatch rows every AICore row stands alone.
     */
    LongList[] joinRows(Era era, int level) {
        int n = rows.core.size();
        PairIndex lookup = new PairIndex(n);
        for (int i = 0; i < n; i++) lookup.put(rows.coreEpoch.get(i), rows.core.get(i), rows.reg.get(i), i);

        LongList rowSrc = new LongList(Math.max(n, 16));
        LongList rowAicpu = new LongList(Math.max(n, 16));
        if (rows.aCore.size() > 0) {
            Map<Long, Integer> unmatched = new LinkedHashMap<>();
            int unmatchedTotal = 0;
            for (int j = 0; j < rows.aCore.size(); j++) {
                int i = lookup.get(rows.aEpoch.get(j), rows.aCore.get(j), rows.aReg.get(j));
                if (i < 0) {
                    unmatched.merge(rows.aCore.get(j), 1, Integer::sum);
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
                                + era.unmatchedSource(rows.schedProducer)
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
