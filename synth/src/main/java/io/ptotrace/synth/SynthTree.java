package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.io.OutputFile;
import io.ptotrace.io.OutputSet;
import io.ptotrace.io.Outputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A multi-chip job's {@code dfx_outputs/} tree: {@code rank<r>/d<d>/} holds the streams-era capture of
 * dispatch d on rank r (records, deps.json, name map and {@code dispatch_identity.json}), and the root one
 * Host log per rank ({@code host.<5000+r>.log}, one invocation per dispatch). Dispatch d of every rank is
 * parent dispatch {@code RUN_ID:d} of a group of all ranks; each rank has its own device clock (its own
 * seed), and the ranks' runner windows start a few microseconds apart on the shared Host clock.
 */
public final class SynthTree {
    /** The parent dispatch's run id every sidecar names. */
    public static final long RUN_ID = 17;
    /** Host pid of rank r's process: {@code HOST_PID_BASE + r}. */
    public static final long HOST_PID_BASE = 5000;
    /** Host time between two dispatches, ns. */
    static final long DISPATCH_GAP_NS = 3_000_000;
    /** Host time between two ranks' runner windows, ns. */
    static final long RANK_SKEW_NS = 4_600;

    private SynthTree() {}

    /** What was written. */
    public record Result(Path root, List<SynthRun.Result> captures, List<Path> hostLogs) {}

    /**
     * Writes {@code ranks × dispatches} captures of {@code base} (streams era) under {@code root}. Capture
     * (r, d) uses seed {@code base.seed() · 1000 + 31·r + d} and run epoch d + 1. Every file of the tree goes
     * through one output set: all are put in place together, or, when anything fails, none, and the folders this
     * call made are removed again.
     */
    public static Result write(SynthOptions base, int ranks, int dispatches, Path root) throws IOException {
        if (!base.streamsEra()) {
            throw new IllegalArgumentException("a multi-rank tree is of the streams era (--era streams)");
        }
        if (ranks < 1 || ranks > 29) {
            throw new IllegalArgumentException("ranks must be in 1..29, got " + ranks);
        }
        if (dispatches < 1 || dispatches > 64) {
            throw new IllegalArgumentException("dispatches must be in 1..64, got " + dispatches);
        }
        List<Path> created = new ArrayList<>(); // folders this call made, removed again when it fails
        try (OutputSet set = Outputs.newSet()) {
            Result r = writeInto(set, base, ranks, dispatches, root, created);
            set.commit();
            created.clear();
            return r;
        } finally {
            for (int i = created.size() - 1; i >= 0; i--) removeIfEmpty(created.get(i));
        }
    }

    /** Every file of the tree as an output of {@code set}: nothing is in place before the set is committed. */
    private static Result writeInto(
            OutputSet set, SynthOptions base, int ranks, int dispatches, Path root, List<Path> created)
            throws IOException {
        mkdirs(root, created);
        String digest = digest(base);
        List<SynthRun.Result> results = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            HostLog log = new HostLog(HOST_PID_BASE + r);
            for (int d = 0; d < dispatches; d++) {
                SynthOptions o = base.toBuilder()
                        .seed(base.seed() * 1000 + 31L * r + d)
                        .runEpoch(d + 1)
                        .build();
                Path dir = root.resolve("rank" + r).resolve("d" + d);
                mkdirs(dir, created);
                SynthRun.Result res = SynthRun.writeInto(set, o, dir, false);
                results.add(res);
                long start = SynthRun.HOST_BASE_NS + d * DISPATCH_GAP_NS + r * RANK_SKEW_NS;
                log.add(SynthRun.invocation(o, res.device(), d + 1, start, RUN_ID, d + 1));
                writeSidecar(add(set, dir.resolve("dispatch_identity.json")), r, d, ranks, digest);
            }
            Path file = root.resolve(log.fileName());
            log.write(add(set, file));
            logs.add(file);
        }
        return new Result(root, results, logs);
    }

    private static OutputFile.Pending add(OutputSet set, Path file) {
        return set.add(Outputs.plan(List.of(file), List.of()).get(0));
    }

    /** Creates {@code dir} and its missing parents, noting each one made (outermost first). */
    private static void mkdirs(Path dir, List<Path> created) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path p = dir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) missing.add(0, p);
        Files.createDirectories(dir);
        created.addAll(missing);
    }

    private static void removeIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // not empty (someone else's file) or not removable: left as it is
        }
    }

    private static void writeSidecar(OutputFile.Pending file, int rank, int d, int ranks, String digest)
            throws IOException {
        try (JsonOut jo = new JsonOut(file)) {
            JsonGenerator g = jo.gen;
            jo.pp.multiline();
            g.writeStartObject();
            g.writeNumberField("schema_version", 1);
            g.writeNumberField("run_id", RUN_ID);
            g.writeNumberField("task_slot", d);
            g.writeNumberField("group_index", rank);
            g.writeNumberField("group_size", ranks);
            g.writeNumberField("chip_rank", rank);
            g.writeNumberField("local_capture_index", d);
            g.writeNumberField("endpoint_dispatch_id", d + 1);
            g.writeNumberField("pipeline_slot", 0);
            g.writeNumberField("pipeline_generation", 1);
            g.writeNumberField("host_pid", HOST_PID_BASE + rank);
            g.writeStringField("callable_digest", digest);
            g.writeEndObject();
            jo.commit();
        }
    }

    /** The callable every rank ran: a digest of the generator settings that shape the graph. */
    private static String digest(SynthOptions o) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of()
                    .formatHex(md.digest(("synth " + o.tasks() + " " + o.level() + " " + o.runtime())
                            .getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
