package io.ptotrace.model;

/**
 * The {@code aicore_tasks} rows of a records file as written: core, task id and the raw start/end cycle counts, in
 * file order, before any join or time conversion. Analyses that count in clock ticks (the critical path) read
 * these; the trace reads the joined microsecond rows of {@link Timeline}.
 */
public final class AicoreCycles {
    public final int rows;
    public final int[] core;
    /** The task id as 64 bits (normalised like every task id). */
    public final long[] task;

    public final long[] start;
    public final long[] end;

    public AicoreCycles(int[] core, long[] task, long[] start, long[] end) {
        if (task.length != core.length || start.length != core.length || end.length != core.length)
            throw new IllegalArgumentException("columns of different lengths");
        this.rows = core.length;
        this.core = core;
        this.task = task;
        this.start = start;
        this.end = end;
    }
}
