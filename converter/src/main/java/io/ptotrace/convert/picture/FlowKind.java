package io.ptotrace.convert.picture;

import io.ptotrace.vocabulary.ArrowKind;
import io.ptotrace.vocabulary.FlowIds;

/**
 * The arrow kinds of the merged trace, as the picture uses them; each is one {@link ArrowKind} of the shared
 * vocabulary, which holds its trace-event name and its code in a .pftrace flow id.
 */
public enum FlowKind {
    DEPENDENCY(ArrowKind.DEPENDENCY),
    HB_VIOLATION(ArrowKind.HB_VIOLATION),
    COMPLETE(ArrowKind.COMPLETE),
    COMPLETE_READY(ArrowKind.COMPLETE_READY),
    DISPATCH(ArrowKind.DISPATCH),
    SUBMIT_DISPATCH(ArrowKind.SUBMIT_DISPATCH),
    FANIN_DISPATCH(ArrowKind.FANIN_DISPATCH),
    PARAMS_DISPATCH(ArrowKind.PARAMS_DISPATCH),
    /** An arrow an {@link Overlay} added; its shown name is the overlay's. */
    OVERLAY(ArrowKind.OVERLAY);

    private static final FlowKind[] BY_ARROW_KIND = new FlowKind[ArrowKind.values().length];

    static {
        for (FlowKind k : values()) BY_ARROW_KIND[k.arrowKind.ordinal()] = k;
    }

    public final ArrowKind arrowKind;
    public final String eventName;

    FlowKind(ArrowKind arrowKind) {
        this.arrowKind = arrowKind;
        this.eventName = arrowKind.eventName;
    }

    public boolean isDependency() {
        return this == DEPENDENCY || this == HB_VIOLATION;
    }

    /** The kind of {@code k}, or null for none. */
    public static FlowKind of(ArrowKind k) {
        return k == null ? null : BY_ARROW_KIND[k.ordinal()];
    }

    /**
     * The id of arrow {@code flow} (its Chrome JSON id) in a protobuf trace: the JSON id and the kind, so a
     * reader of the .pftrace knows the kind without names ({@link FlowIds}).
     */
    public long traceId(int flow) {
        return FlowIds.encode(flow, arrowKind);
    }
}
