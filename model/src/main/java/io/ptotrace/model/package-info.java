/**
 * A run as read from its files, once, for every tool.
 *
 * <p>{@link io.ptotrace.model.RecordsReader} streams a swimlane records file of either capture era
 * ({@link io.ptotrace.model.Era}) into a {@link io.ptotrace.model.Timeline}: joined task rows in microseconds, in
 * primitive columns, and the scheduler and orchestrator records in a {@link io.ptotrace.model.PhaseTable}; host
 * clock alignment is {@link io.ptotrace.model.ClockAlignment}. {@link io.ptotrace.model.RunLocator} finds a run's
 * files, {@link io.ptotrace.model.NameMap} and {@link io.ptotrace.model.KernelConfig} supply function names, and
 * a {@link io.ptotrace.model.Run} bundles timing, the projected graph and names for the converter. The id rules
 * every reader shares live here too: unsigned 64-bit ids read like Python's {@code int()}
 * ({@link io.ptotrace.model.U64}), the task id layout ({@link io.ptotrace.model.TaskIds}), tensor ids
 * ({@link io.ptotrace.model.TensorIds}), and doubles printed like Python ({@link io.ptotrace.model.PyFloat}).
 * The formats are described in {@code docs/inputs.md}.
 */
package io.ptotrace.model;
