package io.ptotrace.viewer.page;

import io.ptotrace.viewer.layout.GraphLayout;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the interactive graph page shows, independent of where the graph came from: nodes with a search key, a name,
 * a histogram bucket, a style and an optional status; edges with flags, an optional label and status; detail rows
 * for the panel; and the layout. A producer (the deps view, a graph diff) fills one and {@link PageWriter} renders it.
 * Fan counts, histograms and reachability are computed by the page itself over the edges.
 */
public final class GraphPage {
    /** Node shape and colour. */
    public enum Style {
        AIC,
        AIV,
        MIX,
        ALLOC,
        PLAIN
    }

    /** Diff status of a node or edge; {@link #NONE} outside a diff. */
    public enum Status {
        NONE,
        ADDED,
        REMOVED,
        CHANGED
    }

    /** Node flag: the task is marked as dispatched early (or is an allocation). */
    public static final int FIRE = 1;
    /** Node flag: every predecessor is fire-marked and one of them is not an allocation. */
    public static final int STAR = 2;
    /** Edge flag: laid out but not selected by the edge mode; drawn faint, in the background. */
    public static final int HIDDEN = 1;
    /** Edge flag: an ordering-only dependency, drawn dashed. */
    public static final int DASHED = 2;

    public final StringTable strings = new StringTable();
    private final int nodeCount, edgeCount;
    final int[] key, name, hint, badge;
    /** The task id behind each node, as two 32-bit halves, so that the page can match every written form of it. */
    final int[] idHigh, idLow;
    /** Per node: a bit per {@link #mark} (at most 8), e.g. the tasks on an analysis's path. */
    final byte[] marks;
    /** The marks' names and legend lines, in bit order. */
    final java.util.List<String[]> markNames = new java.util.ArrayList<>();
    /** Nodes the page selects and frames when it opens (a focused view's tasks), in order. */
    int[] focus = new int[0];

    final byte[] style, flags, status;
    final int[] from, to, edgeLabel;
    final byte[] edgeFlags, edgeStatus;
    /** Panel rows per node and per edge. */
    public final Rows nodeRows, edgeRows;

    String title = "graph";
    String subject = "graph";
    String direction = "LR";
    GraphLayout layout;
    /** Scalars handed to the page's {@code window.ptotraceGraph} (e.g. a diff summary), in insertion order. */
    final Map<String, Long> summary = new LinkedHashMap<>();
    /** A diff's counts, handed to the page's {@code window.ptotraceGraph.diff}; empty outside a diff. */
    final Map<String, Long> diff = new LinkedHashMap<>();

