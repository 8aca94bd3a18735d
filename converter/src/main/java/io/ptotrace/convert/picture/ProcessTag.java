package io.ptotrace.convert.picture;

import java.util.Arrays;
import java.util.List;

/**
 * Integer args that every slice and arrow end of a range of processes carries, after its own: in a merged
 * multi-rank trace each rank's processes carry {@code rank} and {@code slack_ns} (how far its placement
 * could move), so any event says which chip it came from and how sure its position is.
 */
public final class ProcessTag {
    /** The pids {@code [fromPid, toPid)}. */
    public final int fromPid, toPid;

    private final String[] keys;
    private final long[] values;

    public ProcessTag(int fromPid, int toPid, List<String> keys, long[] values) {
        if (keys.size() != values.length) throw new IllegalArgumentException("one value a key");
        this.fromPid = fromPid;
        this.toPid = toPid;
        this.keys = keys.toArray(new String[0]);
        this.values = values.clone();
    }

    public boolean covers(int pid) {
        return pid >= fromPid && pid < toPid;
    }

    public int size() {
        return keys.length;
    }

    public String key(int k) {
        return keys[k];
    }

    public long value(int k) {
        return values[k];
    }

    public void args(ArgSink sink) {
        for (int k = 0; k < keys.length; k++) sink.i64(keys[k], values[k]);
    }

    @Override
    public String toString() {
        return "ProcessTag[" + fromPid + ".." + toPid + " " + Arrays.toString(keys) + "]";
    }
}
