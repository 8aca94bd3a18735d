package io.ptotrace.model.deps;

/**
 * Receives the entries of a deps.json as {@link DepsReader} streams them. Entry objects may be
 * reused by the reader after the call returns: copy what you keep.
 */
public interface DepsVisitor {
    default void task(DepsTask t) {}

    default void tensor(DepsTensor t) {}

    default void edge(DepsEdge e) {}

    /**
     * The runtime that built the graph (top-level {@code runtime}, written by current dep_gen writers:
     * {@code host_build_graph} or {@code tensormap_and_ringbuffer}); called only when the file has a string there.
     */
    default void runtime(String name) {}

    /** Called once when the top level has no usable {@code edges} list. */
    default void noEdgesList() {}

    /**
     * Called for structure the schema does not allow, before the reader goes on as usual (reading it as absent):
     * a top level that is not an object ({@code member} null), or a {@code tasks}, {@code tensors}, {@code edges}
     * or task {@code args} member that is neither a list nor null. A visitor that cannot accept the file throws
     * here.
     *
     * @param where "line L, column C", or null
     */
    default void unexpected(String member, String where) {}
}
