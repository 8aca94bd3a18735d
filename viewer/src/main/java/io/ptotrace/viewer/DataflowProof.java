package io.ptotrace.viewer;

import io.ptotrace.model.graph.ByteRanges;
import io.ptotrace.model.graph.TaskGraph;
import java.util.BitSet;

/**
 * Which structurally redundant pairs may go even though they keep a tensor alive: a pair whose tensor-lifetime
 * ({@code creator}) rows all hand an {@code INOUT} slice to the consumer, where every byte of that slice is
 * written earlier and read-modified later by tasks holding the same owner's tensor — so the owner stays alive
 * through them anyway.
 *
 * <p>Vocabulary: a <i>creator record</i> is a creator row whose consumer arg is {@code INOUT} or
 * {@code OUTPUT_EXISTING} and whose consumer slice has known bytes; a <i>modifier record</i> is a
 * {@code tensormap} row that is a write (no access kind, or {@code WRITER}) into an {@code INOUT} arg, whose
 * consumer and producer slices lie in one buffer and overlap.
 */
final class DataflowProof {
    private final TaskGraph g;
    private final int creator, tensormap;
    // per annotation row, filled as the proofs need them
    private final Creator[] creators;
    private final Modifier[] modifiers;
    private static final Creator NO_CREATOR = new Creator(0, false, 0, null);
    private static final Modifier NO_MODIFIER = new Modifier(0, 0, null);

    private record Creator(int arg, boolean inout, long buffer, long[] bytes) {}

    private record Modifier(int arg, long buffer, long[] overlap) {}

    private DataflowProof(TaskGraph g) {
        this.g = g;
        creator = g.code("creator");
        tensormap = g.code("tensormap");
        creators = new Creator[g.edgeCount()];
        modifiers = new Modifier[g.edgeCount()];
    }

    /** The pairs of {@code candidates} (structurally redundant, creator rows or not) that may be dropped. */
    static BitSet removable(TaskGraph g, BitSet candidates) {
        DataflowProof p = new DataflowProof(g);
        BitSet out = new BitSet(g.pairCount());
        for (int c = candidates.nextSetBit(0); c >= 0; c = candidates.nextSetBit(c + 1)) if (p.removable(c)) out.set(c);
        return out;
    }

    private boolean removable(int pair) {
        int owner = g.pairPred(pair), task = g.pairSucc(pair);
        for (int k = g.pairRowFrom(pair), end = g.pairRowTo(pair); k < end; k++) {
            int row = g.pairRow(k);
            if (creator < 0 || g.edgeSourceCode(row) != creator) continue;
            Creator r = creator(row);
            if (r == null || !r.inout || !proven(r, owner, task)) return false;
        }
        return true;
    }

    private boolean proven(Creator r, int owner, int task) {
        ByteRanges.Union earlier = new ByteRanges.Union();
        for (int k = g.inFrom(task), end = g.inTo(task); k < end; k++) {
            int writer = g.inPred(k);
            int held = g.pair(owner, writer);
            if (held < 0) continue;
            for (int q = g.pairRowFrom(g.inPair(k)), qe = g.pairRowTo(g.inPair(k)); q < qe; q++) {
                Modifier m = modifier(g.pairRow(q));
                if (m == null || m.arg != r.arg || m.buffer != r.buffer) continue;
                for (int h = g.pairRowFrom(held), he = g.pairRowTo(held); h < he; h++) {
                    Creator p = creator(g.pairRow(h));
                    if (p != null && p.buffer == r.buffer) earlier.add(ByteRanges.intersect(m.overlap, p.bytes));
                }
            }
        }
        if (!ByteRanges.covers(earlier.result(), r.bytes)) return false;
        ByteRanges.Union later = new ByteRanges.Union();
        for (int pair = g.outFrom(task), end = g.outTo(task); pair < end; pair++) {
            int held = g.pair(owner, g.pairSucc(pair));
            if (held < 0) continue;
            for (int q = g.pairRowFrom(pair), qe = g.pairRowTo(pair); q < qe; q++) {
                Modifier m = modifier(g.pairRow(q));
                if (m == null || m.buffer != r.buffer) continue;
                for (int h = g.pairRowFrom(held), he = g.pairRowTo(held); h < he; h++) {
                    Creator p = creator(g.pairRow(h));
                    if (p != null && p.buffer == r.buffer && p.arg == m.arg && p.inout)
                        later.add(ByteRanges.intersect(m.overlap, p.bytes));
                }
            }
        }
        return ByteRanges.covers(later.result(), r.bytes);
    }

