/**
 * {@code ptotrace inspect}: reads a trace of either format (Chrome JSON or Perfetto protobuf, optionally
 * gzip-compressed) as a stream, rebuilds what Perfetto's importer would see, and reports processes, lanes,
 * counts by arrow kind and every structural problem ({@link io.ptotrace.inspect.Problem}) that makes
 * Perfetto lose or misplace data. Hostile files hit limits ({@code Inflation}, packet size) instead of
 * exhausting memory.
 */
package io.ptotrace.inspect;
