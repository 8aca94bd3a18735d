package io.ptotrace.convert.pftrace;

import io.ptotrace.model.util.IntList;
import java.util.ArrayList;
import java.util.List;

/**
 * One track of a protobuf trace as {@link PftraceLayout} places it: a process, a thread lane, a lane's overflow or
 * marker track, or a counter; its uuid, parent and sibling rank, and while the layout is made, its events.
 */
public final class PftraceTrack {
    public enum Type {
        PROCESS,
        THREAD,
        OVERFLOW,
        MARKERS,
        COUNTER
    }

    final Type type;
    final int pid, tid;
    String name;
    long uuid, parentUuid;
    int rank;
    boolean hasChildren;
    int idx = -1;
    int counterOrder = -1; // a counter track: its place among the counter tracks, by their first value
    IntList stream = new IntList(16); // event codes on this track, dropped once merged into the order
    /**
     * The stream's time order as far as its events were added with their times ({@link #add}): how many were, the
     * first and last time, and whether each was no earlier than the one before. The merge trusts it only when every
     * event was so added.
     */
    int timed;

    long firstNs, lastNs;
    boolean inTimeOrder = true;
    // lanes only
    Integer sortIndex;
    final List<PftraceTrack> overflow = new ArrayList<>();
    PftraceTrack markers;

    /** Adds event {@code code} at {@code ns} to the stream. */
    void add(int code, long ns) {
        if (timed == 0) firstNs = ns;
        else if (ns < lastNs) inTimeOrder = false;
        lastNs = ns;
        timed++;
        stream.add(code);
    }

    PftraceTrack(Type type, int pid, int tid, String name) {
        this.type = type;
        this.pid = pid;
        this.tid = tid;
        this.name = name;
    }

    public Type type() {
        return type;
    }

    public int pid() {
        return pid;
    }

    /** −1 for a process track. */
    public int tid() {
        return tid;
    }

    /** The process or thread name, or the track's own name; null for an unnamed process or thread. */
    public String name() {
        return name;
    }

    public long uuid() {
        return uuid;
    }

    /** 0 for a process track. */
    public long parentUuid() {
        return parentUuid;
    }

    public int rank() {
        return rank;
    }

    @Override
    public String toString() {
        return type + " " + pid + "/" + tid + " " + name + " uuid " + uuid;
    }
}
