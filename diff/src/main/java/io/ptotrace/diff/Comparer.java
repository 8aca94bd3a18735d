package io.ptotrace.diff;

import io.ptotrace.model.graph.TaskGraph;
import java.util.List;

/**
 * Field-by-field comparison of a matched task, edge or tensor pair, honouring {@code --ignore} and
 * the tensor matching. With {@code out == null} a method only answers "differs?" and stops at the
 * first difference; otherwise it appends one {@link Change} per differing field.
 */
final class Comparer {
    private final Side sa, sb;
    private final TaskGraph a, b;
    private final DiffOptions o;
    private final int[] tenA2B;

    private final boolean[] on = new boolean[Field.values().length];

    Comparer(Side a, Side b, DiffOptions o, int[] tenA2B) {
        this.sa = a;
        this.sb = b;
        this.a = a.graph();
        this.b = b.graph();
        this.o = o;
        this.tenA2B = tenA2B;
        for (Field f : Field.values()) on[f.ordinal()] = !o.ignore.contains(f);
    }

    private boolean on(Field f) {
        return on[f.ordinal()];
    }

    private static Object u64(boolean ok, long v) {
        return ok ? new Change.U64Value(v) : null;
    }

    private static Object intOrNull(int v) {
        return v == TaskGraph.ABSENT ? null : v;
    }

    private static Object tensorValue(TaskGraph g, int t) {
        return t < 0 ? null : new Change.U64Value(g.tensorId(t));
    }

    /** Strings of both sides differ (codes of each side's own graph). */
    private boolean textDiffers(int ca, int cb) {
        return ca != sb.text(cb);
    }

    private boolean arrayDiffers(int ca, int cb) {
        return ca != sb.array(cb);
    }

    private static int[] kernels(Side s, int row) {
        return new int[] {s.kernel(row, 0), s.kernel(row, 1), s.kernel(row, 2)};
    }

