package io.ptotrace.convert.picture;

import io.ptotrace.model.JsonValues;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Marks a tool adds to a picture the rules built (hazard findings, a critical path): its own tracks, slices of
 * its category and arrows named after it, between any slices of the picture. Both writers render them like
 * the rest of the picture. Overlays are small; their names and args are kept as given.
 */
public final class Overlay extends SliceKind {
    private final TracePicture pic;
    private final String category;
    private final List<String> names = new ArrayList<>(), colors = new ArrayList<>();
    private final List<Object[]> args = new ArrayList<>();

    Overlay(TracePicture pic, String category) {
        super(category);
        this.pic = pic;
        this.category = category;
    }

    public String category() {
        return category;
    }

    /** Declares a process of its own (a pid the picture does not use yet) with its name and sort index. */
    public Overlay process(int pid, String name, int sortIndex) {
        pic.declare(MetaEvent.processName(pid, name));
        pic.declare(MetaEvent.processSort(pid, sortIndex));
        return this;
    }

    public Overlay thread(int pid, int tid, String name) {
        pic.declare(MetaEvent.threadName(pid, tid, name));
        return this;
    }

    /**
     * Adds a slice of this overlay's category. {@code args} values may be strings, numbers, booleans, null or
     * values copied from the input (lists, maps); {@code color} may be null. Returns the slice's index.
     */
    public int slice(int pid, int tid, double ts, double dur, String name, String color, Map<String, ?> args) {
        names.add(name);
        colors.add(color);
        Object[] kv = new Object[2 * args.size()];
        int k = 0;
        for (Map.Entry<String, ?> e : args.entrySet()) {
            kv[k++] = e.getKey();
            kv[k++] = e.getValue();
        }
        this.args.add(kv);
        return pic.addSlice(this, names.size() - 1, pid, tid, ts, dur, true);
    }

    public int slice(int pid, int tid, double ts, double dur, String name) {
        return slice(pid, tid, ts, dur, name, null, new LinkedHashMap<>());
    }

    /** An arrow named after this overlay from slice {@code src} (at {@code srcTs}) to slice {@code dst}. */
    public int arrow(int src, double srcTs, int dst, double dstTs) {
        return pic.addOverlayFlow(category, src, srcTs, dst, dstTs);
    }

    /** An arrow from the start of {@code src} to the start of {@code dst}. */
    public int arrow(int src, int dst) {
        return arrow(src, pic.sliceTs(src), dst, pic.sliceTs(dst));
    }

    @Override
    public String name(int ref) {
        return names.get(ref);
    }

    @Override
    public String color(int ref) {
        return colors.get(ref);
    }

    @Override
    public void args(int ref, ArgSink sink) {
        Object[] kv = args.get(ref);
        for (int k = 0; k < kv.length; k += 2) {
            String key = (String) kv[k];
            Object v = kv[k + 1];
            if (v == null) sink.nul(key);
            else if (v instanceof String) sink.str(key, (String) v);
            else if (v instanceof Double || v instanceof Float) sink.dbl(key, ((Number) v).doubleValue());
            else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)
                sink.i64(key, ((Number) v).longValue());
            else if (v instanceof Boolean) sink.bool(key, (Boolean) v);
            else if (v instanceof BigInteger || v instanceof List || v instanceof Map || v == JsonValues.NULL)
                sink.raw(key, v);
            else sink.str(key, String.valueOf(v));
        }
    }
}
