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
    /**
     * String hash → {the reference it was seen from or SHARED, its length, how many strings it stands for (the
     * sampling step of the picture it was first seen in), 1 if a slice, counter or metadata event has it (the JSON
     * trace's strings), else 0 (only arrow marks have it)}.
     */
    private final Map<Long, long[]> strings = new HashMap<>();
    /** Arg-set hash → {the reference it was seen from or SHARED, its rows, how many sets it stands for}. */
    private final Map<Long, long[]> argSets = new HashMap<>();
    /** The full .pftrace's event names: name hash → {the reference or SHARED, how many names it stands for}. */
    private final Map<Long, long[]> eventNames = new HashMap<>();

    private int step = 1;
    private boolean inMarks;
    /** Slices read whole per picture; parts of one trace share {@link #SAMPLED} between them. */
    private final int sampled;
    /** What the pictures counted so far add up to (slice-arg sums already scaled up). */
    private long slices,
            flows,
            markCount,
            sliceArgs,
            sliceArgSets,
            sliceValueBytes,
            changedValues,
            allValues,
            keptFlows;

    private long markArgs, markSets, markValueBytes;

    private static final long SET_SEED = 0xcbf29ce484222325L;
    private static final long SHARED = Long.MIN_VALUE;
    private long currentRef = SHARED;
    private final Leaves sink = new Leaves();
    private long leaves, valueBytes;

    private CostCounter() {
        this(SAMPLED);
    }

    private CostCounter(int sampled) {
        this.sampled = sampled;
    }

    /**
     * The costs of a trace written part by part ({@code parts} pictures, e.g. the Host block and each rank of a
     * multi-rank trace): counted one picture at a time, each sampled with its share of {@link #SAMPLED}, a string or
     * arg set that several parts have counted once, as in a picture of every part.
     */
    public static final class Parts {
        private final CostCounter pftrace, json;
        private final ArgSet args;

        public Parts(int parts, ArgSet pftraceArgs, boolean json) {
            int share = Math.max(1024, SAMPLED / Math.max(1, parts));
            this.args = pftraceArgs;
            this.pftrace = new CostCounter(share);
            this.json = json && pftraceArgs != ArgSet.FULL ? new CostCounter(share) : null;
            this.withJson = json;
        }

        private final boolean withJson;

        /** Counts one part; the picture is not needed afterwards. */
        public void add(TracePicture pic) {
            pftrace.scan(pic, args);
            if (json != null) json.scan(pic, ArgSet.FULL);
        }

        /** The costs of all parts so far, as {@link CostCounter#count(TracePicture, ArgSet, boolean)} gives them. */
        public Both total() {
            Both p = pftrace.costs(args == ArgSet.LEAN);
            return new Both(
                    p.pftrace(),
                    !withJson ? null : json != null ? json.costs(false).json() : p.json());
        }
    }

    /** Both renderings with every arg. */
    public static Both count(TracePicture pic) {
        return new CostCounter().run(pic, ArgSet.FULL);
    }

    private Both run(TracePicture pic, ArgSet args) {
        scan(pic, args);
        return costs(args == ArgSet.LEAN);
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

    /** Counts one picture into the totals. */
    private void scan(TracePicture pic, ArgSet args) {
        inMarks = false;
        for (MetaEvent m : pic.meta) {
            processes.add(m.pid);
            if (m.tid >= 0 || m.kind == MetaEvent.Kind.THREAD_NAME || m.kind == MetaEvent.Kind.THREAD_SORT_INDEX)
                lanes.add(lane(m.pid, m.tid));
            if (m.name != null) string(m.name);
        }
        step = Math.max(1, pic.sliceCount() / sampled);
        long args_ = 0, sets = 0, taken = 0;
        valueBytes = 0;
        for (int i = 0; i < pic.sliceCount(); i++) {
            long ref = pic.sliceRef(i);
            if (step > 1 && Math.floorMod(mix(ref), step) != 0) continue;
            taken++;
            currentRef = ref;
            lanes.add(lane(pic.slicePid(i), pic.sliceTid(i)));
            String name = pic.sliceName(i);
            string(name);
            if (args == ArgSet.FULL) eventName(name, ref);
            String cat = pic.sliceCategory(i);
            if (cat != null) string(cat);
            leaves = 0;
            sink.setHash = SET_SEED;
            pic.sliceArgs(i, args, sink);
            args_ += leaves;
            if (leaves > 0) {
                sets++;
                argSet(sink.setHash, ref, leaves);
            }
        }
        double scale = taken == 0 ? 1 : pic.sliceCount() / (double) taken;
        sliceArgs += Math.round(args_ * scale);
        sliceArgSets += Math.round(sets * scale);
        sliceValueBytes += Math.round(valueBytes * scale);
        currentRef = SHARED;
        long[] values = counterValues(pic);
        changedValues += values[0];
        allValues += values[1];
        int flowStep = Math.max(1, pic.flowCount() / sampled);
        for (int f = 0; f < pic.flowCount(); f++) {
            if (f % flowStep == 0) {
                lanes.add(lane(pic.flowSrcPid(f), pic.flowSrcTid(f)));
                lanes.add(lane(pic.flowDstPid(f), pic.flowDstTid(f)));
            }
            if (!pic.flowBackward(f) && pic.flowSrcSlice(f) >= 0 && pic.flowDstSlice(f) >= 0) keptFlows++;
        }
        inMarks = true;
        ArrowMarks marks = pic.marks();
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
        markValueBytes += valueBytes;
        slices += pic.sliceCount();
        flows += pic.flowCount();
        markCount += marks.count();
    }

    /** The totals as the two renderings' costs. */
    private Both costs(boolean lean) {
        long[] sliceStrings = distinct(true), allStrings = distinct(false);
        long[] storedSets = storedArgSets();
        long tracks = lanes.size() + processes.size() + counterSeries.size();
        // the full .pftrace interns each distinct event name; JSON names go to the string pool only
        long names = lean ? 0 : distinctNames();
        long jsonBytes = JSON_SLICE * slices
                + JSON_FLOW * flows
                + JSON_ARG * sliceArgs
                + JSON_COUNTER * allValues
                + sliceValueBytes;
        TraceCosts json = new TraceCosts(
                slices,
                sliceArgs,
                sliceArgSets,
                keptFlows,
                allValues,
                sliceStrings[0],
                sliceStrings[1],
                0,
                tracks,
                jsonBytes);
        long items = slices + markCount;
        long pfValues = lean ? changedValues : allValues;
        long held = lean
                ? 0
                : BYTES_SLICE * items
                        + BYTES_FLOW * flows
                        + BYTES_ARG * (sliceArgs + markArgs)
                        + BYTES_COUNTER * pfValues
                        + sliceValueBytes
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
        return new Both(pftrace, json);
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

    /** {distinct strings, their bytes}: shared strings once, a reference's own ones as many as they stand for. */
    private long[] distinct(boolean slicesOnly) {
        long count = 0, bytes = 0;
        for (long[] e : strings.values()) {
            if (slicesOnly && e[3] == 0) continue;
            long k = e[0] == SHARED ? 1 : e[2];
            count += k;
            bytes += k * e[1];
        }
        return new long[] {count, bytes};
    }

    /**
     * The processor keeps one copy of each distinct arg set (its rows, and the set): slices with the same args share
     * it. A set seen from two references of the sample is shared and stored once; one seen from a single reference
     * is that reference's own and stands for the sampling step's number of them, as strings do.
     */
    private void argSet(long hash, long ref, long rows) {
        long[] was = argSets.putIfAbsent(hash, new long[] {ref, rows, step});
        if (was != null && was[0] != SHARED && was[0] != ref) was[0] = SHARED;
    }

    /** {distinct arg sets, their rows}. */
    private long[] storedArgSets() {
        long sets = 0, rows = 0;
        for (long[] e : argSets.values()) {
            long k = e[0] == SHARED ? 1 : e[2];
            sets += k;
            rows += k * e[1];
        }
        return new long[] {sets, rows};
    }

    private void eventName(String name, long ref) {
        long[] was = eventNames.putIfAbsent(hash(name), new long[] {ref, step});
        if (was != null && was[0] != SHARED && was[0] != ref) was[0] = SHARED;
    }

    /** Distinct slice names, estimated as the strings are. */
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

    private void string(String s) {
        long h = hash(s);
        long[] was = strings.get(h);
        if (was == null) strings.put(h, new long[] {currentRef, s.length(), step, inMarks ? 0 : 1});
        else {
            if (was[0] != SHARED && was[0] != currentRef) was[0] = SHARED;
            if (!inMarks) was[3] = 1;
        }
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
