package io.ptotrace.convert;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.convert.estimate.CostCounter;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.estimate.TraceCosts;
import io.ptotrace.convert.estimate.WindowCuts;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.PictureWindows;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code convert --split BUDGET}: the consecutive time windows of a picture, each estimated under the budget,
 * written as {@code <stem>.part-NN.pftrace} beside the trace, and their index {@code <stem>.parts.json}.
 * Windows of even weight are cut ({@link WindowCuts}), then each is built and its exact estimate checked; while
 * one is still over the budget, the trace is cut again into more even windows.
 */
final class TraceSplit {
    /** One window as written: its file, its start times and what it holds. */
    record Part(
            Path path,
            double fromUs,
            double toUs,
            int tasks,
            int slices,
            int markerSlices,
            int crossMarkers,
            int arrows,
            long counterSamples,
            long estimate) {}

    private static final int MAX_ROUNDS = 40;

    final long budget;
    final PictureWindows windows;
    final List<Part> parts;
    final Path index;
    /** The counter values each part's writer wrote (the lean trace leaves repeats out), -1 until written. */
    private final long[] writtenCounterValues;

    private TraceSplit(long budget, PictureWindows windows, List<Part> parts, Path index) {
        this.budget = budget;
        this.windows = windows;
        this.parts = parts;
        this.index = index;
        this.writtenCounterValues = new long[parts.size()];
        java.util.Arrays.fill(writtenCounterValues, -1);
    }

    /** Part {@code k} was written with this many counter values. */
    void wrote(int k, long counterValues) {
        writtenCounterValues[k] = counterValues;
    }

