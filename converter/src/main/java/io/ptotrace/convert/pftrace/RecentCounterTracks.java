package io.ptotrace.convert.pftrace;

/**
 * The counter tracks of recent (lane, counter, series) keys, by the identity of the name and series strings: the
 * kinds hand out the same string objects sample after sample, so most values find their track without building
 * the text key. A miss only costs the map lookup.
 */
final class RecentCounterTracks {
    private static final int SLOTS = 64;
    private final int[] pid = new int[SLOTS], tid = new int[SLOTS];
    private final String[] name = new String[SLOTS], series = new String[SLOTS];
    private final PftraceTrack[] track = new PftraceTrack[SLOTS];

    private static int slot(int pid, int tid, String name, String series) {
        int h = ((pid * 31 + tid) * 31 + name.hashCode()) * 31 + series.hashCode();
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }

    PftraceTrack get(int p, int t, String n, String s) {
        if (n == null || s == null) return null;
        int i = slot(p, t, n, s);
        return track[i] != null && name[i] == n && series[i] == s && pid[i] == p && tid[i] == t ? track[i] : null;
    }

    void put(int p, int t, String n, String s, PftraceTrack tr) {
        if (n == null || s == null) return;
        int i = slot(p, t, n, s);
        pid[i] = p;
        tid[i] = t;
        name[i] = n;
        series[i] = s;
        track[i] = tr;
    }
}
