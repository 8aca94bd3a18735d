package io.ptotrace.convert.picture;

import io.ptotrace.model.util.PagedColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a trace shows, independent of the file format: track declarations, slices, counter
 * samples and arrows, in emission order, held in columns. Names and args are rendered on demand by
 * {@link SliceContent}. Writers (JSON, protobuf) and {@code inspect} only read this.
 *
 * <p>Every flow endpoint names the slice it belongs to ({@code -1} when no slice encloses it); whether
 * the Chrome JSON carries an explicit {@code bind_id} for that end is a separate flag, so the JSON trace
 * stays what the reference tool writes.
 */
public final class TracePicture {
    public final List<MetaEvent> meta = new ArrayList<>();
    /** Written as the trace's top-level "metadata" (host-mode captures), or null. */
    public Map<String, Object> topLevelMetadata;
    private SliceContent content;

    // slices
    private int slices;
    private final PagedColumns.Ints sPid = new PagedColumns.Ints(), sTid = new PagedColumns.Ints(), sJsonId = new PagedColumns.Ints();
    private final PagedColumns.Doubles sTs = new PagedColumns.Doubles(), sDur = new PagedColumns.Doubles();

    // counters
    private int counters;
    private final PagedColumns.Ints cPid = new PagedColumns.Ints(), cTid = new PagedColumns.Ints();
    private final PagedColumns.Doubles cTs = new PagedColumns.Doubles();

    // flows: 30 bytes each. An end bound to a slice takes that slice's pid/tid; only unbound ends keep
    // their own (a few per run), in a side table.
    private int flows;
    private final PagedColumns.Bytes fKind = new PagedColumns.Bytes(), fBindFlags = new PagedColumns.Bytes();
    private final PagedColumns.Ints fSrcSlice = new PagedColumns.Ints(), fDstSlice = new PagedColumns.Ints(), fCounts = new PagedColumns.Ints();
    private final java.util.HashMap<Long, int[]> unboundEnds = new java.util.HashMap<>();
    private final PagedColumns.Doubles fSrcTs = new PagedColumns.Doubles(), fDstTs = new PagedColumns.Doubles();

    /** Task counts that do not fit 16 bits each (a task with more than 65535 inputs or outputs), by flow. */
    private final java.util.HashMap<Integer, int[]> wideCounts = new java.util.HashMap<>();

    private static final byte SRC_BIND = 1, DST_BIND = 2, HAS_COUNTS = 4, SRC_OWN = 8, DST_OWN = 16, WIDE_COUNTS = 32;
    private static final FlowKind[] KINDS = FlowKind.values();

    public void setContent(SliceContent content) { this.content = content; }

    public SliceContent content() { return content; }

    // ------------------------------------------------------------------ slices

    /** Adds a slice; {@code jsonId} is the Chrome "id" member or −1 for none. Returns its index. */
    public int addSlice(int pid, int tid, double ts, double dur, int jsonId) {
        int i = slices++;
        sPid.set(i, pid); sTid.set(i, tid); sTs.set(i, ts); sDur.set(i, dur); sJsonId.set(i, jsonId);
        return i;
    }

    public int sliceCount() { return slices; }

    public int slicePid(int i) { return sPid.get(i); }

    public int sliceTid(int i) { return sTid.get(i); }

    public double sliceTs(int i) { return sTs.get(i); }

    public double sliceDur(int i) { return sDur.get(i); }

    public int sliceJsonId(int i) { return sJsonId.get(i); }

    // ------------------------------------------------------------------ counters

    public int addCounter(int pid, int tid, double ts) {
        int i = counters++;
        cPid.set(i, pid); cTid.set(i, tid); cTs.set(i, ts);
        return i;
    }

    public int counterCount() { return counters; }

    public int counterPid(int i) { return cPid.get(i); }

    public int counterTid(int i) { return cTid.get(i); }

    public double counterTs(int i) { return cTs.get(i); }

    // ------------------------------------------------------------------ flows

