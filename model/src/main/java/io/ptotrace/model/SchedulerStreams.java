package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The streams era's scheduler phases ({@code scheduler_records}): one stream per scheduler thread, each with its
 * metadata, its records (added to the phase table) and metrics that add members to the records they name.
 */
final class SchedulerStreams {
    private final Path file;
    private final PhaseTable table;
    private final PhaseRecords phases;
    /** Whether the file holds {@code scheduler_records}. */
    boolean present;
    /** Each stream's metadata and its records' row range of the table, in file order; null when absent. */
    List<Map<String, Object>> streamMeta;

    List<PhaseTable.Lane> lanes;
    /** The raw start and end cycles of every record, two per record in file order. */
    final LongList raw = new LongList();

    SchedulerStreams(Path file, PhaseTable table, PhaseRecords phases) {
        this.file = file;
        this.table = table;
        this.phases = phases;
    }

    private InputProblem problem(JsonParser p, String msg) {
        return InputProblem.at(file, p, msg);
    }

    /** The members every record of a scheduler stream has, and no others. */
    private static final List<String> STREAM_RECORD_KEYS =
            List.of("end_cycles", "kind", "loop_iter", "run_epoch", "start_cycles", "task_id", "tasks_processed");

    private static final List<String> STREAM_META_KEYS =
            List.of("platform", "producer", "scheduler_id", "worker_id", "core_type", "physical_core_id", "capture");

    /** {@code scheduler_records {streams: [{producer, scheduler_id, ..., records: [...], metrics: [...]}, ...]}}. */
    void readSchedulerRecords(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw problem(p, "scheduler_records must be an object");
        present = true;
        streamMeta = new ArrayList<>();
        lanes = new ArrayList<>();
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
            while (p.nextToken() != JsonToken.END_ARRAY) readStream(p, lanes.size());
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
        lanes.add(table.lane(from, to));
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
        raw.add(start);
        raw.add(end);
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

    /**
     * The scheduler streams at their thread index: each at its {@code scheduler_id} when every stream names a
     * distinct one in 0..255 (gaps become empty threads), else in file order. {@code meta} receives each
     * thread's stream metadata.
     */
    List<PhaseTable.Lane> placeStreams(List<Map<String, Object>> meta) {
        int count = lanes.size();
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
            return new ArrayList<>(lanes);
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
            out.set(id, lanes.get(k));
            meta.set(id, streamMeta.get(k));
        }
        return out;
    }
}
