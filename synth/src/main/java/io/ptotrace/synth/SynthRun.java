package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.io.OutputFile;
import io.ptotrace.io.OutputProblem;
import io.ptotrace.io.OutputSet;
import io.ptotrace.io.Outputs;
import io.ptotrace.io.TempFiles;
import io.ptotrace.model.util.SecondThread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes one synthetic PTO run into a directory: the records file of the chosen era
 * ({@code l2_swimlane_records.json} or {@code chip_swimlane_records.json}), {@code deps.json} and
 * {@code name_map_synth.json}, mutually consistent and byte-identical for identical options.
 *
 * <p>All three files are streamed with Jackson's {@code JsonGenerator}; only per-task and per-row
 * primitive arrays are held (about 40 bytes per task plus 40–50 bytes per AICore row), so 10
 * million tasks need about 1.1 GB of heap. Each file is written to a temporary file and renamed into
 * place when complete. deps.json does not depend on the simulated timing, so it is written by two helper
 * threads (edges to a side file that is spliced in) while the calling thread simulates and writes
 * the records file; the bytes never depend on the threads.
 */
public final class SynthRun {
    /** File name of the dependency graph. */
    public static final String DEPS_FILE = "deps.json";
    /** File name of the function-name map. */
    public static final String NAME_MAP_FILE = "name_map_synth.json";
    /** {@code orchestrator_name} written into the name map. */
    public static final String ORCHESTRATOR_NAME = "Synth";

    private SynthRun() {}

    /**
     * What was written, with the counts a caller may want to print.
     *
     * @param recordsFile the records file
     * @param depsFile {@code deps.json}, or null when not requested
     * @param nameMapFile the name map, or null when not requested
     * @param tasks submitted tasks (all kinds)
     * @param kernelTasks kernel tasks that ran (have AICore rows)
     * @param allocTasks alloc tasks (orchestrator record only; no tasks[] entry)
     * @param dummyTasks dummy tasks
     * @param predicatedTasks predicated-skip tasks
     * @param aicoreRows AICore rows (block dispatches)
     * @param schedulerRecords scheduler phase records written (level ≥ 3)
     * @param orchestratorRecords orchestrator records written (level 4)
     * @param tensors tensors in deps.json {@code tensors[]}
     * @param annotatedEdges rows of deps.json {@code edges[]}
     * @param timedPairs distinct (pred, succ) pairs where both tasks are timed kernel tasks
     * @param violatingPairs of those, pairs whose consumer starts before the producer ends
     * @param elapsed wall time of {@link #write}
     * @param hostLog streams era: the Host log written beside the records (an output of the same set), or null
     * @param device streams era: the device work's bounds in cycles, {extent, scheduler streams, orchestrator}
     *     lo/hi (0 where there is none), or null
     */
    public record Result(
            Path recordsFile,
            Path depsFile,
            Path nameMapFile,
            long tasks,
            long kernelTasks,
            long allocTasks,
            long dummyTasks,
            long predicatedTasks,
            long aicoreRows,
            long schedulerRecords,
            long orchestratorRecords,
            long tensors,
            long annotatedEdges,
            long timedPairs,
            long violatingPairs,
            Duration elapsed,
            Path hostLog,
            long[] device) {

        /** {@code violatingPairs / timedPairs} (0 when there are no timed pairs). */
        public double violationShare() {
            return timedPairs == 0 ? 0.0 : (double) violatingPairs / timedPairs;
        }

        /** A one-paragraph human-readable summary. */
        public String summary() {
            return String.format(
                    "%d tasks (%d kernel, %d alloc, %d dummy, %d predicated), %d AICore rows, %d edges, "
                            + "%d tensors, %d scheduler records, %d orchestrator records, hb violations %d/%d "
                            + "pairs (%.4f), %.2f s",
                    tasks,
                    kernelTasks,
                    allocTasks,
                    dummyTasks,
                    predicatedTasks,
                    aicoreRows,
                    annotatedEdges,
                    tensors,
                    schedulerRecords,
                    orchestratorRecords,
                    violatingPairs,
                    timedPairs,
                    violationShare(),
                    elapsed.toMillis() / 1000.0);
        }
    }

    /**
     * Generates the run described by {@code options} into {@code dir} (created if needed; existing
     * files of the same names are replaced, all of them or, on a failure, none).
     */
    public static Result write(SynthOptions options, Path dir) throws IOException {
        return write(options, dir, options.streamsEra());
    }

    /** Host process and log time of a single capture's Host log. */
    static final long SINGLE_HOST_PID = 4242;

    static final long HOST_BASE_NS = 6_957_846_000_000L;

    /** As {@link #write(SynthOptions, Path)}; {@code hostLog}: write a streams-era capture's Host log beside it. */
    static Result write(SynthOptions options, Path dir, boolean hostLog) throws IOException {
        try (OutputSet set = Outputs.newSet()) {
            Result r = writeInto(set, options, dir, hostLog);
            set.commit();
            return r;
        }
    }

