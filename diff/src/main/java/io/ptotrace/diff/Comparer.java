package io.ptotrace.diff;

import java.util.List;

/**
 * Field-by-field comparison of a matched task, edge or tensor pair, honouring {@code --ignore} and
 * the tensor matching. With {@code out == null} a method only answers "differs?" and stops at the
 * first difference; otherwise it appends one {@link Change} per differing field.
 */
final class Comparer {
    private final Graph a, b;
    private final DiffOptions o;
    private final int[] tenA2B;

    private final boolean[] on = new boolean[Field.values().length];

    Comparer(Graph a, Graph b, DiffOptions o, int[] tenA2B) {
        this.a = a;
        this.b = b;
        this.o = o;
        this.tenA2B = tenA2B;
        for (Field f : Field.values()) on[f.ordinal()] = !o.ignore.contains(f);
    }

    private boolean on(Field f) { return on[f.ordinal()]; }

    private String str(Graph g, int code) { return g.values.text(code); }

    private static Object u64(boolean ok, long v) { return ok ? new Change.U64Value(v) : null; }

    private static Object arr(Graph g, int ref) { return g.values.array(ref); }

    private static Object intOrNull(int v) { return v == Graph.ABSENT_INT ? null : v; }

    private Object tensorValue(Graph g, int t) { return t < 0 ? null : new Change.U64Value(g.tensorId[t]); }

