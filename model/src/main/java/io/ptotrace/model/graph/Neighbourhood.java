package io.ptotrace.model.graph;

import java.util.BitSet;

/**
 * The tasks within a number of hops of some focus tasks: the focus tasks, their predecessors up to that many
 * hops (walking pairs backwards: what feeds them) and their successors up to that many hops (walking pairs
 * forwards: what they feed). The two walks are separate, so a sibling (another predecessor of a successor) is
 * not included. Every unique pair counts as one hop, whatever an edge mode later shows.
 */
public final class Neighbourhood {
    private Neighbourhood() {}

    /**
     * @param focus nodes of {@code g}
     * @param hops 0 or more; 0 gives the focus nodes alone
     * @return the nodes of the neighbourhood
     */
    public static BitSet of(TaskGraph g, int[] focus, int hops) {
        if (hops < 0) throw new IllegalArgumentException("hops must be 0 or more, not " + hops);
        BitSet all = new BitSet(g.nodeCount());
        for (int v : focus) all.set(v);
        walk(g, focus, hops, false, all);
        walk(g, focus, hops, true, all);
        return all;
    }

    /** Breadth-first from the focus nodes along one direction; adds what it reaches to {@code into}. */
    private static void walk(TaskGraph g, int[] focus, int hops, boolean forward, BitSet into) {
        BitSet seen = new BitSet(g.nodeCount());
        int[] level = new int[focus.length];
        int n = 0;
        for (int v : focus)
            if (!seen.get(v)) {
                seen.set(v);
                level[n++] = v;
            }
        for (int h = 0; h < hops && n > 0; h++) {
            int[] next = new int[16];
            int m = 0;
            for (int i = 0; i < n; i++) {
                int v = level[i];
                int from = forward ? g.outFrom(v) : g.inFrom(v), to = forward ? g.outTo(v) : g.inTo(v);
                for (int k = from; k < to; k++) {
                    int w = forward ? g.pairSucc(k) : g.inPred(k);
                    if (seen.get(w)) continue;
                    seen.set(w);
                    if (m == next.length) next = java.util.Arrays.copyOf(next, m * 2);
                    next[m++] = w;
                }
            }
            level = next;
            n = m;
        }
        into.or(seen);
    }
}
