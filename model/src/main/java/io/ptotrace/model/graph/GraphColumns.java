package io.ptotrace.model.graph;

import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.List;

/**
 * The primitive columns of a {@link TaskGraph}, as {@link TaskGraphBuilder} fills them: one array per member of
 * each index space (nodes, task rows, args, tensors and tensor rows, edges, pairs) and what the reader saw. The
 * index spaces and how absent members read are described on {@link TaskGraph}, which is the reading API over them.
 */
abstract class GraphColumns {
    final Path file;
    final DepsReader.Detail detail;
    StringCodes strings;
    LongArrayPool arrays;

    // nodes
    int nodeCount;
    long[] nodeId;
    int[] nodeTask;

    // task rows
    int taskRows;
    int[] taskNode, taskKernels, taskBlock, taskScope, argStart;
    byte[] taskEarly, taskKernelsExact;

    // args
    int argCount;
    int[] argIdx, argType, argTensor, argDtype, argShape, argStrides;
    long[] argOffset;
    byte[] argOffsetOk;

    // tensors and tensor rows
    int tensorCount;
    long[] tensorId;
    int[] tensorRow;
    int tensorRows;
    int[] tRowTensor, tRowIndex, tDtype;
    long[] tAddr, tVersion, tNumel;
    byte[] tBits;
    static final int T_ADDR = 1, T_VERSION = 2, T_NUMEL = 4;

    // edges
    int edgeCount;
    int[] ePred,
            eSucc,
            ePair,
            eArg,
            eSource,
            eFlags,
            eOverlap,
            eHazard,
            eAccess,
            eTensor,
            eCDtype,
            eCShape,
            eCStrides,
            ePShape,
            ePStrides;
    long[] eCOff, ePOff;
    byte[] eBits;
    static final int E_COFF = 1, E_POFF = 2;

    // pairs
    int pairCount;
    int[] outStart, pairPred, pairSucc, inStart, inPred, inPair, pairRowStart, pairRows;

    // what the reader saw
    int taskEntries, tensorEntries, edgeEntries;
    int skippedTasks, skippedTensors, skippedEdges, duplicateTasks, duplicateTensors;
    boolean edgesListed;
    List<TaskGraph.Unexpected> unexpected;

    GraphColumns(Path file, DepsReader.Detail detail) {
        this.file = file;
        this.detail = detail;
    }

    /** The index of {@code key} among the first {@code n} entries of {@code a} (sorted unsigned), or −1. */
    static int unsignedSearch(long[] a, int n, long key) {
        int lo = 0, hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(a[mid], key);
            if (c < 0) lo = mid + 1;
            else if (c > 0) hi = mid - 1;
            else return mid;
        }
        return -1;
    }
}
