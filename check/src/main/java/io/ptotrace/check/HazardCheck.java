package io.ptotrace.check;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The write-after-read hazard check of one task graph: which ordered accesses of the same bytes have no
 * dependency path between them, and which tensormap edges join regions that do not overlap. Returns findings as
 * data; the report and the trace overlay only render them.
 */
public final class HazardCheck {
    private HazardCheck() {}

    /** What the check found and what it could not judge. */
    public record Result(
            List<Finding> findings,
            long accesses,
            long unplaced,
            long searches,
            long expanded,
            double sweepSeconds,
            double edgeSeconds) {
        /** How many findings of each kind, by {@link HazardKind#ordinal}. */
        public int[] counts() {
            int[] c = new int[HazardKind.values().length];
            for (Finding f : findings) c[f.kind().ordinal()]++;
            return c;
        }

        /** The worst severity found, or null for none. */
        public Severity worst() {
            Severity w = null;
            for (Finding f : findings) if (w == null || f.severity().ordinal() < w.ordinal()) w = f.severity();
            return w;
        }
    }

    /**
     * Checks {@code g} (read with full detail); {@code spans} (may be null) adds what the run's timing shows. The
     * findings come in report order: observed races first (longest overlap first), then by the later access's
     * submit position, then the earlier's. Warnings (one line each) go to {@code warn}.
     */
    public static Result run(TaskGraph g, NameMap names, TaskSpans spans, Consumer<String> warn) {
        if (!g.edgesListed())
            warn.accept("Warning: " + g.file() + " has no 'edges' array; no two tasks count as ordered");
        warnBackwardIds(g, warn);
        TaskLabels labels = new TaskLabels(g, names);
        Reach reach = new Reach(g, warn);
        HazardSweep sweep = new HazardSweep(g, reach);
        long t0 = System.nanoTime();
        sweep.run();
        long t1 = System.nanoTime();
        int manual = g.code("manual");
        List<Finding> out = new ArrayList<>();
        List<int[]> order = new ArrayList<>(); // per finding: second row, second arg, first row, first arg
        for (HazardSweep.Raw r : sweep.findings()) {
            int fRow = rowOf(g, r.firstArg()), sRow = rowOf(g, r.secondArg());
            boolean man = manual >= 0 && (g.scopeCode(fRow) == manual || g.scopeCode(sRow) == manual);
            Severity sev = man && r.kind().severity == Severity.ERROR ? Severity.WARNING : r.kind().severity;
            int tensor = g.argTensor(r.secondArg());
            out.add(new Finding(
                    r.kind(),
                    sev,
                    access(g, labels, fRow, r.firstArg()),
                    access(g, labels, sRow, r.secondArg()),
                    g.tensorId(tensor),
                    r.buffer(),
                    absolute(r.bytes(), r.buffer()),
                    r.exact(),
                    man,
                    null,
                    Double.NaN));
            order.add(
                    new int[] {sRow, r.secondArg(), fRow, r.firstArg(), r.kind().ordinal()});
        }
        List<EdgeOverlaps.Raw> edges = EdgeOverlaps.find(g);
        long t2 = System.nanoTime();
        for (EdgeOverlaps.Raw r : edges) {
            int pred = g.edgePred(r.edge()), succ = g.edgeSucc(r.edge());
            int pRow = g.taskRow(pred), sRow = g.taskRow(succ);
            boolean man = manual >= 0
                    && ((pRow >= 0 && g.scopeCode(pRow) == manual) || (sRow >= 0 && g.scopeCode(sRow) == manual));
            int slot = g.edgeArg(r.edge());
            Access first = new Access(pred, g.nodeId(pred), slot, null, labels.of(pred));
            Access second =
                    new Access(succ, g.nodeId(succ), slot, r.arg() >= 0 ? g.argType(r.arg()) : null, labels.of(succ));
            out.add(new Finding(
                    HazardKind.EDGE_WITHOUT_OVERLAP,
                    HazardKind.EDGE_WITHOUT_OVERLAP.severity,
                    first,
                    second,
                    g.tensorId(g.rowTensor(r.tensorRow())),
                    g.bufferAddr(r.tensorRow()),
                    new long[0],
                    r.exact(),
                    man,
                    null,
                    Double.NaN));
            order.add(new int[] {
                sRow < 0 ? Integer.MAX_VALUE : sRow,
                Math.max(r.arg(), 0),
                pRow < 0 ? Integer.MAX_VALUE : pRow,
                0,
                HazardKind.EDGE_WITHOUT_OVERLAP.ordinal()
            });
        }
        Integer[] idx = new Integer[out.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
            if (spans != null) out.set(i, spans.observe(out.get(i)));
        }
        List<Finding> fs = out;
        Comparator<Integer> byRace = Comparator.comparing(i -> fs.get(i).observed() == Finding.Observed.RACE ? 0 : 1);
        Comparator<Integer> byOverlap = Comparator.comparingDouble(
                i -> fs.get(i).observed() == Finding.Observed.RACE ? -fs.get(i).overlapUs() : 0);
        Comparator<Integer> bySubmit = (a, b) -> {
            int[] x = order.get(a), y = order.get(b);
            for (int k = 0; k < x.length; k++) if (x[k] != y[k]) return Integer.compare(x[k], y[k]);
            return 0;
        };
        java.util.Arrays.sort(idx, byRace.thenComparing(byOverlap).thenComparing(bySubmit));
        List<Finding> sorted = new ArrayList<>(idx.length);
        for (Integer i : idx) sorted.add(out.get(i));
        return new Result(
                sorted,
                sweep.accesses,
                sweep.unplaced,
                reach.searches,
                reach.expanded,
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9);
    }

    /** Byte offsets within the buffer at {@code buffer} as (unsigned 64-bit) addresses. */
    private static long[] absolute(long[] relative, long buffer) {
        long[] out = relative.clone();
        for (int i = 0; i < out.length; i++) out[i] += buffer;
        return out;
    }

    private static Access access(TaskGraph g, TaskLabels labels, int row, int arg) {
        int node = g.taskNode(row);
        int slot = g.argIdx(arg);
        return new Access(node, g.nodeId(node), slot == TaskGraph.ABSENT ? -1 : slot, g.argType(arg), labels.of(node));
    }

    /** The task row of an arg: the last row starting at or before it (args are stored in row order). */
    private static int rowOf(TaskGraph g, int arg) {
        int lo = 0, hi = g.taskRowCount() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (g.argFrom(mid) <= arg) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** Submit order is the order of {@code tasks[]}: say once when local ids run backwards within a ring. */
    private static void warnBackwardIds(TaskGraph g, Consumer<String> warn) {
        java.util.Map<Long, Long> last = new java.util.HashMap<>();
        io.ptotrace.model.TaskLabels labels = io.ptotrace.model.TaskLabels.ofRuntime(g.runtime());
        for (int row = 0; row < g.taskRowCount(); row++) {
            int node = g.taskNode(row);
            if (node < 0) continue;
            long id = g.nodeId(node);
            long ring = TaskIds.ring(id);
            long local = TaskIds.local(id);
            Long before = last.put(ring, local);
            if (before != null && before > local) {
                warn.accept("Warning: " + g.file() + ": task ids run backwards in tasks[] at " + labels.label(id)
                        + " (after " + labels.label(TaskIds.make(ring, before))
                        + "); tasks[] order is taken as the submit order");
                return;
            }
        }
    }
}
