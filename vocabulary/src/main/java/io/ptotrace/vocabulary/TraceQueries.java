package io.ptotrace.vocabulary;

/**
 * Trace processor SQL over a ptotrace trace (Perfetto UI → Query, or {@code trace_processor}), built from the
 * vocabulary so the queries the README documents cannot drift from what the writers encode.
 */
public final class TraceQueries {
    private TraceQueries() {}

    private static final String FLOW_TRACE_ID = "extract_arg(m.arg_set_id, 'debug.flow_trace_id')";

    /** Every hb_violation in a ptotrace .pftrace, with the flow row and both task slices. */
    public static final String HB_VIOLATIONS_SQL = "SELECT\n"
            + "  " + FlowIds.jsonFlowIdSql(FLOW_TRACE_ID) + " AS json_flow_id,\n"
            + "  extract_arg(m.arg_set_id, 'debug.pred')       AS pred,\n"
            + "  extract_arg(m.arg_set_id, 'debug.pred_ts_us') AS pred_ts_us,\n"
            + "  extract_arg(m.arg_set_id, 'debug.succ')       AS succ,\n"
            + "  m.ts / 1000.0                                  AS succ_ts_us,\n"
            + "  extract_arg(m.arg_set_id, 'debug.overlap_us') AS overlap_us,\n"
            + "  extract_arg(m.arg_set_id, 'debug.backward')   AS backward,\n"
            + "  f.id AS flow_row, so.name AS flow_out_slice, si.name AS flow_in_slice\n"
            + "FROM slice m\n"
            + "LEFT JOIN flow f ON f.trace_id = " + FLOW_TRACE_ID + "\n"
            + "LEFT JOIN slice so ON so.id = f.slice_out\n"
            + "LEFT JOIN slice si ON si.id = f.slice_in\n"
            + "WHERE m.category = '" + TraceCategories.HB_VIOLATION + "'\n"
            + "ORDER BY m.ts";

    /** The flows of one kind, straight from the flow table: the condition on its {@code trace_id}. */
    public static String kindIs(String traceIdColumn, ArrowKind kind) {
        return FlowIds.kindCodeSql(traceIdColumn) + " = " + kind.code();
    }

    /** The hb_violation arrows straight from the flow table, with both slices' names. */
    public static final String HB_FLOWS_SQL = "SELECT f.id, " + FlowIds.jsonFlowIdSql("f.trace_id")
            + " AS json_flow_id, so.name AS slice_out, si.name AS slice_in\n"
            + "FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in\n"
            + "WHERE " + kindIs("f.trace_id", ArrowKind.HB_VIOLATION);

    /** In a Chrome JSON trace the arrow name is a flow arg. */
    public static final String HB_FLOWS_SQL_JSON = "SELECT f.id, so.name AS slice_out, si.name AS slice_in\n"
            + "FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in\n"
            + "WHERE extract_arg(f.arg_set_id, 'name') = '" + ArrowKind.HB_VIOLATION.eventName + "'";
}
