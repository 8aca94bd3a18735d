package io.ptotrace.model.graph;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The pairs of an acyclic task graph that a transitive reduction drops: (u, v) is redundant when a path of two or
 * more pairs leads from u to v.
 *
 * <p>Memory stays bounded whatever the graph: the sources are taken a window at a time along the topological
 * order, and for each window one bit set per node says which of the window's sources reach it. A node's set
 * lives only from the node to its last successor, and only nodes up to the farthest successor of a window source
 * are visited (nothing later can complete a path that ends in such a successor). When the live sets would not fit
 * the pool, the window is halved and tried again; only when 64 sources (one word a set) do not fit either does the
 * pool grow, so it never exceeds the larger of its budget and two words per node.
 */
public final class TransitiveReduction {
    /** Sources per window. */
    public static final int WINDOW = 2048;

    private final TaskGraph g;
    private final int[] order, pos, lastSucc;
    private long[] pool;
    private final int[] slotOf;
    private final BitSet redundant;

    private TransitiveReduction(TaskGraph g, int[] order, long poolLongs) {
        this.g = g;
        this.order = order;
        int n = order.length;
        pos = Topology.positions(order);
        lastSucc = new int[n];
        for (int x = 0; x < n; x++) {
            int v = order[x], last = -1;
            for (int p = g.outStart[v], end = g.outStart[v + 1]; p < end; p++)
                last = Math.max(last, pos[g.pairSucc[p]]);
            lastSucc[x] = last;
        }
        pool = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(64, poolLongs))];
        slotOf = new int[n];
        Arrays.fill(slotOf, -1);
        redundant = new BitSet(g.pairCount);
    }

    /** The redundant pairs, or null when the graph has a cycle. */
    public static BitSet redundantPairs(TaskGraph g) {
        long budget =
                Math.max(1L << 20, Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 64)); // longs
        long useful = (long) g.nodeCount() * (WINDOW / 64) + 64; // every node's set live at once
        return redundantPairs(g, WINDOW, Math.min(budget, useful));
    }

    /**
     * @param window sources per window (rounded up to a multiple of 64)
     * @param poolLongs room for the live bit sets, in longs (grown if 64 sources at a time do not fit)
     */
    public static BitSet redundantPairs(TaskGraph g, int window, long poolLongs) {
        int[] order = g.topologicalOrder();
        if (order == null) return null;
        TransitiveReduction r = new TransitiveReduction(g, order, poolLongs);
        int max = Math.max(64, (window + 63) & ~63);
        int n = order.length, size = max;
        for (int a = 0; a < n; ) {
            int b = (int) Math.min(n, (long) a + size);
            if (r.window(a, b)) {
                a = b;
                size = Math.min(max, size * 2);
            } else if (size > 64) {
                size = Math.max(64, size / 2);
            } else {
                r.pool = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * r.pool.length, 64))];
            }
        }
        return r.redundant;
    }

    /** Marks the redundant pairs out of the sources at positions [a, b); false when the pool ran out. */
    private boolean window(int a, int b) {
        int end = -1;
        for (int x = a; x < b; x++) end = Math.max(end, lastSucc[x]);
        if (end <= a) return true;
        int words = (b - a + 63) >>> 6;
        int capacity = pool.length / words;
        int[] free = new int[Math.min(capacity, end - a + 1)];
        int freeCount = 0, fresh = 0;
        long[] acc = new long[words];
        int[] live = new int[Math.min(capacity, end - a + 1)];
        int liveCount = 0;
        boolean ok = true;
        for (int x = a + 1; x <= end && ok; x++) {
            int v = order[x];
            int from = g.inStart[v], to = g.inStart[v + 1];
            boolean any = false, fromWindow = false;
            for (int k = from; k < to; k++) {
                int px = pos[g.inPred[k]];
                if (px < a) continue;
                if (px < b) fromWindow = true;
                int s = slotOf[px];
                if (s < 0) continue;
                int base = s * words;
                if (!any) System.arraycopy(pool, base, acc, 0, words);
                else for (int w = 0; w < words; w++) acc[w] |= pool[base + w];
                any = true;
            }
            if (!any && !fromWindow) continue;
            if (any && fromWindow) {
                // a window source that reaches another pred of x has a longer path to x
                for (int k = from; k < to; k++) {
                    int bit = pos[g.inPred[k]] - a;
                    if (bit >= 0 && bit < b - a && (acc[bit >>> 6] & 1L << bit) != 0) redundant.set(g.inPair[k]);
                }
            }
            if (lastSucc[x] > x && x < end) {
                int s;
                if (freeCount > 0) s = free[--freeCount];
                else if (fresh < capacity && fresh < live.length) s = fresh++;
                else {
                    ok = false;
                    break;
                }
                int base = s * words;
                if (any) System.arraycopy(acc, 0, pool, base, words);
                else Arrays.fill(pool, base, base + words, 0L);
                for (int k = from; k < to; k++) {
                    int bit = pos[g.inPred[k]] - a;
                    if (bit >= 0 && bit < b - a) pool[base + (bit >>> 6)] |= 1L << bit;
                }
                slotOf[x] = s;
                live[liveCount++] = x;
            }
            for (int k = from; k < to; k++) {
                int px = pos[g.inPred[k]];
                if (px >= a && lastSucc[px] == x && slotOf[px] >= 0) {
                    free[freeCount++] = slotOf[px];
                    slotOf[px] = -1;
                }
            }
            if (liveCount == live.length) liveCount = compact(live, liveCount);
        }
        for (int i = 0; i < liveCount; i++) slotOf[live[i]] = -1;
        return ok;
    }

    /** Drops the positions whose set was freed from the list of positions to reset. */
    private int compact(int[] live, int count) {
        int m = 0;
        for (int i = 0; i < count; i++) if (slotOf[live[i]] >= 0) live[m++] = live[i];
        return m;
    }
}
