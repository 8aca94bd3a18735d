package io.ptotrace.viewer.layout;

/**
 * Places nodes along their rank, in the order found, at least 1 apart and as near as possible to the mean x of their
 * neighbours, so that chains come out straight and a fan sits centred under its source. Each pass walks the ranks
 * (down looking at lower neighbours, up at higher ones, last at both) and solves every rank exactly: the x that
 * minimise the squared distances to the wished-for places, weighted by the number of neighbours, subject to the
 * spacing, are an isotonic regression of {@code wish[i] - i}, found in one stack pass (pool adjacent violators).
 * A node with no neighbour on the side looked at wishes to stay, with a small weight.
 */
final class Placement {
    private static final double STAY_WEIGHT = 0.1;

    private final Layers l;
    private final double[] x;
    private final double[] wish;
    private final double[] weight;
    private final int[] blockEnd;
    private final double[] blockWeight;
    private final double[] blockSum;

    private Placement(Layers l) {
        this.l = l;
        this.x = new double[l.nodeCount];
        int w = l.maxWidth;
        wish = new double[w];
        weight = new double[w];
        blockEnd = new int[w];
        blockWeight = new double[w];
        blockSum = new double[w];
        for (int r = 0; r < l.rankCount; r++) {
            int s = l.rankStart[r], width = l.width(r);
            for (int i = 0; i < width; i++) x[l.order[s + i]] = i - (width - 1) / 2.0;
        }
    }

    /** x per node, smallest 0; {@code rounds} down-and-up passes before the final pass over both sides. */
    static float[] run(Layers l, int rounds) {
        Placement p = new Placement(l);
        for (int k = 0; k < rounds; k++) {
            for (int r = 1; r < l.rankCount; r++) p.solve(r, true, false);
            for (int r = l.rankCount - 2; r >= 0; r--) p.solve(r, false, true);
        }
        for (int r = 0; r < l.rankCount; r++) p.solve(r, true, true);
        return p.quantised();
    }

    private void solve(int r, boolean lower, boolean higher) {
        int s = l.rankStart[r], w = l.width(r);
        for (int i = 0; i < w; i++) {
            int v = l.order[s + i];
            int from = lower ? l.adjStart[v] : l.adjMid[v];
            int to = higher ? l.adjStart[v + 1] : l.adjMid[v];
            if (from == to) {
                wish[i] = x[v] - i;
                weight[i] = STAY_WEIGHT;
            } else {
                double sum = 0;
                for (int k = from; k < to; k++) sum += x[l.adj[k]];
                wish[i] = sum / (to - from) - i;
                weight[i] = to - from;
            }
        }
        // pool adjacent violators: blocks of equal value, each block's value the weighted mean of its wishes
        int blocks = 0;
        for (int i = 0; i < w; i++) {
            double bw = weight[i], bs = wish[i] * weight[i];
            while (blocks > 0 && blockSum[blocks - 1] * bw > bs * blockWeight[blocks - 1]) { // previous mean > this one
                blocks--;
                bw += blockWeight[blocks];
                bs += blockSum[blocks];
            }
            blockWeight[blocks] = bw;
            blockSum[blocks] = bs;
            blockEnd[blocks] = i + 1;
            blocks++;
        }
        int i = 0;
        for (int b = 0; b < blocks; b++) {
            double y = blockSum[b] / blockWeight[b];
            for (; i < blockEnd[b]; i++) x[l.order[s + i]] = y + i;
        }
    }

    /**
     * Shifts so the smallest x is 0 and rounds to a grid fine enough to look continuous yet coarse enough for every
     * value to be exact as a float, so that neighbours stay at least 1 apart after the conversion.
     */
    private float[] quantised() {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        float[] out = new float[l.nodeCount];
        if (l.nodeCount == 0) return out;
        double step = 1.0 / 16;
        while (step < 1 && (max - min + l.maxWidth + 1) / step >= (1 << 23)) step *= 2;
        for (int r = 0; r < l.rankCount; r++) {
            double prev = Double.NEGATIVE_INFINITY;
            for (int p = l.rankStart[r]; p < l.rankStart[r + 1]; p++) {
                int v = l.order[p];
                double q = Math.max(Math.rint((x[v] - min) / step) * step, prev + 1);
                out[v] = (float) q;
                prev = q;
            }
        }
        return out;
    }
}
