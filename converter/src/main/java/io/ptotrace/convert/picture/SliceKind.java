package io.ptotrace.convert.picture;

import java.util.List;

/**
 * What the slices of one kind show: category, name, colour and args, rendered on demand from the slice's
 * {@code ref} (a row, record or instance number that the kind understands), so that a million-task picture
 * holds no string or map per slice. A kind reads only data that no longer changes once its slices are in
 * the picture; writers call it from several threads.
 */
public abstract class SliceKind {
    private final String category;
    private final List<JsonMember> jsonOrder;

    protected SliceKind(String category, List<JsonMember> jsonOrder) {
        this.category = category;
        this.jsonOrder = List.copyOf(jsonOrder);
    }

    protected SliceKind(String category) {
        this(category, JsonMember.SORTED_SLICE);
    }

    public String category(int ref) {
        return category;
    }

    public abstract String name(int ref);

    /** Colour name, or null. */
    public String color(int ref) {
        return null;
    }

    /** Every arg, as the Chrome JSON trace carries them. */
    public abstract void args(int ref, ArgSink sink);

    /** The args of {@link ArgSet#LEAN} (a subset of {@link #args}, in the same order); by default all of them. */
    public void leanArgs(int ref, ArgSink sink) {
        args(ref, sink);
    }

    public final void args(int ref, ArgSet set, ArgSink sink) {
        if (set == ArgSet.LEAN) leanArgs(ref, sink);
        else args(ref, sink);
    }

    /** The members of this kind's Chrome JSON events, in order. */
    public final List<JsonMember> jsonOrder() {
        return jsonOrder;
    }
}
