/**
 * deps.json, the task graph dep_gen writes.
 *
 * <p>{@link io.ptotrace.model.deps.DepsReader} streams the file entry by entry to a
 * {@link io.ptotrace.model.deps.DepsVisitor} (reused {@link io.ptotrace.model.deps.DepsTask},
 * {@link io.ptotrace.model.deps.DepsTensor} and {@link io.ptotrace.model.deps.DepsEdge} objects), decoding only
 * what the caller asked for. The converter's visitor, {@link io.ptotrace.model.deps.DepsProjection}, keeps the
 * unique (pred, succ) pairs as an adjacency in first-seen order plus kernel ids and block counts; the diff module
 * has its own visitor that keeps everything.
 */
package io.ptotrace.model.deps;