    private Creator creator(int row) {
        Creator c = creators[row];
        if (c == null) {
            c = creatorRecord(row);
            creators[row] = c == null ? NO_CREATOR : c;
        }
        return c == NO_CREATOR ? null : c;
    }

    private Modifier modifier(int row) {
        Modifier m = modifiers[row];
        if (m == null) {
            m = modifierRecord(row);
            modifiers[row] = m == null ? NO_MODIFIER : m;
        }
        return m == NO_MODIFIER ? null : m;
    }

    private Creator creatorRecord(int row) {
        if (creator < 0 || g.edgeSourceCode(row) != creator) return null;
        int arg = consumerArg(row);
        if (arg < 0) return null;
        String type = g.argType(arg);
        boolean inout = "INOUT".equals(type);
        if (!inout && !"OUTPUT_EXISTING".equals(type)) return null;
        Slice s = consumerSlice(row, arg);
        return s == null ? null : new Creator(g.edgeArg(row), inout, s.buffer, s.bytes);
    }

    private Modifier modifierRecord(int row) {
        if (tensormap < 0 || g.edgeSourceCode(row) != tensormap) return null;
        String access = g.edgeAccessKind(row);
        if (access != null && !access.equals("WRITER"))
            return null; // a tracked reader's anti-dependency writes nothing
        int arg = consumerArg(row);
        if (arg < 0 || !"INOUT".equals(g.argType(arg))) return null;
        Slice c = consumerSlice(row, arg), p = producerSlice(row);
        if (c == null || p == null || c.buffer != p.buffer) return null;
        long[] overlap = ByteRanges.intersect(c.bytes, p.bytes);
        return overlap.length == 0 ? null : new Modifier(g.edgeArg(row), c.buffer, overlap);
    }

    /** The consumer task's arg the row names ({@code idx == arg}; the first such), or −1. */
    private int consumerArg(int row) {
        int idx = g.edgeArg(row);
        if (idx == TaskGraph.ABSENT) return -1;
        int task = g.taskRow(g.edgeSucc(row));
        if (task < 0) return -1;
        for (int a = g.argFrom(task), end = g.argTo(task); a < end; a++) if (g.argIdx(a) == idx) return a;
        return -1;
    }

    private record Slice(long buffer, long[] bytes) {}

    private Slice consumerSlice(int row, int arg) {
        int tensor = g.edgeTensor(row);
        if (tensor < 0) tensor = g.argTensor(arg);
        int t = tensor < 0 ? -1 : g.tensorRow(tensor);
        if (t < 0) return null;
        Long offset = g.consumerOffsetOk(row)
                ? (Long) g.consumerOffset(row)
                : g.argOffsetOk(arg) ? (Long) g.argOffset(arg) : null;
        long[] shape = g.consumerShape(row), strides = g.consumerStrides(row);
        String dtype = g.consumerDtype(row);
        return slice(
                t,
                offset,
                shape != null ? shape : g.argShape(arg),
                strides != null ? strides : g.argStrides(arg),
                dtype != null ? dtype : g.argDtype(arg));
    }

    private Slice producerSlice(int row) {
        int tensor = g.edgeTensor(row);
        int t = tensor < 0 ? -1 : g.tensorRow(tensor);
        if (t < 0) return null;
        Long offset = g.producerOffsetOk(row) ? (Long) g.producerOffset(row) : null;
        return slice(t, offset, g.producerShape(row), g.producerStrides(row), g.tensorDtype(t));
    }

    private Slice slice(int tensorRow, Long offset, long[] shape, long[] strides, String dtype) {
        if (!g.bufferAddrOk(tensorRow) || !g.bufferNumelOk(tensorRow)) return null;
        long addr = g.bufferAddr(tensorRow);
        long[] bytes = ByteRanges.of(g.bufferNumel(tensorRow), g.tensorDtype(tensorRow), offset, shape, strides, dtype);
        return bytes == null ? null : new Slice(addr, bytes);
    }
}
