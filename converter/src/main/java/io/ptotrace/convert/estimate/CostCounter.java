package io.ptotrace.convert.estimate;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import java.util.List;
import java.util.Map;

/**
 * Counts what a picture costs the trace processor as each writer renders it: the protobuf trace shows every
 * slice, arrow mark, arrow and counter value with the args of its {@link ArgSet}; the JSON trace has every arg,
 * no marks, and loses the arrows that end before they start or have no slice to bind to. Distinct strings are told apart by a
 * 64-bit hash of their text, so the count costs 8 bytes per distinct string, not the strings.
 */
public final class CostCounter {
    /** The costs of both renderings of one picture. */
    public record Both(TraceCosts pftrace, TraceCosts json) {}

    private final LongSet strings = new LongSet(), lanes = new LongSet(), processes = new LongSet(),
        counterSeries = new LongSet(), markerLanes = new LongSet();
    /** Slices (and counter samples) read whole; larger pictures are sampled. */
    static final int SAMPLED = 1 << 16;

    private long stringBytes, leaves, extraStrings, extraBytes;
    private final Leaves sink = new Leaves();

    private CostCounter() {}

    /** Both renderings with every arg. */
    public static Both count(TracePicture pic) { return new CostCounter().run(pic, ArgSet.FULL); }

    /**
     * The protobuf trace with the args of {@code pftraceArgs}, and the JSON trace when {@code json} (else its costs are
     * null); one pass, or two for a lean protobuf trace beside the JSON.
     */
    public static Both count(TracePicture pic, ArgSet pftraceArgs, boolean json) {
        if (pftraceArgs == ArgSet.FULL) return count(pic);
        return new Both(pftrace(pic, pftraceArgs), json ? count(pic).json() : null);
    }

    /** The protobuf trace with the args of {@code args}. */
    public static TraceCosts pftrace(TracePicture pic, ArgSet args) { return new CostCounter().run(pic, args).pftrace(); }

    private Both run(TracePicture pic, ArgSet args) {
        for (MetaEvent m : pic.meta) {
            processes.add(m.pid);
            if (m.tid >= 0 || m.kind == MetaEvent.Kind.THREAD_NAME || m.kind == MetaEvent.Kind.THREAD_SORT_INDEX) lanes.add(lane(m.pid, m.tid));
            if (m.name != null) string(m.name);
        }
        // Args, strings and lanes are read off every slice up to SAMPLED ones; beyond that off an even sample, scaled
        // up (lanes are declared by the meta events anyway): reading them all would cost a good part of rendering the
        // trace, for an estimate that is a model anyway.
        int sliceStep = Math.max(1, pic.sliceCount() / SAMPLED);
        long s0 = strings.size(), b0 = stringBytes;
        long sliceArgs = 0, sampled = 0;
        for (int i = 0; i < pic.sliceCount(); i += sliceStep) {
            sampled++;
            lanes.add(lane(pic.slicePid(i), pic.sliceTid(i)));
            string(pic.sliceName(i));
            String cat = pic.sliceCategory(i);
            if (cat != null) string(cat);
            leaves = 0;
            pic.sliceArgs(i, args, sink);
            sliceArgs += leaves;
        }
        if (sliceStep > 1) {
            double scale = pic.sliceCount() / (double) sampled;
            sliceArgs = Math.round(sliceArgs * scale);
            // a string seen in the sample stands for as many as the sample stands for: errs high for repeated ones
            extraStrings += Math.round((strings.size() - s0) * (scale - 1));
            extraBytes += Math.round((stringBytes - b0) * (scale - 1));
        }
        int counterStep = Math.max(1, pic.counterCount() / SAMPLED);
        long counterValues = 0, counted = 0;
        for (int c = 0; c < pic.counterCount(); c += counterStep) {
            counted++;
            processes.add(pic.counterPid(c));
            String name = pic.counterName(c);
            CounterSeries series = new CounterSeries(pic.counterPid(c), pic.counterTid(c), name);
            pic.counterArgs(c, series);
            counterValues += series.values;
        }
        if (counterStep > 1) counterValues = Math.round(counterValues * (pic.counterCount() / (double) counted));
        long kept = 0;
        int flowStep = Math.max(1, pic.flowCount() / SAMPLED);
        for (int f = 0; f < pic.flowCount(); f++) {
            if (f % flowStep == 0) {
                lanes.add(lane(pic.flowSrcPid(f), pic.flowSrcTid(f)));
                lanes.add(lane(pic.flowDstPid(f), pic.flowDstTid(f)));
            }
            if (!pic.flowBackward(f) && pic.flowSrcSlice(f) >= 0 && pic.flowDstSlice(f) >= 0) kept++;
        }
        long jsonStrings = strings.size() + extraStrings, jsonStringBytes = stringBytes + extraBytes;
        ArrowMarks marks = pic.marks();
        long markArgs = 0;
        for (int m = 0; m < marks.count(); m++) {
            markerLanes.add(lane(marks.pid(m), marks.tid(m)));
            string(marks.name(m));
            string(marks.category(m));
            leaves = 0;
            marks.args(m, args, sink);
            markArgs += leaves;
        }
        long tracks = lanes.size() + processes.size() + counterSeries.size();
        TraceCosts json = new TraceCosts(pic.sliceCount(), sliceArgs, kept, counterValues, jsonStrings, jsonStringBytes, tracks);
        TraceCosts pftrace = new TraceCosts((long) pic.sliceCount() + marks.count(), sliceArgs + markArgs, pic.flowCount(),
            counterValues, strings.size() + extraStrings, stringBytes + extraBytes, tracks + markerLanes.size());
        return new Both(pftrace, json);
    }

