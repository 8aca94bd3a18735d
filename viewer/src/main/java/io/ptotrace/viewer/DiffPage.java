package io.ptotrace.viewer;

import io.ptotrace.diff.DiffEntries;
import io.ptotrace.diff.GraphDiff;
import io.ptotrace.diff.Side;
import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.layout.GraphLayout;
import io.ptotrace.viewer.layout.LayoutGraph;
import io.ptotrace.viewer.page.GraphPage;
import io.ptotrace.viewer.page.GraphPage.Status;
import io.ptotrace.viewer.page.PageWriter;
import io.ptotrace.viewer.page.Rows;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The graph page of a diff: the union of both graphs — every NEW task, then the OLD tasks matched with none — and the
 * union of their dependency edges (NEW's pairs, then the pairs only in OLD). Tasks and edges only in OLD are
 * {@link Status#REMOVED}, only in NEW {@link Status#ADDED}; changed tasks and pairs whose annotated edges were added,
 * removed or changed are {@link Status#CHANGED}. Every status comes from the {@link GraphDiff} the text, JSON and
 * Markdown reports render, and the panel words the changes as the text report does.
 */
public final class DiffPage {
    private final DiffEntries x;
    private final Side a, b;
    private final TaskGraph ga, gb;
    /** Page node of each OLD node. */
    private final int[] oldNode;
    /** OLD nodes matched with no NEW node, in OLD order: page nodes {@code gb.nodeCount() ..}. */
    private final int[] oldOnly;
    /** OLD pairs only in OLD, in report order: page edges {@code gb.pairCount() ..}. */
    private final int[] removedPairs;
    /** Ids as the deps view prints them, one rule over both graphs. */
    /** Each side's tasks named as the text diff names them. */
    private final IdText idsOld, idsNew;

    private DiffPage(GraphDiff d) {
        x = new DiffEntries(d);
        a = x.oldSide();
        b = x.newSide();
        ga = a.graph();
        gb = b.graph();
        oldNode = new int[ga.nodeCount()];
        int[] only = new int[ga.nodeCount()];
        int m = 0;
        for (int v = 0; v < ga.nodeCount(); v++) {
            int y = x.newNodeOf(v);
            if (y >= 0) oldNode[v] = y;
            else {
                oldNode[v] = gb.nodeCount() + m;
                only[m++] = v;
            }
        }
        oldOnly = Arrays.copyOf(only, m);
        removedPairs = new int[x.pairsRemoved()];
        for (int i = 0; i < removedPairs.length; i++) removedPairs[i] = ga.edgePair(x.pairRemoved(i));
        idsOld = IdText.ofSide(ga, gb);
        idsNew = IdText.ofSide(gb, ga);
    }

    /** The page of a diff, laid out. */
    public static GraphPage of(GraphDiff d) {
        return new DiffPage(d).build();
    }

    /** Writes the page of a diff; returns its node and edge counts for the {@code Wrote …} line. */
    public static String write(GraphDiff d, OutputStream out) throws IOException {
        GraphPage page = of(d);
        PageWriter.write(page, out);
        return page.nodeCount() + " nodes, " + page.edgeCount() + " edges, format=html";
    }

    private GraphPage build() {
        int nb = gb.nodeCount(), pb = gb.pairCount();
        GraphPage page = new GraphPage(nb + oldOnly.length, pb + removedPairs.length);
        nodes(page);
        edges(page);
        GraphDiff.Summary s = x.diff().summary();
        page.diff("tasks_added", s.tasksAdded());
        page.diff("tasks_removed", s.tasksRemoved());
        page.diff("tasks_changed", s.tasksChanged());
        page.diff("edges_added", s.edgesAdded());
        page.diff("edges_removed", s.edgesRemoved());
        page.title(
                "deps.json diff — tasks " + s.tasksAdded() + " added, " + s.tasksRemoved() + " removed, "
                        + s.tasksChanged() + " changed; edges " + s.edgesAdded() + " added, " + s.edgesRemoved()
                        + " removed",
                "deps.json diff");
        page.direction("LR");
        int[] from = new int[page.edgeCount()], to = new int[page.edgeCount()];
        for (int e = 0; e < from.length; e++) {
            from[e] = page.edgeFrom(e);
            to[e] = page.edgeTo(e);
        }
        page.layout(GraphLayout.compute(new LayoutGraph(page.nodeCount(), from, to), GraphLayout.Effort.LAYERED));
        return page;
    }

    // ---- tasks

    private void nodes(GraphPage page) {
        int nb = gb.nodeCount();
        Status[] status = new Status[page.nodeCount()];
        Arrays.fill(status, Status.NONE);
        // the detail lines of each page node, gathered first: rows go in node order
        String[][] detail = new String[page.nodeCount()][];
        for (int i = 0; i < x.tasksAdded(); i++) {
            int y = x.taskAdded(i);
            status[y] = Status.ADDED;
            detail[y] = new String[] {"only in NEW: " + x.taskDetail(b, y)};
        }
        for (int i = 0; i < x.tasksRemoved(); i++) {
            int v = x.taskRemoved(i), n = oldNode[v];
            status[n] = Status.REMOVED;
            detail[n] = new String[] {"only in OLD: " + x.taskDetail(a, v)};
        }
        for (int i = 0; i < x.tasksChanged(); i++) {
            int y = x.taskChangedNew(i);
            status[y] = Status.CHANGED;
            java.util.List<String> lines = new java.util.ArrayList<>(x.taskChangeLines(i));
            long oldId = ga.nodeId(x.taskChangedOld(i));
            if (oldId != gb.nodeId(y)) lines.add(0, "matched with OLD " + idsOld.text(oldId));
            detail[y] = lines.toArray(new String[0]);
        }
        for (int v = 0; v < page.nodeCount(); v++) {
            boolean onlyOld = v >= nb;
            Side s = onlyOld ? a : b;
            int node = onlyOld ? oldOnly[v - nb] : v;
            TaskGraph g = s.graph();
            long id = g.nodeId(node);
            String key = (onlyOld ? idsOld : idsNew).text(id);
            if (onlyOld && gb.nodeOf(id) >= 0) key = "OLD " + key; // an aligned diff can reuse an id for another task
            int row = g.taskRow(node);
            String func = row >= 0 ? x.funcName(s, node) : null;
            page.node(
                    v,
                    key,
                    func,
                    hint(g, row, func),
                    style(g, row),
                    fire(g, row) ? GraphPage.FIRE : 0,
                    row >= 0 ? g.blockNum(row) : 1);
            page.nodeStatus(v, status[v]);
            page.nodeId(v, id);
            if (detail[v] != null) for (String line : detail[v]) page.nodeRows.add(v, Rows.CHANGE, line);
            if (row >= 0)
                for (int k = g.argFrom(row); k < g.argTo(row); k++) page.nodeRows.add(v, Rows.TEXT, argText(g, k));
        }
    }

    private static boolean fire(TaskGraph g, int row) {
        return row < 0 || g.earlyDispatch(row) == 1;
    }

    private static String hint(TaskGraph g, int row, String func) {
        if (row < 0) return "alloc";
        if (func != null) return func;
        for (int s = 0; s < 3; s++) if (g.kernelId(row, s) >= 0) return "f" + g.kernelId(row, s);
        return "dummy";
    }

    private static GraphPage.Style style(TaskGraph g, int row) {
        if (row < 0) return GraphPage.Style.ALLOC;
        boolean cube = g.kernelId(row, 0) >= 0, vector = g.kernelId(row, 1) >= 0 || g.kernelId(row, 2) >= 0;
        return cube && vector
                ? GraphPage.Style.MIX
                : cube ? GraphPage.Style.AIC : vector ? GraphPage.Style.AIV : GraphPage.Style.PLAIN;
    }

    private static String argText(TaskGraph g, int k) {
        StringBuilder sb = new StringBuilder("arg");
        sb.append(g.argIdx(k) == TaskGraph.ABSENT ? "?" : Integer.toString(g.argIdx(k)))
                .append(' ')
                .append(g.argType(k));
        if (g.argDtypeCode(k) >= 0) sb.append(' ').append(g.argDtype(k));
        long[] shape = g.argShape(k);
        if (shape != null) sb.append(' ').append(Arrays.toString(shape).replace(" ", ""));
        int t = g.argTensor(k);
        if (t >= 0) sb.append(" tensor ").append(U64.str(g.tensorId(t)));
        return sb.toString();
    }

    // ---- edges

    private void edges(GraphPage page) {
        int pb = gb.pairCount();
        Status[] status = new Status[page.edgeCount()];
        Arrays.fill(status, Status.NONE);
        for (int i = 0; i < x.pairsAdded(); i++) status[gb.edgePair(x.pairAdded(i))] = Status.ADDED;
        for (int i = 0; i < removedPairs.length; i++) status[pb + i] = Status.REMOVED;
        // the annotated rows of NEW's edges that were added or changed, and OLD's removed rows onto a kept pair
        byte[] mark = new byte[gb.edgeCount()];
        int[] changedAt = new int[gb.edgeCount()];
        for (int i = 0; i < x.annotatedAdded(); i++) mark[x.annotatedAdded(i)] = 1;
        for (int i = 0; i < x.annotatedChanged(); i++) {
            mark[x.annotatedChangedNew(i)] = 2;
            changedAt[x.annotatedChangedNew(i)] = i;
        }
        // OLD's removed annotated edges whose pair NEW keeps, as (NEW pair, report index), sorted
        long[] gone = new long[x.annotatedRemoved()];
        int goneCount = 0;
        for (int i = 0; i < gone.length; i++) {
            int p = keptPair(x.annotatedRemoved(i));
            if (p >= 0) gone[goneCount++] = (long) p << 32 | i;
        }
        Arrays.sort(gone, 0, goneCount);
        int explicitB = gb.code("explicit"), explicitA = ga.code("explicit");
        int next = 0;
        for (int p = 0; p < pb; p++) {
            boolean explicit = true;
            for (int k = gb.pairRowFrom(p); k < gb.pairRowTo(p); k++) {
                int e = gb.pairRow(k);
                explicit &= explicitB >= 0 && gb.edgeSourceCode(e) == explicitB;
                String text = x.edgeText(b, e);
                if (mark[e] == 1) {
                    page.edgeRows.add(p, Rows.TEXT, "[added] " + text);
                    if (status[p] == Status.NONE) status[p] = Status.CHANGED;
                } else if (mark[e] == 2) {
                    page.edgeRows.add(p, Rows.TEXT, "[changed] " + text);
                    for (String line : x.edgeChangeLines(changedAt[e])) page.edgeRows.add(p, Rows.TEXT, "  " + line);
                    if (status[p] == Status.NONE) status[p] = Status.CHANGED;
                } else {
                    page.edgeRows.add(p, Rows.TEXT, text);
                }
            }
            for (; next < goneCount && (int) (gone[next] >>> 32) == p; next++) {
                page.edgeRows.add(p, Rows.TEXT, "[removed] " + x.edgeText(a, x.annotatedRemoved((int) gone[next])));
                if (status[p] == Status.NONE) status[p] = Status.CHANGED;
            }
            page.edge(
                    p,
                    gb.pairPred(p),
                    gb.pairSucc(p),
                    explicit && gb.pairRowTo(p) > gb.pairRowFrom(p) ? GraphPage.DASHED : 0,
                    null);
            page.edgeStatus(p, status[p]);
        }
        for (int i = 0; i < removedPairs.length; i++) {
            int q = removedPairs[i], e0 = pb + i;
            boolean explicit = ga.pairRowTo(q) > ga.pairRowFrom(q);
            for (int k = ga.pairRowFrom(q); k < ga.pairRowTo(q); k++) {
                int e = ga.pairRow(k);
                explicit &= explicitA >= 0 && ga.edgeSourceCode(e) == explicitA;
                page.edgeRows.add(e0, Rows.TEXT, x.edgeText(a, e));
            }
            page.edge(e0, oldNode[ga.pairPred(q)], oldNode[ga.pairSucc(q)], explicit ? GraphPage.DASHED : 0, null);
            page.edgeStatus(e0, Status.REMOVED);
        }
    }

    /** The NEW pair an OLD annotated edge's pair is matched with, or −1 when that pair is only in OLD. */
    private int keptPair(int e) {
        int p = x.newNodeOf(ga.edgePred(e)), s = x.newNodeOf(ga.edgeSucc(e));
        return p < 0 || s < 0 ? -1 : gb.pair(p, s);
    }
}
