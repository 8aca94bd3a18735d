package io.ptotrace.diff;

import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of a {@link GraphDiff} one by one, worded as the text report words them, for renderers outside this
 * module (the HTML diff page). Tasks are node numbers of their graph, annotated edges edge rows; a dependency edge
 * (pred, succ) added or removed is given by one of its annotated rows ({@link TaskGraph#edgePair} gives its pair).
 * Every list is in report order.
 */
public final class DiffEntries {
    private final GraphDiff d;
    private final Differ x;

    public DiffEntries(GraphDiff d) {
        this.d = d;
        this.x = d.d;
    }

    public GraphDiff diff() {
        return d;
    }

    public Side oldSide() {
        return d.oldSide;
    }

    public Side newSide() {
        return d.newSide;
    }

    /** The NEW node an OLD node is matched with (by id, or by alignment), or −1. */
    public int newNodeOf(int oldNode) {
        return x.nodeA2B[oldNode];
    }

    /** The OLD node a NEW node is matched with, or −1. */
    public int oldNodeOf(int newNode) {
        return x.nodeB2A[newNode];
    }

    public int tasksAdded() {
        return x.tasksAdded.size();
    }

    /** NEW node of the i-th task only in NEW. */
    public int taskAdded(int i) {
        return x.tasksAdded.get(i);
    }

    public int tasksRemoved() {
        return x.tasksRemoved.size();
    }

    /** OLD node of the i-th task only in OLD. */
    public int taskRemoved(int i) {
        return x.tasksRemoved.get(i);
    }

    public int tasksChanged() {
        return x.tasksChangedA.size();
    }

    public int taskChangedOld(int i) {
        return x.tasksChangedA.get(i);
    }

    public int taskChangedNew(int i) {
        return x.tasksChangedB.get(i);
    }

    /** Dependency edges only in NEW. */
    public int pairsAdded() {
        return x.pairsAdded.size();
    }

    /** A NEW annotated edge of the i-th dependency edge only in NEW. */
    public int pairAdded(int i) {
        return x.pairsAdded.get(i);
    }

    public int pairsRemoved() {
        return x.pairsRemoved.size();
    }

    /** An OLD annotated edge of the i-th dependency edge only in OLD. */
    public int pairRemoved(int i) {
        return x.pairsRemoved.get(i);
    }

    public int annotatedAdded() {
        return x.edgesAdded.size();
    }

    /** NEW edge row of the i-th annotated edge only in NEW. */
    public int annotatedAdded(int i) {
        return x.edgesAdded.get(i);
    }

    public int annotatedRemoved() {
        return x.edgesRemoved.size();
    }

    /** OLD edge row of the i-th annotated edge only in OLD. */
    public int annotatedRemoved(int i) {
        return x.edgesRemoved.get(i);
    }

    public int annotatedChanged() {
        return x.edgesChangedA.size();
    }

    public int annotatedChangedOld(int i) {
        return x.edgesChangedA.get(i);
    }

    public int annotatedChangedNew(int i) {
        return x.edgesChangedB.get(i);
    }

    /** {@code field: old -> new}, one line per changed attribute of the i-th changed task. */
    public List<String> taskChangeLines(int i) {
        return lines(d.taskChanges(i));
    }

    /** {@code field: old -> new}, one line per changed annotation of the i-th changed annotated edge. */
    public List<String> edgeChangeLines(int i) {
        return lines(d.edgeChanges(i));
    }

    private static List<String> lines(List<Change> cs) {
        List<String> out = new ArrayList<>(cs.size());
        for (Change c : cs) out.add(c.field() + ": " + Fmt.value(c.oldValue()) + " -> " + Fmt.value(c.newValue()));
        return out;
    }

    /** The function name of a node (first kernel id other than −1, through the side's name map), or null. */
    public String funcName(Side s, int node) {
        return s.funcName(node);
    }

    /** Kernels, block num and args of a task, on one line. */
    public String taskDetail(Side s, int node) {
        return Fmt.taskDetail(s, node);
    }

    /** An annotated edge's matching key (arg, source, tensor) and the annotation members it carries. */
    public String edgeText(Side s, int e) {
        String ann = Fmt.edgeAnnotation(s.graph(), e);
        return Fmt.edgeKey(s.graph(), e) + (ann.isEmpty() ? "" : "  " + ann);
    }
}
