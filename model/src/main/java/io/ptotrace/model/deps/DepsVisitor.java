package io.ptotrace.model.deps;

/**
 * Receives the entries of a deps.json as {@link DepsReader} streams them. Entry objects may be
 * reused by the reader after the call returns: copy what you keep.
 */
public interface DepsVisitor {
    default void task(DepsTask t) {}

    default void tensor(DepsTensor t) {}

    default void edge(DepsEdge e) {}

    /** Called once when the top level has no usable {@code edges} list. */
    default void noEdgesList() {}
}
