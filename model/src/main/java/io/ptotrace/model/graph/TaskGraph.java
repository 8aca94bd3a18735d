package io.ptotrace.model.graph;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * One deps.json as a task graph, held in primitive columns: the tasks, tensors and annotated edges as the file
 * lists them, and the unique (pred, succ) task pairs with both adjacency directions in compressed-row form.
 * Read once, streaming, by {@link #read}.
 *
 * <p>Index spaces:
 * <ul>
 *   <li><b>nodes</b>: every task id the file mentions (a {@code tasks[]} entry or an edge endpoint), numbered in
 *       unsigned id order;</li>
 *   <li><b>task rows</b>: the {@code tasks[]} entries with a usable id, in file order; a row replaced by a later
 *       entry with the same id (or, keeping the first, a later duplicate) has {@link #taskNode} −1;</li>
 *   <li><b>tensors</b>: every tensor id the file mentions ({@code tensors[]}, args, edges), in unsigned id
 *       order; <b>tensor rows</b>: the {@code tensors[]} entries, in file order;</li>
 *   <li><b>edges</b>: the {@code edges[]} entries whose endpoints are usable, in file order (the annotation
 *       rows);</li>
 *   <li><b>pairs</b>: the unique (pred, succ) node pairs, sorted by pred then succ; the pairs of one pred are
 *       the range {@link #outFrom}..{@link #outTo}.</li>
 * </ul>
 * Absent members read as −1 (codes, references), {@link #ABSENT} (small ints) or a false {@code …Ok} flag.
 */
public final class TaskGraph extends GraphEntries {
    /** A small int member ({@code idx}, {@code arg}) that is absent. */
    public static final int ABSENT = Integer.MIN_VALUE;

    /**
     * Which of several entries with one id counts: the last, for every command (as the runtime's own deps viewer
     * reads the file), reported in one warning by {@link #read}.
     */
    public enum Duplicates {
        LAST
    }

    private int[] topo;
    private boolean topoDone;

    TaskGraph(Path file, DepsReader.Detail detail) {
        super(file, detail);
    }

    /** Structure the schema does not allow, as the reader reported it: {@code member} null for the top level. */
    public record Unexpected(String member, String where) {}

    /**
     * Streams {@code file} into a graph. Unusable input throws {@link io.ptotrace.io.InputProblem}; the reader's
     * warnings go to {@code warn}, one line each.
     *
     * @param detail how much of each entry to keep ({@link DepsReader.Detail#PROJECTION}: no tensors, no edge
     *     members beyond the endpoints; {@link DepsReader.Detail#ANNOTATIONS}: no args and no slice geometry)
     */
    public static TaskGraph read(Path file, DepsReader.Detail detail, Duplicates duplicates, Consumer<String> warn) {
        return read(file, detail, warn);
    }

    /** Reads a deps.json; repeated ids keep their last entry, counted in one warning. */
    public static TaskGraph read(Path file, DepsReader.Detail detail, Consumer<String> warn) {
        TaskGraphBuilder b = new TaskGraphBuilder(file, detail, estimate(file));
        DepsReader.read(file, detail, b, warn);
        TaskGraph g = b.finish();
        String dup = DepsReader.duplicatesWarning(file, g.duplicateTasks, g.duplicateTensors);
        if (dup != null) warn.accept(dup);
        return g;
    }

    private static long estimate(Path f) {
        try {
            return java.nio.file.Files.size(f);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    public Path file() {
        return file;
    }

    /** The runtime that built the graph (deps.json's top-level {@code runtime}), or null when the file names none. */
    public String runtime() {
        return runtime;
    }

    String runtime;

    public DepsReader.Detail detail() {
        return detail;
    }

    // ---- what the reader saw

    /** The top level had an {@code edges} list (it may be empty). */
    public boolean edgesListed() {
        return edgesListed;
    }

    /** Structure the schema does not allow, in file order (the first of each member only). */
    public List<Unexpected> unexpected() {
        return unexpected;
    }

    /**
     * This graph, unless its file has structure the schema does not allow where the caller reads it: a top level
     * that is not an object, or one of {@code members} ({@code tasks}, {@code tensors}, {@code edges}, {@code args})
     * that is neither a list nor null. The first such place is refused as bad input, in one line.
     */
    public TaskGraph refuseUnexpected(String... members) {
        for (Unexpected u : unexpected) {
            if (u.member() == null) throw new InputProblem(file, "top level is not a JSON object", u.where());
            for (String m : members)
                if (m.equals(u.member()))
                    throw new InputProblem(
                            file, m.equals("args") ? "a task's args is not a list" : m + " is not a list", u.where());
        }
        return this;
    }

    public int taskEntries() {
        return taskEntries;
    }

    public int tensorEntries() {
        return tensorEntries;
    }

    public int edgeEntries() {
        return edgeEntries;
    }

    public int skippedTasks() {
        return skippedTasks;
    }

    public int skippedTensors() {
        return skippedTensors;
    }

    public int skippedEdges() {
        return skippedEdges;
    }

    public int duplicateTasks() {
        return duplicateTasks;
    }

    public int duplicateTensors() {
        return duplicateTensors;
    }

    // ---- nodes

    public int nodeCount() {
        return nodeCount;
    }

    public long nodeId(int node) {
        return nodeId[node];
    }

    /** The node of a task id, or −1. */
    public int nodeOf(long id) {
        return unsignedSearch(nodeId, nodeCount, id);
    }

    /** The task row of a node, or −1 when no {@code tasks[]} entry has its id. */
    public int taskRow(int node) {
        return nodeTask[node];
    }

    // ---- pairs

    public int pairCount() {
        return pairCount;
    }

    public int pairPred(int pair) {
        return pairPred[pair];
    }

    public int pairSucc(int pair) {
        return pairSucc[pair];
    }

    /** The pairs out of a node are {@code outFrom(node) .. outTo(node) - 1}, by ascending succ. */
    public int outFrom(int node) {
        return outStart[node];
    }

    public int outTo(int node) {
        return outStart[node + 1];
    }

    /** The pairs into a node are listed at {@code inFrom(node) .. inTo(node) - 1}, by ascending pred. */
    public int inFrom(int node) {
        return inStart[node];
    }

    public int inTo(int node) {
        return inStart[node + 1];
    }

    /** The pred of the k-th entry of the into-lists. */
    public int inPred(int k) {
        return inPred[k];
    }

    /** The pair of the k-th entry of the into-lists. */
    public int inPair(int k) {
        return inPair[k];
    }

    /** The annotation rows of a pair are {@code pairRow(k)} for k in {@code pairRowFrom .. pairRowTo - 1}, in file order. */
    public int pairRowFrom(int pair) {
        return pairRowStart[pair];
    }

    public int pairRowTo(int pair) {
        return pairRowStart[pair + 1];
    }

    public int pairRow(int k) {
        return pairRows[k];
    }

    /** The pair (pred, succ), or −1. */
    public int pair(int pred, int succ) {
        int lo = outStart[pred], hi = outStart[pred + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int s = pairSucc[mid];
            if (s < succ) lo = mid + 1;
            else if (s > succ) hi = mid - 1;
            else return mid;
        }
        return -1;
    }

    /** This graph restricted to some of its nodes ({@link Subgraph#of}); e.g. a {@link Neighbourhood}. */
    public Subgraph restrictTo(java.util.BitSet nodes) {
        return Subgraph.of(this, nodes);
    }

    // ---- order

    /**
     * A topological order of the nodes (position → node), the one closest to id order: of the nodes ready at each
     * step the smallest comes first. Null when the pairs form a cycle (a self-loop counts). Computed once.
     */
    public synchronized int[] topologicalOrder() {
        if (!topoDone) {
            topo = Topology.order(this);
            topoDone = true;
        }
        return topo;
    }

    public boolean hasCycle() {
        return topologicalOrder() == null;
    }
}
