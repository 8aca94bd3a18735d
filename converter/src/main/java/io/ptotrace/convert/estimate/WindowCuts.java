package io.ptotrace.convert.estimate;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.util.DoubleList;

/**
 * Where to cut a picture in time into windows of even cost: every slice, counter sample and arrow is weighed by
 * what it adds to the estimate (its strings counted as if none repeated), the weights are summed into a fine
 * histogram of start times, and the cuts are put where the running sum passes each k-th share of the total. The
 * caller chooses how many windows (the fewest whose share fits the budget) and checks each against the exact
 * estimate.
 */
public final class WindowCuts {
    static final int BINS = 1 << 14;
    private static final int PER_BIN = 32;

    private final double lo, hi, width;
    private final double[] w = new double[BINS];
    private double total;

    private WindowCuts(double lo, double hi) {
        this.lo = lo;
        this.hi = hi;
        this.width = (hi - lo) / BINS;
    }

    /** The weights of the items starting in [{@code lo}, {@code hi}). */
    public static WindowCuts weigh(TracePicture pic, ArgSet args, double lo, double hi) {
        WindowCuts c = new WindowCuts(lo, hi);
        if (hi > lo) c.fill(pic, args);
        return c;
    }

    /**
     * Where the picture's slices and counter samples start: {lo, hi} (µs), or null when it has none. Window cuts
     * are made between the two.
     */
    public static double[] extent(TracePicture pic) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pic.sliceCount(); i++) {
            lo = Math.min(lo, pic.sliceTs(i));
            hi = Math.max(hi, pic.sliceTs(i));
        }
        for (int c = 0; c < pic.counterCount(); c++) {
            lo = Math.min(lo, pic.counterTs(c));
            hi = Math.max(hi, pic.counterTs(c));
        }
        return lo <= hi ? new double[] {lo, hi} : null;
    }

    /**
     * The weights of the pictures of a trace written part by part, each weighed on its own ({@link #weigh} over its
     * own extent), on one histogram over [{@code lo}, {@code hi}): each bin of a part spreads its weight over the
     * bins it overlaps.
     */
    public static WindowCuts combine(java.util.List<WindowCuts> parts, double lo, double hi) {
        WindowCuts all = new WindowCuts(lo, hi);
        if (!(hi > lo)) return all;
        for (WindowCuts p : parts) {
            if (!(p.hi > p.lo)) continue;
            for (int b = 0; b < BINS; b++) {
                if (p.w[b] == 0) continue;
                double from = (p.lo + b * p.width - lo) / all.width, to = (p.lo + (b + 1) * p.width - lo) / all.width;
                int first = (int) Math.min(BINS - 1, Math.max(0, Math.floor(from)));
                int last = (int) Math.min(BINS - 1, Math.max(0, Math.ceil(to) - 1));
                if (first >= last) {
                    all.w[first] += p.w[b];
                } else {
                    double span = to - from;
                    for (int g = first; g <= last; g++) {
                        double overlap = Math.min(to, g + 1) - Math.max(from, g);
                        all.w[g] += p.w[b] * Math.max(0, overlap) / span;
                    }
                }
            }
            all.total += p.total;
        }
        return all;
    }

    /** The sum of all weights (bytes, beyond the fixed cost; errs high). */
    public double total() {
        return total;
    }

    /**
     * The cuts (increasing start times, µs, on whole nanoseconds) that split the weight into {@code pieces} even
     * shares, as far as one histogram bin allows: fewer when a bin holds more than a share.
     */
    public double[] even(int pieces) {
        DoubleList cuts = new DoubleList(Math.max(1, pieces));
        if (pieces <= 1 || total <= 0) return cuts.toArray();
        double acc = 0;
        int next = 1;
        for (int b = 0; b < BINS && next < pieces; b++) {
            double after = acc + w[b];
            while (next < pieces && after >= total * next / pieces) {
                // the cut goes on the side of this bin that leaves the running sum nearer the share
                double share = total * next / pieces;
                int at = share - acc <= after - share ? b : b + 1;
                double cut =
                        Math.round((lo + at * width) * 1000) / 1000.0; // whole nanoseconds, as the trace's times are
                if (cut > lo && cut < hi && (cuts.size() == 0 || cut > cuts.get(cuts.size() - 1))) cuts.add(cut);
                next++;
            }
            acc = after;
        }
        return cuts.toArray();
    }

    private void fill(TracePicture pic, ArgSet args) {
        Weigher weigher = new Weigher();
        // every step-th item stands for step of them: still about PER_BIN items a bin, at a fraction of the work
        int sliceStep = Math.max(1, pic.sliceCount() / (BINS * PER_BIN));
        for (int i = 0; i < pic.sliceCount(); i += sliceStep) {
            double ts = pic.sliceTs(i);
            if (ts < lo || ts >= hi) continue;
            weigher.bytes =
                    MemoryModel.SLICE + MemoryModel.STRING + pic.sliceName(i).length();
            weigher.leaves = 0;
            pic.sliceArgs(i, args, weigher);
            if (weigher.leaves > 0) weigher.bytes += MemoryModel.ARG_SET;
            add(ts, (double) weigher.bytes * sliceStep);
        }
        int counterStep = Math.max(1, pic.counterCount() / (BINS * PER_BIN));
        for (int c = 0; c < pic.counterCount(); c += counterStep) {
            double ts = pic.counterTs(c);
            if (ts < lo || ts >= hi) continue;
            weigher.leaves = 0;
            weigher.bytes = 0;
            pic.counterArgs(c, weigher);
            add(ts, (double) weigher.leaves * MemoryModel.COUNTER * counterStep);
        }
        for (int f = 0; f < pic.flowCount(); f++) {
            int s = pic.flowSrcSlice(f);
            double ts = s >= 0 ? pic.sliceTs(s) : pic.flowSrcTs(f);
            if (ts >= lo && ts < hi) add(ts, MemoryModel.FLOW);
        }
    }

    private void add(double ts, double weight) {
        w[(int) Math.min(BINS - 1, Math.max(0, (ts - lo) / width))] += weight;
        total += weight;
    }

    /** The weight of one item's args: a row each (leaves by {@link ArgLeaves}), and every string value as a new one. */
    private static final class Weigher implements ArgSink, ArgLeaves.Visitor {
        long bytes, leaves;

        private void leaf() {
            bytes += MemoryModel.ARG;
            leaves++;
        }

        private void text(String s) {
            if (s != null) bytes += MemoryModel.STRING + s.length();
        }

        @Override
        public void str(String key, String value) {
            leaf();
            text(value);
        }

        @Override
        public void dbl(String key, double value) {
            leaf();
        }

        @Override
        public void i64(String key, long value) {
            leaf();
        }

        @Override
        public void u64(String key, long value) {
            leaf();
        }

        @Override
        public void bool(String key, boolean value) {
            leaf();
        }

        @Override
        public void nul(String key) {
            leaf();
        }

        @Override
        public void raw(String key, Object v) {
            ArgLeaves.walk(v, this);
        }

        @Override
        public void leaf(Object v) {
            leaf();
            if (v instanceof String) text((String) v);
        }
    }
}
