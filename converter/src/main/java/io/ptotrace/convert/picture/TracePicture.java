package io.ptotrace.convert.picture;

import java.util.ArrayList;
import java.util.Arrays;
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
    private int[] sPid = new int[1024], sTid = new int[1024], sJsonId = new int[1024];
    private double[] sTs = new double[1024], sDur = new double[1024];

    // counters
    private int counters;
    private int[] cPid = new int[256], cTid = new int[256];
    private double[] cTs = new double[256];

    // flows
    private int flows;
    private byte[] fKind = new byte[1024];
    private byte[] fBindFlags = new byte[1024];
    private int[] fSrcPid = new int[1024], fSrcTid = new int[1024], fDstPid = new int[1024], fDstTid = new int[1024];
    private int[] fSrcSlice = new int[1024], fDstSlice = new int[1024], fIn = new int[1024], fOut = new int[1024];
    private double[] fSrcTs = new double[1024], fDstTs = new double[1024];

    private static final byte SRC_BIND = 1, DST_BIND = 2, HAS_COUNTS = 4;
    private static final FlowKind[] KINDS = FlowKind.values();

    public void setContent(SliceContent content) { this.content = content; }

    public SliceContent content() { return content; }

    // ------------------------------------------------------------------ slices

    /** Adds a slice; {@code jsonId} is the Chrome "id" member or −1 for none. Returns its index. */
    public int addSlice(int pid, int tid, double ts, double dur, int jsonId) {
        if (slices == sPid.length) {
            int n = slices * 2;
            sPid = Arrays.copyOf(sPid, n); sTid = Arrays.copyOf(sTid, n); sJsonId = Arrays.copyOf(sJsonId, n);
            sTs = Arrays.copyOf(sTs, n); sDur = Arrays.copyOf(sDur, n);
        }
        sPid[slices] = pid; sTid[slices] = tid; sTs[slices] = ts; sDur[slices] = dur; sJsonId[slices] = jsonId;
        return slices++;
    }

    public int sliceCount() { return slices; }

    public int slicePid(int i) { return sPid[i]; }

    public int sliceTid(int i) { return sTid[i]; }

    public double sliceTs(int i) { return sTs[i]; }

    public double sliceDur(int i) { return sDur[i]; }

    public int sliceJsonId(int i) { return sJsonId[i]; }

    // ------------------------------------------------------------------ counters

    public int addCounter(int pid, int tid, double ts) {
        if (counters == cPid.length) {
            int n = counters * 2;
            cPid = Arrays.copyOf(cPid, n); cTid = Arrays.copyOf(cTid, n); cTs = Arrays.copyOf(cTs, n);
        }
        cPid[counters] = pid; cTid[counters] = tid; cTs[counters] = ts;
        return counters++;
    }

    public int counterCount() { return counters; }

    public int counterPid(int i) { return cPid[i]; }

    public int counterTid(int i) { return cTid[i]; }

    public double counterTs(int i) { return cTs[i]; }

    // ------------------------------------------------------------------ flows

    /**
     * Adds an arrow. {@code srcSlice}/{@code dstSlice} are the slices the ends belong to (−1 unknown);
     * {@code srcBind}/{@code dstBind} say whether the Chrome JSON writes {@code bind_id} for that end.
     * {@code inCount}/{@code outCount} are the dependency task counts, or −1 for other kinds.
     */
    public int addFlow(FlowKind kind, int srcPid, int srcTid, double srcTs, int srcSlice, boolean srcBind,
                       int dstPid, int dstTid, double dstTs, int dstSlice, boolean dstBind, int inCount, int outCount) {
        if (flows == fKind.length) {
            int n = flows * 2;
            fKind = Arrays.copyOf(fKind, n); fBindFlags = Arrays.copyOf(fBindFlags, n);
            fSrcPid = Arrays.copyOf(fSrcPid, n); fSrcTid = Arrays.copyOf(fSrcTid, n);
            fDstPid = Arrays.copyOf(fDstPid, n); fDstTid = Arrays.copyOf(fDstTid, n);
            fSrcSlice = Arrays.copyOf(fSrcSlice, n); fDstSlice = Arrays.copyOf(fDstSlice, n);
            fIn = Arrays.copyOf(fIn, n); fOut = Arrays.copyOf(fOut, n);
            fSrcTs = Arrays.copyOf(fSrcTs, n); fDstTs = Arrays.copyOf(fDstTs, n);
        }
        int i = flows++;
        fKind[i] = (byte) kind.ordinal();
        fBindFlags[i] = (byte) ((srcBind && srcSlice >= 0 ? SRC_BIND : 0) | (dstBind && dstSlice >= 0 ? DST_BIND : 0)
            | (inCount >= 0 ? HAS_COUNTS : 0));
        fSrcPid[i] = srcPid; fSrcTid[i] = srcTid; fSrcTs[i] = srcTs; fSrcSlice[i] = srcSlice;
        fDstPid[i] = dstPid; fDstTid[i] = dstTid; fDstTs[i] = dstTs; fDstSlice[i] = dstSlice;
        fIn[i] = inCount; fOut[i] = outCount;
        return i;
    }

    public int flowCount() { return flows; }

    public FlowKind flowKind(int i) { return KINDS[fKind[i]]; }

    public int flowSrcPid(int i) { return fSrcPid[i]; }

    public int flowSrcTid(int i) { return fSrcTid[i]; }

    public double flowSrcTs(int i) { return fSrcTs[i]; }

    public int flowSrcSlice(int i) { return fSrcSlice[i]; }

    public boolean flowSrcJsonBind(int i) { return (fBindFlags[i] & SRC_BIND) != 0; }

    public int flowDstPid(int i) { return fDstPid[i]; }

    public int flowDstTid(int i) { return fDstTid[i]; }

    public double flowDstTs(int i) { return fDstTs[i]; }

    public int flowDstSlice(int i) { return fDstSlice[i]; }

    public boolean flowDstJsonBind(int i) { return (fBindFlags[i] & DST_BIND) != 0; }

    /** True for dependency arrows, which carry input/output task counts. */
    public boolean flowHasCounts(int i) { return (fBindFlags[i] & HAS_COUNTS) != 0; }

    public int flowInputTaskCount(int i) { return fIn[i]; }

    public int flowOutputTaskCount(int i) { return fOut[i]; }
}
