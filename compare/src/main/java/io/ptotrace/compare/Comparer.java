package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Change;
import io.ptotrace.compare.Comparison.Direction;
import io.ptotrace.compare.Comparison.Family;
import io.ptotrace.compare.Comparison.Part;
import io.ptotrace.compare.Comparison.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Figures of both sides → {@link Comparison}. Verdicts: with one run a side, a rank test on the task-level samples
 * (Holm-adjusted over everything judged), a minimum relative change and an absolute floor; with repeated runs, a rank
 * test on the run-level figures, the same floors, and the same sign in every old/new pair of runs. docs/compare.md
 * says the rules in words.
 */
final class Comparer {
    /** One run of a side: the figures of its captures (one, or one per rank). */
    record Run(Path dir, List<RunFigures> ranks) {
        /** The rank whose makespan is the longest: the run's wall time. */
        RunFigures slowest() {
            RunFigures s = ranks.get(0);
            for (RunFigures r : ranks) if (r.makespan() * 1.0 / r.freqHz > s.makespan() * 1.0 / s.freqHz) s = r;
            return s;
        }

        RunFigures fastest() {
            RunFigures s = ranks.get(0);
            for (RunFigures r : ranks) if (r.makespanUs() < s.makespanUs()) s = r;
            return s;
        }
    }

    /** Options that decide verdicts. */
    record Rules(double alpha, double minChange, double floorUs) {}

    private final Rules rules;
    private final List<Run> a, b;
    private final String oldLabel, newLabel;
    private final Path oldPath, newPath;
    private final List<String> warnings;
    private final Comparison.Mode mode;

    Comparer(
            Rules rules,
            String oldLabel,
            Path oldPath,
            List<Run> a,
            String newLabel,
            Path newPath,
            List<Run> b,
            List<String> warnings) {
        this.rules = rules;
        this.oldLabel = oldLabel;
        this.newLabel = newLabel;
        this.oldPath = oldPath;
        this.newPath = newPath;
        this.a = a;
        this.b = b;
        this.warnings = warnings;
        this.mode = a.size() >= 2 && b.size() >= 2 ? Comparison.Mode.REPEATED : Comparison.Mode.WITHIN_RUN;
    }

    Comparison compare(Comparison.Tasks tasks, List<Comparison.Rank> ranks, double oldSkew, double newSkew) {
        if (mode == Comparison.Mode.REPEATED && (a.size() < 4 || b.size() < 4))
            warnings.add("Warning: " + a.size() + " run(s) of OLD and " + b.size()
                    + " of NEW: with fewer than 4 runs a side the rank test can rarely reach significance");
        if (mode == Comparison.Mode.WITHIN_RUN && (a.size() > 1 || b.size() > 1))
            warnings.add("Warning: repeated runs on one side only (" + a.size() + " against " + b.size()
                    + "): verdicts use the first run of each side's task-level samples (within-run)");
        boolean deps = all(a, RunFigures::hasDeps) && all(b, RunFigures::hasDeps);

        // ---- families: pooled samples for the summaries, and the verdicts
        TreeSet<String> names = new TreeSet<>();
        for (Run r : a) for (RunFigures f : r.ranks) names.addAll(f.families.keySet());
        for (Run r : b) for (RunFigures f : r.ranks) names.addAll(f.families.keySet());
        List<String> order = new ArrayList<>(names);
        Map<String, double[]> oldPool = new LinkedHashMap<>(), newPool = new LinkedHashMap<>();
        for (String n : order) {
            oldPool.put(n, pooled(first(a), n));
            newPool.put(n, pooled(first(b), n));
        }
        // every judged figure's raw p and its changes, so Holm can adjust them together (within-run)
        int m = order.size() + 2;
        double[] p = new double[m];
        Candidate[] cand = new Candidate[m];
        for (int i = 0; i < order.size(); i++) {
            String n = order.get(i);
            cand[i] = mode == Comparison.Mode.REPEATED
                    ? repeated(r -> familyMean(r, n), r -> pooled(r, n))
                    : within(oldPool.get(n), newPool.get(n));
            p[i] = cand[i].p;
        }
        double[] oldReady = first(a).ranks.size() == 1 ? first(a).ranks.get(0).readyLatency : pooledReady(first(a));
        double[] newReady = first(b).ranks.size() == 1 ? first(b).ranks.get(0).readyLatency : pooledReady(first(b));
        int readyIx = order.size(), spanIx = order.size() + 1;
        cand[readyIx] = !deps
                ? Candidate.NONE
                : mode == Comparison.Mode.REPEATED
                        ? repeated(r -> readyMean(r), Comparer::pooledReady)
                        : within(oldReady, newReady);
        p[readyIx] = cand[readyIx].p;
        cand[spanIx] =
                mode == Comparison.Mode.REPEATED ? repeated(r -> r.slowest().makespanUs(), null) : Candidate.NONE;
        p[spanIx] = cand[spanIx].p;
        double[] adjusted = mode == Comparison.Mode.WITHIN_RUN ? Stats.holm(Arrays.copyOf(p, spanIx)) : p;

        List<Family> families = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            String n = order.get(i);
            families.add(new Family(
                    n,
                    Stats.summary(sorted(oldPool.get(n))),
                    Stats.summary(sorted(newPool.get(n))),
                    verdict(cand[i], adjusted[i])));
        }
        families.sort((x, y) -> {
            int c = Double.compare(
                    y.old().total() + y.neu().total(), x.old().total() + x.neu().total());
            return c != 0 ? c : x.name().compareTo(y.name());
        });
        Family ready = deps
                ? new Family(
                        "ready \u2192 start",
                        Stats.summary(oldReady),
                        Stats.summary(newReady),
                        verdict(cand[readyIx], adjusted[readyIx]))
                : null;

