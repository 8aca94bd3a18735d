package io.ptotrace.critpath;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.AicoreCycles;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * One run's timed task graph, in clock ticks: every task with AICore rows (numbered in order of first appearance,
 * the order every "first" tie-break uses), its wall span over all its blocks, its name, the happens-before
 * predecessors (deps.json edges the timing agrees with) and its same-core predecessor. Primitive columns only.
 */
public final class RunGraph {
    public final int tasks;
    public final long[] taskId;
    public final long[] start, end;
    public final int[] blocks;
    /** Rank of each task's id in decimal-string order ({@link DecimalOrder}): the tie-break key. */
    public final int[] keyRank;

    public final String[] name;
    /** Kernel id the name comes from, or −1. */
    public final int[] kernel;

    public final long freqHz;
    public final long tol;

    /** Accepted happens-before edges, in acceptance order. */
    public final int hbEdges;

    final int[] hbPredFrom, hbPred; // CSR by succ, each list in acceptance order
    final int[] hbSuccFrom, hbSucc; // CSR by pred, each list in acceptance order
    /** The same-core predecessor of each task and the end it released the task at, or −1. */
    public final int[] corePrev;

    public final long[] corePrevEnd;

    public final long t0, t1;

    /** How the run's tasks are named: the layout of the runtime its deps.json names, else the older one. */
    public final io.ptotrace.model.TaskLabels labels;

    private RunGraph(Builder b) {
        tasks = b.n;
        taskId = b.taskId;
        start = b.start;
        end = b.end;
        blocks = b.blocks;
        keyRank = b.keyRank;
        name = b.name;
        kernel = b.kernel;
        freqHz = b.freq;
        tol = b.tol;
        hbEdges = b.hbCount;
        hbPredFrom = b.hbPredFrom;
        hbPred = b.hbPred;
        hbSuccFrom = b.hbSuccFrom;
        hbSucc = b.hbSucc;
        corePrev = b.corePrev;
        corePrevEnd = b.corePrevEnd;
        t0 = b.t0;
        t1 = b.t1;
        labels = b.labels;
    }

    /** Task {@code t}'s id as the run's trace names it ({@code t5}, {@code r0t5}, {@code g7t3}). */
    public String label(int t) {
        return labels.label(taskId[t]);
    }

    public long duration(int t) {
        return end[t] - start[t];
    }

    public long makespan() {
        return t1 - t0;
    }

    public int predFrom(int t) {
        return hbPredFrom[t];
    }

    public int predTo(int t) {
        return hbPredFrom[t + 1];
    }

    public int pred(int k) {
        return hbPred[k];
    }

    public int succFrom(int t) {
        return hbSuccFrom[t];
    }

    public int succTo(int t) {
        return hbSuccFrom[t + 1];
    }

    public int succ(int k) {
        return hbSucc[k];
    }

    /** The task with this id, or −1. */
    public int taskOf(long id) {
        return index.get(id);
    }

    private LongIntMap index;

    /**
     * Builds the graph of one run. {@code records} names the records file in the error for a run without AICore
     * rows; {@code graph} is the run's deps.json, {@code names} its name map.
     */
    public static RunGraph build(
            Path records, AicoreCycles rows, long freqHz, TaskGraph graph, NameMap names, long tol) {
        Builder b = new Builder(rows, freqHz, tol);
        if (rows.rows == 0)
            throw new InputProblem(
                    (String) null,
                    "no aicore_tasks records in " + records + " (empty/failed profiling run?)",
                    null,
                    null);
        b.tasks();
        b.names(graph, names);
        b.labels = io.ptotrace.model.TaskLabels.ofRuntime(graph.runtime());
        b.happensBefore(graph);
        b.corePredecessors();
        RunGraph g = new RunGraph(b);
        g.index = b.index;
        return g;
    }

    private static final class Builder {
        final AicoreCycles rows;
        final long freq, tol;
        int n;
        io.ptotrace.model.TaskLabels labels;
        long[] taskId, start, end;
        int[] blocks, keyRank, kernel, rowTask;
        String[] name;
        LongIntMap index;
        int hbCount;
        int[] hbPredFrom, hbPred, hbSuccFrom, hbSucc;
        int[] corePrev;
        long[] corePrevEnd;
        long t0, t1;

        Builder(AicoreCycles rows, long freq, long tol) {
            this.rows = rows;
            this.freq = freq;
            this.tol = tol;
        }

