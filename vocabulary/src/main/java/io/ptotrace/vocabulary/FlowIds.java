package io.ptotrace.vocabulary;

/**
 * The bit layout of a flow id in a ptotrace {@code .pftrace}: the arrow's Chrome JSON flow id shifted left by
 * {@link #KIND_BITS}, with the kind's {@link ArrowKind#code code} in the low bits. A reader of the protobuf
 * trace (the trace processor keeps the id as {@code flow.trace_id}) knows each arrow's kind and its JSON
 * counterpart without any names.
 */
public final class FlowIds {
    private FlowIds() {}

    /** Low bits holding the kind's code. */
    public static final int KIND_BITS = 4;

    public static final long KIND_MASK = (1L << KIND_BITS) - 1;

    static {
        if (ArrowKind.values().length > KIND_MASK)
            throw new AssertionError("more arrow kinds than " + KIND_BITS + " bits hold");
    }

    public static long encode(long jsonFlowId, ArrowKind kind) {
        return (jsonFlowId << KIND_BITS) | kind.code();
    }

    /** The kind a flow id encodes, or null when it is not one of ours. */
    public static ArrowKind kindOf(long flowId) {
        return ArrowKind.ofCode(flowId & KIND_MASK);
    }

    public static long jsonFlowId(long flowId) {
        return flowId >>> KIND_BITS;
    }

    /** SQL for the JSON flow id of the flow id {@code expr}. */
    public static String jsonFlowIdSql(String expr) {
        return expr + " >> " + KIND_BITS;
    }

    /** SQL for the kind code of the flow id {@code expr} (parenthesised, ready for {@code =} or {@code IN}). */
    public static String kindCodeSql(String expr) {
        return "(" + expr + " & " + KIND_MASK + ")";
    }
}
