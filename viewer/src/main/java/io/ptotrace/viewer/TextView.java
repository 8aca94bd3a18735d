package io.ptotrace.viewer;

import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.io.OutputStream;
import java.util.BitSet;

/**
 * The plain-text view: a summary, one index line per task, then each task's predecessors and successors over the
 * shown pairs. Tasks in ascending id order; every task is listed, whatever the edge mode shows.
 */
final class TextView {
    private final TaskGraph g;
    private final BitSet shown;
    private final PerfSidecar sidecar;
    /** Tasks known only from the sidecar, ascending (unsigned). */
    private final long[] extra;

    final IdText ids;

    TextView(TaskGraph g, BitSet shown, PerfSidecar sidecar) {
        this(g, shown, sidecar, g);
    }

    /**
     * A view of {@code g}, a part of {@code whole} (or {@code whole} itself): ids print as in the view of the whole
     * graph, and tasks known only from the sidecar are listed only in the whole graph's view.
     */
    TextView(TaskGraph g, BitSet shown, PerfSidecar sidecar, TaskGraph whole) {
        this.g = g;
        this.shown = shown;
        this.sidecar = sidecar;
        long[] only = new long[sidecar == null ? 0 : sidecar.taskIds.length];
        int m = 0;
        if (sidecar != null) for (long id : sidecar.taskIds) if (whole.nodeOf(id) < 0) only[m++] = id;
        ids = IdText.of(whole, only, m);
        extra = g == whole ? java.util.Arrays.copyOf(only, m) : new long[0];
    }

    int taskCount() {
        return g.nodeCount() + extra.length;
    }

    /** Annotation rows on the shown pairs. */
    long annotatedShown() {
        long n = 0;
        for (int p = shown.nextSetBit(0); p >= 0; p = shown.nextSetBit(p + 1)) n += g.pairRowTo(p) - g.pairRowFrom(p);
        return n;
    }

    void write(OutputStream os, String source, int shownPairs, long annotated, boolean perfSidecar, boolean funcNames)
            throws IOException {
        AsciiOut out = new AsciiOut(os);
        out.text("SUMMARY").nl();
        out.text("  source_deps_json: ").text(source).nl();
        out.text("  tasks: ").num(taskCount()).nl();
        out.text("  unique_task_edges: ").num(shownPairs).nl();
        out.text("  annotated_edges: ").num(annotated).nl();
        out.text("  tensors: ").num(g.tensorTableSize()).nl();
        out.text("  perf_sidecar: ").text(perfSidecar ? "yes" : "no").nl();
        out.text("  func_name_map: ").text(funcNames ? "yes" : "no").nl();
        out.nl();
        out.text("TASK INDEX").nl();
        forEachTask(out, true);
        forEachTask(out, false);
        out.flush();
    }

    /** Graph nodes and sidecar-only tasks merged in id order. */
    private void forEachTask(AsciiOut out, boolean index) throws IOException {
        int n = g.nodeCount(), i = 0;
        for (int v = 0; v < n || i < extra.length; ) {
            if (v < n && (i == extra.length || Long.compareUnsigned(g.nodeId(v), extra[i]) < 0)) {
                if (index) indexLine(out, v);
                else details(out, v);
                v++;
            } else {
                long id = extra[i++];
                head(out, index ? "TASK " : "\n=== TASK ", id, -1, true);
                if (index) out.text(" fanin=0 fanout=0").nl();
                else out.text(" ===").nl().text("FANIN 0").nl().text("FANOUT 0").nl();
            }
        }
    }

    private void indexLine(AsciiOut out, int v) throws IOException {
        head(out, "TASK ", g.nodeId(v), v, false);
        out.text(" fanin=").num(fanIn(v)).text(" fanout=").num(fanOut(v)).nl();
    }

    private void details(AsciiOut out, int v) throws IOException {
        head(out, "\n=== TASK ", g.nodeId(v), v, false);
        out.text(" ===").nl();
        out.text("FANIN ").num(fanIn(v)).nl();
        for (int k = g.inFrom(v), end = g.inTo(v); k < end; k++) {
            if (!shown.get(g.inPair(k))) continue;
            out.text("  <- ");
            ids.append(out, g.nodeId(g.inPred(k)));
            out.nl();
        }
        out.text("FANOUT ").num(fanOut(v)).nl();
        for (int p = g.outFrom(v), end = g.outTo(v); p < end; p++) {
            if (!shown.get(p)) continue;
            out.text("  -> ");
            ids.append(out, g.nodeId(g.pairSucc(p)));
            out.nl();
        }
    }

    /** {@code <prefix><id> kind=<kind> func_id=<…>[ SPMD block num = N]}; {@code v} −1 for a sidecar-only task. */
    private void head(AsciiOut out, String prefix, long id, int v, boolean sidecarOnly) throws IOException {
        out.text(prefix);
        ids.append(out, id);
        int row = v < 0 ? -1 : g.taskRow(v);
        if (row >= 0) {
            boolean active = false;
            for (int s = 0; s < 3; s++) active |= g.kernelId(row, s) >= 0;
            if (active) {
                out.text(" kind=submit func_id=[")
                        .num(g.kernelId(row, 0))
                        .ch(',')
                        .num(g.kernelId(row, 1))
                        .ch(',')
                        .num(g.kernelId(row, 2))
                        .ch(']');
            } else {
                out.text(" kind=dummy func_id=none");
            }
            int blocks = g.blockNum(row);
            if (blocks > 1) out.text(" SPMD block num = ").num(blocks);
        } else if (sidecarOnly || (sidecar != null && sidecar.has(id))) {
            // it ran (the sidecar has its rows) but deps.json does not say what it is
            out.text(" kind=submit func_id=unknown");
        } else {
            out.text(" kind=alloc func_id=none");
        }
    }

    private int fanIn(int v) {
        int c = 0;
        for (int k = g.inFrom(v), end = g.inTo(v); k < end; k++) if (shown.get(g.inPair(k))) c++;
        return c;
    }

    private int fanOut(int v) {
        int c = 0;
        for (int p = g.outFrom(v), end = g.outTo(v); p < end; p++) if (shown.get(p)) c++;
        return c;
    }
}