    public GraphPage(int nodeCount, int edgeCount) {
        this.nodeCount = nodeCount;
        this.edgeCount = edgeCount;
        key = new int[nodeCount];
        name = new int[nodeCount];
        hint = new int[nodeCount];
        badge = new int[nodeCount];
        idHigh = new int[nodeCount];
        idLow = new int[nodeCount];
        marks = new byte[nodeCount];
        style = new byte[nodeCount];
        flags = new byte[nodeCount];
        status = new byte[nodeCount];
        from = new int[edgeCount];
        to = new int[edgeCount];
        edgeLabel = new int[edgeCount];
        edgeFlags = new byte[edgeCount];
        edgeStatus = new byte[edgeCount];
        nodeRows = new Rows(strings, nodeCount);
        edgeRows = new Rows(strings, edgeCount);
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int edgeCount() {
        return edgeCount;
    }

    /**
     * Sets node {@code v}: {@code key} is what search matches exactly (the id as printed), {@code name} the label's
     * suffix (null: none), {@code hint} the bucket of the neighbours' histograms (also searched), {@code badge} the
     * SPMD block count shown as {@code xN} (below 2: none).
     */
    public void node(int v, String key, String name, String hint, Style style, int flags, int badge) {
        this.key[v] = strings.code(key);
        this.name[v] = strings.code(name);
        this.hint[v] = strings.code(hint);
        this.style[v] = (byte) style.ordinal();
        this.flags[v] = (byte) flags;
        this.badge[v] = badge > 1 ? badge : 0;
    }

    public void nodeStatus(int v, Status s) {
        status[v] = (byte) s.ordinal();
    }

    /** The task id node {@code v} stands for (its raw 64-bit id); search accepts it and its display forms. */
    public void nodeId(int v, long raw) {
        idHigh[v] = (int) (raw >>> 32);
        idLow[v] = (int) raw;
    }

    public long nodeId(int v) {
        return ((long) idHigh[v] << 32) | (idLow[v] & 0xFFFFFFFFL);
    }

    /**
     * A per-task mark the page draws (an outline of its own) and explains in its legend as {@code legend}; returns the
     * mark's bit for {@link #mark(int, int)}. At most 8 marks.
     */
    public int addMark(String name, String legend) {
        return addMark(name, legend, null, null);
    }

    /**
     * As {@link #addMark(String, String)}, drawn in {@code color} (null: the page's palette) and named in a selected
     * task's panel as {@code panelText} (null: the legend's words).
     */
    public int addMark(String name, String legend, String color, String panelText) {
        if (markNames.size() == 8) throw new IllegalStateException("at most 8 marks");
        markNames.add(new String[] {name, legend, color, panelText});
        return 1 << (markNames.size() - 1);
    }

    /** Sets the mark bits {@code bits} (from {@link #addMark}) on node {@code v}. */
    public void mark(int v, int bits) {
        marks[v] |= (byte) bits;
    }

    public int marks(int v) {
        return marks[v] & 0xFF;
    }

    /** The nodes the page selects (the first) and marks (all) when it opens. */
    public void focus(int... nodes) {
        for (int v : nodes) if (v < 0 || v >= nodeCount) throw new IllegalArgumentException("no node " + v);
        focus = nodes.clone();
    }

    public int[] focus() {
        return focus.clone();
    }

    /** Sets edge {@code e} from node {@code a} to node {@code b}; {@code label} (null: none) is drawn beside it. */
    public void edge(int e, int a, int b, int flags, String label) {
        from[e] = a;
        to[e] = b;
        edgeFlags[e] = (byte) flags;
        edgeLabel[e] = strings.code(label);
    }

    public void edgeStatus(int e, Status s) {
        edgeStatus[e] = (byte) s.ordinal();
    }

    public int edgeFrom(int e) {
        return from[e];
    }

    public int edgeTo(int e) {
        return to[e];
    }

    public int edgeFlags(int e) {
        return edgeFlags[e];
    }

    public String edgeLabel(int e) {
        return strings.text(edgeLabel[e]);
    }

    public String key(int v) {
        return strings.text(key[v]);
    }

    public String name(int v) {
        return strings.text(name[v]);
    }

    public String hint(int v) {
        return strings.text(hint[v]);
    }

    public Style style(int v) {
        return Style.values()[style[v]];
    }

    public int flags(int v) {
        return flags[v];
    }

    public int badge(int v) {
        return badge[v];
    }

    /** Edges not {@link #HIDDEN}. */
    public int visibleEdgeCount() {
        int n = 0;
        for (int e = 0; e < edgeCount; e++) if ((edgeFlags[e] & HIDDEN) == 0) n++;
        return n;
    }

    /** The document title; {@code subject} names the input in the page's heading line. */
    public void title(String title, String subject) {
        this.title = title;
        this.subject = subject;
    }

    /** Layout direction: LR, TB, RL or BT (the way edges point). */
    public void direction(String d) {
        this.direction = d;
    }

    public void layout(GraphLayout layout) {
        if (layout.nodeCount() != nodeCount) throw new IllegalArgumentException("layout of another graph");
        this.layout = layout;
    }

    /** A number the page exposes on {@code window.ptotraceGraph} under {@code name}. */
    public void summary(String name, long value) {
        summary.put(name, value);
    }

    /** A count of the diff this page shows, exposed on {@code window.ptotraceGraph.diff} under {@code name}. */
    public void diff(String name, long value) {
        diff.put(name, value);
    }

    /** The diff counts given, in insertion order. */
    public Map<String, Long> diff() {
        return java.util.Collections.unmodifiableMap(diff);
    }

    public Status status(int v) {
        return Status.values()[status[v]];
    }

    public Status edgeStatus(int e) {
        return Status.values()[edgeStatus[e]];
    }
}
