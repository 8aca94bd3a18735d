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
    /** String hash → the reference it was seen from, or SHARED. */
    private final Map<Long, Long> owner = new HashMap<>();

    private final Map<Long, Integer> length = new HashMap<>();
    /** Arg-set hash → {the reference it was seen from or SHARED, its rows}. */
    private final Map<Long, long[]> argSets = new HashMap<>();

    private static final long SET_SEED = 0xcbf29ce484222325L;
    private static final long SHARED = Long.MIN_VALUE;
    private long currentRef = SHARED;
    private final Leaves sink = new Leaves();
    private long leaves, valueBytes;

    private CostCounter() {}

    /** Both renderings with every arg. */
    public static Both count(TracePicture pic) {
        return new CostCounter().run(pic, ArgSet.FULL);
    }

    /**
     * The protobuf trace with the args of {@code pftraceArgs}, and the JSON trace when {@code json} (else its costs are
     * null); one pass, or two for a lean protobuf trace beside the JSON.
     */
    public static Both count(TracePicture pic, ArgSet pftraceArgs, boolean json) {
        if (pftraceArgs == ArgSet.FULL) return count(pic);
        return new Both(pftrace(pic, pftraceArgs), json ? count(pic).json() : null);
    }

    /** The protobuf trace with the args of {@code args}. */
    public static TraceCosts pftrace(TracePicture pic, ArgSet args) {
        return new CostCounter().run(pic, args).pftrace();
    }

    private Both run(TracePicture pic, ArgSet args) {
        boolean lean = args == ArgSet.LEAN;
        for (MetaEvent m : pic.meta) {
            processes.add(m.pid);
            if (m.tid >= 0 || m.kind == MetaEvent.Kind.THREAD_NAME || m.kind == MetaEvent.Kind.THREAD_SORT_INDEX)
                lanes.add(lane(m.pid, m.tid));
            if (m.name != null) string(m.name);
        }
        int step = Math.max(1, pic.sliceCount() / SAMPLED);
        long sliceArgs = 0, argSets = 0, sampled = 0;
        for (int i = 0; i < pic.sliceCount(); i++) {
            long ref = pic.sliceRef(i);
            if (step > 1 && Math.floorMod(mix(ref), step) != 0) continue;
            sampled++;
            currentRef = ref;
            lanes.add(lane(pic.slicePid(i), pic.sliceTid(i)));
            string(pic.sliceName(i));
            String cat = pic.sliceCategory(i);
            if (cat != null) string(cat);
            leaves = 0;
            sink.setHash = SET_SEED;
            pic.sliceArgs(i, args, sink);
            sliceArgs += leaves;
            if (leaves > 0) {
                argSets++;
                argSet(sink.setHash, ref, leaves);
            }
        }
        long[] storedSets = storedArgSets(step);
        double scale = sampled == 0 ? 1 : pic.sliceCount() / (double) sampled;
        sliceArgs = Math.round(sliceArgs * scale);
        argSets = Math.round(argSets * scale);
        long sliceValueBytes = Math.round(valueBytes * scale);
        currentRef = SHARED;
        long[] values = counterValues(pic);
        long kept = 0;
        int flowStep = Math.max(1, pic.flowCount() / SAMPLED);
        for (int f = 0; f < pic.flowCount(); f++) {
            if (f % flowStep == 0) {
                lanes.add(lane(pic.flowSrcPid(f), pic.flowSrcTid(f)));
                lanes.add(lane(pic.flowDstPid(f), pic.flowDstTid(f)));
            }
            if (!pic.flowBackward(f) && pic.flowSrcSlice(f) >= 0 && pic.flowDstSlice(f) >= 0) kept++;
        }
        long[] sliceStrings = distinct(step);
        ArrowMarks marks = pic.marks();
        long markArgs = 0, markSets = 0;
        valueBytes = 0;
        for (int m = 0; m < marks.count(); m++) {
            markerLanes.add(lane(marks.pid(m), marks.tid(m)));
            string(marks.name(m));
            string(marks.category(m));
            leaves = 0;
            marks.args(m, args, sink);
            markArgs += leaves;
            if (leaves > 0) markSets++;
        }
        long[] allStrings = distinct(step);
        long tracks = lanes.size() + processes.size() + counterSeries.size();
        // the full .pftrace interns each distinct event name; JSON names go to the string pool only
        long names = lean ? 0 : distinctNames(pic, step);
        long jsonBytes = JSON_SLICE * (long) pic.sliceCount()
                + JSON_FLOW * (long) pic.flowCount()
                + JSON_ARG * sliceArgs
                + JSON_COUNTER * values[1]
                + sliceValueBytes;
        TraceCosts json = new TraceCosts(
                pic.sliceCount(),
                sliceArgs,
                argSets,
                kept,
                values[1],
                sliceStrings[0],
                sliceStrings[1],
                0,
                tracks,
                jsonBytes);
        long slices = (long) pic.sliceCount() + marks.count();
        long pfValues = lean ? values[0] : values[1];
        long held = lean
                ? 0
                : BYTES_SLICE * slices
                        + BYTES_FLOW * (long) pic.flowCount()
                        + BYTES_ARG * (sliceArgs + markArgs)
                        + BYTES_COUNTER * pfValues
                        + sliceValueBytes
                        + valueBytes;
        TraceCosts pftrace = new TraceCosts(
                slices,
                storedSets[1] + markArgs,
                storedSets[0] + markSets,
                pic.flowCount(),
                pfValues,
                allStrings[0],
                allStrings[1],
                names,
                tracks + markerLanes.size(),
                held);
        return new Both(pftrace, json);
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

    /** {distinct strings, their bytes}: shared strings once, a reference's own ones scaled by the sampling step. */
    private long[] distinct(int step) {
        long count = 0, bytes = 0;
        for (Map.Entry<Long, Long> e : owner.entrySet()) {
            long k = e.getValue() == SHARED ? 1 : step;
            count += k;
            bytes += k * length.get(e.getKey());
        }
        return new long[] {count, bytes};
    }

    /**
     * The processor keeps one copy of each distinct arg set (its rows, and the set): slices with the same args share
     * it. A set seen from two references of the sample is shared and stored once; one seen from a single reference
     * is that reference's own and stands for {@code step} of them, as strings do.
     */
    private void argSet(long hash, long ref, long rows) {
        long[] was = argSets.putIfAbsent(hash, new long[] {ref, rows});
        if (was != null && was[0] != SHARED && was[0] != ref) was[0] = SHARED;
    }

    /** {distinct arg sets, their rows}. */
    private long[] storedArgSets(int step) {
        long sets = 0, rows = 0;
        for (long[] e : argSets.values()) {
            long k = e[0] == SHARED ? 1 : step;
            sets += k;
            rows += k * e[1];
        }
        return new long[] {sets, rows};
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

    private void string(String s) {
        long h = hash(s);
        Long was = owner.putIfAbsent(h, currentRef);
        if (was == null) length.put(h, s.length());
        else if (was != SHARED && was != currentRef) owner.put(h, SHARED);
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

    /** Counts arg rows (leaves, by {@link ArgLeaves}) and feeds keys and string values to the string set. */
    private final class Leaves implements ArgSink, ArgLeaves.Visitor {
        /** The args seen since it was reset, keys and values in order: which slices share one arg set. */
        long setHash;

        @Override
        public void str(String key, String value) {
            leaf(key);
            fold(value == null ? 0 : hash(value));
            if (value != null) value(value);
        }

        @Override
        public void dbl(String key, double value) {
            leaf(key);
            fold(Double.doubleToLongBits(value));
        }

        @Override
        public void i64(String key, long value) {
            leaf(key);
            fold(value);
        }

        @Override
        public void u64(String key, long value) {
            leaf(key);
            fold(~value);
        }

        @Override
        public void bool(String key, boolean value) {
            leaf(key);
            fold(value ? 1 : 2);
        }

        @Override
        public void nul(String key) {
            leaf(key);
            fold(3);
        }

        @Override
        public void raw(String key, Object v) {
            string(key);
            fold(hash(key));
            fold(hash(String.valueOf(v)));
            leaves += ArgLeaves.walk(v, this);
        }

        private void fold(long v) {
            setHash = (setHash ^ v) * 0x100000001b3L + 0x9E3779B97F4A7C15L;
        }

        @Override
        public void leaf(Object v) {
            if (v instanceof String) value((String) v);
        }

        @Override
        public void mapKey(String key) {
            string(key);
        }

        private void leaf(String key) {
            string(key);
            fold(hash(key));
            leaves++;
        }

        private void value(String s) {
            string(s);
            valueBytes += s.length();
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