        // ---- the makespan
        double oldSpan = mean(a, r -> r.slowest().makespanUs()),
                newSpan = mean(b, r -> r.slowest().makespanUs());
        Verdict spanVerdict;
        if (mode == Comparison.Mode.REPEATED) spanVerdict = verdict(cand[spanIx], p[spanIx]);
        else spanVerdict = withinMakespan(oldSpan, newSpan, families, ready);
        if (!ranks.isEmpty()) spanVerdict = beyondPlacement(spanVerdict, oldSpan, newSpan, ranks);
        Change makespan = new Change("makespan", oldSpan, newSpan, spanVerdict);

        List<Part> parts = new ArrayList<>(), split = new ArrayList<>();
        if (deps) {
            parts.add(part("compute", c -> c.compute()));
            parts.add(part("data-wait", c -> c.dataWait()));
            parts.add(part("core-wait", c -> c.coreWait()));
            parts.add(part("front-gap", c -> c.frontGap()));
            if (allSplit(a) && allSplit(b)) {
                String[] what = {"until the finish was seen", "finish seen \u2192 dispatch", "dispatch \u2192 start"};
                for (int k = 0; k < 3; k++) {
                    int kk = k;
                    split.add(new Part(
                            what[k],
                            mean(a, r -> r.slowest().path.schedulerSplit()[kk]),
                            mean(b, r -> r.slowest().path.schedulerSplit()[kk]),
                            null));
                }
            }
        }
        Change floor = deps
                ? new Change(
                        "static floor (CPM)",
                        mean(a, r -> r.slowest().us(r.slowest().staticFloor)),
                        mean(b, r -> r.slowest().us(r.slowest().staticFloor)),
                        Verdict.none("shown"))
                : null;

        List<Change> util = new ArrayList<>();
        TreeSet<String> types = new TreeSet<>();
        for (RunFigures f : first(a).ranks) types.addAll(f.coreTypes.keySet());
        for (RunFigures f : first(b).ranks) types.addAll(f.coreTypes.keySet());
        for (String t : types)
            util.add(new Change(
                    t, mean(a, r -> utilisation(r, t)), mean(b, r -> utilisation(r, t)), Verdict.none("shown")));

