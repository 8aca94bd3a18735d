package io.ptotrace.check;

import io.ptotrace.model.graph.TaskGraph;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * "Is there a path from u to v?" for the queries of a sweep, which come grouped by v (the later task) with u
 * earlier. A direct pair answers most of them; otherwise one search backwards from v serves every query of that
 * v: it expands only ancestors at or after the lowest topological position asked about so far (no node before u
 * lies on a path from u), defers the rest, and resumes from the deferred nodes when a query reaches lower.
 * Memory: one int per node and the search's frontier.
 */
final class Reach {
    private final TaskGraph g;
    private final int[] pos;
    private final boolean acyclic;
    private final int[] seen;
    private int stamp, target = -1, bound;
    private int[] stack = new int[64], deferred = new int[64];
    private int stackSize, deferredSize;
    long searches, expanded;

    Reach(TaskGraph g, Consumer<String> warn) {
        this.g = g;
        int n = g.nodeCount();
        pos = new int[n];
        int[] order = g.topologicalOrder();
        acyclic = order != null;
        if (acyclic) for (int i = 0; i < n; i++) pos[order[i]] = i;
        else
            warn.accept("Warning: " + g.file()
                    + ": the dependency edges form a cycle; every path query searches the whole graph");
        seen = new int[n];
    }

    /** A path of one or more edges leads from node u to node v (u == v counts). */
    boolean reaches(int u, int v) {
        if (u == v) return true;
        if (acyclic && pos[u] >= pos[v]) return false;
        if (g.pair(u, v) >= 0) return true;
        if (v != target) {
            target = v;
            stamp++;
            stackSize = 0;
            deferredSize = 0;
            seen[v] = stamp;
            push(v);
            bound = acyclic ? pos[v] : 0;
            searches++;
        }
        if (seen[u] == stamp) return true; // every node seen is an ancestor of v
        if (acyclic && pos[u] < bound) {
            bound = pos[u];
            int keep = 0;
            for (int i = 0; i < deferredSize; i++) {
                int x = deferred[i];
                if (pos[x] >= bound) push(x);
                else deferred[keep++] = x;
            }
            deferredSize = keep;
        }
        while (stackSize > 0) {
            int x = stack[--stackSize];
            expanded++;
            for (int k = g.inFrom(x), end = g.inTo(x); k < end; k++) {
                int p = g.inPred(k);
                if (seen[p] == stamp) continue;
                seen[p] = stamp;
                if (pos[p] >= bound) push(p);
                else defer(p);
            }
            if (seen[u] == stamp) return true;
        }
        return false;
    }

    private void push(int x) {
        if (stackSize == stack.length) stack = Arrays.copyOf(stack, stackSize * 2);
        stack[stackSize++] = x;
    }

    private void defer(int x) {
        if (deferredSize == deferred.length) deferred = Arrays.copyOf(deferred, deferredSize * 2);
        deferred[deferredSize++] = x;
    }
}
