package io.ptotrace.synth;

import java.util.Arrays;

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
    if (nArgs == argType.length) {
      int n = nArgs * 2;
      argType = Arrays.copyOf(argType, n);
      argOff = Arrays.copyOf(argOff, n);
      argRows = Arrays.copyOf(argRows, n);
      argCols = Arrays.copyOf(argCols, n);
      argDtype = Arrays.copyOf(argDtype, n);
      argTid = Arrays.copyOf(argTid, n);
    }
    int a = nArgs++;
    argType[a] = type;
    argOff[a] = off;
    argRows[a] = rows;
    argCols[a] = cols;
    argDtype[a] = dtype;
    argTid[a] = tid;
    return a;
  }

  void addEdge(int pred, long predId, byte src, int arg, byte overlap, byte hazard, byte access,
      int prodOff, int prodRows) {
    if (nEdges == ePred.length) {
      int n = nEdges * 2;
      ePred = Arrays.copyOf(ePred, n);
      ePredId = Arrays.copyOf(ePredId, n);
      eSrc = Arrays.copyOf(eSrc, n);
      eArg = Arrays.copyOf(eArg, n);
      eOverlap = Arrays.copyOf(eOverlap, n);
      eHazard = Arrays.copyOf(eHazard, n);
      eAccess = Arrays.copyOf(eAccess, n);
      eProdOff = Arrays.copyOf(eProdOff, n);
      eProdRows = Arrays.copyOf(eProdRows, n);
    }
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
    if (nNew == newAddr.length) {
      int n = nNew * 2;
      newAddr = Arrays.copyOf(newAddr, n);
      newVer = Arrays.copyOf(newVer, n);
      newTid = Arrays.copyOf(newTid, n);
      newDtype = Arrays.copyOf(newDtype, n);
      newNumel = Arrays.copyOf(newNumel, n);
    }
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
