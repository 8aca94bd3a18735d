/**
 * How much memory Perfetto's trace processor will need for a trace: the counts a trace costs there
 * ({@link io.ptotrace.convert.estimate.TraceCosts}), counted from a picture as each writer renders it, and the
 * fitted model that turns them into bytes ({@link io.ptotrace.convert.estimate.MemoryModel}).
 */
package io.ptotrace.convert.estimate;
