/**
 * {@code ptotrace critical-path} as data: what bounded a run's makespan. {@link io.ptotrace.critpath.RunGraph} is
 * the run's timed happens-before graph (from the records' raw AICore cycles and the model's task graph),
 * {@link io.ptotrace.critpath.StaticPath} the duration-weighted longest chain with per-task slack and what-if
 * floors, {@link io.ptotrace.critpath.ObservedPath} the as-executed blame path whose compute and stall segments
 * tile the makespan. Renderers (Markdown, JSON, the anonymised trace copies) only read these; nothing here knows
 * the trace converter.
 */
package io.ptotrace.critpath;
