package io.ptotrace.convert.estimate;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.util.DoubleList;

/**
 * Where to cut a picture in time so that each window's estimate stays under a budget: every slice, counter
 * sample and arrow is weighed by what it adds to the estimate (its strings counted as if none repeated, so a
 * weight errs high), the weights are summed into a fine histogram of start times, and windows are closed
 * greedily before the one that would go over. Because the weights err high, they are first scaled to the exact
 * estimate of the whole picture when the caller has it. The windows are then checked against the exact estimate and
 * cut again where one is still over (see the caller).
 */
public final class WindowCuts {
    private WindowCuts() {}

    static final int BINS = 1 << 14;
    private static final int PER_BIN = 32;

    /**
     * The cuts (increasing start times, µs) that split the items starting in [{@code lo}, {@code hi}) into
     * windows estimated at most {@code target} bytes each (beyond the fixed cost), as far as one histogram bin
     * allows; none when they fit. {@code whole}: the exact estimate of all those items beyond the fixed cost, or 0
     * when unknown (the weights are then taken as they are).
     */
    public static double[] within(TracePicture pic, ArgSet args, double lo, double hi, double target, double whole) {
        return cut(pic, args, lo, hi, target, 0, whole);
    }

    /** The cuts that split the items starting in [{@code lo}, {@code hi}) into about {@code pieces} windows of equal weight. */
    public static double[] into(TracePicture pic, ArgSet args, double lo, double hi, int pieces) { return cut(pic, args, lo, hi, 0, pieces, 0); }

    private static double[] cut(TracePicture pic, ArgSet args, double lo, double hi, double target, int pieces, double whole) {
        if (!(hi > lo)) return new double[0];
        double[] w = new double[BINS];
        double width = (hi - lo) / BINS;
        Weigher weigher = new Weigher();
        // every step-th item stands for step of them: still about PER_BIN items a bin, at a fraction of the work
        int sliceStep = Math.max(1, pic.sliceCount() / (BINS * PER_BIN));
        for (int i = 0; i < pic.sliceCount(); i += sliceStep) {
            double ts = pic.sliceTs(i);
            if (ts < lo || ts >= hi) continue;
            weigher.bytes = MemoryModel.SLICE + MemoryModel.STRING + pic.sliceName(i).length();
            pic.sliceArgs(i, args, weigher);
            w[bin(ts, lo, width)] += (double) weigher.bytes * sliceStep;
        }
        int counterStep = Math.max(1, pic.counterCount() / (BINS * PER_BIN));
        for (int c = 0; c < pic.counterCount(); c += counterStep) {
            double ts = pic.counterTs(c);
            if (ts < lo || ts >= hi) continue;
            weigher.bytes = 0;
            pic.counterArgs(c, weigher);
            w[bin(ts, lo, width)] += weigher.bytes / (double) MemoryModel.ARG * MemoryModel.COUNTER * counterStep;
        }
        for (int f = 0; f < pic.flowCount(); f++) {
            int s = pic.flowSrcSlice(f);
            double ts = s >= 0 ? pic.sliceTs(s) : pic.flowSrcTs(f);
            if (ts >= lo && ts < hi) w[bin(ts, lo, width)] += MemoryModel.FLOW;
        }
        double total = 0;
        for (double x : w) total += x;
        if (pieces > 0) target = total / pieces;
        else if (whole > 0 && total > 0) target *= total / whole;
        DoubleList cuts = new DoubleList(16);
        double acc = 0;
        for (int b = 0; b < BINS; b++) {
            double cut = Math.round((lo + b * width) * 1000) / 1000.0; // whole nanoseconds, as the trace's times are
            if (acc > 0 && acc + w[b] > target && cut > lo && cut < hi && (cuts.size() == 0 || cut > cuts.get(cuts.size() - 1))) {
                cuts.add(cut);
                acc = 0;
            }
            acc += w[b];
        }
        return cuts.toArray();
    }

    private static int bin(double ts, double lo, double width) { return (int) Math.min(BINS - 1, Math.max(0, (ts - lo) / width)); }

    /** The weight of one item's args: a row each, and every string as a new one. */
    private static final class Weigher implements ArgSink {
        long bytes;

        private void leaf(String key) { bytes += MemoryModel.ARG; }

        private void text(String s) { if (s != null) bytes += MemoryModel.STRING + s.length(); }

        @Override public void str(String key, String value) { leaf(key); text(value); }

        @Override public void dbl(String key, double value) { leaf(key); }

        @Override public void i64(String key, long value) { leaf(key); }

        @Override public void u64(String key, long value) { leaf(key); }

        @Override public void bool(String key, boolean value) { leaf(key); }

        @Override public void nul(String key) { leaf(key); }

        @Override public void raw(String key, Object v) {
            if (v instanceof java.util.List) for (Object o : (java.util.List<?>) v) raw(key, o);
            else if (v instanceof java.util.Map) for (Object o : ((java.util.Map<?, ?>) v).values()) raw(key, o);
            else {
                leaf(key);
                if (v instanceof String) text((String) v);
            }
        }
    }
}
