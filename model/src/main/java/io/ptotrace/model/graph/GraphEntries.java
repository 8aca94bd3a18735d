package io.ptotrace.model.graph;

import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;

/**
 * The entries of a deps.json as the file lists them, read from the columns of {@link GraphColumns}: the task rows
 * and their args, the tensors and their rows, the annotated edges, and the codes their string and array members are
 * held as. {@link TaskGraph} adds how it was read, the nodes, the unique pairs and the order; it describes the index
 * spaces.
 */
abstract class GraphEntries extends GraphColumns {
    GraphEntries(Path file, DepsReader.Detail detail) {
        super(file, detail);
    }

    // ---- task rows

    public int taskRowCount() {
        return taskRows;
    }

    /** The node of a task row, or −1 for a row another entry with the same id replaced. */
    public int taskNode(int row) {
        return taskNode[row];
    }

    /**
     * Kernel id of slot 0..2: the first three entries of {@code kernel_ids}, −1 for inactive, unusable or missing
     * slots.
     */
    public int kernelId(int row, int slot) {
        return taskKernels[row * 3 + slot];
    }

    /** {@code kernel_ids} was a list of exactly three entries. */
    public boolean kernelIdsExact(int row) {
        return taskKernelsExact[row] != 0;
    }

    /** SPMD block count (missing, invalid or below 1: 1). */
    public int blockNum(int row) {
        return taskBlock[row];
    }

    /** {@code early_dispatch}: −1 absent, 0 false, 1 true. */
    public int earlyDispatch(int row) {
        return taskEarly[row];
    }

    public String scope(int row) {
        return strings.get(taskScope[row]);
    }

    /** Code of the scope: see {@link #string}. */
    public int scopeCode(int row) {
        return taskScope[row];
    }

    /** The args of a task row are {@code argFrom(row) .. argTo(row) - 1} (none below full detail). */
    public int argFrom(int row) {
        return argStart[row];
    }

    public int argTo(int row) {
        return argStart[row + 1];
    }

    // ---- args

    public int argCount() {
        return argCount;
    }

    /** {@code idx}, or {@link TaskGraph#ABSENT}. */
    public int argIdx(int arg) {
        return argIdx[arg];
    }

    public String argType(int arg) {
        return strings.get(argType[arg]);
    }

    /** The arg's tensor, or −1. */
    public int argTensor(int arg) {
        return argTensor[arg];
    }

    public String argDtype(int arg) {
        return strings.get(argDtype[arg]);
    }

    public long[] argShape(int arg) {
        return arrays.get(argShape[arg]);
    }

    public boolean argOffsetOk(int arg) {
        return argOffsetOk[arg] != 0;
    }

    public long argOffset(int arg) {
        return argOffset[arg];
    }

    public long[] argStrides(int arg) {
        return arrays.get(argStrides[arg]);
    }

    public int argTypeCode(int arg) {
        return argType[arg];
    }

    public int argDtypeCode(int arg) {
        return argDtype[arg];
    }

    /** Code of the shape: see {@link #array}. */
    public int argShapeCode(int arg) {
        return argShape[arg];
    }

    public int argStridesCode(int arg) {
        return argStrides[arg];
    }

    // ---- tensors

    /** Distinct tensor ids the file mentions anywhere. */
    public int tensorCount() {
        return tensorCount;
    }

    public long tensorId(int tensor) {
        return tensorId[tensor];
    }

    /** The tensor of an id, or −1. */
    public int tensorOf(long id) {
        return unsignedSearch(tensorId, tensorCount, id);
    }

    /** The {@code tensors[]} row that counts for a tensor, or −1. */
    public int tensorRow(int tensor) {
        return tensorRow[tensor];
    }

    /** Distinct tensor ids with a {@code tensors[]} entry. */
    public int tensorTableSize() {
        int n = 0;
        for (int t = 0; t < tensorCount; t++) if (tensorRow[t] >= 0) n++;
        return n;
    }

    public int tensorRowCount() {
        return tensorRows;
    }

    /** The tensor of a {@code tensors[]} row, or −1 for a row replaced by a later entry with the same id. */
    public int rowTensor(int row) {
        return tRowTensor[row];
    }

    /** Position of the row's entry in the raw {@code tensors} array (skipped entries counted). */
    public int rowIndex(int row) {
        return tRowIndex[row];
    }

    public boolean bufferAddrOk(int row) {
        return (tBits[row] & T_ADDR) != 0;
    }

    public long bufferAddr(int row) {
        return tAddr[row];
    }