        TreeSet<String> kinds = new TreeSet<>();
        for (RunFigures f : first(a).ranks) f.schedulerPhases.forEach(th -> kinds.addAll(th.keySet()));
        for (RunFigures f : first(b).ranks) f.schedulerPhases.forEach(th -> kinds.addAll(th.keySet()));
        List<Change> phases = new ArrayList<>();
        for (String k : kinds)
            phases.add(new Change(
                    k, mean(a, r -> phaseTotal(r, k)), mean(b, r -> phaseTotal(r, k)), Verdict.none("shown")));
        List<List<Change>> threads = new ArrayList<>();
        RunFigures fa = first(a).slowest(), fb = first(b).slowest();
        for (int t = 0; t < Math.max(fa.schedulerPhases.size(), fb.schedulerPhases.size()); t++) {
            List<Change> row = new ArrayList<>();
            for (String k : kinds) row.add(new Change(k, phase(fa, t, k), phase(fb, t, k), Verdict.none("shown")));
            threads.add(row);
        }
        Change submit = new Change(
                "orchestrator submit span",
                mean(a, r -> r.slowest().submitSpanUs),
                mean(b, r -> r.slowest().submitSpanUs),
                Verdict.none("shown"));
        Change hb = deps
                ? new Change(
                        "hb_violation pairs",
                        mean(a, r -> sum(r, f -> f.hbViolations)),
                        mean(b, r -> sum(r, f -> f.hbViolations)),
                        Verdict.none("shown"))
                : null;

