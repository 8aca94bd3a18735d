package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.io.OutputFile;
import java.io.IOException;
import java.util.Arrays;

/**
 * Streams the records file ({@code l2_swimlane_records.json} / {@code chip_swimlane_records.json})
 * of a finished {@link Simulation}.
 *
 * <p>Scheduler phases (level ≥ 3) are derived per scheduler thread from the time-sorted points the
 * thread handled: AICore finishes (grouped into {@code complete} records that contain them), AICore
 * dispatches ({@code dispatch} records that contain them) and dummy/predicated markers (point
 * records inside a {@code dummy} record). Records of one thread never overlap, except the
 * {@code resolve} records nested inside some completes/dummies; a few {@code release} records fill
 * idle gaps after completes.
 */
final class RecordsWriter implements SchedulerPhases.Sink {
    private static final SerializedString K_METADATA = JsonOut.key("metadata");
    private static final SerializedString K_FREQ = JsonOut.key("clock_freq_hz");
    private static final SerializedString K_NUM_CORES = JsonOut.key("num_cores");
    private static final SerializedString K_CORE_TYPES = JsonOut.key("core_types");
    private static final SerializedString K_CORE_TO_THREAD = JsonOut.key("core_to_thread");
    private static final SerializedString K_AICORE = JsonOut.key("aicore_tasks");
    private static final SerializedString K_AICPU = JsonOut.key("aicpu_tasks");
    private static final SerializedString K_SCHED = JsonOut.key("aicpu_scheduler_phases");
    private static final SerializedString K_ORCH = JsonOut.key("aicpu_orchestrator_phases");
    private static final SerializedString K_KIND = JsonOut.key("kind");
    private static final SerializedString K_START = JsonOut.key("start_cycles");
    private static final SerializedString K_END = JsonOut.key("end_cycles");
    private static final SerializedString K_LOOP = JsonOut.key("loop_iter");
    private static final SerializedString K_TP = JsonOut.key("tasks_processed");
    private static final SerializedString K_POP_HIT = JsonOut.key("pop_hit");
    private static final SerializedString K_POP_MISS = JsonOut.key("pop_miss");
    private static final SerializedString K_TASK_ID = JsonOut.key("task_id");
    private static final SerializedString K_SAS = JsonOut.key("shared_at_start");
    private static final SerializedString K_SAE = JsonOut.key("shared_at_end");
    private static final SerializedString K_SUBMIT_IDX = JsonOut.key("submit_idx");

    private final Simulation sim;
    private final SynthOptions o;
    private final Timing tm;
    private final boolean chip;
    /** Streams era: object-wrapped streams, seven-key phase records with their metrics apart, run epochs. */
    private final boolean streams;

    private final boolean hbg;
    private final Rng rng;
    private final SchedulerPhases phases;
    private JsonGenerator g;
    private JsonOut out;

    long schedulerRecords;
    long orchestratorRecords;
    /** The device work's bounds in cycles, for the Host log that brackets it: every record, the scheduler streams, the orchestrator. */
    final Bounds extent = new Bounds();

    final Bounds sched = new Bounds();
    final Bounds orch = new Bounds();

    // streams era: the current stream's record count and its metrics (record index, pops, queue depths)
    private int streamRecords;
    private long[] metrics = new long[0];
    private int metricCount;

    /** The smallest and largest positive cycle value seen. */
    static final class Bounds {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;

        void add(long c) {
            if (c > 0) {
                lo = Math.min(lo, c);
                hi = Math.max(hi, c);
            }
        }

        boolean empty() {
            return lo > hi;
        }
    }

    RecordsWriter(Simulation sim) {
        this.sim = sim;
        this.o = sim.o;
        this.tm = sim.tm;
        this.chip = o.era() != io.ptotrace.model.Era.L2;
        this.streams = o.streamsEra();
        this.hbg = streams && SynthOptions.HBG.equals(o.runtime());
        this.rng = new Rng(Rng.derive(o.effectiveTimingSeed(), 3));
        this.phases = new SchedulerPhases(sim, rng, this);
    }

