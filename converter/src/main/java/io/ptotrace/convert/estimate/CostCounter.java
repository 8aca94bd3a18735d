package io.ptotrace.convert.estimate;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts what a picture costs the trace processor as each writer renders it. The protobuf trace shows every slice,
 * arrow mark, arrow and counter value with the args of its {@link ArgSet}; the lean one (with import marks) writes
 * names inline and leaves out a counter value that repeats the one before it on its track, the full one interns
 * every event name and is held whole. The JSON trace has every arg and every counter value, no marks, and loses the
 * arrows that end before they start or have no slice to bind to.
 *
 * <p>Large pictures are sampled: the slices whose reference number falls in one of {@code step} hash classes (so a
 * task's slices in both views are taken or left together), every counter sample of one block in {@code step}.
 * A string seen from two references of the sample is shared (counted once), one seen from a single reference is
 * that reference's own and stands for {@code step} of them. Distinct strings are told apart by a 64-bit hash.
 */
public final class CostCounter {
    /** The costs of both renderings of one picture. */
    public record Both(TraceCosts pftrace, TraceCosts json) {}

    /** Slices (and counter sample blocks) read whole; larger pictures are sampled (about 2 % of a conversion at 100k tasks). */
    static final int SAMPLED = 1 << 14;

    private static final int COUNTER_BLOCK = 64;
    /** The .pftrace's bytes per item, to tell what a file without import marks holds before it is written. */
    private static final int BYTES_SLICE = 44, BYTES_FLOW = 18, BYTES_ARG = 7, BYTES_COUNTER = 22;
    /** The same for the JSON trace's text. */
    private static final int JSON_SLICE = 170, JSON_FLOW = 170, JSON_ARG = 30, JSON_COUNTER = 50;

    private final LongSet lanes = new LongSet(),
            processes = new LongSet(),
            counterSeries = new LongSet(),
            markerLanes = new LongSet();
    private static final long SHARED = Long.MIN_VALUE;
    private long currentRef = SHARED;
    /** What each rendering counted: the .pftrace's, then the JSON's when its args differ (else the same one). */
    private final Tally[] tallies;

    /** {@code jsonArgs}: the JSON trace's args when they differ from the .pftrace's, else null. */
    private CostCounter(ArgSet pftraceArgs, ArgSet jsonArgs) {
        Tally pf = new Tally(pftraceArgs);
        tallies = jsonArgs == null ? new Tally[] {pf} : new Tally[] {pf, new Tally(jsonArgs)};
    }

    /** Both renderings with every arg. */
    public static Both count(TracePicture pic) {
        return count(pic, ArgSet.FULL, true);
    }

    /**
     * The protobuf trace with the args of {@code pftraceArgs}, and the JSON trace when {@code json} (else its costs are
     * null; with every arg they come anyway); one pass over the picture.
     */
    public static Both count(TracePicture pic, ArgSet pftraceArgs, boolean json) {
        if (pftraceArgs == ArgSet.FULL) return new CostCounter(ArgSet.FULL, null).run(pic, true);
        return new CostCounter(pftraceArgs, json ? ArgSet.FULL : null).run(pic, json);
    }

    /** The protobuf trace with the args of {@code args}. */
    public static TraceCosts pftrace(TracePicture pic, ArgSet args) {
        return count(pic, args, false).pftrace();
    }

    /** The strings, arg rows and value bytes one rendering's args add up to. */
    private final class Tally {
        final ArgSet args;
        /** String hash → the reference it was seen from, or SHARED. */
        final Map<Long, Long> owner = new HashMap<>();

        final Map<Long, Integer> length = new HashMap<>();
        final Leaves sink = new Leaves(this);
        long leaves, valueBytes;
        long sliceArgs, argSets, sampledValueBytes;
        long[] sliceStrings;

        Tally(ArgSet args) {
            this.args = args;
        }

        /** A string seen from the current reference. */
        void string(String s) {
            long h = hash(s);
            Long was = owner.putIfAbsent(h, currentRef);
            if (was == null) length.put(h, s.length());
            else if (was != SHARED && was != currentRef) owner.put(h, SHARED);
        }

        /** {distinct strings, their bytes}: shared strings once, a reference's own ones scaled by the sampling step. */
        long[] distinct(int step) {
            long count = 0, bytes = 0;
            for (Map.Entry<Long, Long> e : owner.entrySet()) {
                long k = e.getValue() == SHARED ? 1 : step;
                count += k;
                bytes += k * length.get(e.getKey());
            }
            return new long[] {count, bytes};
        }
    }

    /** {@code json}: count the JSON trace too (with the last tally's args). */
    private Both run(TracePicture pic, boolean json) {
        Tally pf = tallies[0], js = json ? tallies[tallies.length - 1] : null;
        boolean lean = pf.args == ArgSet.LEAN;
        for (MetaEvent m : pic.meta) {
            processes.add(m.pid);
            if (m.tid >= 0 || m.kind == MetaEvent.Kind.THREAD_NAME || m.kind == MetaEvent.Kind.THREAD_SORT_INDEX)
                lanes.add(lane(m.pid, m.tid));
            if (m.name != null) string(m.name);
        }
        int step = Math.max(1, pic.sliceCount() / SAMPLED);
        long sampled = countSlices(pic, step);
        double scale = sampled == 0 ? 1 : pic.sliceCount() / (double) sampled;
        for (Tally t : tallies) {
            t.sliceArgs = Math.round(t.sliceArgs * scale);
            t.argSets = Math.round(t.argSets * scale);
            t.sampledValueBytes = Math.round(t.valueBytes * scale);
        }
        currentRef = SHARED;
        long[] values = counterValues(pic);
        long kept = countFlows(pic);
        for (Tally t : tallies) t.sliceStrings = t.distinct(step);
        long tracks = lanes.size() + processes.size() + counterSeries.size();
        TraceCosts jsonCosts = js == null ? null : jsonCosts(pic, js, kept, values[1], tracks);

        ArrowMarks marks = pic.marks();
        long markArgs = 0, markSets = 0;
        pf.valueBytes = 0;
        for (int m = 0; m < marks.count(); m++) {
            markerLanes.add(lane(marks.pid(m), marks.tid(m)));
            pf.string(marks.name(m));
            pf.string(marks.category(m));
            pf.leaves = 0;
            marks.args(m, pf.args, pf.sink);
            markArgs += pf.leaves;
            if (pf.leaves > 0) markSets++;
        }
        long[] allStrings = pf.distinct(step);
        // the full .pftrace interns each distinct event name; JSON names go to the string pool only
        long names = lean ? 0 : distinctNames(pic, step);
        long slices = (long) pic.sliceCount() + marks.count();
        long pfValues = lean ? values[0] : values[1];
        long held = lean
                ? 0
                : BYTES_SLICE * slices
                        + BYTES_FLOW * (long) pic.flowCount()
                        + BYTES_ARG * (pf.sliceArgs + markArgs)
                        + BYTES_COUNTER * pfValues
                        + pf.sampledValueBytes
                        + pf.valueBytes;
        TraceCosts pftrace = new TraceCosts(
                slices,
                pf.sliceArgs + markArgs,
                pf.argSets + markSets,
                pic.flowCount(),
                pfValues,
                allStrings[0],
                allStrings[1],
                names,
                tracks + markerLanes.size(),
                held);
        return new Both(pftrace, jsonCosts);
    }

    /** The sampled slices: their lanes, names and categories, and each tally's args. Returns how many were read. */
    private long countSlices(TracePicture pic, int step) {
        long sampled = 0;
        for (int i = 0, n = pic.sliceCount(); i < n; i++) {
            long ref = pic.sliceRef(i);
            if (step > 1 && Math.floorMod(mix(ref), step) != 0) continue;
            sampled++;
            countSlice(pic, i, ref);
        }
        return sampled;
    }

    private void countSlice(TracePicture pic, int i, long ref) {
        currentRef = ref;
        lanes.add(lane(pic.slicePid(i), pic.sliceTid(i)));
        string(pic.sliceName(i));
        String cat = pic.sliceCategory(i);
        if (cat != null) string(cat);
        for (Tally t : tallies) {
            t.leaves = 0;
            pic.sliceArgs(i, t.args, t.sink);
            t.sliceArgs += t.leaves;
            if (t.leaves > 0) t.argSets++;
        }
    }

    /** The lanes of a sample of the arrows; returns how many arrows the JSON trace keeps. */
    private long countFlows(TracePicture pic) {
        long kept = 0;
        int flowStep = Math.max(1, pic.flowCount() / SAMPLED);
        for (int f = 0, n = pic.flowCount(); f < n; f++) {
            if (f % flowStep == 0) {
                lanes.add(lane(pic.flowSrcPid(f), pic.flowSrcTid(f)));
                lanes.add(lane(pic.flowDstPid(f), pic.flowDstTid(f)));
            }
            if (!pic.flowBackward(f) && pic.flowSrcSlice(f) >= 0 && pic.flowDstSlice(f) >= 0) kept++;
        }
        return kept;
    }

    private static TraceCosts jsonCosts(TracePicture pic, Tally js, long kept, long counterValues, long tracks) {
        long jsonBytes = JSON_SLICE * (long) pic.sliceCount()
                + JSON_FLOW * (long) pic.flowCount()
                + JSON_ARG * js.sliceArgs
                + JSON_COUNTER * counterValues
                + js.sampledValueBytes;
        return new TraceCosts(
                pic.sliceCount(),
                js.sliceArgs,
                js.argSets,
                kept,
                counterValues,
                js.sliceStrings[0],
                js.sliceStrings[1],
                0,
                tracks,
                jsonBytes);
    }

    /** Counter values: {changed ones (a value unlike the one before it in its series), all}. */
    private long[] counterValues(TracePicture pic) {
        int n = pic.counterCount();
        int blocks = (n + COUNTER_BLOCK - 1) / COUNTER_BLOCK;
        int blockStep = Math.max(1, n / SAMPLED);
        long all = 0, changed = 0, transitions = 0, counted = 0;
        Map<Long, Double> last = new HashMap<>();
        CounterSeries series = new CounterSeries();
        for (int b = 0; b < blocks; b += blockStep) {
            last.clear();
            for (int c = b * COUNTER_BLOCK; c < Math.min(n, (b + 1) * COUNTER_BLOCK); c++) {
                counted++;
                processes.add(pic.counterPid(c));
                series.start(pic.counterPid(c), pic.counterTid(c), pic.counterName(c), last);
                pic.counterArgs(c, series);
                all += series.values;
                changed += series.changed;
                transitions += series.transitions;
            }
        }
        if (counted == 0) return new long[] {0, 0};
        double scale = n / (double) counted;
        long total = Math.round(all * scale);
        // a block's first value in each series has nothing before it to compare with: the rest tell the share that
        // changes
        double share = transitions == 0 ? 1 : changed / (double) transitions;
        return new long[] {
            Math.min(total, Math.round(counterSeries.size() + share * (total - counterSeries.size()))), total
        };
    }

    /** Distinct slice names, estimated as the strings are. */
    private static long distinctNames(TracePicture pic, int step) {
        Map<Long, Long> names = new HashMap<>();
        for (int i = 0; i < pic.sliceCount(); i++) {
            long ref = pic.sliceRef(i);
            if (step > 1 && Math.floorMod(mix(ref), step) != 0) continue;
            names.merge(hash(pic.sliceName(i)), ref, (a, b) -> a.longValue() == b.longValue() ? a : SHARED);
        }
        long n = 0;
        for (long owner : names.values()) n += owner == SHARED ? 1 : step;
        return n;
    }

    private static long mix(long ref) {
        long h = (ref + 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (h ^ (h >>> 31)) & Long.MAX_VALUE;
    }

    private static long lane(int pid, int tid) {
        return ((long) pid << 32) ^ (tid & 0xFFFFFFFFL) ^ 0x5555_0000_0000_0000L;
    }

    /** A string every rendering shows (a name, a category): into each tally. */
    private void string(String s) {
        for (Tally t : tallies) t.string(s);
    }

    /** FNV-1a over the chars, 64 bits. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** Counts arg rows (leaves, by {@link ArgLeaves}) and feeds keys and string values to its tally's strings. */
    private static final class Leaves implements ArgSink, ArgLeaves.Visitor {
        private final Tally t;

        Leaves(Tally t) {
            this.t = t;
        }

        @Override
        public void str(String key, String value) {
            leaf(key);
            if (value != null) value(value);
        }

        @Override
        public void dbl(String key, double value) {
            leaf(key);
        }

        @Override
        public void i64(String key, long value) {
            leaf(key);
        }

        @Override
        public void u64(String key, long value) {
            leaf(key);
        }

        @Override
        public void bool(String key, boolean value) {
            leaf(key);
        }

        @Override
        public void nul(String key) {
            leaf(key);
        }

        @Override
        public void raw(String key, Object v) {
            t.string(key);
            t.leaves += ArgLeaves.walk(v, this);
        }

        @Override
        public void leaf(Object v) {
            if (v instanceof String) value((String) v);
        }

        @Override
        public void mapKey(String key) {
            t.string(key);
        }

        private void leaf(String key) {
            t.string(key);
            t.leaves++;
        }

        private void value(String s) {
            t.string(s);
            t.valueBytes += s.length();
        }
    }

    /** One counter sample: a value (and a counter track) per numeric arg; whether each differs from its series' last. */
    private final class CounterSeries implements ArgSink {
        private int pid, tid;
        private String name;
        private Map<Long, Double> last;
        int values, changed, transitions;

        void start(int pid, int tid, String name, Map<Long, Double> last) {
            this.pid = pid;
            this.tid = tid;
            this.name = name;
            this.last = last;
            values = changed = transitions = 0;
        }

        private void value(String key, double v) {
            values++;
            long h = (hash(name) * 31 + hash(key)) ^ lane(pid, tid) * 0x9E3779B97F4A7C15L;
            if (counterSeries.add(h)) string(name + " " + key);
            Double before = last.put(h, v);
            if (before != null) {
                transitions++;
                if (Double.compare(before, v) != 0) changed++;
            }
        }

        @Override
        public void str(String key, String value) {
            try {
                value(key, Double.parseDouble(value));
            } catch (NumberFormatException | NullPointerException e) {
                // not a value: the writer skips it too
            }
        }

        @Override
        public void dbl(String key, double value) {
            value(key, value);
        }

        @Override
        public void i64(String key, long value) {
            value(key, value);
        }

        @Override
        public void u64(String key, long value) {
            value(key, value);
        }

        @Override
        public void bool(String key, boolean value) {
            value(key, value ? 1 : 0);
        }

        @Override
        public void nul(String key) {}

        @Override
        public void raw(String key, Object v) {
            if (v instanceof Number) value(key, ((Number) v).doubleValue());
            else if (v instanceof Boolean) value(key, (Boolean) v ? 1 : 0);
            else if (v instanceof String) str(key, (String) v);
        }
    }
}
