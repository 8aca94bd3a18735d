package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import java.util.Locale;

/**
 * The one window {@code --window FROM..TO} asks for: each end a time in µs (the trace's own timestamps) or
 * {@code task:ID} with a task id as the trace prints it ({@code task:t5}, {@code task:r1t3}; {@code task:5}
 * means {@code t5}). The window holds what starts from FROM to TO, both included; a task end stands for the
 * earliest start of FROM's slices and the latest start of TO's.
 */
public final class WindowSpec {
    private final String text, fromTask, toTask;
    private final double fromUs, toUs;

    private WindowSpec(String text, String fromTask, double fromUs, String toTask, double toUs) {
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
            throw new IllegalArgumentException("'" + text + "' is not FROM..TO (e.g. 1000..2500 in \u00b5s, or task:t5..task:t90)");
        String a = t.substring(0, dots).trim(), b = t.substring(dots + 2).trim();
        String fromTask = task(a, text), toTask = task(b, text);
        double from = fromTask == null ? number(a, text) : Double.NaN, to = toTask == null ? number(b, text) : Double.NaN;
        if (fromTask == null && toTask == null && from > to)
            throw new IllegalArgumentException("'" + text + "' ends before it starts");
        return new WindowSpec(text, fromTask, from, toTask, to);
    }

    private static String task(String end, String text) {
        if (!end.toLowerCase(Locale.ROOT).startsWith("task:")) return null;
        String id = end.substring(5).trim();
        if (id.matches("[0-9]+")) id = "t" + id;
        if (!TaskNames.isTaskId(id)) throw new IllegalArgumentException("'" + end + "' in '" + text + "' is not a task id (e.g. task:t5, task:r1t3)");
        return id;
    }

    private static double number(String end, String text) {
        if (!end.matches("[0-9]+(\\.[0-9]*)?|\\.[0-9]+"))
            throw new IllegalArgumentException("'" + end + "' in '" + text + "' is neither a time in \u00b5s nor task:ID");
        return Double.parseDouble(end);
    }

    /** The window's first and last start time in {@code pic}; InputProblem when a task is not in it. */
    double[] resolve(TracePicture pic) {
        double from = fromUs, to = toUs;
        if (fromTask != null || toTask != null) {
            double fromMin = Double.POSITIVE_INFINITY, toMax = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < pic.sliceCount(); i++) {
                String t = TaskNames.taskOf(pic.sliceName(i));
                if (t == null) continue;
                if (t.equals(fromTask)) fromMin = Math.min(fromMin, pic.sliceTs(i));
                if (t.equals(toTask)) toMax = Math.max(toMax, pic.sliceTs(i));
            }
            if (fromTask != null) {
                if (fromMin == Double.POSITIVE_INFINITY) throw notInTrace(fromTask);
                from = fromMin;
            }
            if (toTask != null) {
                if (toMax == Double.NEGATIVE_INFINITY) throw notInTrace(toTask);
                to = toMax;
            }
            if (from > to) throw new InputProblem((String) null, "--window " + text + ": ends (at " + to + " \u00b5s) before it starts (at " + from + " \u00b5s)", null, null);
        }
        return new double[] {from, to};
    }

    private InputProblem notInTrace(String task) {
        return new InputProblem((String) null, "--window " + text + ": no slice of task " + task + " in this run", null, null);
    }

    @Override public String toString() { return text; }
}
