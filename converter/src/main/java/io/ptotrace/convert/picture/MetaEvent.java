package io.ptotrace.convert.picture;

/** A process/thread name or sort-index declaration. {@code tid} is −1 for process-level events. */
public final class MetaEvent {
    public enum Kind {
        PROCESS_NAME,
        PROCESS_SORT_INDEX,
        THREAD_NAME,
        THREAD_SORT_INDEX
    }

    public final Kind kind;
    public final int pid;
    public final int tid;
    public final String name;
    public final int sortIndex;

    private MetaEvent(Kind kind, int pid, int tid, String name, int sortIndex) {
        this.kind = kind;
        this.pid = pid;
        this.tid = tid;
        this.name = name;
        this.sortIndex = sortIndex;
    }

    public static MetaEvent processName(int pid, String name) {
        return new MetaEvent(Kind.PROCESS_NAME, pid, -1, name, 0);
    }

    public static MetaEvent processSort(int pid, int s) {
        return new MetaEvent(Kind.PROCESS_SORT_INDEX, pid, -1, null, s);
    }

    public static MetaEvent threadName(int pid, int tid, String name) {
        return new MetaEvent(Kind.THREAD_NAME, pid, tid, name, 0);
    }

    public static MetaEvent threadSort(int pid, int tid, int s) {
        return new MetaEvent(Kind.THREAD_SORT_INDEX, pid, tid, null, s);
    }
}
