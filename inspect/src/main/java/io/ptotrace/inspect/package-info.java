/**
 * {@code ptotrace inspect}: reads a trace of either format (Chrome JSON or Perfetto protobuf, optionally
 * gzip-compressed) as a stream, rebuilds what Perfetto's importer would see, and reports processes, lanes,
 * counts by arrow kind and every structural problem ({@link io.ptotrace.inspect.Problem}) that makes
 * Perfetto lose or misplace data. Hostile files hit limits ({@code Inflation}, packet size) instead of
 * exhausting memory.
 *
 * <p>A module of its own that knows no writer and no picture: what it must agree on with the writers (arrow
 * kinds and codes, the flow-id bit layout, marker categories) is {@code io.ptotrace.vocabulary}. A producer of
 * JSON events that are not in a file yet (convert's check of the trace it writes) feeds
 * {@link io.ptotrace.inspect.JsonEventCheck}.
 */
package io.ptotrace.inspect;
