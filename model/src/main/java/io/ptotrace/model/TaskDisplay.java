package io.ptotrace.model;

/**
 * How a task is named where people read it, in traces and diff reports alike: its function, then its id in
 * the form of {@link TaskIds#display}, e.g. {@code QK(t5)} or {@code QK(r1t3)}.
 */
public final class TaskDisplay {
    private TaskDisplay() {}

    /** {@code function(id)}; {@code id} is a task's display form, or a stand-in such as {@code unknown}. */
    public static String named(String function, String id) {
        return function + "(" + id + ")";
    }

    /** {@code QK(t5)} when the function is known, else the bare id {@code t5} (diff reports). */
    public static String of(long taskId, String functionOrNull) {
        String id = TaskIds.display(taskId);
        return functionOrNull == null ? id : named(functionOrNull, id);
    }
}
