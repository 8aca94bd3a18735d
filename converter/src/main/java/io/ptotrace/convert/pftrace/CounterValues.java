package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.util.IndexSort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The counter values of a picture as {@link PftraceLayout} places them: one counter track per (pid, tid, counter
 * name, arg key), each numeric arg of a sample a value on its track, each track's values in time order on its
 * event stream. Values are columns: value v is at {@link #ns}[v] on track {@link #track}[v] with {@link #value}[v].
 */
final class CounterValues implements ArgSink {
    int count;
    /** Each value's track: its counter order while placed, its index among the layout's tracks once numbered. */
    int[] track = new int[64];

    long[] ns = new long[64];
    double[] value = new double[64];

    private final TracePicture pic;
    private final PerfettoProtoWriter.Report report;
    private final Map<String, PftraceTrack> tracks = new LinkedHashMap<>();
    private final RecentCounterTracks recent = new RecentCounterTracks();
    // the sample whose args are being read
    private int pid, tid;
    private String name;
    private long sampleNs;

    private CounterValues(TracePicture pic, PerfettoProtoWriter.Report report) {
        this.pic = pic;
        this.report = report;
    }

    /** Places the values of the picture's first {@code samples} counter samples; counts them in {@code report}. */
    static CounterValues place(TracePicture pic, int samples, PerfettoProtoWriter.Report report) {
        CounterValues v = new CounterValues(pic, report);
        if (samples > 0) v.placeAll(samples);
        return v;
    }

    private void placeAll(int samples) {
        for (int c = 0; c < samples; c++) {
            sample(c);
            // samples of a kind carry the same args: the first one's count sizes the arrays for all
            if (c == 0 && count > 0 && (long) count * samples > track.length)
                grow((int) Math.min(Integer.MAX_VALUE - 8, (long) count * samples));
        }
        report.counterValues = count;
        // exact sizes from here on: the arrays were sized from the first sample, or doubled past it
        if (track.length != count) grow(count);
        List<PftraceTrack> counters = new ArrayList<>(tracks.values());
        int[] perTrack = new int[counters.size()];
        for (int v = 0; v < count; v++) perTrack[track[v]]++;
        for (int t = 0; t < perTrack.length; t++)
            if (perTrack[t] > 0) counters.get(t).stream.ensureRoom(perTrack[t]);
        int[] ix = IndexSort.groupedSortByKey(
                count, counters.size(), v -> track[v], v -> ns[v], null, new int[counters.size() + 1]);
        for (int v : ix) counters.get(track[v]).add(~v, ns[v]);
    }

    private void sample(int c) {
        pid = pic.counterPid(c);
        tid = pic.counterTid(c);
        name = pic.counterName(c);
        sampleNs = PftraceLayout.ns(pic.counterTs(c));
        pic.counterArgs(c, this);
    }

    /** The counter tracks, in the order of their first values. */
    Collection<PftraceTrack> tracks() {
        return tracks.values();
    }

    /** Gives the tracks their indexes by {@code trackId}, in the order of their first values, and points each value at its track by that index. */
    void number(ToIntFunction<PftraceTrack> trackId) {
        int[] idx = new int[tracks.size()];
        for (PftraceTrack t : tracks.values()) idx[t.counterOrder] = trackId.applyAsInt(t);
        for (int v = 0; v < count; v++) track[v] = idx[track[v]];
    }

    @Override
    public void str(String key, String v) {
        try {
            add(key, Double.parseDouble(v));
        } catch (NumberFormatException e) {
            report.skippedCounterValues++;
        }
    }

    @Override
    public void dbl(String key, double v) {
        add(key, v);
    }

    @Override
    public void i64(String key, long v) {
        add(key, v);
    }

    @Override
    public void u64(String key, long v) {
        add(key, v >= 0 ? v : v + 0x1p64);
    }

    @Override
    public void bool(String key, boolean v) {
        add(key, v ? 1 : 0);
    }

    @Override
    public void nul(String key) {
        report.skippedCounterValues++;
    }

    @Override
    public void raw(String key, Object v) {
        if (v instanceof Number) add(key, ((Number) v).doubleValue());
        else if (v instanceof Boolean) add(key, (Boolean) v ? 1 : 0);
        else if (v instanceof String) str(key, (String) v);
        else report.skippedCounterValues++;
    }

    private void add(String key, double v) {
        PftraceTrack t = recent.get(pid, tid, name, key);
        if (t == null) {
            String k = pid + "\u0000" + tid + "\u0000" + name + "\u0000" + key;
            t = tracks.get(k);
            if (t == null) {
                t = new PftraceTrack(PftraceTrack.Type.COUNTER, pid, tid, name + " " + key);
                t.counterOrder = tracks.size();
                tracks.put(k, t);
            }
            recent.put(pid, tid, name, key, t);
        }
        if (count == track.length) grow(count * 2);
        track[count] = t.counterOrder;
        ns[count] = sampleNs;
        value[count] = v;
        count++;
    }

    private void grow(int m) {
        track = Arrays.copyOf(track, m);
        ns = Arrays.copyOf(ns, m);
        value = Arrays.copyOf(value, m);
    }
}
