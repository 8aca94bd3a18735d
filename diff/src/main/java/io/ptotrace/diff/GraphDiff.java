package io.ptotrace.diff;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The result of diffing OLD against NEW. Lists are held as primitive index arrays into the two
 * graphs, already in report order (unsigned ids, then the matching key); renderers turn them into
 * text on demand, so even a diff of two unrelated 1M-task graphs stays compact.
 */
public final class GraphDiff {
    /** The counts of every category. {@code edges*} count projected (pred, succ) pairs. */
    public record Summary(
            int tasksAdded,
            int tasksRemoved,
            int tasksChanged,
            int tasksMatchedByAlignment,
            int edgesAdded,
            int edgesRemoved,
            int annotatedEdgesAdded,
            int annotatedEdgesRemoved,
            int annotatedEdgesChanged,
            int tensorsAdded,
            int tensorsRemoved,
            int tensorsChanged) {
        /** True when no category has an entry. */
        public boolean identical() {
            return tasksAdded
                            + tasksRemoved
                            + tasksChanged
                            + edgesAdded
                            + edgesRemoved
                            + annotatedEdgesAdded
                            + annotatedEdgesRemoved
                            + annotatedEdgesChanged
                            + tensorsAdded
                            + tensorsRemoved
                            + tensorsChanged
                    == 0;
        }
    }

    final Side oldSide, newSide;
    final DiffOptions options;
    final Differ d;
    private final Summary summary;

    GraphDiff(Side oldSide, Side newSide, DiffOptions options, Differ d) {
        this.oldSide = oldSide;
        this.newSide = newSide;
        this.options = options;
        this.d = d;
        this.summary = new Summary(
                d.tasksAdded.size(),
                d.tasksRemoved.size(),
                d.tasksChangedA.size(),
                d.alignedPairs,
                d.pairsAdded.size(),
                d.pairsRemoved.size(),
                d.edgesAdded.size(),
                d.edgesRemoved.size(),
                d.edgesChangedA.size(),
                d.tensorsAdded.size(),
                d.tensorsRemoved.size(),
                d.tensorsChangedA.size());
    }

    /** Diffs two loaded sides. NEW's string and array codes are translated into OLD's (the graphs stay as read). */
    public static GraphDiff of(Side oldSide, Side newSide, DiffOptions options) {
        return new Differ(oldSide, newSide, options.copy()).run();
    }

    public Summary summary() {
        return summary;
    }

    public boolean identical() {
        return summary.identical();
    }

    public TaskGraph oldGraph() {
        return oldSide.graph();
    }

    public TaskGraph newGraph() {
        return newSide.graph();
    }

    public NameMap oldNames() {
        return oldSide.names();
    }

    public NameMap newNames() {
        return newSide.names();
    }

    public DiffOptions options() {
        return options;
    }

    /** Seconds per diff step (for -v). */
    public String timings() {
        return d.timings.toString();
    }

    /** Distinct (pred, succ) pairs of OLD. */
    public int oldPairCount() {
        return d.pairsOld;
    }

    /** Distinct (pred, succ) pairs of NEW. */
    public int newPairCount() {
        return d.pairsNew;
    }

    /** Remarks for the reader (flags not recorded on one side, tensor matching statistics, ignored fields). */
    public List<String> notes() {
        return Collections.unmodifiableList(d.notes);
    }

    /** Changed attributes of the i-th changed task. */
    public List<Change> taskChanges(int i) {
        List<Change> out = new ArrayList<>();
        d.cmp.task(oldGraph().taskRow(d.tasksChangedA.get(i)), newGraph().taskRow(d.tasksChangedB.get(i)), out);
        return out;
    }

    /** Changed annotations of the i-th changed annotated edge. */
    public List<Change> edgeChanges(int i) {
        List<Change> out = new ArrayList<>();
        d.cmp.edge(d.edgesChangedA.get(i), d.edgesChangedB.get(i), out);
        return out;
    }

    /** Changed attributes of the i-th changed tensor. */
    public List<Change> tensorChanges(int i) {
        List<Change> out = new ArrayList<>();
        d.cmp.tensor(
                oldGraph().tensorRow(d.tensorsChangedA.get(i)), newGraph().tensorRow(d.tensorsChangedB.get(i)), out);
        return out;
    }
}