    /**
     * Writes the run's files (records, deps.json, name map and, with {@code hostLog}, the Host log) as outputs of
     * {@code set}; they are put in place when the caller commits it, together with anything else it holds.
     */
    static Result writeInto(OutputSet set, SynthOptions options, Path dir, boolean hostLog) throws IOException {
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        Path records = dir.resolve(options.recordsFileName());
        Path deps = options.withDeps() ? dir.resolve(DEPS_FILE) : null;
        Path nameMap = options.withNameMap() ? dir.resolve(NAME_MAP_FILE) : null;
        HostLog log = hostLog && options.streamsEra() ? new HostLog(SINGLE_HOST_PID) : null;
        List<Path> outputs = new ArrayList<>(List.of(records));
        if (deps != null) {
            outputs.add(deps);
        }
        if (nameMap != null) {
            outputs.add(nameMap);
        }
        if (log != null) {
            outputs.add(dir.resolve(log.fileName()));
        }
        List<OutputFile> planned = Outputs.plan(outputs, List.of());
        int next = 0;
        OutputFile.Pending recordsOut = set.add(planned.get(next++));
        OutputFile.Pending depsOut = deps != null ? set.add(planned.get(next++)) : null;
        OutputFile.Pending nameMapOut = nameMap != null ? set.add(planned.get(next++)) : null;
        OutputFile.Pending logOut = log != null ? set.add(planned.get(next)) : null;
        return write(options, dir, recordsOut, depsOut, nameMapOut, log, logOut, t0);
    }

    private static Result write(
            SynthOptions options,
            Path dir,
            OutputFile.Pending records,
            OutputFile.Pending deps,
            OutputFile.Pending nameMap,
            HostLog hostLog,
            OutputFile.Pending hostLogOut,
            long t0)
            throws IOException {

        // deps.json does not depend on the timing: its two halves are written on two threads while
        // this thread simulates and writes the records file (the bytes never depend on the threads)
        DepsWriter edgesWriter = new DepsWriter(options);
        DepsWriter mainWriter = new DepsWriter(options);
        SecondThread<Void> edges = null;
        SecondThread<Void> main = null;
        Path fragment = null;
        if (deps != null) {
            Path edgesFile = TempFiles.create(dir);
            fragment = edgesFile;
            IoTask edgesTask = named(deps, () -> edgesWriter.writeEdgesFragment(edgesFile));
            SecondThread<Void> edgesWrite = SecondThread.start("ptotrace-synth-edges", () -> {
                edgesTask.run();
                return null;
            });
            edges = edgesWrite;
            IoTask mainTask = named(deps, () -> mainWriter.writeMain(deps, edgesFile, edgesWrite));
            main = SecondThread.start("ptotrace-synth-deps", () -> {
                mainTask.run();
                return null;
            });
        }
        Simulation sim;
        RecordsWriter recordsWriter;
        try {
            sim = new Simulation(options);
            sim.run(new GraphGen(options));
            recordsWriter = new RecordsWriter(sim);
            named(records, () -> recordsWriter.write(records)).run();
            if (nameMap != null) {
                named(nameMap, () -> writeNameMap(nameMap)).run();
            }
        } finally {
            if (main != null) {
                main.await();
                edges.await();
            }
            if (fragment != null) {
                TempFiles.delete(fragment);
            }
        }
        if (main != null) {
            edges.join();
            main.join();
        }
        long[] device = null;
        Path log = null;
        if (options.streamsEra()) {
            device = new long[] {
                lo(recordsWriter.extent),
                hi(recordsWriter.extent),
                lo(recordsWriter.sched),
                hi(recordsWriter.sched),
                lo(recordsWriter.orch),
                hi(recordsWriter.orch)
            };
            if (hostLog != null) {
                hostLog.add(invocation(options, device, 1, HOST_BASE_NS, 1, 1));
                named(hostLogOut, () -> hostLog.write(hostLogOut)).run();
                log = hostLogOut.target().shown();
            }
        }
        return new Result(
                records.target().shown(),
                deps == null ? null : deps.target().shown(),
                nameMap == null ? null : nameMap.target().shown(),
                sim.n,
                sim.kernelTasks,
                sim.allocTasks,
                sim.dummyTasks,
                sim.predicatedTasks,
                sim.rows.n,
                recordsWriter.schedulerRecords,
                recordsWriter.orchestratorRecords,
                sim.tensors,
                sim.annotatedEdges,
                sim.timedPairs,
                sim.violatingPairs,
                Duration.ofNanos(System.nanoTime() - t0),
                log,
                device);
    }

    /** The Host invocation that ran a capture whose device bounds are {@code device}. */
    static HostLog.Invocation invocation(
            SynthOptions o, long[] device, long inv, long runnerStartNs, long runId, long dispatchId) {
        return new HostLog.Invocation(
                inv,
                runnerStartNs,
                runId,
                dispatchId,
                o.runEpoch(),
                o.clockFreqHz(),
                device[0],
                device[1],
                device[2],
                device[3],
                device[4],
                device[5]);
    }

    private static long lo(RecordsWriter.Bounds b) {
        return b.empty() ? 0 : b.lo;
    }

    private static long hi(RecordsWriter.Bounds b) {
        return b.empty() ? 0 : b.hi;
    }

    /** An IO task. */
    private interface IoTask {
        void run() throws IOException;
    }

    /** {@code task}, its write failures naming the output the user sees (never a temporary file). */
    private static IoTask named(OutputFile.Pending out, IoTask task) {
        return () -> {
            try {
                task.run();
            } catch (IOException e) {
                throw OutputProblem.cannotWrite(out.target().shown(), e);
            }
        };
    }

    private static void writeNameMap(OutputFile.Pending file) throws IOException {
        try (JsonOut jo = new JsonOut(file)) {
            JsonGenerator g = jo.gen;
            jo.pp.multiline();
            g.writeStartObject();
            g.writeNumberField("level", 2);
            g.writeStringField("orchestrator_name", ORCHESTRATOR_NAME);
            g.writeFieldName("callable_id_to_name");
            jo.pp.multiline();
            g.writeStartObject();
            for (Map.Entry<Integer, String> e : Kernels.nameMap().entrySet()) {
                g.writeStringField(Integer.toString(e.getKey()), e.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
            jo.commit();
        }
    }
}
