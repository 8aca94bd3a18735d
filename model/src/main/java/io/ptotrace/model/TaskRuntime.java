package io.ptotrace.model;

import java.util.Set;

/**
 * The two runtimes a streams-era capture names in {@code metadata.runtime}. Each mints task ids in its own
 * layout and records its own scheduler phase vocabulary, so the runtime decides labels, which phases are drawn,
 * whether skipped tasks get Worker View markers and whether graph executions exist.
 */
public enum TaskRuntime {
    /**
     * host_build_graph: {@code (space << 62) | (parent << 32) | local}, space 0 global ({@code t<l>}), 1 a graph's
     * sub-task ({@code g<parent>t<l>}), 2 a parameter ({@code p<l>}).
     */
    HOST_BUILD_GRAPH(
            "host_build_graph",
            Set.of(
                    "complete",
                    "dispatch",
                    "async_poll",
                    "dummy",
                    "early_dispatch",
                    "drain",
                    "drain_prepare",
                    "drain_publish",
                    "resolve",
                    "graph_prepare",
                    "bootstrap",
                    "state_probe",
                    "worksteal",
                    "refill",
                    "idle")),
    /** tensormap_and_ringbuffer: {@code (ring << 32) | local}, every id shown with its ring ({@code r0t5}). */
    TENSORMAP_AND_RINGBUFFER(
            "tensormap_and_ringbuffer",
            Set.of(
                    "complete",
                    "dispatch",
                    "async_poll",
                    "release",
                    "dummy",
                    "early_dispatch",
                    "drain",
                    "drain_prepare",
                    "drain_publish",
                    "resolve"));

    /** The id space of host_build_graph sub-tasks. */
    public static final int SPACE_SUB_TASK = 1;

    /** The name the capture writes. */
    public final String wireName;

    /** The scheduler kinds drawn on the scheduler lanes (coloured by {@link PhaseColours}). */
    private final Set<String> drawn;

    TaskRuntime(String wireName, Set<String> drawn) {
        this.wireName = wireName;
        this.drawn = drawn;
    }

    /** The runtime of a {@code metadata.runtime} value, or null when it names none of the two. */
    public static TaskRuntime ofWireName(String name) {
        for (TaskRuntime r : values()) if (r.wireName.equals(name)) return r;
        return null;
    }

    /**
     * The runtime a streams-era capture names ({@code metadata.runtime}, as read); an InputProblem naming
     * {@code file} when it names none (a capture from before the runtime name) or one of no known layout: a task
     * id has no self-describing layout, so it is never guessed.
     */
    public static TaskRuntime ofMetadata(Object v, java.nio.file.Path file) {
        if (!(v instanceof String) || ((String) v).isBlank())
            throw new io.ptotrace.io.InputProblem(
                    file,
                    "metadata.runtime is missing; this capture predates the runtime name and its TaskId layout"
                            + " cannot be determined. Re-capture with a current build, which writes 'host_build_graph' or 'tensormap_and_ringbuffer'.",
                    null);
        TaskRuntime r = ofWireName((String) v);
        if (r == null)
            throw new io.ptotrace.io.InputProblem(
                    file,
                    "metadata.runtime is " + pyRepr((String) v) + ", which this module does not decode; expected"
                            + " 'host_build_graph' or 'tensormap_and_ringbuffer'. A task id has no self-describing layout, so an unrecognised"
                            + " runtime cannot be decoded by guessing.",
                    null);
        return r;
    }

    /** Python's repr of a string, as the runtime's tools print it in this error. */
    private static String pyRepr(String v) {
        return v.indexOf('\'') >= 0 && v.indexOf('"') < 0
                ? "\"" + v + "\""
                : "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    public TaskLabels labels() {
        return this == HOST_BUILD_GRAPH ? TaskRuntime::hbgLabel : TaskRuntime::tmrLabel;
    }

    /**
     * Why an id cannot have been minted by this runtime (the bits a mint never fills are set), or null.
     */
    public String invalidId(long raw) {
        if (this == HOST_BUILD_GRAPH) {
            if ((raw >>> 62) == 3)
                return "task_id 0x" + hex(raw)
                        + " has id space 3 (top two bits), which no real space takes; expected one of [0, 1, 2]"
                        + " -- either the invalid sentinel or a corrupt record";
            return null;
        }
        if ((raw >>> 40) != 0)
            return "task_id 0x" + hex(raw) + " has ring " + Long.toUnsignedString(raw >>> 32)
                    + " (bits 63:32), which exceeds the"
                    + " 8-bit field a mint can fill -- either the invalid sentinel or a corrupt record";
        return null;
    }

    private static String hex(long raw) {
        return String.format("%016x", raw);
    }

    /** The drawn name of a recorded kind: a standalone resolve is drawn as a resolve. */
    public String canonicalKind(String kind) {
        return this == HOST_BUILD_GRAPH && "resolve_standalone".equals(kind) ? "resolve" : kind;
    }

    /** Whether a (canonical) scheduler kind is drawn on the scheduler lanes. */
    public boolean draws(String kind) {
        return drawn.contains(kind);
    }

    public String colour(String kind) {
        return PhaseColours.of(kind);
    }

    /** Whether dummy and predicated-skip records become Worker View markers (only this runtime records them). */
    public boolean marksSkippedTasks() {
        return this == TENSORMAP_AND_RINGBUFFER;
    }

    /** Whether graph executions (an outer task's sub-tasks) exist. */
    public boolean hasGraphExecutions() {
        return this == HOST_BUILD_GRAPH;
    }

    /** Whether nested resolves get a sub-lane of their own below their thread. */
    public boolean resolveSubLane() {
        return this == TENSORMAP_AND_RINGBUFFER;
    }

    public static int space(long raw) {
        return (int) (raw >>> 62);
    }

    public static long parent(long raw) {
        return (raw >>> 32) & 0xFFFFF;
    }

    static String tmrLabel(long raw) {
        return "r" + ((raw >>> 32) & 0xFF) + "t" + (raw & 0xFFFFFFFFL);
    }

    static String hbgLabel(long raw) {
        long local = raw & 0xFFFFFFFFL;
        switch (space(raw)) {
            case 1:
                return "g" + parent(raw) + "t" + local;
            case 2:
                return "p" + local;
            default:
                return "t" + local;
        }
    }
}
