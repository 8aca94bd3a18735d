package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.FlowKind;

/**
 * How ptotrace's protobuf trace encodes what the Chrome JSON says with flow names and bind ids, shared
 * by {@link PerfettoProtoWriter} and {@code inspect}.
 *
 * <h2>Arrows</h2>
 * Every arrow of the picture is one Perfetto v2 flow: {@code flow_ids} (TrackEvent field 47) on one
 * event of one slice and {@code terminating_flow_ids} (48) on one event of the other. The trace
 * processor imports events sorted by time and drops a terminating id it sees before the flow began,
 * so the writer puts the id on the source slice's <em>begin</em> and the destination slice's
 * <em>end</em>; when the destination slice ends before the source slice begins it swaps them (id on
 * the destination's end, terminating on the source's begin). Either way the flow table gets a row
 * linking exactly the two slices (the trace processor orients it from the earlier-starting slice).
 * An arrow end with no slice (slice −1 in the picture) binds to its zero-length mark ({@link ArrowMarks},
 * category {@value #UNBOUND_MARKER_CATEGORY}) at that end's pid/tid/ts, on the lane's child track
 * {@value #MARKER_TRACK_NAME}. No arrow is lost.
 *
 * <p>The flow id carries the JSON flow id and the kind ({@link FlowKind#traceId}:
 * {@code id = jsonFlowId << 4 | (kind.ordinal() + 1)}; the trace processor keeps it as {@code flow.trace_id}).
 *
 * <h2>hb_violation</h2>
 * Each {@code hb_violation} arrow also gets a zero-length marker slice named and categorised
 * {@value #HB_CATEGORY} at the successor's arrow end (dst pid/tid/ts) on the successor lane's child
 * track {@value #MARKER_TRACK_NAME}, with args naming both tasks ({@code debug.pred}, {@code debug.succ},
 * the predecessor's start and end, {@code debug.overlap_us}, {@code debug.backward}, {@code debug.flow_trace_id};
 * the full trace adds both ends' pid/tid/ts, {@code debug.flow_id} and {@code debug.kind}). Any other arrow whose end lies earlier in time than its start (which the
 * JSON trace loses) gets a marker of category {@value #BACKWARD_MARKER_CATEGORY} the same way.
 *
 * <h2>SQL</h2>
 * {@link #HB_VIOLATIONS_SQL} lists every hb_violation with its arrow and both task slices.
 */
public final class PftraceConventions {
    private PftraceConventions() {}

    /** trusted_packet_sequence_id of every packet. */
    public static final int SEQUENCE_ID = 1;

    public static final String HB_CATEGORY = ArrowMarks.HB_CATEGORY;
    public static final String UNBOUND_MARKER_CATEGORY = ArrowMarks.UNBOUND_CATEGORY;
    public static final String BACKWARD_MARKER_CATEGORY = ArrowMarks.BACKWARD_CATEGORY;
    public static final String MARKER_TRACK_NAME = "arrow markers";

    /**
     * Every hb_violation in a ptotrace .pftrace, with the flow row and both task slices (trace processor
     * SQL; the flow table's {@code trace_id} is the raw flow id).
     */
    public static final String HB_VIOLATIONS_SQL =
        "SELECT\n"
        + "  extract_arg(m.arg_set_id, 'debug.flow_trace_id') >> 4 AS json_flow_id,\n"
        + "  extract_arg(m.arg_set_id, 'debug.pred')       AS pred,\n"
        + "  extract_arg(m.arg_set_id, 'debug.pred_ts_us') AS pred_ts_us,\n"
        + "  extract_arg(m.arg_set_id, 'debug.succ')       AS succ,\n"
        + "  m.ts / 1000.0                                  AS succ_ts_us,\n"
        + "  extract_arg(m.arg_set_id, 'debug.overlap_us') AS overlap_us,\n"
        + "  extract_arg(m.arg_set_id, 'debug.backward')   AS backward,\n"
        + "  f.id AS flow_row, so.name AS flow_out_slice, si.name AS flow_in_slice\n"
        + "FROM slice m\n"
        + "LEFT JOIN flow f ON f.trace_id = extract_arg(m.arg_set_id, 'debug.flow_trace_id')\n"
        + "LEFT JOIN slice so ON so.id = f.slice_out\n"
        + "LEFT JOIN slice si ON si.id = f.slice_in\n"
        + "WHERE m.category = 'hb_violation'\n"
        + "ORDER BY m.ts";

    /** The same arrows straight from the flow table (kind code 2 = hb_violation). */
    public static final String HB_FLOWS_SQL =
        "SELECT f.id, f.trace_id >> 4 AS json_flow_id, so.name AS slice_out, si.name AS slice_in\n"
        + "FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in\n"
        + "WHERE (f.trace_id & 15) = 2";

    /** In a Chrome JSON trace the arrow name is a flow arg. */
    public static final String HB_FLOWS_SQL_JSON =
        "SELECT f.id, so.name AS slice_out, si.name AS slice_in\n"
        + "FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in\n"
        + "WHERE extract_arg(f.arg_set_id, 'name') = 'hb_violation'";

    private static final FlowKind[] KINDS = FlowKind.values();

    public static long flowId(int jsonFlowId, FlowKind kind) { return kind.traceId(jsonFlowId); }

    /** The kind a ptotrace flow id encodes, or null when it is not one of ours. */
    public static FlowKind kindOf(long flowId) {
        int k = (int) (flowId & 15) - 1;
        return k >= 0 && k < KINDS.length ? KINDS[k] : null;
    }

    public static long jsonFlowId(long flowId) { return flowId >>> 4; }

    public static boolean isMarkerCategory(String category) {
        return HB_CATEGORY.equals(category) || UNBOUND_MARKER_CATEGORY.equals(category)
            || BACKWARD_MARKER_CATEGORY.equals(category);
    }
}
