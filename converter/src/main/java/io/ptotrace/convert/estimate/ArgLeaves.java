package io.ptotrace.convert.estimate;

import java.util.List;
import java.util.Map;

/**
 * The one rule for how many arg rows a value becomes in the trace processor: a scalar is one row; a list or map
 * is flattened into one row per leaf ({@code shared_at_start[0]}, {@code [1]}, …); an empty list or map is one row
 * (the .pftrace writes it as one JSON value, {@code []} or {@code {}}). {@code visit} is told each leaf's key and
 * value, and each map key on the way, so a caller can count strings too.
 */
final class ArgLeaves {
    private ArgLeaves() {}

    /** What a walk of one value reports. */
    interface Visitor {
        /** One row: a scalar (a String, a Number, a Boolean, null) or an empty list or map. */
        void leaf(Object value);

        /** A map's key on the way to its leaves. */
        default void mapKey(String key) {}
    }

    /** Walks {@code v} and returns how many rows it becomes. */
    static long walk(Object v, Visitor visitor) {
        if (v instanceof List && !((List<?>) v).isEmpty()) {
            long n = 0;
            for (Object o : (List<?>) v) n += walk(o, visitor);
            return n;
        }
        if (v instanceof Map && !((Map<?, ?>) v).isEmpty()) {
            long n = 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                visitor.mapKey(String.valueOf(e.getKey()));
                n += walk(e.getValue(), visitor);
            }
            return n;
        }
        visitor.leaf(v);
        return 1;
    }
}