        void tasks() {
            int m = rows.rows;
            index = new LongIntMap(Math.max(16, m));
            rowTask = new int[m];
            long[] id = new long[m], st = new long[m], en = new long[m];
            int[] bl = new int[m];
            int k = 0;
            for (int r = 0; r < m; r++) {
                long t = rows.task[r];
                int i = index.putIfAbsent(t, k);
                if (i < 0) {
                    i = k++;
                    id[i] = t;
                    st[i] = rows.start[r];
                    en[i] = rows.end[r];
                } else {
                    st[i] = Math.min(st[i], rows.start[r]);
                    en[i] = Math.max(en[i], rows.end[r]);
                }
                bl[i]++;
                rowTask[r] = i;
            }
            n = k;
            taskId = java.util.Arrays.copyOf(id, n);
            start = java.util.Arrays.copyOf(st, n);
            end = java.util.Arrays.copyOf(en, n);
            blocks = java.util.Arrays.copyOf(bl, n);
            int[] byKey = IndexSort.identity(n);
            long[] ids = taskId;
            IndexSort.stableSort(byKey, (a, b) -> DecimalOrder.compare(ids[a], ids[b]));
            keyRank = new int[n];
            for (int r = 0; r < n; r++) keyRank[byKey[r]] = r;
            t0 = Long.MAX_VALUE;
            t1 = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                t0 = Math.min(t0, start[i]);
                t1 = Math.max(t1, end[i]);
            }
        }

        void names(TaskGraph g, NameMap names) {
            name = new String[n];
            kernel = new int[n];
            java.util.HashMap<Integer, String> byKernel = new java.util.HashMap<>();
            for (int i = 0; i < n; i++) {
                int node = g.nodeOf(taskId[i]);
                int row = node < 0 ? -1 : g.taskRow(node);
                int kid = -1;
                if (row >= 0)
                    for (int s = 0; s < 3; s++) {
                        int k = g.kernelId(row, s);
                        if (k >= 0) {
                            kid = k;
                            break;
                        }
                    }
                kernel[i] = kid;
                if (kid < 0) {
                    name[i] = "unknown";
                    continue;
                }
                final int kk = kid;
                name[i] = byKernel.computeIfAbsent(kid, x -> {
                    String s = names.name(kk);
                    return s != null ? s : "cid" + kk;
                });
            }
        }

        void happensBefore(TaskGraph g) {
            int nodes = g.nodeCount();
            int[] nodeTask = new int[nodes];
            for (int v = 0; v < nodes; v++) nodeTask[v] = index.get(g.nodeId(v));
            BitSet decided = new BitSet(g.pairCount());
            int edges = g.edgeCount();
            int[] accP = new int[Math.max(16, Math.min(edges, g.pairCount()))], accS = new int[accP.length];
            int c = 0;
            for (int e = 0; e < edges; e++) {
                int pn = g.edgePred(e), sn = g.edgeSucc(e);
                if (pn == sn) continue;
                int p = nodeTask[pn], s = nodeTask[sn];
                if (p < 0 || s < 0) continue;
                int pair = g.edgePair(e);
                if (decided.get(pair)) continue;
                decided.set(pair);
                if (end[p] <= start[s] + tol && start[p] < start[s]) {
                    if (c == accP.length) {
                        accP = java.util.Arrays.copyOf(accP, c * 2);
                        accS = java.util.Arrays.copyOf(accS, c * 2);
                    }
                    accP[c] = p;
                    accS[c] = s;
                    c++;
                }
            }
            hbCount = c;
            hbPredFrom = new int[n + 1];
            hbSuccFrom = new int[n + 1];
            for (int k = 0; k < c; k++) {
                hbPredFrom[accS[k] + 1]++;
                hbSuccFrom[accP[k] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                hbPredFrom[i + 1] += hbPredFrom[i];
                hbSuccFrom[i + 1] += hbSuccFrom[i];
            }
            hbPred = new int[c];
            hbSucc = new int[c];
            int[] fp = java.util.Arrays.copyOf(hbPredFrom, n), fs = java.util.Arrays.copyOf(hbSuccFrom, n);
            for (int k = 0; k < c; k++) {
                hbPred[fp[accS[k]]++] = accP[k];
                hbSucc[fs[accP[k]]++] = accS[k];
            }
        }

        void corePredecessors() {
            int m = rows.rows;
            corePrev = new int[n];
            corePrevEnd = new long[n];
            java.util.Arrays.fill(corePrev, -1);
            int[] rt = rowTask;
            long[] rs = rows.start, re = rows.end;
            int[] core = rows.core;
            int[] order = IndexSort.identity(m);
            IndexSort.stableSort(order, (a, b) -> {
                int c = Integer.compare(core[a], core[b]);
                if (c != 0) return c;
                c = Long.compare(rs[a], rs[b]);
                if (c != 0) return c;
                c = Long.compare(re[a], re[b]);
                if (c != 0) return c;
                return Integer.compare(keyRank[rt[a]], keyRank[rt[b]]);
            });
            int k = 0;
            while (k < m) {
                int c = core[order[k]];
                long bestEnd = 0;
                int bestTask = -1;
                for (; k < m && core[order[k]] == c; k++) {
                    int r = order[k];
                    long st = rs[r], en = re[r];
                    int t = rt[r];
                    if (bestTask >= 0 && bestTask != t && bestEnd <= st + tol && st == start[t]) {
                        if (corePrev[t] < 0 || bestEnd > corePrevEnd[t]) {
                            corePrev[t] = bestTask;
                            corePrevEnd[t] = bestEnd;
                        }
                    }
                    if (bestTask < 0 || en > bestEnd) {
                        bestEnd = en;
                        bestTask = t;
                    }
                }
            }
        }
    }
}
