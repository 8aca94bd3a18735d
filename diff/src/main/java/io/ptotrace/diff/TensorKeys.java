package io.ptotrace.diff;

import io.ptotrace.model.graph.TaskGraph;
import java.util.Arrays;

/** The keys that pair tensors of two graphs whose ids differ: each tensor's role and its signature. */
final class TensorKeys {
    private TensorKeys() {}

    /**
     * A tensor's role: the first matched task (in submit order) whose args name it, with the arg
     * slot; failing that, the smallest (matched consumer, arg) of an edge that names it. Keys live
     * in the common (NEW) node space, so OLD and NEW keys compare directly.
     */
    static long[] roles(TaskGraph g, int[] commonOf) {
        long[] key = new long[g.tensorCount()];
        Arrays.fill(key, -1);
        for (int n = 0; n < g.nodeCount(); n++) {
            int c = commonOf[n], row = g.taskRow(n);
            if (c < 0 || row < 0) continue;
            for (int k = g.argFrom(row), end = g.argTo(row); k < end; k++) {
                int t = g.argTensor(k);
                if (t < 0 || key[t] >= 0) continue;
                int slot = g.argIdx(k) == TaskGraph.ABSENT ? k - g.argFrom(row) : g.argIdx(k);
                key[t] = ((long) c << 24) | (slot & 0xFFFFFFL);
            }
        }
        long edgeRole = 1L << 62;
        for (int e = 0; e < g.edgeCount(); e++) {
            int t = g.edgeTensor(e);
            if (t < 0 || (key[t] >= 0 && key[t] < edgeRole)) continue;
            int c = commonOf[g.edgeSucc(e)];
            if (c < 0) continue;
            int slot = g.edgeArg(e) == TaskGraph.ABSENT ? 0xFFFFFF : g.edgeArg(e);
            long k = edgeRole | ((long) c << 24) | (slot & 0xFFFFFFL);
            if (key[t] < 0 || k < key[t]) key[t] = k;
        }
        return key;
    }

    /** What a tensor is, apart from its id and address: dtype, element count and version. */
    static long signature(TaskGraph g, int row) {
        String dtype = g.tensorDtype(row);
        long h = Comparer.mix(0x3C6EF372FE94F82BL, dtype == null ? -1 : dtype.hashCode());
        h = Comparer.mix(h, g.bufferNumelOk(row) ? g.bufferNumel(row) : -1);
        return Comparer.mix(h, g.versionPresent(row) ? g.version(row) : -1);
    }
}
