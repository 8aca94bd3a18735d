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
 * that reference's own and stands for {@code step} of them. Distinct strings are told apart by a 64-bit hash; so
 * are distinct arg sets, which the processor stores once however many slices share them.
 *
 * <p>A trace written part by part (a multi-rank trace, a rank at a time) is counted with {@link Parts}: each
 * picture with its share of the sample, into one set of strings and arg sets, so a string several parts use counts
 * once, as in a picture of all of them.
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

    private static final long SHARED = Long.MIN_VALUE;
    private static final long SET_SEED = 0xcbf29ce484222325L;

    private final LongSet lanes = new LongSet(),
            processes = new LongSet(),
            counterSeries = new LongSet(),
            markerLanes = new LongSet();
    private long currentRef = SHARED;
    /** The sampling step of the picture being counted: how many references one sampled reference stands for. */
    private int step = 1;
    /** True while the arrow marks are counted (their strings are the .pftrace's only). */
    private boolean inMarks;
    /** Slices read whole per picture (parts of one trace share {@link #SAMPLED}). */
    private final int sampled;
    /** What each rendering counted: the .pftrace's, then the JSON's when its args differ (else the same one). */
    private final Tally[] tallies;
    /** The full .pftrace's interned event names: name hash → {the reference or SHARED, how many it stands for}. */
    private final Map<Long, long[]> eventNames = new HashMap<>();

    /** The pictures counted so far, added up. */
    private long slices, flows, markCount, changedValues, allValues, keptFlows, markArgs, markSets, markValueBytes;

    /** {@code jsonArgs}: the JSON trace's args when they differ from the .pftrace's, else null. */
    private CostCounter(ArgSet pftraceArgs, ArgSet jsonArgs, int sampled) {
        Tally pf = new Tally(pftraceArgs);
        tallies = jsonArgs == null ? new Tally[] {pf} : new Tally[] {pf, new Tally(jsonArgs)};
        this.sampled = sampled;
    }

    private static CostCounter of(ArgSet pftraceArgs, boolean json, int sampled) {
        return pftraceArgs == ArgSet.FULL
                ? new CostCounter(ArgSet.FULL, null, sampled)
                : new CostCounter(pftraceArgs, json ? ArgSet.FULL : null, sampled);
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
        CostCounter c = of(pftraceArgs, json, SAMPLED);
        c.scan(pic);
        return c.costs(json || pftraceArgs == ArgSet.FULL);
    }

    /** The protobuf trace with the args of {@code args}. */
    public static TraceCosts pftrace(TracePicture pic, ArgSet args) {
        return count(pic, args, false).pftrace();
    }

    /**
     * The costs of a trace written part by part ({@code parts} pictures: the Host block and each rank of a
     * multi-rank trace), counted one picture at a time.
     */
    public static final class Parts {
        private final CostCounter counter;
        private final boolean json;

        public Parts(int parts, ArgSet pftraceArgs, boolean json) {
            this.counter = of(pftraceArgs, json, Math.max(1024, SAMPLED / Math.max(1, parts)));
            this.json = json;
        }

        /** Counts one part; the picture is not needed afterwards. */
        public void add(TracePicture pic) {
            counter.scan(pic);
        }

        /** The costs of the parts so far, as {@link CostCounter#count(TracePicture, ArgSet, boolean)} gives a picture's. */
        public Both total() {
            Both b = counter.costs(true);
            return json ? b : new Both(b.pftrace(), null);
        }
    }

    /** The strings, arg rows and arg sets one rendering's args add up to. */
    private final class Tally {
        final ArgSet args;
        /**
         * String hash → {the reference it was seen from or SHARED, its length, how many strings it stands for, 1 when
         * a slice, counter or metadata event has it (the JSON trace's strings) else 0}.
         */
        final Map<Long, long[]> strings = new HashMap<>();
        /** Arg-set hash → {the reference it was seen from or SHARED, its rows, how many sets it stands for}. */
        final Map<Long, long[]> sets = new HashMap<>();

        final Leaves sink = new Leaves(this);
        long leaves, valueBytes;
        /** Added up over the pictures, scaled up by their sampling. */
        long sliceArgs, argSets, sampledValueBytes;

        Tally(ArgSet args) {
            this.args = args;
        }

        /** A string seen from the current reference. */
        void string(String s) {
            long h = hash(s);
            long[] was = strings.get(h);
            if (was == null) strings.put(h, new long[] {currentRef, s.length(), step, inMarks ? 0 : 1});
            else {
                if (was[0] != SHARED && was[0] != currentRef) was[0] = SHARED;
                if (!inMarks) was[3] = 1;
            }
        }

        /**
         * A slice's arg set. The processor keeps one copy of each distinct set (its rows and the set): a set seen from
         * two references of the sample is shared and stored once, one seen from a single reference stands for the
         * sampling step's number of them, as strings do.
         */
        void set(long hash, long rows) {
            long[] was = sets.putIfAbsent(hash, new long[] {currentRef, rows, step});
            if (was != null && was[0] != SHARED && was[0] != currentRef) was[0] = SHARED;
        }

        /** {distinct strings, their bytes}: shared ones once, a reference's own ones as many as they stand for. */
        long[] distinct(boolean slicesOnly) {
            long count = 0, bytes = 0;
            for (long[] e : strings.values()) {
                if (slicesOnly && e[3] == 0) continue;
                long k = e[0] == SHARED ? 1 : e[2];
                count += k;
                bytes += k * e[1];
            }
            return new long[] {count, bytes};
        }

        /** {distinct arg sets, their rows}. */
        long[] storedSets() {
            long n = 0, rows = 0;
            for (long[] e : sets.values()) {
                long k = e[0] == SHARED ? 1 : e[2];
                n += k;
                rows += k * e[1];
            }
            return new long[] {n, rows};
        }
    }

    /** Counts one picture into the totals. */
    private void scan(TracePicture pic) {
        Tally pf = tallies[0];
        inMarks = false;
        currentRef = SHARED;
        for (MetaEvent m : pic.meta) {
            processes.add(m.pid);
            if (m.tid >= 0 || m.kind == MetaEvent.Kind.THREAD_NAME || m.kind == MetaEvent.Kind.THREAD_SORT_INDEX)
                lanes.add(lane(m.pid, m.tid));
            if (m.name != null) string(m.name);
        }
        step = Math.max(1, pic.sliceCount() / sampled);
        for (Tally t : tallies) t.valueBytes = 0;
        long[] perTally = new long[tallies.length * 2];
        long taken = countSlices(pic, perTally);
        double scale = taken == 0 ? 1 : pic.sliceCount() / (double) taken;
        for (int k = 0; k < tallies.length; k++) {
            Tally t = tallies[k];
            t.sliceArgs += Math.round(perTally[2 * k] * scale);
            t.argSets += Math.round(perTally[2 * k + 1] * scale);
            t.sampledValueBytes += Math.round(t.valueBytes * scale);
        }
        currentRef = SHARED;
        long[] values = counterValues(pic);
        changedValues += values[0];
        allValues += values[1];
        keptFlows += countFlows(pic);

        inMarks = true;
        ArrowMarks marks = pic.marks();
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
        markValueBytes += pf.valueBytes;
        slices += pic.sliceCount();
        flows += pic.flowCount();
        markCount += marks.count();
    }

    /** The totals as the two renderings' costs; the JSON's when {@code json} (else null). */
    private Both costs(boolean json) {
        Tally pf = tallies[0], js = tallies[tallies.length - 1];
        boolean lean = pf.args == ArgSet.LEAN;
        long tracks = lanes.size() + processes.size() + counterSeries.size();
        TraceCosts jsonCosts = null;
        if (json) {
            long[] sliceStrings = js.distinct(true);
            long jsonBytes = JSON_SLICE * slices
                    + JSON_FLOW * flows
                    + JSON_ARG * js.sliceArgs
                    + JSON_COUNTER * allValues
                    + js.sampledValueBytes;
            jsonCosts = new TraceCosts(
                    slices,
                    js.sliceArgs,
                    js.argSets,
                    keptFlows,
                    allValues,
                    sliceStrings[0],
                    sliceStrings[1],
                    0,
                    tracks,
                    jsonBytes);
        }
        long[] allStrings = pf.distinct(false), storedSets = pf.storedSets();
        // the full .pftrace interns each distinct event name; JSON names go to the string pool only
        long names = lean ? 0 : distinctNames();
        long items = slices + markCount;
        long pfValues = lean ? changedValues : allValues;
        long held = lean
                ? 0
                : BYTES_SLICE * items
                        + BYTES_FLOW * flows
                        + BYTES_ARG * (pf.sliceArgs + markArgs)
                        + BYTES_COUNTER * pfValues
                        + pf.sampledValueBytes
                        + markValueBytes;
        TraceCosts pftrace = new TraceCosts(
                items,
                storedSets[1] + markArgs,
                storedSets[0] + markSets,
                flows,
                pfValues,
                allStrings[0],
                allStrings[1],
                names,
                tracks + markerLanes.size(),
                held);
        return new Both(pftrace, jsonCosts);
    }

    /** The sampled slices: their lanes, names and categories, and each tally's args. Returns how many were read. */
    private long countSlices(TracePicture pic, long[] perTally) {
        long taken = 0;
        for (int i = 0, n = pic.sliceCount(); i < n; i++) {
            long ref = pic.sliceRef(i);
            if (step > 1 && Math.floorMod(mix(ref), step) != 0) continue;
            taken++;
            countSlice(pic, i, ref, perTally);
        }
        return taken;
    }

    private void countSlice(TracePicture pic, int i, long ref, long[] perTally) {
        currentRef = ref;
        lanes.add(lane(pic.slicePid(i), pic.sliceTid(i)));
        String name = pic.sliceName(i);
        string(name);
        if (tallies[0].args == ArgSet.FULL) eventName(name);
        String cat = pic.sliceCategory(i);
        if (cat != null) string(cat);
        for (int k = 0; k < tallies.length; k++) {
            Tally t = tallies[k];
            t.leaves = 0;
            t.sink.setHash = SET_SEED;
            pic.sliceArgs(i, t.args, t.sink);
            perTally[2 * k] += t.leaves;
            if (t.leaves > 0) {
                perTally[2 * k + 1]++;
                t.set(t.sink.setHash, t.leaves);
            }
        }
    }

    /** The lanes of a sample of the arrows; returns how many arrows the JSON trace keeps. */
    private long countFlows(TracePicture pic) {
        long kept = 0;
        int flowStep = Math.max(1, pic.flowCount() / sampled);
        for (int f = 0, n = pic.flowCount(); f < n; f++) {
            if (f % flowStep == 0) {
                lanes.add(lane(pic.flowSrcPid(f), pic.flowSrcTid(f)));
                lanes.add(lane(pic.flowDstPid(f), pic.flowDstTid(f)));
            }
            if (!pic.flowBackward(f) && pic.flowSrcSlice(f) >= 0 && pic.flowDstSlice(f) >= 0) kept++;
        }
        return kept;
    }

    /** Counter values: {changed ones (a value unlike the one before it in its series), all}. */
    private long[] counterValues(TracePicture pic) {
        int n = pic.counterCount();
        int blocks = (n + COUNTER_BLOCK - 1) / COUNTER_BLOCK;
        int blockStep = Math.max(1, n / sampled);
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

    /** A slice's event name, for the full .pftrace's interning (estimated as the strings are). */
    private void eventName(String name) {
        long[] was = eventNames.putIfAbsent(hash(name), new long[] {currentRef, step});
        if (was != null && was[0] != SHARED && was[0] != currentRef) was[0] = SHARED;
    }

    private long distinctNames() {
        long n = 0;
        for (long[] e : eventNames.values()) n += e[0] == SHARED ? 1 : e[1];
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

    /**
     * Counts arg rows (leaves, by {@link ArgLeaves}) and feeds keys and string values to its tally's strings; folds
     * every key and value into {@link #setHash}, which tells the slices that share one arg set.
     */
    private static final class Leaves implements ArgSink, ArgLeaves.Visitor {
        private final Tally t;
        long setHash;

        Leaves(Tally t) {
            this.t = t;
        }

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
            t.string(key);
            fold(hash(key));
            fold(hash(String.valueOf(v)));
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
            fold(hash(key));
            t.leaves++;
        }

        private void value(String s) {
            t.string(s);
            t.valueBytes += s.length();
        }

        private void fold(long v) {
            setHash = (setHash ^ v) * 0x100000001b3L + 0x9E3779B97F4A7C15L;
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
