package io.ptotrace.viewer;

import io.ptotrace.model.graph.Subgraph;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.graph.TransitiveReduction;
import java.util.BitSet;
import java.util.function.Consumer;

/** The pairs an edge mode shows, and the redundant pairs it reports. */
final class EdgeSelection {
    /** The mode in effect: {@link EdgeMode#FULL} when a reduction was asked for but the graph has a cycle. */
    final EdgeMode applied;
    /** The pairs shown. */
    final BitSet shown;
    /** The pairs the reduction finds redundant (empty in full mode). */
    final BitSet redundant;

    final int shownCount;

    private EdgeSelection(EdgeMode applied, BitSet shown, BitSet redundant, int shownCount) {
        this.applied = applied;
        this.shown = shown;
        this.redundant = redundant;
        this.shownCount = shownCount;
    }

    /** Applies {@code mode}; a cyclic graph is shown in full after one warning. */
    static EdgeSelection of(TaskGraph g, EdgeMode mode, Consumer<String> warn) {
        int pairs = g.pairCount();
        BitSet all = new BitSet(pairs);
        all.set(0, pairs);
        if (mode == EdgeMode.FULL) return new EdgeSelection(mode, all, new BitSet(), pairs);
        BitSet structural = TransitiveReduction.redundantPairs(g);
        if (structural == null) {
            warn.accept(
                    "warning: dependency graph has a cycle; transitive reduction skipped, emitting full graph (--edge-mode "
                            + mode.cliName + " ignored)");
            return new EdgeSelection(EdgeMode.FULL, all, new BitSet(), pairs);
        }
        BitSet redundant;
        if (mode.dataflow()) {
            redundant = DataflowProof.removable(g, structural);
        } else {
            redundant = structural;
            int creator = g.code("creator");
            if (creator >= 0) {
                for (int p = redundant.nextSetBit(0); p >= 0; p = redundant.nextSetBit(p + 1)) {
                    for (int k = g.pairRowFrom(p), end = g.pairRowTo(p); k < end; k++) {
                        if (g.edgeSourceCode(g.pairRow(k)) == creator) {
                            redundant.clear(p);
                            break;
                        }
                    }
                }
            }
        }
        BitSet shown;
        if (mode.onlyRedundant()) shown = (BitSet) redundant.clone();
        else {
            shown = all;
            shown.andNot(redundant);
        }
        return new EdgeSelection(mode, shown, redundant, shown.cardinality());
    }

    /** This selection on a part of the graph: the shown and redundant pairs among its nodes. */
    EdgeSelection restrictTo(Subgraph sub) {
        BitSet s = sub.pairs(shown);
        return new EdgeSelection(applied, s, sub.pairs(redundant), s.cardinality());
    }

    /** The line that introduces the redundant pairs on stdout, or null in full mode. */
    String header(int pairs) {
        int r = redundant.cardinality();
        switch (applied) {
            case REDUCED:
                return "Transitive reduction: removed " + r + " redundant edge(s) of " + pairs + " (" + (pairs - r)
                        + " kept)";
            case OMITTED:
                return "Redundant edges only: showing " + r + " redundant edge(s) of " + pairs;
            case REDUCED_DATAFLOW:
                return "Dataflow-verified transitive reduction: removed " + r + " redundant edge(s) of " + pairs + " ("
                        + (pairs - r) + " kept)";
            case OMITTED_DATAFLOW:
                return "Dataflow-verified redundant edges only: showing " + r + " redundant edge(s) of " + pairs;
            default:
                return null;
        }
    }
}
