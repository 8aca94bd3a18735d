/**
 * The native Perfetto protobuf writer ({@code .pftrace}): lays a picture out into process, thread, counter,
 * overflow and marker tracks, binds every arrow to its two slices, marks hb_violations, and streams the packets.
 * {@link io.ptotrace.convert.pftrace.PftraceConventions} states the encoding choices that {@code inspect} and SQL
 * queries rely on (flow ids carrying the arrow kind, marker names and categories); {@code docs/trace-layout.md}
 * describes the result.
 */
package io.ptotrace.convert.pftrace;
