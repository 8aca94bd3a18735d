package io.ptotrace.convert.picture;

/** The arrow kinds of the merged trace and their trace-event names. */
public enum FlowKind {
    DEPENDENCY("dependency"),
    HB_VIOLATION("hb_violation"),
    COMPLETE("complete"),
    COMPLETE_READY("complete\u2192ready"),
    DISPATCH("dispatch"),
    SUBMIT_DISPATCH("submit\u2192dispatch"),
    FANIN_DISPATCH("fanin\u2192dispatch"),
    PARAMS_DISPATCH("params\u2192dispatch"),
    /** An arrow an {@link Overlay} added; its shown name is the overlay's. */
    OVERLAY("overlay");

    public final String eventName;

    FlowKind(String eventName) { this.eventName = eventName; }

    public boolean isDependency() { return this == DEPENDENCY || this == HB_VIOLATION; }

    /**
     * The id of arrow {@code flow} (its Chrome JSON id) in a protobuf trace: the JSON id and the kind, so a
     * reader of the .pftrace knows the kind without names ({@code flow << 4 | ordinal + 1}).
     */
    public long traceId(int flow) { return ((long) flow << 4) | (ordinal() + 1); }
}
