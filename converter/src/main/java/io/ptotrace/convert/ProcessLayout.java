package io.ptotrace.convert;

/**
 * Where one run's processes sit in a trace: their pids, names and sort indexes. A single capture uses the
 * pids 1–6 under their plain names; in a merged multi-rank trace rank r's processes sit at
 * {@code (r+1)·100 + p} and are named {@code rank<r> / <name>}, so the rules draw every rank the same way
 * and only this value differs.
 */
public final class ProcessLayout {
    /** How far apart the ranks' pids are; a single run's pids must stay below it. */
    public static final int RANK_STRIDE = 100;

    public static final ProcessLayout SINGLE = new ProcessLayout(-1, 0, "");

    /** The rank, or −1 for a single capture. */
    public final int rank;

    private final int base;
    private final String prefix;

    private ProcessLayout(int rank, int base, String prefix) {
        this.rank = rank;
        this.base = base;
        this.prefix = prefix;
    }

    public static ProcessLayout ofRank(int rank) {
        return new ProcessLayout(rank, (rank + 1) * RANK_STRIDE, "rank" + rank + " / ");
    }

    /**
     * The processes of one of several runs drawn side by side (not ranks of one job): slot {@code slot}'s pids
     * sit at {@code (slot+1)·100 + p}, named {@code <prefix><name>}.
     */
    public static ProcessLayout ofSlot(int slot, String prefix) {
        return new ProcessLayout(-1, (slot + 1) * RANK_STRIDE, prefix);
    }

    public int orchestrator() {
        return base + 1;
    }

    public int scheduler() {
        return base + 2;
    }

    public int schedulerView() {
        return base + 3;
    }

    public int worker() {
        return base + 4;
    }

    public int graph() {
        return base + 5;
    }

    public int lifecycle() {
        return base + 6;
    }

    /** The pid of the run's own process {@code p} (one of the above before the layout). */
    public int pid(int p) {
        return base + p;
    }

    /** A process sort index (the processes of a rank stay together, in their single-run order). */
    public int sortIndex(int index) {
        return base + index;
    }

    public String processName(String name) {
        return prefix + name;
    }

    /** Whether {@code pid} is one of this layout's processes. */
    public boolean owns(int pid) {
        return pid > base && pid < base + RANK_STRIDE;
    }
}