    /** Task rows ra (OLD) and rb (NEW). */
    boolean task(int ra, int rb, List<Change> out) {
        boolean diff = false;
        if (on(Field.SCOPE) && a.taskScope[ra] != b.taskScope[rb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("scope", str(a, a.taskScope[ra]), str(b, b.taskScope[rb])));
        }
        if (on(Field.KERNEL_IDS)) {
            int x = ra * 3, y = rb * 3;
            if (a.taskKernels[x] != b.taskKernels[y] || a.taskKernels[x + 1] != b.taskKernels[y + 1]
                || a.taskKernels[x + 2] != b.taskKernels[y + 2]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change("kernel_ids", new int[] {a.taskKernels[x], a.taskKernels[x + 1], a.taskKernels[x + 2]},
                    new int[] {b.taskKernels[y], b.taskKernels[y + 1], b.taskKernels[y + 2]}));
            }
        }
        if (on(Field.BLOCK_NUM) && a.taskBlock[ra] != b.taskBlock[rb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("block_num", a.taskBlock[ra], b.taskBlock[rb]));
        }
        if (on(Field.EARLY_DISPATCH) && a.taskEarly[ra] >= 0 && b.taskEarly[rb] >= 0 && a.taskEarly[ra] != b.taskEarly[rb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("early_dispatch", a.taskEarly[ra] == 1, b.taskEarly[rb] == 1));
        }
        int a0 = a.argStart[ra], na = a.argStart[ra + 1] - a0;
        int b0 = b.argStart[rb], nb = b.argStart[rb + 1] - b0;
        if (na != nb && on(Field.ARG_COUNT)) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("args.length", na, nb));
        }
        for (int k = 0, n = Math.min(na, nb); k < n; k++) {
            int x = a0 + k, y = b0 + k;
            String p = "args[" + k + "].";
            if (on(Field.ARG_IDX) && a.argIdx[x] != b.argIdx[y]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "idx", intOrNull(a.argIdx[x]), intOrNull(b.argIdx[y])));
            }
            if (on(Field.ARG_TYPE) && a.argType[x] != b.argType[y]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "type", str(a, a.argType[x]), str(b, b.argType[y])));
            }
            if (on(Field.ARG_DTYPE) && a.argDtype[x] != b.argDtype[y]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "dtype", str(a, a.argDtype[x]), str(b, b.argDtype[y])));
            }
            if (on(Field.ARG_SHAPE) && a.argShape[x] != b.argShape[y]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "shape", arr(a, a.argShape[x]), arr(b, b.argShape[y])));
            }
            if (on(Field.ARG_OFFSET) && (a.argOffsetOk[x] != b.argOffsetOk[y] || a.argOffset[x] != b.argOffset[y])) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "start_offset", u64(a.argOffsetOk[x] != 0, a.argOffset[x]), u64(b.argOffsetOk[y] != 0, b.argOffset[y])));
            }
            if (on(Field.ARG_STRIDES) && a.argStrides[x] != b.argStrides[y]) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "strides", arr(a, a.argStrides[x]), arr(b, b.argStrides[y])));
            }
            if (on(Field.ARG_TENSOR) && !sameTensor(a.argTensor[x], b.argTensor[y])) {
                if (out == null) return true;
                diff = true;
                out.add(new Change(p + "tensor_id", tensorValue(a, a.argTensor[x]), tensorValue(b, b.argTensor[y])));
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
        if (on(Field.OVERLAP) && a.eOverlap[ea] != b.eOverlap[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("overlap", str(a, a.eOverlap[ea]), str(b, b.eOverlap[eb])));
        }
        if (on(Field.HAZARD) && a.eHazard[ea] != b.eHazard[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("hazard", str(a, a.eHazard[ea]), str(b, b.eHazard[eb])));
        }
        if (on(Field.ACCESS_KIND) && a.eAccess[ea] != b.eAccess[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("access_kind", str(a, a.eAccess[ea]), str(b, b.eAccess[eb])));
        }
        // an edge without flags (older dep_gen writes none) against one with flags is not a change
        if (on(Field.FLAGS) && a.eFlags[ea] >= 0 && b.eFlags[eb] >= 0 && a.eFlags[ea] != b.eFlags[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("flags", flags(a, a.eFlags[ea]), flags(b, b.eFlags[eb])));
        }
        if (on(Field.CONSUMER_DTYPE) && a.eCDtype[ea] != b.eCDtype[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_dtype", str(a, a.eCDtype[ea]), str(b, b.eCDtype[eb])));
        }
        if (on(Field.CONSUMER_SHAPE) && a.eCShape[ea] != b.eCShape[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_shape", arr(a, a.eCShape[ea]), arr(b, b.eCShape[eb])));
        }
        if (on(Field.CONSUMER_OFFSET) && ((a.eBits[ea] & Graph.E_COFF) != (b.eBits[eb] & Graph.E_COFF) || a.eCOff[ea] != b.eCOff[eb])) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_start_offset", u64((a.eBits[ea] & Graph.E_COFF) != 0, a.eCOff[ea]),
                u64((b.eBits[eb] & Graph.E_COFF) != 0, b.eCOff[eb])));
        }
        if (on(Field.CONSUMER_STRIDES) && a.eCStrides[ea] != b.eCStrides[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("consumer_strides", arr(a, a.eCStrides[ea]), arr(b, b.eCStrides[eb])));
        }
        if (on(Field.PRODUCER_SHAPE) && a.ePShape[ea] != b.ePShape[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("producer_shape", arr(a, a.ePShape[ea]), arr(b, b.ePShape[eb])));
        }
        if (on(Field.PRODUCER_OFFSET) && ((a.eBits[ea] & Graph.E_POFF) != (b.eBits[eb] & Graph.E_POFF) || a.ePOff[ea] != b.ePOff[eb])) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("producer_start_offset", u64((a.eBits[ea] & Graph.E_POFF) != 0, a.ePOff[ea]),
                u64((b.eBits[eb] & Graph.E_POFF) != 0, b.ePOff[eb])));
        }
        if (on(Field.PRODUCER_STRIDES) && a.ePStrides[ea] != b.ePStrides[eb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("producer_strides", arr(a, a.ePStrides[ea]), arr(b, b.ePStrides[eb])));
        }
        return diff;
    }

    /** Hash of the compared annotation of edge e of g, without flags (which may be absent on one side). */
    long edgeHash(Graph g, int e) {
        long h = 0x51AFD7ED558CCD1DL;
        if (on(Field.OVERLAP)) h = mix(h, g.eOverlap[e]);
        if (on(Field.HAZARD)) h = mix(h, g.eHazard[e]);
        if (on(Field.ACCESS_KIND)) h = mix(h, g.eAccess[e]);
        if (on(Field.CONSUMER_DTYPE)) h = mix(h, g.eCDtype[e]);
        if (on(Field.CONSUMER_SHAPE)) h = mix(h, g.eCShape[e]);
        if (on(Field.CONSUMER_OFFSET)) h = mix(mix(h, g.eBits[e] & Graph.E_COFF), g.eCOff[e]);
        if (on(Field.CONSUMER_STRIDES)) h = mix(h, g.eCStrides[e]);
        if (on(Field.PRODUCER_SHAPE)) h = mix(h, g.ePShape[e]);
        if (on(Field.PRODUCER_OFFSET)) h = mix(mix(h, g.eBits[e] & Graph.E_POFF), g.ePOff[e]);
        if (on(Field.PRODUCER_STRIDES)) h = mix(h, g.ePStrides[e]);
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
        if (on(Field.TENSOR_DTYPE) && a.tDtype[ra] != b.tDtype[rb]) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("dtype", str(a, a.tDtype[ra]), str(b, b.tDtype[rb])));
        }
        boolean na = (a.tBits[ra] & Graph.T_NUMEL) != 0, nb = (b.tBits[rb] & Graph.T_NUMEL) != 0;
        if (on(Field.BUFFER_NUMEL) && (na != nb || a.tNumel[ra] != b.tNumel[rb])) {
            if (out == null) return true;
            diff = true;
            out.add(new Change("buffer_numel", u64(na, a.tNumel[ra]), u64(nb, b.tNumel[rb])));
        }
        return diff;
    }

    static String[] flags(Graph g, int code) {
        if (code < 0) return null;
        String s = g.values.text(code);
        return s.isEmpty() ? new String[0] : s.split(",", -1);
    }
}
