package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.vocabulary.FlowIds;
import io.ptotrace.vocabulary.TraceCategories;
import io.ptotrace.vocabulary.TraceQueries;

/**
 * How ptotrace's protobuf trace encodes what the Chrome JSON says with flow names and bind ids, shared
 * by {@link PerfettoProtoWriter} and {@code inspect}; the words both sides read (kind codes, the flow-id bit
 * layout, categories, the SQL) are the shared vocabulary's ({@code io.ptotrace.vocabulary}), named here
 * for the writer.
 *
 * <h2>Arrows</h2>
 * Every arrow of the picture is one Perfetto v2 flow: a flow id on one event of one slice and a terminating
 * flow id on one event of the other, in TrackEvent's varint fields ({@code flow_ids_old}, 36, and {@code
 * terminating_flow_ids_old}, 42; the same flows as fields 47 and 48, in fewer bytes for small ids). The trace
 * processor imports events sorted by time and drops a terminating id it sees before the flow began,
 * so the writer puts the id on the source slice's <em>begin</em> and the destination slice's
 * <em>end</em>; when the destination slice ends before the source slice begins it swaps them (id on
 * the destination's end, terminating on the source's begin). Either way the flow table gets a row
 * linking exactly the two slices (the trace processor orients it from the earlier-starting slice).
 * An arrow end with no slice (slice −1 in the picture) binds to its zero-length mark ({@link ArrowMarks},
 * category {@value #UNBOUND_MARKER_CATEGORY}) at that end's pid/tid/ts, on the lane's child track
 * {@value #MARKER_TRACK_NAME}. No arrow is lost.
 *
 * <p>The flow id carries the JSON flow id and the kind ({@link FlowKind#traceId}, laid out by {@link FlowIds}:
 * {@code id = jsonFlowId << 4 | kind code}; the trace processor keeps it as {@code flow.trace_id}).
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

    public static final String HB_CATEGORY = TraceCategories.HB_VIOLATION;
    public static final String UNBOUND_MARKER_CATEGORY = TraceCategories.UNBOUND_MARKER;
    public static final String BACKWARD_MARKER_CATEGORY = TraceCategories.BACKWARD_MARKER;
    public static final String MARKER_TRACK_NAME = TraceCategories.MARKER_TRACK;

    /** Every hb_violation in a ptotrace .pftrace, with the flow row and both task slices ({@link TraceQueries}). */
    public static final String HB_VIOLATIONS_SQL = TraceQueries.HB_VIOLATIONS_SQL;

    /** The same arrows straight from the flow table. */
    public static final String HB_FLOWS_SQL = TraceQueries.HB_FLOWS_SQL;

    /** In a Chrome JSON trace the arrow name is a flow arg. */
    public static final String HB_FLOWS_SQL_JSON = TraceQueries.HB_FLOWS_SQL_JSON;

    public static long flowId(int jsonFlowId, FlowKind kind) {
        return kind.traceId(jsonFlowId);
    }

    /** The kind a ptotrace flow id encodes, or null when it is not one of ours. */
    public static FlowKind kindOf(long flowId) {
        return FlowKind.of(FlowIds.kindOf(flowId));
    }

    public static long jsonFlowId(long flowId) {
        return FlowIds.jsonFlowId(flowId);
    }

    public static boolean isMarkerCategory(String category) {
        return TraceCategories.isMarker(category);
    }
}
