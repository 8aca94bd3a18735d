package io.ptotrace.viewer.layout;

/**
 * What a layout places: nodes {@code 0..nodeCount-1} and directed edges {@code edgeFrom[i] → edgeTo[i]}. The HTML
 * view builds one from a task graph, a focused neighbourhood of it, or the union graph of a diff.
 */
public record LayoutGraph(int nodeCount, int[] edgeFrom, int[] edgeTo) {
    public LayoutGraph {
        if (edgeFrom.length != edgeTo.length) throw new IllegalArgumentException("edge arrays differ in length");
    }

    public int edgeCount() {
        return edgeFrom.length;
    }
}