    void write(OutputFile.Pending file) throws IOException {
        try (JsonOut jo = new JsonOut(file)) {
            g = jo.gen;
            out = jo;
            int level = o.level();
            jo.pp.multiline();
            g.writeStartObject();
            g.writeFieldName(o.era().levelKey);
            g.writeNumber(level);

            g.writeFieldName(K_METADATA);
            g.writeStartObject();
            if (streams) {
                g.writeStringField("runtime", o.runtime());
            }
            g.writeFieldName(K_FREQ);
            g.writeNumber(o.clockFreqHz());
            g.writeFieldName(K_NUM_CORES);
            g.writeNumber(sim.numCores);
            g.writeFieldName(K_CORE_TYPES);
            g.writeStartArray();
            for (int c = 0; c < sim.numCores; c++) {
                g.writeString(sim.coreType(c));
            }
            g.writeEndArray();
            if (level >= 3) {
                g.writeFieldName(K_CORE_TO_THREAD);
                g.writeStartArray();
                for (int c = 0; c < sim.numCores; c++) {
                    g.writeNumber(sim.coreThread[c]);
                }
                g.writeEndArray();
            }
            if (streams) {
                g.writeStringField("host_clock_domain_id", HOST_CLOCK_DOMAIN);
            }
            g.writeEndObject();

            int[] order = rowsByCore();
            RowStore r = sim.rows;
            g.writeFieldName(K_AICORE);
            jo.pp.multiline();
            g.writeStartArray();
            for (int k = 0; k < order.length; k++) {
                int i = order[k];
                long start = r.start(i);
                g.writeStartArray();
                g.writeNumber(r.core[i]);
                g.writeNumber(sim.taskId[r.task[i]]);
                g.writeNumber(r.reg[i]);
                g.writeNumber(start);
                g.writeNumber(start + r.exec[i]);
                if (streams) {
                    // seven columns: the receive-to-start cycles (0 where the runtime wrote none) and the run epoch
                    g.writeNumber(r.v2(i) ? 0 : r.r2s[i]);
                    g.writeNumber(o.runEpoch());
                } else if (!r.v2(i)) {
                    g.writeNumber(r.r2s[i]);
                }
                g.writeEndArray();
                extent.add(start - (r.v2(i) ? 0 : r.r2s[i]));
                extent.add(start + r.exec[i]);
            }
            g.writeEndArray();

            if (streams) {
                if (level >= 2) {
                    g.writeFieldName("scheduler_tasks");
                    g.writeStartObject();
                    g.writeNumberField("schema_version", 1);
                    g.writeStringField("producer", "aicpu");
                    g.writeFieldName("records");
                    jo.pp.multiline();
                    g.writeStartArray();
                    for (int k = 0; k < order.length; k++) {
                        int i = order[k];
                        g.writeStartArray();
                        g.writeNumber(r.core[i]);
                        g.writeNumber(r.reg[i]);
                        g.writeNumber(r.dispatch[i]);
                        g.writeNumber(r.finish(i));
                        g.writeNumber(o.runEpoch());
                        g.writeEndArray();
                        extent.add(r.dispatch[i]);
                        extent.add(r.finish(i));
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
            } else {
                g.writeFieldName(K_AICPU);
                jo.pp.multiline();
                g.writeStartArray();
                if (level >= 2) {
                    for (int k = 0; k < order.length; k++) {
                        int i = order[k];
                        g.writeStartArray();
                        g.writeNumber(r.core[i]);
                        g.writeNumber(r.reg[i]);
                        g.writeNumber(r.dispatch[i]);
                        g.writeNumber(r.finish(i));
                        g.writeEndArray();
                    }
                }
                g.writeEndArray();
            }
            order = null;

            if (level >= 3 && streams) {
                g.writeFieldName("scheduler_records");
                g.writeStartObject();
                g.writeNumberField("schema_version", 1);
                g.writeFieldName("streams");
                jo.pp.multiline();
                g.writeStartArray();
                for (int t = 0; t < sim.schedThreads; t++) {
                    jo.pp.multiline();
                    g.writeStartObject();
                    g.writeStringField("platform", "a2a3");
                    g.writeStringField("producer", "aicpu");
                    g.writeNumberField("scheduler_id", t);
                    g.writeNumberField("worker_id", t);
                    g.writeStringField("core_type", "aicpu");
                    g.writeNullField("physical_core_id");
                    g.writeFieldName("records");
                    jo.pp.multiline();
                    g.writeStartArray();
                    streamRecords = 0;
                    metricCount = 0;
                    phases.writeThread(t);
                    g.writeEndArray();
                    writeMetrics();
                    g.writeFieldName("capture");
                    g.writeStartObject();
                    g.writeNumberField("committed", streamRecords);
                    g.writeNumberField("dropped", 0);
                    g.writeBooleanField("truncated", false);
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            } else if (level >= 3) {
                g.writeFieldName(K_SCHED);
                jo.pp.multiline();
                g.writeStartArray();
                for (int t = 0; t < sim.schedThreads; t++) {
                    jo.pp.multiline();
                    g.writeStartArray();
                    phases.writeThread(t);
                    g.writeEndArray();
                }
                g.writeEndArray();
            }
            if (level >= 3) {

                g.writeFieldName(K_ORCH);
                jo.pp.multiline();
                g.writeStartArray();
                if (level >= 4) {
                    for (int ot = 0; ot < sim.orchThreads; ot++) {
                        jo.pp.multiline();
                        g.writeStartArray();
                        for (int gi = ot; gi < sim.n; gi += sim.orchThreads) {
                            g.writeStartObject();
                            g.writeFieldName(K_SUBMIT_IDX);
                            g.writeNumber(gi);
                            g.writeFieldName(K_TASK_ID);
                            g.writeNumber(sim.taskId[gi]);
                            g.writeFieldName(K_START);
                            g.writeNumber(sim.subStart[gi]);
                            g.writeFieldName(K_END);
                            g.writeNumber(sim.subStart[gi] + sim.subDur[gi]);
                            if (streams) {
                                g.writeNumberField("run_epoch", o.runEpoch());
                            }
                            g.writeEndObject();
                            orchestratorRecords++;
                            orch.add(sim.subStart[gi]);
                            orch.add(sim.subStart[gi] + sim.subDur[gi]);
                            extent.add(sim.subStart[gi]);
                            extent.add(sim.subStart[gi] + sim.subDur[gi]);
                        }
                        g.writeEndArray();
                    }
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            jo.commit();
        }
    }

    /** Row indices grouped by core (ascending), each core's rows in dispatch order. */
    private int[] rowsByCore() {
        RowStore r = sim.rows;
        int[] start = new int[sim.numCores + 1];
        for (int i = 0; i < r.n; i++) {
            start[r.core[i] + 1]++;
        }
        for (int c = 0; c < sim.numCores; c++) {
            start[c + 1] += start[c];
        }
        int[] order = new int[r.n];
        for (int i = 0; i < r.n; i++) {
            order[start[r.core[i]]++] = i;
        }
        return order;
    }

    @Override
    public void phase(
            String kind,
            long s,
            long e,
            long loop,
            long tp,
            long popHit,
            long popMiss,
            boolean hasTask,
            long taskId,
            int[] sas,
            int[] sae,
            boolean queueRecord)
            throws IOException {
        if (streams) {
            streamPhase(kind, s, e, loop, tp, popHit, popMiss, hasTask, taskId, sas, sae);
            return;
        }
        g.writeStartObject();
        g.writeFieldName(K_KIND);
        g.writeString(kind);
        g.writeFieldName(K_START);
        g.writeNumber(s);
        g.writeFieldName(K_END);
        g.writeNumber(e);
        g.writeFieldName(K_LOOP);
        g.writeNumber(loop);
        g.writeFieldName(K_TP);
        g.writeNumber(tp);
        if (popHit >= 0) {
            g.writeFieldName(K_POP_HIT);
            g.writeNumber(popHit);
            g.writeFieldName(K_POP_MISS);
            g.writeNumber(popMiss);
        }
        if (hasTask) {
            g.writeFieldName(K_TASK_ID);
            g.writeNumber(taskId);
        }
        if (chip || queueRecord) {
            g.writeFieldName(K_SAS);
            g.writeArray(sas, 0, 3);
            g.writeFieldName(K_SAE);
            g.writeArray(sae, 0, 3);
        }
        g.writeEndObject();
        schedulerRecords++;
    }

    /** The Host clock domain every streams-era capture names (one machine: the ranks of a tree share it). */
    static final String HOST_CLOCK_DOMAIN = "boot-synth";

    /** Kinds a host_build_graph scheduler does not record (its vocabulary has no release or Worker View markers). */
    private static boolean hbgSkips(String kind) {
        return kind.equals("release")
                || kind.equals("dummy_task")
                || kind.equals("predicated_skip")
                || kind.equals("resolve");
    }

    /** A streams-era record: exactly the seven fixed members; pops and queue depths go to the stream's metrics. */
    private void streamPhase(
            String kind,
            long s,
            long e,
            long loop,
            long tp,
            long popHit,
            long popMiss,
            boolean hasTask,
            long taskId,
            int[] sas,
            int[] sae)
            throws IOException {
        if (hbg && hbgSkips(kind)) {
            return;
        }
        g.writeStartObject();
        g.writeFieldName(K_START);
        g.writeNumber(s);
        g.writeFieldName(K_END);
        g.writeNumber(e);
        g.writeNumberField("run_epoch", o.runEpoch());
        g.writeFieldName(K_LOOP);
        g.writeNumber(loop);
        g.writeFieldName(K_KIND);
        g.writeString(kind);
        g.writeFieldName(K_TP);
        g.writeNumber(tp);
        g.writeFieldName(K_TASK_ID);
        if (hasTask) {
            g.writeNumber(taskId);
        } else {
            g.writeNull();
        }
        g.writeEndObject();
        sched.add(s);
        sched.add(e);
        extent.add(s);
        extent.add(e);
        int need = (metricCount + 1) * 9;
        if (need > metrics.length) {
            metrics = Arrays.copyOf(metrics, Math.max(need, metrics.length * 2));
        }
        int m = metricCount++ * 9;
        metrics[m] = streamRecords;
        metrics[m + 1] = popHit;
        metrics[m + 2] = popMiss;
        for (int k = 0; k < 3; k++) {
            metrics[m + 3 + k] = sas[k];
            metrics[m + 6 + k] = sae[k];
        }
        streamRecords++;
        schedulerRecords++;
    }

    private void writeMetrics() throws IOException {
        g.writeFieldName("metrics");
        out.pp.multiline();
        g.writeStartArray();
        for (int i = 0; i < metricCount; i++) {
            int m = i * 9;
            g.writeStartObject();
            g.writeNumberField("record_index", metrics[m]);
            if (metrics[m + 1] >= 0) {
                g.writeNumberField(K_POP_HIT.getValue(), metrics[m + 1]);
                g.writeNumberField(K_POP_MISS.getValue(), metrics[m + 2]);
            }
            g.writeFieldName(K_SAS);
            g.writeArray(metrics, m + 3, 3);
            g.writeFieldName(K_SAE);
            g.writeArray(metrics, m + 6, 3);
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
