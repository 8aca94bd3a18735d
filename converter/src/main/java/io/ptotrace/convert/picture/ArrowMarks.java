package io.ptotrace.convert.picture;

import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.PagedColumns;
import io.ptotrace.vocabulary.TraceCategories;

/**
 * The zero-length marks that point at arrows a reader could miss: every {@code hb_violation} gets one where
 * the successor starts, every other arrow that ends earlier than it starts ("backward") one at its end, and
 * every arrow end with no slice to bind to one at that end, so the arrow has a slice there. The picture marks
 * each arrow as it is added; a format that keeps every arrow (the protobuf trace) draws the marks, the Chrome
 * JSON has none.
 */
public final class ArrowMarks {
    public static final String HB_CATEGORY = TraceCategories.HB_VIOLATION;
    public static final String UNBOUND_CATEGORY = TraceCategories.UNBOUND_MARKER;
    public static final String BACKWARD_CATEGORY = TraceCategories.BACKWARD_MARKER;

    public enum Type {
        HB_VIOLATION(HB_CATEGORY),
        UNBOUND_START(UNBOUND_CATEGORY),
        UNBOUND_END(UNBOUND_CATEGORY),
        BACKWARD(BACKWARD_CATEGORY);

        public final String category;

        Type(String category) {
            this.category = category;
        }
    }

    private static final Type[] TYPES = Type.values();
    // arg keys by (dependency arrow ? 0 : 1): the ends are "pred"/"succ" for dependencies, "src"/"dst" otherwise
    private static final String[][] SRC = {
        {"pred", "pred_pid", "pred_tid", "pred_ts_us", "pred_end_us"},
        {"src", "src_pid", "src_tid", "src_ts_us", "src_end_us"}
    };
    private static final String[][] DST = {
        {"succ", "succ_pid", "succ_tid", "succ_ts_us"}, {"dst", "dst_pid", "dst_tid", "dst_ts_us"}
    };

    private final TracePicture pic;
    private int count;
    private final PagedColumns.Ints flow = new PagedColumns.Ints();
    private final PagedColumns.Bytes type = new PagedColumns.Bytes();
    /** The mark of each unbound arrow end (key 2·flow + end), a few per run. */
    private final LongIntMap ofEnd = new LongIntMap(16);
    /** hb_violation marks: how long before the predecessor's slice ended the successor started. */
    private final java.util.HashMap<Integer, Double> overlap = new java.util.HashMap<>();

    ArrowMarks(TracePicture pic) {
        this.pic = pic;
    }

    /** Marks arrow {@code f}, just added: unbound ends first, then hb_violation or backward. */
    void markArrow(int f, FlowKind kind, int srcSlice, int dstSlice, double dstTs, boolean backward) {
        if (srcSlice < 0) ofEnd.put(2L * f, add(f, Type.UNBOUND_START));
        if (dstSlice < 0) ofEnd.put(2L * f + 1, add(f, Type.UNBOUND_END));
        if (kind == FlowKind.HB_VIOLATION) {
            int m = add(f, Type.HB_VIOLATION);
            if (srcSlice >= 0) overlap.put(m, pic.sliceTs(srcSlice) + pic.sliceDur(srcSlice) - dstTs);
        } else if (backward) add(f, Type.BACKWARD);
    }

    private int add(int f, Type t) {
        int m = count++;
        flow.set(m, f);
        type.set(m, (byte) t.ordinal());
        return m;
    }

    public int count() {
        return count;
    }

    /** The arrow a mark points at. */
    public int flow(int m) {
        return flow.get(m);
    }

    public Type type(int m) {
        return TYPES[type.get(m)];
    }

    /** The mark of an arrow's start ({@code end} 0) or end (1) when that end has no slice, or −1. */
    public int ofUnboundEnd(int f, int end) {
        return ofEnd.get(2L * f + end);
    }

    /** A mark sits at the arrow's start when that start is unbound, at its end otherwise. */
    private boolean atStart(int m) {
        return type(m) == Type.UNBOUND_START;
    }

    public int pid(int m) {
        return atStart(m) ? pic.flowSrcPid(flow(m)) : pic.flowDstPid(flow(m));
    }

    public int tid(int m) {
        return atStart(m) ? pic.flowSrcTid(flow(m)) : pic.flowDstTid(flow(m));
    }