    /**
     * Adds an arrow. {@code srcSlice}/{@code dstSlice} are the slices the ends belong to (−1 unknown);
     * {@code srcBind}/{@code dstBind} say whether the Chrome JSON writes {@code bind_id} for that end.
     * {@code inCount}/{@code outCount} are the dependency task counts, or −1 for other kinds.
     */
    public int addFlow(FlowKind kind, int srcPid, int srcTid, double srcTs, int srcSlice, boolean srcBind,
                       int dstPid, int dstTid, double dstTs, int dstSlice, boolean dstBind, int inCount, int outCount) {
        int i = flows++;
        fKind.set(i, (byte) kind.ordinal());
        boolean srcOwn = srcSlice < 0 || slicePid(srcSlice) != srcPid || sliceTid(srcSlice) != srcTid;
        boolean dstOwn = dstSlice < 0 || slicePid(dstSlice) != dstPid || sliceTid(dstSlice) != dstTid;
        boolean wide = inCount > 0xFFFF || outCount > 0xFFFF;
        fBindFlags.set(i, (byte) ((srcBind && srcSlice >= 0 ? SRC_BIND : 0) | (dstBind && dstSlice >= 0 ? DST_BIND : 0)
            | (inCount >= 0 ? HAS_COUNTS : 0) | (srcOwn ? SRC_OWN : 0) | (dstOwn ? DST_OWN : 0) | (wide ? WIDE_COUNTS : 0)));
        fSrcTs.set(i, srcTs); fSrcSlice.set(i, srcSlice);
        fDstTs.set(i, dstTs); fDstSlice.set(i, dstSlice);
        if (srcOwn) unboundEnds.put(2L * i, new int[] {srcPid, srcTid});
        if (dstOwn) unboundEnds.put(2L * i + 1, new int[] {dstPid, dstTid});
        fCounts.set(i, inCount >= 0 && !wide ? inCount << 16 | outCount : 0);
        if (wide) wideCounts.put(i, new int[] {inCount, outCount});
        return i;
    }

    public int flowCount() { return flows; }

    public FlowKind flowKind(int i) { return KINDS[fKind.get(i)]; }

    /** The pid/tid an end keeps for itself (flagged, so the common bound end costs no lookup), or null. */
    private int[] ownEnd(int i, int end) {
        return (fBindFlags.get(i) & (end == 0 ? SRC_OWN : DST_OWN)) == 0 ? null : unboundEnds.get(2L * i + end);
    }

    public int flowSrcPid(int i) {
        int[] own = ownEnd(i, 0);
        return own != null ? own[0] : slicePid(fSrcSlice.get(i));
    }

    public int flowSrcTid(int i) {
        int[] own = ownEnd(i, 0);
        return own != null ? own[1] : sliceTid(fSrcSlice.get(i));
    }

    public double flowSrcTs(int i) { return fSrcTs.get(i); }

    public int flowSrcSlice(int i) { return fSrcSlice.get(i); }

    public boolean flowSrcJsonBind(int i) { return (fBindFlags.get(i) & SRC_BIND) != 0; }

    public int flowDstPid(int i) {
        int[] own = ownEnd(i, 1);
        return own != null ? own[0] : slicePid(fDstSlice.get(i));
    }

    public int flowDstTid(int i) {
        int[] own = ownEnd(i, 1);
        return own != null ? own[1] : sliceTid(fDstSlice.get(i));
    }

    public double flowDstTs(int i) { return fDstTs.get(i); }

    public int flowDstSlice(int i) { return fDstSlice.get(i); }

    public boolean flowDstJsonBind(int i) { return (fBindFlags.get(i) & DST_BIND) != 0; }

    /** True for dependency arrows, which carry input/output task counts. */
    public boolean flowHasCounts(int i) { return (fBindFlags.get(i) & HAS_COUNTS) != 0; }

    /** Input task count of a dependency arrow, or −1. Counts live in 16 bits each; the rare larger ones in a side table. */
    public int flowInputTaskCount(int i) { return !flowHasCounts(i) ? -1 : wide(i) ? wideCounts.get(i)[0] : fCounts.get(i) >>> 16; }

    public int flowOutputTaskCount(int i) { return !flowHasCounts(i) ? -1 : wide(i) ? wideCounts.get(i)[1] : fCounts.get(i) & 0xFFFF; }

    private boolean wide(int i) { return (fBindFlags.get(i) & WIDE_COUNTS) != 0; }

}
