package io.ptotrace.check;

/**
 * One side of a finding: a task and one of its arg slots.
 *
 * @param node the task's node in the graph
 * @param taskId the raw 64-bit task id
 * @param slot the arg's {@code idx}
 * @param type the arg's type ({@code INPUT}, {@code INOUT}, …), or null when the side names no arg of the task
 * @param display the task as the trace names it, e.g. {@code SF(t12)}
 */
public record Access(int node, long taskId, int slot, String type, String display) {}
