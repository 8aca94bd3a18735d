package io.ptotrace.model.tree;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.JsonValues;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A capture's {@code dispatch_identity.json}: which parent dispatch (run id, task slot) of which group it
 * belongs to, written by the runtime beside each {@code rankN/dN/} capture. Checked when read; the
 * members are kept as written for the trace's metadata.
 */
public final class DispatchIdentity {
    public static final String FILE = "dispatch_identity.json";
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");
    private static final String[] INTEGERS = {
        "run_id",
        "task_slot",
        "group_index",
        "group_size",
        "chip_rank",
        "local_capture_index",
        "endpoint_dispatch_id",
        "pipeline_slot",
        "pipeline_generation"
    };

    public final Path file;
    public final long runId, taskSlot, groupIndex, groupSize, chipRank, localCaptureIndex;
    /** −1 when the sidecar names no host process. */
    public final long hostPid;

    public final String callableDigest;
    /** Every member, in the file's order. */
    public final Map<String, Object> members;

    private DispatchIdentity(Path file, Map<String, Object> m) {
        this.file = file;
        this.members = Collections.unmodifiableMap(m);
        runId = (Long) m.get("run_id");
        taskSlot = (Long) m.get("task_slot");
        groupIndex = (Long) m.get("group_index");
        groupSize = (Long) m.get("group_size");
        chipRank = (Long) m.get("chip_rank");
        localCaptureIndex = (Long) m.get("local_capture_index");
        Object hp = m.get("host_pid");
        hostPid = hp instanceof Long ? (Long) hp : -1;
        callableDigest = (String) m.get("callable_digest");
    }

    /** Reads and checks the sidecar {@code file} of the capture folder {@code rankN/dN}. */
    public static DispatchIdentity read(Path file) {
        Object[] doc = {null};
        Inputs.readJson(file, JSON, p -> {
            JsonToken t = p.nextToken();
            doc[0] = t == null ? null : JsonValues.read(p);
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level value");
        });
        return check(file, doc[0]);
    }

    @SuppressWarnings("unchecked")
    static DispatchIdentity check(Path file, Object doc) {
        if (!(doc instanceof Map) || !Long.valueOf(1).equals(((Map<String, Object>) doc).get("schema_version")))
            throw problem("unsupported dispatch identity schema", file);
        Map<String, Object> m = new LinkedHashMap<>((Map<String, Object>) doc);
        for (String f : INTEGERS)
            if (!(m.get(f) instanceof Long)) throw problem("dispatch identity " + f + " must be an integer", file);
        if (m.get("run_id").equals(0L) || (Long) m.get("run_id") < 0 || (Long) m.get("task_slot") < 0)
            throw problem("dispatch identity has an invalid parent key", file);
        if ((Long) m.get("endpoint_dispatch_id") <= 0
                || (Long) m.get("pipeline_slot") < 0
                || (Long) m.get("pipeline_generation") <= 0)
            throw problem("dispatch identity has invalid endpoint diagnostics", file);
        long size = (Long) m.get("group_size"), index = (Long) m.get("group_index");
        if (size <= 0 || index < 0 || index >= size)
            throw problem("dispatch identity has invalid group membership", file);
        if (m.containsKey("host_pid") && !(m.get("host_pid") instanceof Long && (Long) m.get("host_pid") > 0))
            throw problem("dispatch identity host_pid must be a positive integer", file);
        if (!(m.get("callable_digest") instanceof String)
                || !DIGEST.matcher((String) m.get("callable_digest")).matches())
            throw problem("dispatch identity has an invalid callable digest", file);
        Path dir = file.toAbsolutePath().getParent();
        Integer capture = dir == null ? null : RankTree.number(dir.getFileName().toString(), 'd');
        Integer rank = dir == null || dir.getParent() == null
                ? null
                : RankTree.number(dir.getParent().getFileName().toString(), 'r');
        if (capture == null || rank == null) throw problem("dispatch identity is not below rankN/dN", file);
        if (rank != (long) (Long) m.get("chip_rank") || capture != (long) (Long) m.get("local_capture_index"))
            throw problem("dispatch identity disagrees with its rankN/dN path", file);
        return new DispatchIdentity(file, m);
    }

    private static InputProblem problem(String what, Path file) {
        return new InputProblem((String) null, what + ": " + file, null, null);
    }
}