    private static long lane(int pid, int tid) { return ((long) pid << 32) ^ (tid & 0xFFFFFFFFL) ^ 0x5555_0000_0000_0000L; }

    private void string(String s) {
        if (strings.add(hash(s))) stringBytes += s.length();
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

    /** Counts arg rows (leaves) and feeds keys and string values to the string set. */
    private final class Leaves implements ArgSink {
        @Override public void str(String key, String value) { leaf(key); if (value != null) string(value); }

        @Override public void dbl(String key, double value) { leaf(key); }

        @Override public void i64(String key, long value) { leaf(key); }

        @Override public void u64(String key, long value) { leaf(key); }

        @Override public void bool(String key, boolean value) { leaf(key); }

        @Override public void nul(String key) { leaf(key); }

        @Override public void raw(String key, Object v) {
            string(key);
            value(v);
        }

        private void leaf(String key) {
            string(key);
            leaves++;
        }

        private void value(Object v) {
            if (v instanceof List && !((List<?>) v).isEmpty()) {
                for (Object o : (List<?>) v) value(o);
            } else if (v instanceof Map && !((Map<?, ?>) v).isEmpty()) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    string(String.valueOf(e.getKey()));
                    value(e.getValue());
                }
            } else {
                if (v instanceof String) string((String) v);
                leaves++;
            }
        }
    }

    /** One counter sample: a value (and a counter track) per numeric arg. */
    private final class CounterSeries implements ArgSink {
        private final int pid, tid;
        private final String name;
        int values;

        CounterSeries(int pid, int tid, String name) {
            this.pid = pid;
            this.tid = tid;
            this.name = name;
        }

        private void value(String key) {
            values++;
            long h = hash(name) * 31 + hash(key);
            if (counterSeries.add(h ^ lane(pid, tid) * 0x9E3779B97F4A7C15L)) string(name + " " + key);
        }

        @Override public void str(String key, String value) {
            try {
                Double.parseDouble(value);
                value(key);
            } catch (NumberFormatException | NullPointerException e) {
                // not a value: the writer skips it too
            }
        }

        @Override public void dbl(String key, double value) { value(key); }

        @Override public void i64(String key, long value) { value(key); }

        @Override public void u64(String key, long value) { value(key); }

        @Override public void bool(String key, boolean value) { value(key); }

        @Override public void nul(String key) {}

        @Override public void raw(String key, Object v) {
            if (v instanceof Number || v instanceof Boolean) value(key);
            else if (v instanceof String) str(key, (String) v);
        }
    }
}
