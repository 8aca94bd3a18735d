package io.ptotrace.compare;

import java.util.Arrays;

/** The statistics the verdicts use: summaries of a sample and the Mann–Whitney U (rank-sum) test. */
public final class Stats {
    private Stats() {}

    /** Count, mean, p50, p95, max and total of a sample (NaN for an empty one). */
    public record Summary(int count, double mean, double p50, double p95, double max, double total) {
        static final Summary EMPTY = new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
    }

    /** Summarises {@code sorted} (ascending). Quantiles are the nearest rank, as a person counts them. */
    public static Summary summary(double[] sorted) {
        int n = sorted.length;
        if (n == 0) return Summary.EMPTY;
        double sum = 0;
        for (double v : sorted) sum += v;
        return new Summary(n, sum / n, quantile(sorted, 0.5), quantile(sorted, 0.95), sorted[n - 1], sum);
    }

    /** The nearest-rank quantile of a sorted sample: the smallest value with at least q of the sample at or below it. */
    public static double quantile(double[] sorted, double q) {
        int n = sorted.length;
        if (n == 0) return Double.NaN;
        int k = (int) Math.ceil(q * n) - 1;
        return sorted[Math.max(0, Math.min(n - 1, k))];
    }

    public static double mean(double[] v) {
        if (v.length == 0) return Double.NaN;
        double s = 0;
        for (double x : v) s += x;
        return s / v.length;
    }

    /** Samples up to this size without ties get the exact distribution of U; larger ones the normal approximation. */
    static final int EXACT_UP_TO = 30;

    /** The two-sided p-value of the Mann–Whitney U test of {@code x} against {@code y}; 1 when either is empty. */
    public static double mannWhitney(double[] x, double[] y) {
        int n1 = x.length, n2 = y.length;
        if (n1 == 0 || n2 == 0) return 1;
        int n = n1 + n2;
        double[] all = new double[n];
        for (int i = 0; i < n; i++) all[i] = i < n1 ? x[i] : y[i - n1];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(all[a], all[b]));
        double rankSumX = 0, tieTerm = 0;
        boolean ties = false;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && all[order[j + 1]] == all[order[i]]) j++;
            double rank = (i + j) / 2.0 + 1; // average rank of the run i..j
            int t = j - i + 1;
            if (t > 1) {
                ties = true;
                tieTerm += (double) t * t * t - t;
            }
            for (int k = i; k <= j; k++) if (order[k] < n1) rankSumX += rank;
            i = j + 1;
        }
        double u = rankSumX - (double) n1 * (n1 + 1) / 2;
        if (!ties && n1 <= EXACT_UP_TO && n2 <= EXACT_UP_TO) return exact(u, n1, n2);
        double mu = (double) n1 * n2 / 2;
        double var = (double) n1 * n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        if (var <= 0) return 1;
        double z = (Math.abs(u - mu) - 0.5) / Math.sqrt(var);
        if (z <= 0) return 1;
        return Math.min(1, 2 * upperNormal(z));
    }

    /** Exact two-sided p of U without ties: the count of rank arrangements at least as extreme, over all of them. */
    private static double exact(double u, int n1, int n2) {
        int max = n1 * n2;
        // f[i][j][k] by the recurrence f(m, n, k) = f(m-1, n, k-n) + f(m, n-1, k), kept as a rolling table
        double[][] f = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            f[j] = new double[max + 1];
            f[j][0] = 1; // m = 0: only U = 0
        }
        for (int m = 1; m <= n1; m++) {
            double[][] g = new double[n2 + 1][max + 1];
            g[0][0] = 1;
            for (int j = 1; j <= n2; j++)
                for (int k = 0; k <= m * j; k++) g[j][k] = (k >= j ? f[j][k - j] : 0) + g[j - 1][k];
            f = g;
        }
        double[] dist = f[n2];
        double total = 0;
        for (double c : dist) total += c;
        double lo = Math.min(u, max - u);
        double tail = 0;
        for (int k = 0; k <= max && k <= lo + 1e-9; k++) tail += dist[k];
        return Math.min(1, 2 * tail / total);
    }

    /** P(Z > z) for a standard normal Z . */
    static double upperNormal(double z) {
        return 0.5 * erfc(z / Math.sqrt(2));
    }

    private static final double[] ERFC = {
        -1.26551223,
        1.00002368,
        0.37409196,
        0.09678418,
        -0.18628806,
        0.27886807,
        -1.13520398,
        1.48851587,
        -0.82215223,
        0.17087277
    };

    /** The complementary error function (Numerical Recipes' Chebyshev fit, 1.2e-7 relative). */
    private static double erfc(double x) {
        double t = 1 / (1 + 0.5 * Math.abs(x));
        double poly = 0;
        for (int k = ERFC.length - 1; k >= 1; k--) poly = (poly + ERFC[k]) * t;
        double r = t * Math.exp(-x * x + ERFC[0] + poly);
        return x >= 0 ? r : 2 - r;
    }

    /**
     * Holm's step-down adjustment of {@code p} (family-wise error at most α over all of them): each adjusted value
     * is compared with α as a plain p-value would be.
     */
    public static double[] holm(double[] p) {
        int m = 0;
        for (double v : p) if (!Double.isNaN(v)) m++;
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b])); // NaN (not tested) last
        double[] adj = new double[p.length];
        double running = 0;
        for (int r = 0; r < p.length; r++) {
            int i = order[r];
            if (Double.isNaN(p[i])) {
                adj[i] = Double.NaN;
                continue;
            }
            running = Math.max(running, Math.min(1, (m - r) * p[i]));
            adj[i] = running;
        }
        return adj;
    }
}