        return new Comparison(
                mode,
                new Comparison.Thresholds(rules.alpha(), rules.minChange(), rules.floorUs()),
                side(oldLabel, oldPath, a),
                side(newLabel, newPath, b),
                makespan,
                parts,
                split,
                floor,
                families,
                ready,
                util,
                phases,
                threads,
                submit,
                hb,
                tasks,
                ranks,
                oldSkew,
                newSkew,
                first(a).slowest().utilisation,
                first(b).slowest().utilisation,
                warnings);
    }

    // ------------------------------------------------------------------ verdict rules

    /** A raw test result before adjustment: p, the two sides' centres (medians) and whether every pair agreed in sign. */
    private record Candidate(double p, double oldValue, double newValue, boolean pairsAgree, String test) {
        static final Candidate NONE = new Candidate(Double.NaN, Double.NaN, Double.NaN, false, "not judged");
    }

    private Candidate within(double[] x, double[] y) {
        if (x == null || y == null || x.length == 0 || y.length == 0)
            return new Candidate(
                    Double.NaN,
                    Stats.mean(x == null ? new double[0] : x),
                    Stats.mean(y == null ? new double[0] : y),
                    false,
                    "on one side only");
        return new Candidate(Stats.mannWhitney(x, y), median(x), median(y), true, "within-run rank test");
    }

    /** The centre a change is measured between, as benchstat measures it: the median. */
    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return Stats.quantile(s, 0.5);
    }

    /**
     * Run-level figures of both sides; the pairs are run i of OLD with run i of NEW, in name order. With
     * {@code samples} (a figure that is the mean of task-level samples), a pair agrees only when its own rank test on
     * those samples says the same direction at α; without, when its figures differ in the same direction.
     */
    private Candidate repeated(ToDoubleFunction<Run> figure, Function<Run, double[]> samples) {
        double[] x = values(a, figure), y = values(b, figure);
        if (x.length == 0 || y.length == 0)
            return new Candidate(Double.NaN, Double.NaN, Double.NaN, false, "on one side only");
        double mx = median(x), my = median(y);
        int sign = Double.compare(my, mx);
        boolean agree = sign != 0;
        for (int i = 0; agree && i < Math.min(a.size(), b.size()); i++) {
            if (samples == null) {
                agree = Double.compare(figure.applyAsDouble(b.get(i)), figure.applyAsDouble(a.get(i))) == sign;
                continue;
            }
            double[] xi = samples.apply(a.get(i)), yi = samples.apply(b.get(i));
            agree = xi.length > 0
                    && yi.length > 0
                    && Double.compare(median(yi), median(xi)) == sign
                    && Stats.mannWhitney(xi, yi) < rules.alpha();
        }
        return new Candidate(Stats.mannWhitney(x, y), mx, my, agree, "rank test on run-level figures");
    }

    private static double[] values(List<Run> runs, ToDoubleFunction<Run> figure) {
        double[] v = new double[runs.size()];
        int n = 0;
        for (Run r : runs) {
            double x = figure.applyAsDouble(r);
            if (!Double.isNaN(x)) v[n++] = x;
        }
        return Arrays.copyOf(v, n);
    }

    private Verdict verdict(Candidate c, double p) {
        if (Double.isNaN(c.p)) return Verdict.none(c.test);
        double delta = c.newValue - c.oldValue;
        double rel = c.oldValue == 0 ? Double.POSITIVE_INFINITY : Math.abs(delta) / Math.abs(c.oldValue);
        String why;
        boolean sig;
        if (!(p < rules.alpha())) {
            sig = false;
            why = "p \u2265 \u03b1";
        } else if (rel < rules.minChange()) {
            sig = false;
            why = "below the minimum change";
        } else if (Math.abs(delta) < rules.floorUs()) {
            sig = false;
            why = "below the absolute floor";
        } else if (mode == Comparison.Mode.REPEATED && !c.pairsAgree) {
            sig = false;
            why = "not the same direction in every pair of runs";
        } else {
            sig = true;
            why = c.test;
        }
        return new Verdict(sig, sig ? (delta > 0 ? Direction.SLOWER : Direction.FASTER) : Direction.SAME, p, why);
    }

    /**
     * One run a side gives one makespan each, so the makespan's verdict rests on what moved it: it is significant
     * when it changed by the minimum change and the floor and a kernel family, or the ready → start latency,
     * changed significantly in the same direction.
     */
    private Verdict withinMakespan(double oldSpan, double newSpan, List<Family> families, Family ready) {
        double delta = newSpan - oldSpan;
        Direction dir = delta > 0 ? Direction.SLOWER : Direction.FASTER;
        if (Math.abs(delta) / oldSpan < rules.minChange())
            return new Verdict(false, Direction.SAME, Double.NaN, "below the minimum change");
        if (Math.abs(delta) < rules.floorUs())
            return new Verdict(false, Direction.SAME, Double.NaN, "below the absolute floor");
        List<String> drivers = new ArrayList<>();
        for (Family f : families)
            if (f.verdict().significant() && f.verdict().direction() == dir) drivers.add(f.name());
        if (ready != null && ready.verdict().significant() && ready.verdict().direction() == dir)
            drivers.add("ready \u2192 start latency");
        if (drivers.isEmpty())
            return new Verdict(
                    false, Direction.SAME, Double.NaN, "no kernel family or scheduling latency moved with it");
        return new Verdict(true, dir, Double.NaN, "moved with " + String.join(", ", drivers));
    }

    /** A change of a tree's makespan within the ranks' placement slack is never significant. */
    private static Verdict beyondPlacement(Verdict v, double oldSpan, double newSpan, List<Comparison.Rank> ranks) {
        double slack = 0;
        for (Comparison.Rank r : ranks) if (!Double.isNaN(r.slackUs())) slack = Math.max(slack, r.slackUs());
        if (v.significant() && Math.abs(newSpan - oldSpan) <= slack)
            return new Verdict(false, Direction.SAME, v.p(), "within the ranks' placement slack");
        return v;
    }

    // ------------------------------------------------------------------ figures

    private static Run first(List<Run> runs) {
        return runs.get(0);
    }

    private static boolean all(List<Run> runs, java.util.function.Predicate<RunFigures> p) {
        for (Run r : runs) for (RunFigures f : r.ranks) if (!p.test(f)) return false;
        return true;
    }

    private static boolean allSplit(List<Run> runs) {
        for (Run r : runs) if (r.slowest().path == null || r.slowest().path.schedulerSplit() == null) return false;
        return true;
    }

    private static double[] pooled(Run r, String family) {
        int n = 0;
        for (RunFigures f : r.ranks) n += f.families.getOrDefault(family, new double[0]).length;
        double[] out = new double[n];
        int k = 0;
        for (RunFigures f : r.ranks) {
            double[] v = f.families.getOrDefault(family, new double[0]);
            System.arraycopy(v, 0, out, k, v.length);
            k += v.length;
        }
        return out;
    }

    private static double[] pooledReady(Run r) {
        int n = 0;
        for (RunFigures f : r.ranks) n += f.readyLatency.length;
        double[] out = new double[n];
        int k = 0;
        for (RunFigures f : r.ranks) {
            System.arraycopy(f.readyLatency, 0, out, k, f.readyLatency.length);
            k += f.readyLatency.length;
        }
        Arrays.sort(out);
        return out;
    }

    private static double[] sorted(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s;
    }

    private static double familyMean(Run r, String family) {
        double[] v = pooled(r, family);
        return v.length == 0 ? Double.NaN : Stats.mean(v);
    }

    private static double readyMean(Run r) {
        double[] v = pooledReady(r);
        return v.length == 0 ? Double.NaN : Stats.mean(v);
    }

    private static double mean(List<Run> runs, ToDoubleFunction<Run> f) {
        double s = 0;
        int n = 0;
        for (Run r : runs) {
            double v = f.applyAsDouble(r);
            if (Double.isNaN(v)) continue;
            s += v;
            n++;
        }
        return n == 0 ? Double.NaN : s / n;
    }

    private static double sum(Run r, ToDoubleFunction<RunFigures> f) {
        double s = 0;
        for (RunFigures x : r.ranks) s += f.applyAsDouble(x);
        return s;
    }

    private Part part(String name, Function<RunFigures.CriticalPath, Long> ticks) {
        double o = mean(a, r -> r.slowest().us(ticks.apply(r.slowest().path)));
        double n = mean(b, r -> r.slowest().us(ticks.apply(r.slowest().path)));
        Long exact = null;
        if (a.size() == 1 && b.size() == 1 && first(a).slowest().freqHz == first(b).slowest().freqHz)
            exact = ticks.apply(first(b).slowest().path) - ticks.apply(first(a).slowest().path);
        return new Part(name, o, n, exact);
    }

    private static double utilisation(Run r, String type) {
        double busy = 0, capacity = 0;
        for (RunFigures f : r.ranks) {
            double[] v = f.coreTypes.get(type);
            if (v == null) continue;
            busy += v[1];
            capacity += v[0] * f.makespanUs();
        }
        return capacity == 0 ? Double.NaN : busy / capacity;
    }

    private static double phaseTotal(Run r, String kind) {
        double s = 0;
        for (RunFigures f : r.ranks) for (Map<String, Double> th : f.schedulerPhases) s += th.getOrDefault(kind, 0.0);
        return s;
    }

    private static double phase(RunFigures f, int thread, String kind) {
        return thread < f.schedulerPhases.size() ? f.schedulerPhases.get(thread).getOrDefault(kind, 0.0) : 0.0;
    }

    private static Comparison.Side side(String label, Path path, List<Run> runs) {
        List<Path> dirs = new ArrayList<>();
        for (Run r : runs) dirs.add(r.dir());
        RunFigures f = first(runs).slowest();
        long checked = 0;
        for (RunFigures x : first(runs).ranks) checked += Math.max(0, x.hbChecked);
        return new Comparison.Side(
                label,
                path,
                dirs,
                f.era.name().toLowerCase(java.util.Locale.ROOT),
                f.level,
                first(runs).ranks.size(),
                (int) sum(first(runs), x -> x.tasks),
                (int) sum(first(runs), x -> x.rows),
                mean(runs, r -> r.slowest().makespanUs()),
                mean(runs, r -> r.fastest().makespanUs()),
                f.hasDeps() ? mean(runs, r -> r.slowest().us(r.slowest().staticFloor)) : Double.NaN,
                mean(runs, r -> r.slowest().submitSpanUs),
                f.hasDeps() ? mean(runs, r -> sum(r, x -> x.hbViolations)) : Double.NaN,
                f.hasDeps() ? checked : -1);
    }

    /** Kernel families in a stable order, for tests. */
    static List<String> names(Comparison c) {
        List<String> l = new ArrayList<>();
        for (Family f : c.families) l.add(f.name());
        return l;
    }

    static Map<String, Family> byName(Comparison c) {
        Map<String, Family> m = new TreeMap<>();
        for (Family f : c.families) m.put(f.name(), f);
        return m;
    }
}
