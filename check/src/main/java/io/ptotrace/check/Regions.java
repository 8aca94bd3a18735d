package io.ptotrace.check;

import io.ptotrace.model.graph.ByteRanges;
import io.ptotrace.model.graph.TaskGraph;

/**
 * The bytes an arg or an edge's recorded slice touches: exact where the byte-region definition places the slice,
 * else its bounding range (and the region is not exact); null when even that cannot be placed.
 */
final class Regions {
    private Regions() {}

    /** Merged half-open byte intervals, and whether they are the slice's exact bytes. */
    record Region(long buffer, long[] bytes, boolean exact) {}

    /** The region of arg {@code a} of its task, or null. */
    static Region ofArg(TaskGraph g, int a) {
        int tensor = g.argTensor(a);
        int row = tensor < 0 ? -1 : g.tensorRow(tensor);
        if (row < 0) return null;
        Long offset = g.argOffsetOk(a) ? (Long) g.argOffset(a) : null;
        return of(g, row, offset, g.argShape(a), g.argStrides(a), g.argDtype(a));
    }

    /** The consumer side of edge {@code e} as recorded, each missing member taken from the succ's arg {@code a} (−1: none). */
    static Region ofConsumer(TaskGraph g, int e, int a, int tensorRow) {
        Long offset = g.consumerOffsetOk(e)
                ? (Long) g.consumerOffset(e)
                : a >= 0 && g.argOffsetOk(a) ? (Long) g.argOffset(a) : null;
        long[] shape = g.consumerShape(e), strides = g.consumerStrides(e);
        String dtype = g.consumerDtype(e);
        if (a >= 0) {
            if (shape == null) shape = g.argShape(a);
            if (strides == null) strides = g.argStrides(a);
            if (dtype == null) dtype = g.argDtype(a);
        }
        return of(g, tensorRow, offset, shape, strides, dtype);
    }

    /** The producer side of edge {@code e} as recorded (in the tensor's dtype), or null when it is not recorded. */
    static Region ofProducer(TaskGraph g, int e, int tensorRow) {
        Long offset = g.producerOffsetOk(e) ? (Long) g.producerOffset(e) : null;
        return of(g, tensorRow, offset, g.producerShape(e), g.producerStrides(e), null);
    }

    private static Region of(TaskGraph g, int row, Long offset, long[] shape, long[] strides, String dtype) {
        if (!g.bufferAddrOk(row)) return null;
        long addr = g.bufferAddr(row);
        String bufferDtype = g.tensorDtype(row);
        String dt = dtype != null ? dtype : bufferDtype;
        if (g.bufferNumelOk(row)) {
            long[] b = ByteRanges.of(addr, g.bufferNumel(row), bufferDtype, offset, shape, strides, dt);
            if (b != null) return new Region(addr, b, true);
        }
        long[] b = ByteRanges.bounding(addr, offset, shape, strides, dt);
        return b == null ? null : new Region(addr, b, false);
    }
}
