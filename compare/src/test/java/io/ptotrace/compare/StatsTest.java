package io.ptotrace.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The rank test against values SciPy's mannwhitneyu gives for the same samples, and the summaries. */
class StatsTest {
    @Test
    void exactPValuesOfSmallSamples() {
        assertThat(Stats.mannWhitney(new double[] {1, 2, 3}, new double[] {4, 5, 6}))
                .isCloseTo(0.1, within(1e-12));
        assertThat(Stats.mannWhitney(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}))
                .isCloseTo(2.0 / 70, within(1e-12));
        // scipy.stats.mannwhitneyu([1,5,9,2],[3,4,10,11], method='exact') = 0.34285714285714286
        assertThat(Stats.mannWhitney(new double[] {1, 5, 9, 2}, new double[] {3, 4, 10, 11}))
                .isCloseTo(0.34285714285714286, within(1e-12));
    }

    @Test
    void normalApproximationWithTiesAndContinuityCorrection() {
        double[] x = IntStream.rangeClosed(1, 40).asDoubleStream().toArray();
        double[] y = IntStream.rangeClosed(11, 50).mapToDouble(v -> v + 0.5).toArray();
        // scipy: method='asymptotic', use_continuity=True -> 0.00045250348643015396
        assertThat(Stats.mannWhitney(x, y)).isCloseTo(0.00045250348643015396, within(2e-6));
        double[] a = new double[40], b = new double[40];
        double[] ta = {1, 2, 2, 3, 3, 3, 4, 5}, tb = {2, 3, 3, 4, 4, 5, 5, 6};
        for (int i = 0; i < 40; i++) {
            a[i] = ta[i % 8];
            b[i] = tb[i % 8];
        }
        // scipy -> 0.00021689746541880971
        assertThat(Stats.mannWhitney(a, b)).isCloseTo(0.00021689746541880971, within(2e-6));
    }

    @Test
    void identicalSamplesAreNeverDifferent() {
        double[] x = {3, 3, 3, 3, 3};
        assertThat(Stats.mannWhitney(x, x.clone())).isEqualTo(1.0);
        assertThat(Stats.mannWhitney(new double[0], x)).isEqualTo(1.0);
    }

    @Property(tries = 200)
    void pIsSymmetricAndAProbability(
            @ForAll @Size(min = 1, max = 40) double[] x, @ForAll @Size(min = 1, max = 40) double[] y) {
        double p = Stats.mannWhitney(x, y);
        assertThat(p).isBetween(0.0, 1.0);
        assertThat(Stats.mannWhitney(y, x)).isCloseTo(p, within(1e-9));
    }

    @Property(tries = 100)
    void holmNeverLowersAPAndKeepsItsOrder(
            @ForAll @Size(min = 1, max = 30) java.util.List<@DoubleRange(min = 0, max = 1) Double> ps) {
        double[] p = ps.stream().mapToDouble(Double::doubleValue).toArray();
        double[] adj = Stats.holm(p);
        for (int i = 0; i < p.length; i++) {
            assertThat(adj[i]).isGreaterThanOrEqualTo(p[i]).isLessThanOrEqualTo(1.0);
            for (int j = 0; j < p.length; j++)
                if (p[i] < p[j]) assertThat(adj[i]).isLessThanOrEqualTo(adj[j]);
        }
    }

    @Test
    void holmAdjustsByRank() {
        assertThat(Stats.holm(new double[] {0.01, 0.04, 0.03, Double.NaN}))
                .usingComparatorWithPrecision(1e-12)
                .containsExactly(0.03, 0.06, 0.06, Double.NaN);
    }

    @Test
    void summariesUseNearestRankQuantiles() {
        double[] v = IntStream.rangeClosed(1, 20).asDoubleStream().toArray();
        Stats.Summary s = Stats.summary(v);
        assertThat(s.count()).isEqualTo(20);
        assertThat(s.mean()).isEqualTo(10.5);
        assertThat(s.p50()).isEqualTo(10);
        assertThat(s.p95()).isEqualTo(19);
        assertThat(s.max()).isEqualTo(20);
        assertThat(s.total()).isEqualTo(210);
    }
}
