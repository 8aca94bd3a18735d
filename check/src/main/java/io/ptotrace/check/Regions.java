package io.ptotrace.check;

import io.ptotrace.model.graph.ByteRanges;
import io.ptotrace.model.graph.TaskGraph;

/**
 * The bytes an arg or an edge's recorded slice touches, counted from the first byte of its buffer: exact where the
 * byte-region definition places the slice, else its bounding range, else (no usable offset, shape, strides or
 * dtype) the whole buffer; the last two are not exact, so the findings they take part in are possible ones. Null
 * only when the tensor has no buffer address.
 */
final class Regions {
    private Regions() {}

    /**
     * Merged half-open byte intervals from the first byte of the buffer at (unsigned) address {@code buffer}, and
     * whether they are the slice's exact bytes.
     */
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
        long size = g.bufferNumelOk(row) ? ByteRanges.bufferBytes(g.bufferNumel(row), bufferDtype) : -1;
        boolean fits = size >= 0 && (addr == 0 || Long.compareUnsigned(size, -addr) <= 0);
        if (fits) {
            long[] b = ByteRanges.of(g.bufferNumel(row), bufferDtype, offset, shape, strides, dt);
            if (b != null) return new Region(addr, b, true);
        }
        long[] b = ByteRanges.bounding(offset, shape, strides, dt);
        if (b == null) b = new long[] {0, size > 0 ? size : Long.MAX_VALUE};
        return new Region(addr, b, false);
    }
}