    /** {@code dir/merged_swimlane.pftrace} → {@code dir/merged_swimlane} (the parts' common stem). */
    static String stem(Path trace) {
        String n = trace.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    static Path indexPath(Path trace) {
        return trace.resolveSibling(stem(trace) + ".parts.json");
    }

    /** Each window's share of the weight, against the budget's room above the fixed cost. */
    static final double FILL = 0.9;

    /**
     * {@code whole}: the costs of the whole picture's .pftrace. The windows are the fewest of even cost whose share
     * fits {@link #FILL} of the budget's room; when the exact estimate of one is still over, one more window is
     * taken and all are cut again, so they stay even.
     */
    static TraceSplit plan(TracePicture pic, long budget, Path trace, ArgSet args, TraceCosts whole) {
        double[] extent = WindowCuts.extent(pic);
        double lo = extent == null ? Double.POSITIVE_INFINITY : extent[0],
                hi = extent == null ? Double.NEGATIVE_INFINITY : extent[1];
        WindowCuts weights = lo < hi ? WindowCuts.weigh(pic, args, lo, Math.nextUp(hi)) : null;
        int pieces = firstPieces(budget, whole);
        for (int round = 0; ; round++) {
            double[] cuts = weights == null ? new double[0] : weights.even(pieces);
            String[] names = labels(trace, cuts.length + 1);
            PictureWindows windows = new PictureWindows(pic, cuts, names);
            List<Part> parts = new ArrayList<>();
            long worst = 0;
            double worstFrom = lo;
            for (int k = 0; k < windows.count(); k++) {
                double from = k == 0 ? lo : cuts[k - 1], to = k == cuts.length ? hi : cuts[k];
                TracePicture w = windows.window(k);
                TraceCosts costs = CostCounter.pftrace(w, args);
                long est = MemoryModel.estimate(costs, false);
                if (est > worst) {
                    worst = est;
                    worstFrom = from;
                }
                parts.add(new Part(
                        trace.resolveSibling(names[k]),
                        from,
                        to,
                        TaskNames.taskCount(w),
                        w.sliceCount(),
                        w.marks().count(),
                        crossMarkers(w),
                        w.flowCount(),
                        costs.counterValues(),
                        est));
            }
            if (worst <= budget) return new TraceSplit(budget, windows, parts, indexPath(trace));
            pieces = nextPieces(budget, pieces, cuts.length + 1, round, worst, worstFrom);
        }
    }

    /** The windows a first cut takes: the fewest of even cost whose share fits {@link #FILL} of the budget's room. */
    static int firstPieces(long budget, TraceCosts whole) {
        double beyondFixed = Math.max(0, MemoryModel.estimate(whole, false) - MemoryModel.FIXED);
        return (int) Math.max(1, Math.ceil(beyondFixed / (FILL * MemoryModel.room(budget, false))));
    }

    /**
     * The windows the next cut takes when the heaviest of {@code cut} windows (asked for {@code pieces}) is estimated
     * at {@code worst}: its excess says how many more the same cost needs. When the cuts no longer follow (a moment
     * heavier than the budget on its own), the split is refused.
     */
    static int nextPieces(long budget, int pieces, int cut, int round, long worst, double worstFrom) {
        if (cut < pieces / 2 || round == MAX_ROUNDS)
            throw new InputProblem(
                    (String) null,
                    "--split " + MemoryModel.shown(budget) + ": cannot cut the trace into windows under "
                            + "the budget: what starts at " + String.format(Locale.ROOT, "%.3f", worstFrom)
                            + " \u00b5s alone is estimated at "
                            + MemoryModel.shown(worst) + "; give a larger budget",
                    null,
                    null);
        double room = MemoryModel.room(budget, false);
        return Math.max(pieces + 1, (int) Math.ceil(pieces * (worst - MemoryModel.FIXED) / (FILL * room)));
    }

    /** A split whose windows are already written elsewhere (a trace written part by part): its parts and index. */
    static TraceSplit written(long budget, List<Part> parts, Path trace) {
        return new TraceSplit(budget, null, parts, indexPath(trace));
    }

    /** The window's markers of arrows whose other end is in another window. */
    static int crossMarkers(TracePicture w) {
        int n = 0;
        for (int i = 0; i < w.sliceCount(); i++) if (PictureWindows.CROSS_CATEGORY.equals(w.sliceCategory(i))) n++;
        return n;
    }

    /** The parts' file names: {@code <stem>.part-01.pftrace} …, two digits or as many as the count needs. */
    static String[] labels(Path trace, int count) {
        int digits = Math.max(2, String.valueOf(count).length());
        String[] l = new String[count];
        for (int k = 0; k < count; k++)
            l[k] = stem(trace) + ".part-" + String.format(Locale.ROOT, "%0" + digits + "d", k + 1) + ".pftrace";
        return l;
    }

    /**
     * The {@code <stem>.part-NN.pftrace} files beside the trace that this split does not write: the parts of an
     * earlier split into more windows, removed when the new parts and index are put in place.
     */
    List<Path> staleParts() throws IOException {
        Path trace = index.toAbsolutePath();
        Path dir = trace.getParent();
        String stem = index.getFileName().toString();
        stem = stem.substring(0, stem.length() - ".parts.json".length());
        java.util.regex.Pattern part =
                java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(stem) + "\\.part-[0-9]{2,}\\.pftrace");
        java.util.Set<String> ours = new java.util.HashSet<>();
        for (Part p : parts) ours.add(p.path().getFileName().toString());
        List<Path> stale = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (part.matcher(n).matches() && !ours.contains(n)) stale.add(index.resolveSibling(n));
            }
        }
        stale.sort(null);
        return stale;
    }

    /** The index: one entry per window with its file, start-time range, counts and estimate. */
    void writeIndex(OutputStream out, Path trace) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("trace", trace.getFileName().toString());
            g.writeNumberField("budget_bytes", budget);
            g.writeStringField("time_unit", "us");
            g.writeStringField(
                    "window_rule",
                    "a part holds the slices and counter samples starting in [from_us, to_us), the last one to_us included");
            g.writeArrayFieldStart("parts");
            for (Part p : parts) {
                g.writeStartObject();
                g.writeStringField("file", p.path().getFileName().toString());
                g.writeNumberField("from_us", p.fromUs());
                g.writeNumberField("to_us", p.toUs());
                g.writeNumberField("tasks", p.tasks());
                g.writeNumberField("slices", p.slices());
                g.writeNumberField("marker_slices", p.markerSlices());
                g.writeNumberField("cross_window_markers", p.crossMarkers());
                g.writeNumberField("arrows", p.arrows());
                long written = writtenCounterValues[parts.indexOf(p)];
                g.writeNumberField("counter_samples", written >= 0 ? written : p.counterSamples());
                g.writeNumberField("estimated_bytes", p.estimate());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }
}
