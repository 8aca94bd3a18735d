package io.ptotrace.model;

/**
 * One scheduler or orchestrator phase record, times already in microseconds. Members that are
 * copied into the trace verbatim keep their JSON form ({@link JsonValues#ABSENT} when missing).
 */
public final class PhaseRecord {
    public String phase;
    public double startUs;
    public double endUs;
    /** loop_iter as written; read it through {@link #loopIterAsWritten()} (large integers are kept unboxed). */
    public Object loopIter = JsonValues.ABSENT;
    long loopIterLong;
    public Object tasksProcessed = JsonValues.ABSENT;
    public Object sharedAtStart = JsonValues.ABSENT;
    public Object sharedAtEnd = JsonValues.ABSENT;
    public Object submitIdx = JsonValues.ABSENT;
    /** Marks {@link #loopIter} of an integer kept in {@link #loopIterLong}. */
    static final Object LONG_INLINE = new Object();

    /** The record's loop_iter as written (a JSON value, or {@link JsonValues#ABSENT}). */
    public Object loopIterAsWritten() { return loopIter == LONG_INLINE ? (Object) loopIterLong : loopIter; }

    /** Marks {@link #taskIdRaw} of a plain JSON integer: the value is {@link #taskId}. */
    static final Object SAME_AS_TASK_ID = new Object();

    /** The record's task_id as written; read it through {@link #taskIdAsWritten()}. */
    public Object taskIdRaw = JsonValues.ABSENT;

    /** The record's task_id as written in the file (a JSON value, or {@link JsonValues#ABSENT}). */
    public Object taskIdAsWritten() { return taskIdRaw == SAME_AS_TASK_ID ? (Object) taskId : taskIdRaw; }
    /** task_id normalised as u64; valid only if {@link #taskIdOk}. */
    public long taskId;
    public boolean taskIdOk;
    /** task_id present, convertible and not negative as written (orchestrator rule, Q-IN-3). */
    public boolean taskIdNonNegative;


    public long tasksProcessedOr(long dflt) {
        if (!JsonValues.isPresent(tasksProcessed)) return dflt;
        Long v = JsonValues.asLong(tasksProcessed);
        return v == null ? dflt : v;
    }

    public boolean hasTasksProcessed() { return tasksProcessed != JsonValues.ABSENT; }

    /** Queue depths are valid iff both snapshots are 3-element arrays. */
    public boolean depthsValid() {
        return sharedAtStart instanceof java.util.List && ((java.util.List<?>) sharedAtStart).size() == 3
            && sharedAtEnd instanceof java.util.List && ((java.util.List<?>) sharedAtEnd).size() == 3;
    }
}
