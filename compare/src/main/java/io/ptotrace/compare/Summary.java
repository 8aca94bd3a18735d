package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/** The sentences every format shares: how verdicts were decided, and the one-line result. */
final class Summary {
    private Summary() {}

    static String rule(Comparison c) {
        Comparison.Thresholds t = c.thresholds;
        String floors =
                String.format(Locale.ROOT, "at least %.1f %% and %s \u00b5s", t.minChange() * 100, Fmt.us(t.floorUs()));
        if (c.mode == Comparison.Mode.REPEATED)
            return String.format(
                    Locale.ROOT,
                    "repeated runs (%d OLD, %d NEW): Mann\u2013Whitney U on run-level figures, \u03b1 %.2f, %s, the same direction in every pair of runs (for a kernel, by that pair's own rank test)",
                    c.old.runs().size(),
                    c.neu.runs().size(),
                    t.alpha(),
                    floors);
        return String.format(
                Locale.ROOT,
                "within-run: Mann\u2013Whitney U on task-level samples, Holm-adjusted, \u03b1 %.2f, %s; the makespan when a kernel or the ready \u2192 start latency moved with it",
                t.alpha(),
                floors);
    }

    /** What changed significantly, in words (empty when nothing did). */
    static List<String> changes(Comparison c, UnaryOperator<String> safe) {
        List<String> l = new ArrayList<>();
        if (c.makespan.verdict().significant())
            l.add("makespan " + c.makespan.verdict().direction().label + " ("
                    + Fmt.change(c.makespan.oldValue(), c.makespan.newValue()) + ")");
        for (Family f : c.families)
            if (f.verdict().significant())
                l.add(safe.apply(f.name()) + " " + f.verdict().direction().label + " (" + Fmt.ratio(f.ratio()) + ")");
        if (c.readyLatency != null && c.readyLatency.verdict().significant())
            l.add("ready \u2192 start latency " + c.readyLatency.verdict().direction().label + " ("
                    + Fmt.ratio(c.readyLatency.ratio()) + ")");
        return l;
    }

    static String line(Comparison c, UnaryOperator<String> safe) {
        List<String> l = changes(c, safe);
        return l.isEmpty() ? "No significant change." : "Significant change: " + String.join("; ", l) + ".";
    }
}
