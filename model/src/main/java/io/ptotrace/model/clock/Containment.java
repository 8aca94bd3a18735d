package io.ptotrace.model.clock;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.JsonValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the Host invocation that ran a capture and places the capture in it (docs/inputs.md, "Span
 * containment"). Only reads: the capture's file is never written, the result lives in the trace.
 */
public final class Containment {
    private Containment() {}

    /** The sidecar a capture folder may hold: which dispatch the capture is. */
    public static final String SIDECAR = "dispatch_identity.json";

    /**
     * The logs to read: those given, else {@code host_clock_alignment.*.log} beside the capture, else
     * {@code host.*.log} beside it (each sorted by name).
     */
    public static List<Path> logsFor(Path capture, List<Path> given) {
        if (given != null && !given.isEmpty()) return given;
        Path dir = capture.toAbsolutePath().getParent();
        List<Path> found = list(dir, "host_clock_alignment.*.log");
        if (found.isEmpty()) found = list(dir, "host.*.log");
        return found;
    }

    private static List<Path> list(Path dir, String glob) {
        List<Path> out = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) return out;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
            for (Path p : ds) if (Files.isRegularFile(p)) out.add(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }

    /**
     * The one window of the logs this capture ran in.
     *
     * @param sidecar the capture's {@code dispatch_identity.json} content, or null
     * @param hostBounds min/max of the capture's positive host-record times, or null
     * @param runEpoch {@code metadata.collection.run_epoch}, or null
     * @throws PlacementFailure when none or several remain
     */
    public static HostWindow select(List<HostWindow> all, Map<?, ?> sidecar, long[] hostBounds, Long runEpoch) {
        List<HostWindow> ws = new ArrayList<>();
        for (HostWindow w : all) if (w.clocksAsExpected()) ws.add(w);
        if (sidecar != null) {
            Long pid = positiveInt(sidecar.get("host_pid"));
            if (pid != null) ws.removeIf(w -> w.pid != pid);
            long[] id = sidecarIdentity(sidecar);
            if (id != null) ws.removeIf(w -> w.identity != null && !java.util.Arrays.equals(w.identity, id));
        }
        if (hostBounds != null)
            ws.removeIf(w -> w.root == null || hostBounds[0] < w.root.ts || hostBounds[1] > w.root.ts + w.root.dur);
        ws.removeIf(w -> !(w.startNs > 0 && w.durationNs > 0 && w.deviceWallNs > 0));
        if (runEpoch != null && !ws.isEmpty()) {
            Set<Long> pids = new LinkedHashSet<>();
            for (HostWindow w : ws) pids.add(w.pid);
            if (pids.size() > 1)
                throw new PlacementFailure("candidate Host invocations span processes, and a run_epoch is per process");
            boolean anyEpoch = false;
            List<HostWindow> same = new ArrayList<>();
            for (HostWindow w : ws) {
                Long e = w.root == null ? null : w.root.intAttr("run_epoch");
                if (e != null) anyEpoch = true;
                if (e != null && e.equals(runEpoch)) same.add(w);
            }
            if (anyEpoch) {
                if (same.size() != 1)
                    throw new PlacementFailure(
                            "no single Host invocation carries this capture's run_epoch " + runEpoch);
                ws = same;
            }
        }
        if (ws.isEmpty()) throw new PlacementFailure("no matching Host runner_run/device_wall windows");
        if (ws.size() > 1) throw new PlacementFailure("capture does not uniquely identify a Host invocation");
        return ws.get(0);
    }

    private static Long positiveInt(Object v) {
        return v instanceof Long && (Long) v > 0 ? (Long) v : null;
    }

    /** The sidecar's (run_id, endpoint dispatch, pipeline slot, generation): the root span's identity. */
    private static long[] sidecarIdentity(Map<?, ?> s) {
        Object[] v = {
            s.get("run_id"), s.get("endpoint_dispatch_id"), s.get("pipeline_slot"), s.get("pipeline_generation")
        };
        long[] out = new long[4];
        for (int i = 0; i < 4; i++) {
            if (!(v[i] instanceof Long)) return null;
            out[i] = (Long) v[i];
        }
        return out;
    }

    /** The sidecar beside a capture, read as plain JSON; null when there is none or it is not an object. */
    public static Map<?, ?> sidecarBeside(Path capture) {
        Path dir = capture.toAbsolutePath().getParent();
        if (dir == null) return null;
        Path f = dir.resolve(SIDECAR);
        if (!Files.isRegularFile(f)) return null;
        Object v;
        try {
            v = JsonValues.readFile(f);
        } catch (InputProblem e) {
            throw new PlacementFailure(e.getMessage());
        }
        return v instanceof Map ? (Map<?, ?>) v : null;
    }
}
