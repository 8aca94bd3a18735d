package io.ptotrace.vocabulary;

/**
 * The arrow kinds of a ptotrace trace: each one's event name (the flow's name in the Chrome JSON) and its
 * code in a {@code .pftrace} flow id ({@link FlowIds}). The order is the codes' order: a new kind goes last,
 * or traces written before it would read back as another kind.
 */
public enum ArrowKind {
    DEPENDENCY("dependency"),
    HB_VIOLATION("hb_violation"),
    COMPLETE("complete"),
    COMPLETE_READY("complete\u2192ready"),
    DISPATCH("dispatch"),
    SUBMIT_DISPATCH("submit\u2192dispatch"),
    FANIN_DISPATCH("fanin\u2192dispatch"),
    PARAMS_DISPATCH("params\u2192dispatch"),
    /** An arrow another tool's overlay added; in the JSON trace it carries the overlay's own name. */
    OVERLAY("overlay");

    private static final ArrowKind[] BY_CODE = values();

    public final String eventName;

    ArrowKind(String eventName) {
        this.eventName = eventName;
    }

    /** The kind's code in a flow id: 1 for the first kind, so 0 never names one. */
    public int code() {
        return ordinal() + 1;
    }

    /** The kind of {@code code}, or null when no kind has it. */
    public static ArrowKind ofCode(long code) {
        return code >= 1 && code <= BY_CODE.length ? BY_CODE[(int) code - 1] : null;
    }
}
