package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.TaskIds;
import java.util.Locale;

/**
 * The one window {@code --window FROM..TO} asks for: each end a time in µs (the trace's own timestamps) or
 * {@code task:ID} with a task reference as every option reads it ({@link TaskIds#parseReference}: {@code task:t5},
 * {@code task:r1t3}, {@code task:r0t5}, or the raw id {@code task:4294967299}; {@code task:5} is {@code t5}). The
 * window holds what starts from FROM to TO, both included; a task end stands for the earliest start of FROM's
 * slices and the latest start of TO's. A window in which nothing starts is refused.
 */
public final class WindowSpec {
    private final String text, fromTask, toTask;
    private final long fromId, toId;
    private final double fromUs, toUs;

    private WindowSpec(String text, String fromTask, double fromUs, String toTask, double toUs) {
        this.fromId = fromTask == null ? 0 : TaskIds.parseReference(fromTask);
        this.toId = toTask == null ? 0 : TaskIds.parseReference(toTask);
        this.text = text;
        this.fromTask = fromTask;
        this.fromUs = fromUs;
        this.toTask = toTask;
        this.toUs = toUs;
    }

    /** Parses {@code FROM..TO}; throws IllegalArgumentException saying what is wrong. */
    public static WindowSpec parse(String text) {
        String t = text.trim();
        int dots = t.indexOf("..");
        if (dots < 0 || t.indexOf("..", dots + 2) >= 0)
            throw new IllegalArgumentException(
                    "'" + text + "' is not FROM..TO (e.g. 1000..2500 in \u00b5s, or task:t5..task:t90)");
        String a = t.substring(0, dots).trim(), b = t.substring(dots + 2).trim();
        String fromTask = task(a, text), toTask = task(b, text);
        double from = fromTask == null ? number(a, text) : Double.NaN,
                to = toTask == null ? number(b, text) : Double.NaN;
        if (fromTask == null && toTask == null && from > to)
            throw new IllegalArgumentException("'" + text + "' ends before it starts");
        return new WindowSpec(text, fromTask, from, toTask, to);
    }

    private static String task(String end, String text) {
        if (!end.toLowerCase(Locale.ROOT).startsWith("task:")) return null;
        String id = end.substring(5).trim();
        try {
            TaskIds.parseReference(id);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + end + "' in '" + text + "': " + e.getMessage());
        }
        return id;
    }

    private static double number(String end, String text) {
        if (!end.matches("[0-9]+(\\.[0-9]*)?|\\.[0-9]+"))
            throw new IllegalArgumentException(
                    "'" + end + "' in '" + text + "' is neither a time in \u00b5s nor task:ID");
        double v = Double.parseDouble(end);
        if (!Double.isFinite(v))
            throw new IllegalArgumentException("'" + end + "' in '" + text + "' is too large a time");
        return v;
    }

    /** The window's first and last start time in {@code pic}; InputProblem when a task is not in it. */
    double[] resolve(TracePicture pic) {
        return resolve(pic, line -> {});
    }

    /**
     * As {@link #resolve(TracePicture)}; in a merged trace, where ranks reuse task ids, {@code say} is told which
     * ranks' slices of each task set the window (all of them: from the earliest start to the latest).
     */
    double[] resolve(TracePicture pic, java.util.function.Consumer<String> say) {
        double from = fromUs, to = toUs;
        if (fromTask != null || toTask != null) {
            double fromMin = Double.POSITIVE_INFINITY, toMax = Double.NEGATIVE_INFINITY;
            java.util.TreeSet<Integer> fromRanks = new java.util.TreeSet<>(), toRanks = new java.util.TreeSet<>();
            for (int i = 0; i < pic.sliceCount(); i++) {
                String t = TaskNames.taskOf(pic.sliceName(i));
                if (t == null) continue;
                long id = TaskIds.parseDisplay(t);
                int rank = pic.slicePid(i) / ProcessLayout.RANK_STRIDE - 1;
                if (fromTask != null && id == fromId) {
                    fromMin = Math.min(fromMin, pic.sliceTs(i));
                    fromRanks.add(rank);
                }
                if (toTask != null && id == toId) {
                    toMax = Math.max(toMax, pic.sliceTs(i));
                    toRanks.add(rank);
                }
            }
            for (var e : java.util.List.of(
                    java.util.Map.entry(fromTask == null ? "" : fromTask, fromRanks),
                    java.util.Map.entry(toTask == null ? "" : toTask, toRanks)))
                if (e.getValue().size() > 1
                        || (e.getValue().size() == 1 && e.getValue().first() >= 0))
                    say.accept("Warning: --window: task " + e.getKey() + " is on rank(s) "
                            + e.getValue().stream()
                                    .map(String::valueOf)
                                    .collect(java.util.stream.Collectors.joining(", "))
                            + (e.getValue().size() > 1
                                    ? "; the window spans all of them, from the earliest start to the latest"
                                    : ""));
            if (fromTask != null) {
                if (fromMin == Double.POSITIVE_INFINITY) throw notInTrace(fromTask);
                from = fromMin;
            }
            if (toTask != null) {
                if (toMax == Double.NEGATIVE_INFINITY) throw notInTrace(toTask);
                to = toMax;
            }
            if (from > to)
                throw new InputProblem(
                        (String) null,
                        "--window " + text + ": ends (at " + to + " \u00b5s) before it starts (at " + from
                                + " \u00b5s)",
                        null,
                        null);
        }
        refuseEmpty(pic, from, to);
        return new double[] {from, to};
    }

    /** Nothing of the run starts in [from, to]: one line with the run's own span instead of an empty trace. */
    private void refuseEmpty(TracePicture pic, double from, double to) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pic.sliceCount(); i++) {
            double ts = pic.sliceTs(i);
            if (ts >= from && ts <= to) return;
            lo = Math.min(lo, ts);
            hi = Math.max(hi, ts);
        }
        for (int c = 0; c < pic.counterCount(); c++) {
            double ts = pic.counterTs(c);
            if (ts >= from && ts <= to) return;
            lo = Math.min(lo, ts);
            hi = Math.max(hi, ts);
        }
        String span = lo <= hi
                ? "the run's slices and samples start from " + String.format(Locale.ROOT, "%.3f", lo) + " to "
                        + String.format(Locale.ROOT, "%.3f", hi) + " \u00b5s"
                : "the run has no slices";
        throw new InputProblem(
                (String) null, "--window " + text + ": nothing starts in this window (" + span + ")", null, null);
    }

    private InputProblem notInTrace(String task) {
        return new InputProblem(
                (String) null, "--window " + text + ": no slice of task " + task + " in this run", null, null);
    }

    @Override
    public String toString() {
        return text;
    }
}
