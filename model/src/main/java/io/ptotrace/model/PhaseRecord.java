package io.ptotrace.model;

/**
 * One scheduler or orchestrator phase record, times in microseconds: a view of one row of a
 * {@link PhaseTable}, made on demand (the table holds the data). Members that are copied into the trace
 * verbatim read back in their JSON form ({@link JsonValues#ABSENT} when missing).
 */
public final class PhaseRecord {
    private final PhaseTable table;
    private final int row;

    PhaseRecord(PhaseTable table, int row) {
        this.table = table;
        this.row = row;
    }

    public PhaseTable table() {
        return table;
    }

    /** The record's row in its table. */
    public int row() {
        return row;
    }

    /** The record's kind ("unknown" when it has none; "orch_submit" for every orchestrator record). */
    public String phase() {
        return table.kind(row);
    }

    /** Changes the record's kind (for tests that vary the phases of a capture). */
    public void setPhase(String phase) {
        table.setKind(row, phase);
    }

    public double startUs() {
        return table.startUs(row);
    }

    public double endUs() {
        return table.endUs(row);
    }

    /** loop_iter as written (a JSON value, or {@link JsonValues#ABSENT}). */
    public Object loopIterAsWritten() {
        return table.value(row, PhaseTable.LOOP_ITER);
    }

    /** tasks_processed as written. */
    public Object tasksProcessed() {
        return table.value(row, PhaseTable.TASKS_PROCESSED);
    }

    public boolean hasTasksProcessed() {
        return table.has(row, PhaseTable.TASKS_PROCESSED);
    }

    public long tasksProcessedOr(long dflt) {
        return table.tasksProcessedOr(row, dflt);
    }

    /** shared_at_start as written. */
    public Object sharedAtStart() {
        return table.value(row, PhaseTable.SHARED_AT_START);
    }

    /** shared_at_end as written. */
    public Object sharedAtEnd() {
        return table.value(row, PhaseTable.SHARED_AT_END);
    }

    /** Queue depths are valid iff both snapshots are 3-element arrays. */
    public boolean depthsValid() {
        return table.depthsValid(row);
    }

    /** submit_idx as written. */
    public Object submitIdx() {
        return table.value(row, PhaseTable.SUBMIT_IDX);
    }

    /** The record's task_id as written in the file (a JSON value, or {@link JsonValues#ABSENT}). */
    public Object taskIdAsWritten() {
        return table.value(row, PhaseTable.TASK_ID);
    }

    /** task_id normalised as u64; valid only if {@link #taskIdOk()}. */
    public long taskId() {
        return table.taskId(row);
    }

    public boolean taskIdOk() {
        return table.taskIdOk(row);
    }

    /** task_id present, convertible and not negative as written: an orchestrator record that names a task. */
    public boolean taskIdNonNegative() {
        return table.taskIdNonNegative(row);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PhaseRecord && ((PhaseRecord) o).table == table && ((PhaseRecord) o).row == row;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(table) * 31 + row;
    }

    @Override
    public String toString() {
        return "PhaseRecord[" + row + " " + phase() + "]";
    }
}
