package io.ptotrace.synth;

import io.ptotrace.model.util.GrowableColumns;

/**
 * One submitted task as produced by {@link GraphGen#next(TaskSpec)}: kind, kernels, args, the
 * annotated deps.json edges whose {@code succ} it is, and the tensors it creates. Reused between
 * tasks (all arrays grow on demand), so generating a run allocates almost nothing per task.
 */
final class TaskSpec {
    int index;
    long taskId;
    byte kind;
    byte cls;
    int k0;
    int k1;
    int k2;
    int blockNum;
    boolean manualScope;

    // args
    int nArgs;
    byte[] argType = new byte[16];
    int[] argOff = new int[16];
    int[] argRows = new int[16];
    int[] argCols = new int[16];
    byte[] argDtype = new byte[16];
    long[] argTid = new long[16];

    // annotated edges (succ = this task)
    int nEdges;
    int[] ePred = new int[32];
    long[] ePredId = new long[32];
    byte[] eSrc = new byte[32];
    int[] eArg = new int[32];
    byte[] eOverlap = new byte[32];
    byte[] eHazard = new byte[32];
    byte[] eAccess = new byte[32];
    int[] eProdOff = new int[32];
    int[] eProdRows = new int[32];

    // tensors created by this task (alloc buffers, fresh outputs, first use of external tensors)
    int nNew;
    long[] newAddr = new long[8];
    int[] newVer = new int[8];
    long[] newTid = new long[8];
    byte[] newDtype = new byte[8];
    long[] newNumel = new long[8];

    void reset() {
        kind = GraphGen.K_KERNEL;
        cls = GraphGen.C_NONE;
        k0 = -1;
        k1 = -1;
        k2 = -1;
        blockNum = 1;
        manualScope = false;
        nArgs = 0;
        nEdges = 0;
        nNew = 0;
    }

    int addArg(byte type, int off, int rows, int cols, byte dtype, long tid) {
        argType = GrowableColumns.room(argType, nArgs);
        argOff = GrowableColumns.room(argOff, nArgs);
        argRows = GrowableColumns.room(argRows, nArgs);
        argCols = GrowableColumns.room(argCols, nArgs);
        argDtype = GrowableColumns.room(argDtype, nArgs);
        argTid = GrowableColumns.room(argTid, nArgs);
        int a = nArgs++;
        argType[a] = type;
        argOff[a] = off;
        argRows[a] = rows;
        argCols[a] = cols;
        argDtype[a] = dtype;
        argTid[a] = tid;
        return a;
    }

    void addEdge(
            int pred,
            long predId,
            byte src,
            int arg,
            byte overlap,
            byte hazard,
            byte access,
            int prodOff,
            int prodRows) {
        ePred = GrowableColumns.room(ePred, nEdges);
        ePredId = GrowableColumns.room(ePredId, nEdges);
        eSrc = GrowableColumns.room(eSrc, nEdges);
        eArg = GrowableColumns.room(eArg, nEdges);
        eOverlap = GrowableColumns.room(eOverlap, nEdges);
        eHazard = GrowableColumns.room(eHazard, nEdges);
        eAccess = GrowableColumns.room(eAccess, nEdges);
        eProdOff = GrowableColumns.room(eProdOff, nEdges);
        eProdRows = GrowableColumns.room(eProdRows, nEdges);
        int e = nEdges++;
        ePred[e] = pred;
        ePredId[e] = predId;
        eSrc[e] = src;
        eArg[e] = arg;
        eOverlap[e] = overlap;
        eHazard[e] = hazard;
        eAccess[e] = access;
        eProdOff[e] = prodOff;
        eProdRows[e] = prodRows;
    }

    void addNew(long addr, int ver, long tid, byte dtype, long numel) {
        newAddr = GrowableColumns.room(newAddr, nNew);
        newVer = GrowableColumns.room(newVer, nNew);
        newTid = GrowableColumns.room(newTid, nNew);
        newDtype = GrowableColumns.room(newDtype, nNew);
        newNumel = GrowableColumns.room(newNumel, nNew);
        int i = nNew++;
        newAddr[i] = addr;
        newVer[i] = ver;
        newTid[i] = tid;
        newDtype[i] = dtype;
        newNumel[i] = numel;
    }

    /** True for tasks that have a deps.json {@code tasks[]} entry (everything but alloc tasks). */
    boolean hasTaskEntry() {
        return kind != GraphGen.K_ALLOC;
    }
}