    /** Task rows ra (OLD) and rb (NEW). */
    boolean task(int ra, int rb, List<Change> out) {
        boolean diff = false;
        if (on(Field.SCOPE) && textDiffers(a.scopeCode(ra), b.scopeCode(rb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("scope", a.scope(ra), b.scope(rb)));
        }
        if (on(Field.KERNEL_IDS)) {
            if (sa.kernel(ra, 0) != sb.kernel(rb, 0)
                    || sa.kernel(ra, 1) != sb.kernel(rb, 1)
                    || sa.kernel(ra, 2) != sb.kernel(rb, 2)) {
                if (out == null) return true;
                diff = true;
                out.add(new Change("kernel_ids", kernels(sa, ra), kernels(sb, rb)));
            }
        }
        if (on(Field.BLOCK_NUM) && a.blockNum(ra) != b.blockNum(rb)) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("block_num", a.blockNum(ra), b.blockNum(rb)));
        }
        int ea = a.earlyDispatch(ra), eb = b.earlyDispatch(rb);
        if (on(Field.EARLY_DISPATCH) && ea >= 0 && eb >= 0 && ea != eb) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("early_dispatch", ea == 1, eb == 1));
        }
        int a0 = a.argFrom(ra), na = a.argTo(ra) - a0;
        int b0 = b.argFrom(rb), nb = b.argTo(rb) - b0;
        if (na != nb && on(Field.ARG_COUNT)) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("args.length", na, nb));
        }
        for (int k = 0, n = Math.min(na, nb); k < n; k++) {
            int x = a0 + k, y = b0 + k;
            String p = "args[" + k + "].";
            if (on(Field.ARG_IDX) && a.argIdx(x) != b.argIdx(y)) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "idx", intOrNull(a.argIdx(x)), intOrNull(b.argIdx(y))));
            }
            if (on(Field.ARG_TYPE) && textDiffers(a.argTypeCode(x), b.argTypeCode(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "type", a.argType(x), b.argType(y)));
            }
            if (on(Field.ARG_DTYPE) && textDiffers(a.argDtypeCode(x), b.argDtypeCode(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "dtype", a.argDtype(x), b.argDtype(y)));
            }
            if (on(Field.ARG_SHAPE) && arrayDiffers(a.argShapeCode(x), b.argShapeCode(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "shape", a.argShape(x), b.argShape(y)));
            }
            if (on(Field.ARG_OFFSET) && (a.argOffsetOk(x) != b.argOffsetOk(y) || a.argOffset(x) != b.argOffset(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(
                        p + "start_offset",
                        u64(a.argOffsetOk(x), a.argOffset(x)),
                        u64(b.argOffsetOk(y), b.argOffset(y))));
            }
            if (on(Field.ARG_STRIDES) && arrayDiffers(a.argStridesCode(x), b.argStridesCode(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "strides", a.argStrides(x), b.argStrides(y)));
            }
            if (on(Field.ARG_TENSOR) && !sameTensor(a.argTensor(x), b.argTensor(y))) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "tensor_id", tensorValue(a, a.argTensor(x)), tensorValue(b, b.argTensor(y))));
            }
        }
        return diff;
    }

    boolean sameTensor(int ta, int tb) {
        if (ta < 0 || tb < 0) return ta < 0 && tb < 0;
        return tenA2B[ta] == tb;
    }

    /** Annotation of matched edges ea (OLD) and eb (NEW); the matching key is equal already. */
    boolean edge(int ea, int eb, List<Change> out) {
        boolean diff = false;
        if (on(Field.OVERLAP) && textDiffers(a.edgeOverlapCode(ea), b.edgeOverlapCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("overlap", a.edgeOverlap(ea), b.edgeOverlap(eb)));
        }
        if (on(Field.HAZARD) && textDiffers(a.edgeHazardCode(ea), b.edgeHazardCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("hazard", a.edgeHazard(ea), b.edgeHazard(eb)));
        }
        if (on(Field.ACCESS_KIND) && textDiffers(a.edgeAccessKindCode(ea), b.edgeAccessKindCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("access_kind", a.edgeAccessKind(ea), b.edgeAccessKind(eb)));
        }
        // an edge without flags (older dep_gen writes none) against one with flags is not a change
        int fa = a.edgeFlagsCode(ea), fb = b.edgeFlagsCode(eb);
        if (on(Field.FLAGS) && fa >= 0 && fb >= 0 && textDiffers(fa, fb)) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("flags", flags(a, fa), flags(b, fb)));
        }
        if (on(Field.CONSUMER_DTYPE) && textDiffers(a.consumerDtypeCode(ea), b.consumerDtypeCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_dtype", a.consumerDtype(ea), b.consumerDtype(eb)));
        }
        if (on(Field.CONSUMER_SHAPE) && arrayDiffers(a.consumerShapeCode(ea), b.consumerShapeCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_shape", a.consumerShape(ea), b.consumerShape(eb)));
        }
        if (on(Field.CONSUMER_OFFSET)
                && (a.consumerOffsetOk(ea) != b.consumerOffsetOk(eb) || a.consumerOffset(ea) != b.consumerOffset(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change(
                    "consumer_start_offset",
                    u64(a.consumerOffsetOk(ea), a.consumerOffset(ea)),
                    u64(b.consumerOffsetOk(eb), b.consumerOffset(eb))));
        }
        if (on(Field.CONSUMER_STRIDES) && arrayDiffers(a.consumerStridesCode(ea), b.consumerStridesCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_strides", a.consumerStrides(ea), b.consumerStrides(eb)));
        }
        if (on(Field.PRODUCER_SHAPE) && arrayDiffers(a.producerShapeCode(ea), b.producerShapeCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("producer_shape", a.producerShape(ea), b.producerShape(eb)));
        }
        if (on(Field.PRODUCER_OFFSET)
                && (a.producerOffsetOk(ea) != b.producerOffsetOk(eb) || a.producerOffset(ea) != b.producerOffset(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change(
                    "producer_start_offset",
                    u64(a.producerOffsetOk(ea), a.producerOffset(ea)),
                    u64(b.producerOffsetOk(eb), b.producerOffset(eb))));
        }
        if (on(Field.PRODUCER_STRIDES) && arrayDiffers(a.producerStridesCode(ea), b.producerStridesCode(eb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("producer_strides", a.producerStrides(ea), b.producerStrides(eb)));
        }
        return diff;
    }

    /** Hash of the compared annotation of edge e of one side, without flags (which may be absent on one side). */
    long edgeHash(Side s, int e) {
        TaskGraph g = s.graph();
        long h = 0x51AFD7ED558CCD1DL;
        if (on(Field.OVERLAP)) h = mix(h, s.text(g.edgeOverlapCode(e)));
        if (on(Field.HAZARD)) h = mix(h, s.text(g.edgeHazardCode(e)));
        if (on(Field.ACCESS_KIND)) h = mix(h, s.text(g.edgeAccessKindCode(e)));
        if (on(Field.CONSUMER_DTYPE)) h = mix(h, s.text(g.consumerDtypeCode(e)));
        if (on(Field.CONSUMER_SHAPE)) h = mix(h, s.array(g.consumerShapeCode(e)));
        if (on(Field.CONSUMER_OFFSET)) h = mix(mix(h, g.consumerOffsetOk(e) ? 1 : 0), g.consumerOffset(e));
        if (on(Field.CONSUMER_STRIDES)) h = mix(h, s.array(g.consumerStridesCode(e)));
        if (on(Field.PRODUCER_SHAPE)) h = mix(h, s.array(g.producerShapeCode(e)));
        if (on(Field.PRODUCER_OFFSET)) h = mix(mix(h, g.producerOffsetOk(e) ? 2 : 0), g.producerOffset(e));
        if (on(Field.PRODUCER_STRIDES)) h = mix(h, s.array(g.producerStridesCode(e)));
        return h;
    }

    static long mix(long h, long v) {
        h ^= v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
        h *= 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 29);
    }

    /** Tensor rows ra (OLD) and rb (NEW). */
    boolean tensor(int ra, int rb, List<Change> out) {
        boolean diff = false;
        if (on(Field.TENSOR_DTYPE) && textDiffers(a.tensorDtypeCode(ra), b.tensorDtypeCode(rb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("dtype", a.tensorDtype(ra), b.tensorDtype(rb)));
        }
        boolean na = a.bufferNumelOk(ra), nb = b.bufferNumelOk(rb);
        if (on(Field.BUFFER_NUMEL) && (na != nb || a.bufferNumel(ra) != b.bufferNumel(rb))) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("buffer_numel", u64(na, a.bufferNumel(ra)), u64(nb, b.bufferNumel(rb))));
        }
        return diff;
    }

    /** The flags of a flags code, split at the commas they were joined with; null for −1. */
    static String[] flags(TaskGraph g, int code) {
        if (code < 0) return null;
        String s = g.string(code);
        return s.isEmpty() ? new String[0] : s.split(",", -1);
    }
}