    public double ts(int m) {
        return atStart(m) ? pic.flowSrcTs(flow(m)) : pic.flowDstTs(flow(m));
    }

    public String category(int m) {
        return type(m).category;
    }

    public String name(int m) {
        String arrow = pic.flowName(flow(m));
        switch (type(m)) {
            case HB_VIOLATION:
                return HB_CATEGORY;
            case BACKWARD:
                return arrow + " (backward)";
            case UNBOUND_START:
                return arrow + " (unbound start)";
            default:
                return arrow + " (unbound end)";
        }
    }

    /** The predecessor's end minus the successor's start of an hb_violation mark, or NaN. */
    public double overlapUs(int m) {
        Double o = overlap.get(m);
        return o == null ? Double.NaN : o;
    }

    /** Both ends of the arrow, by slice name and place (and where the source slice ends), and what is special about it. */
    public void args(int m, ArgSink a) {
        int f = flow(m);
        Type t = type(m);
        FlowKind kind = pic.flowKind(f);
        a.u64("flow_id", pic.flowId(f));
        a.u64("flow_trace_id", kind.traceId(pic.flowId(f)));
        a.str("kind", pic.flowName(f));
        int k = kind.isDependency() ? 0 : 1;
        end(a, SRC[k], pic.flowSrcSlice(f), pic.flowSrcPid(f), pic.flowSrcTid(f), pic.flowSrcTs(f));
        end(a, DST[k], pic.flowDstSlice(f), pic.flowDstPid(f), pic.flowDstTid(f), pic.flowDstTs(f));
        Double o = overlap.get(m);
        if (o != null) a.dbl("overlap_us", o);
        a.bool("backward", pic.flowBackward(f));
        if (t == Type.UNBOUND_START || t == Type.UNBOUND_END)
            a.str("unbound", t == Type.UNBOUND_START ? "start" : "end");
        if (pic.flowHasCounts(f)) {
            a.i64("input_task_count", pic.flowInputTaskCount(f));
            a.i64("output_task_count", pic.flowOutputTaskCount(f));
        }
    }

    /** The args of {@code set}: {@link ArgSet#FULL} is {@link #args(int, ArgSink)}. */
    public void args(int m, ArgSet set, ArgSink a) {
        if (set == ArgSet.LEAN) leanArgs(m, a);
        else args(m, a);
    }

    /**
     * What the mark's own name, category, track and time and its arrow do not say: the flow's trace id (its
     * JSON id and kind are bits of it), both slices by name, the other end's time (and the source slice's
     * end), the overlap, whether the JSON trace loses the arrow, and a dependency's task counts.
     */
    public void leanArgs(int m, ArgSink a) {
        int f = flow(m);
        Type t = type(m);
        FlowKind kind = pic.flowKind(f);
        a.u64("flow_trace_id", kind.traceId(pic.flowId(f)));
        int k = kind.isDependency() ? 0 : 1;
        boolean atStart = atStart(m);
        int src = pic.flowSrcSlice(f), dst = pic.flowDstSlice(f);
        a.str(SRC[k][0], src >= 0 ? pic.sliceName(src) : "(no slice)");
        if (!atStart) a.dbl(SRC[k][3], pic.flowSrcTs(f));
        if (src >= 0) a.dbl(SRC[k][4], pic.sliceTs(src) + pic.sliceDur(src));
        a.str(DST[k][0], dst >= 0 ? pic.sliceName(dst) : "(no slice)");
        if (atStart) a.dbl(DST[k][3], pic.flowDstTs(f));
        Double o = overlap.get(m);
        if (o != null) a.dbl("overlap_us", o);
        if (t != Type.BACKWARD) a.bool("backward", pic.flowBackward(f));
        if (pic.flowHasCounts(f)) {
            a.i64("input_task_count", pic.flowInputTaskCount(f));
            a.i64("output_task_count", pic.flowOutputTaskCount(f));
        }
    }

    private void end(ArgSink a, String[] keys, int slice, int pid, int tid, double ts) {
        a.str(keys[0], slice >= 0 ? pic.sliceName(slice) : "(no slice)");
        a.i64(keys[1], pid);
        a.i64(keys[2], tid);
        a.dbl(keys[3], ts);
        if (slice >= 0 && keys.length > 4) a.dbl(keys[4], pic.sliceTs(slice) + pic.sliceDur(slice));
    }
}
