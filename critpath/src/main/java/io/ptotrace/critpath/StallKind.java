package io.ptotrace.critpath;

/** Why the observed path waited before a task: the gap before it, named as the reports name it. */
public enum StallKind {
    /** Nothing released the task: the launch/dispatch delay before the path's first task. */
    FRONT_GAP("front-gap"),
    /** Waiting on a producer of its data (a happens-before predecessor). */
    DATA_WAIT("data-wait"),
    /** Waiting for its core to be freed by the task before it there. */
    CORE_WAIT("core-wait");

    public final String label;

    StallKind(String label) {
        this.label = label;
    }
}