    public boolean versionPresent(int row) {
        return (tBits[row] & T_VERSION) != 0;
    }

    public long version(int row) {
        return tVersion[row];
    }

    public String tensorDtype(int row) {
        return strings.get(tDtype[row]);
    }

    public int tensorDtypeCode(int row) {
        return tDtype[row];
    }

    public boolean bufferNumelOk(int row) {
        return (tBits[row] & T_NUMEL) != 0;
    }

    public long bufferNumel(int row) {
        return tNumel[row];
    }

    // ---- edges (annotation rows)

    public int edgeCount() {
        return edgeCount;
    }

    public int edgePred(int e) {
        return ePred[e];
    }

    public int edgeSucc(int e) {
        return eSucc[e];
    }

    public int edgePair(int e) {
        return ePair[e];
    }

    /** {@code arg}, or {@link TaskGraph#ABSENT}. */
    public int edgeArg(int e) {
        return eArg[e];
    }

    public String edgeSource(int e) {
        return strings.get(eSource[e]);
    }

    /** Code of the edge's source, comparable with {@link #code}. */
    public int edgeSourceCode(int e) {
        return eSource[e];
    }

    /** The flags joined with commas, or null when absent. */
    public String edgeFlags(int e) {
        return strings.get(eFlags[e]);
    }

    public String edgeOverlap(int e) {
        return strings.get(eOverlap[e]);
    }

    public String edgeHazard(int e) {
        return strings.get(eHazard[e]);
    }

    public String edgeAccessKind(int e) {
        return strings.get(eAccess[e]);
    }

    /** The edge's tensor, or −1. */
    public int edgeTensor(int e) {
        return eTensor[e];
    }

    public String consumerDtype(int e) {
        return strings.get(eCDtype[e]);
    }

    public long[] consumerShape(int e) {
        return arrays.get(eCShape[e]);
    }

    public boolean consumerOffsetOk(int e) {
        return (eBits[e] & E_COFF) != 0;
    }

    public long consumerOffset(int e) {
        return consumerOffsetOk(e) ? eCOff[e] : 0;
    }

    public long[] consumerStrides(int e) {
        return arrays.get(eCStrides[e]);
    }

    public long[] producerShape(int e) {
        return arrays.get(ePShape[e]);
    }

    public boolean producerOffsetOk(int e) {
        return (eBits[e] & E_POFF) != 0;
    }

    public long producerOffset(int e) {
        return producerOffsetOk(e) ? ePOff[e] : 0;
    }

    public long[] producerStrides(int e) {
        return arrays.get(ePStrides[e]);
    }

    public int edgeFlagsCode(int e) {
        return eFlags[e];
    }

    public int edgeOverlapCode(int e) {
        return eOverlap[e];
    }

    public int edgeHazardCode(int e) {
        return eHazard[e];
    }

    public int edgeAccessKindCode(int e) {
        return eAccess[e];
    }

    public int consumerDtypeCode(int e) {
        return eCDtype[e];
    }

    public int consumerShapeCode(int e) {
        return eCShape[e];
    }

    public int consumerStridesCode(int e) {
        return eCStrides[e];
    }

    public int producerShapeCode(int e) {
        return ePShape[e];
    }

    public int producerStridesCode(int e) {
        return ePStrides[e];
    }

    // ---- codes: every string member (scope, type, dtype, source, flags, …) and every shape or strides array is
    // held as a code of the graph; equal values have equal codes, −1 is absent

    /** The code the graph gives a string member value (source, type, dtype, …), or −1 when no entry has it. */
    public int code(String text) {
        return strings.find(text);
    }

    /** The string of a code, or null for −1. */
    public String string(int code) {
        return strings.get(code);
    }

    /** A copy of the array of a code, or null for −1. */
    public long[] array(int code) {
        return arrays.get(code);
    }

    public int stringCount() {
        return strings.size();
    }

    public int arrayCount() {
        return arrays.size();
    }

    /**
     * This graph's string codes translated into {@code other}'s: entry c is the code {@code other} gives the
     * string of code c, or, when {@code other} has no such string, {@code other.stringCount() + c} — so a
     * translated code equals one of {@code other}'s exactly when the strings are equal.
     */
    public int[] stringCodesIn(TaskGraph other) {
        return strings.codesIn(other.strings);
    }

    /** As {@link #stringCodesIn}, for the shape and strides arrays. */
    public int[] arrayCodesIn(TaskGraph other) {
        return arrays.codesIn(other.arrays);
    }
}
