package io.ptotrace.convert.picture;

import java.util.List;

/**
 * What the counter samples of one kind show: category, counter name and values (args), rendered on demand
 * from the sample's {@code ref}, like {@link SliceKind}.
 */
public abstract class CounterKind {
    private final String category;
    private final List<JsonMember> jsonOrder;

    protected CounterKind(String category, List<JsonMember> jsonOrder) {
        this.category = category;
        this.jsonOrder = List.copyOf(jsonOrder);
    }

    protected CounterKind(String category) {
        this(category, JsonMember.SORTED_COUNTER);
    }

    public String category(int ref) {
        return category;
    }

    public abstract String name(int ref);

    /** The values of a sample: one arg per series. */
    public abstract void args(int ref, ArgSink sink);

    public final List<JsonMember> jsonOrder() {
        return jsonOrder;
    }
}
