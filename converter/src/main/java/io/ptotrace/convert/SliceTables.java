package io.ptotrace.convert;

import io.ptotrace.model.util.IntList;

/**
 * What the slice rules leave behind for the arrow rules: the slice, lane and thread each task row and each
 * phase record (by its row in the phase table) was given, the AICPU anchors of tasks, and the complete
 * records of every scheduler thread.
 */
interface SliceTables {
    /** Whether any task row has both a dispatch and a finish time (the AICPU views exist). */
    boolean hasAicpuData();

    /** The Worker View slice of a task row. */
    int workerSlice(int row);

    /** The Scheduler View slice of a task row, or −1. */
    int svSlice(int row);

    /** The Scheduler View lane (tid) of a task row. */
    int svTid(int row);

    /** The scheduler or orchestrator thread of a phase record. */
    int recordThread(int ref);

    /** The slice of a scheduler-phase or orchestrator record, or −1. */
    int sliceOfRecord(int ref);

    /** The AICPU anchors (marker and alloc slices) of a task, in creation order, into {@code out}. */
    void anchors(long task, IntList out);

    boolean hasAnchors(long task);

    /** The number of scheduler threads. */
    int threadCount();

    /** The complete records of a scheduler thread, sorted by start. */
    int[] completesOfThread(int thread);

    /** The scheduler thread of a core (from core_to_thread), or −1. */
    int threadOfCore(int core);

    /**
     * The complete record on scheduler thread {@code thread} that handled a finish at {@code finishUs}: the
     * one whose span holds it, else the next one to start; −1 when none.
     */
    int completeFor(int thread, double finishUs);
}
