package io.ptotrace.convert.picture;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A picture cut into consecutive time windows, each of which can be built as a picture of its own: every
 * declaration (so every part names the same processes and lanes), the slices and counter samples that start
 * in the window, and the arrows with both ends in it. An arrow with one end in another window is shown at the
 * end that is in this one as a zero-length slice of the {@value #CROSS_CATEGORY} overlay, naming the slice
 * and the window at the other end. A slice belongs to the window holding its start; an arrow end to its
 * slice's window (an end with no slice to the window holding its own time).
 *
 * <p>Windows are built one at a time from the full picture, which is only read.
 */
public final class PictureWindows {
    public static final String CROSS_CATEGORY = "cross_window";

    private final TracePicture full;
    private final double[] cuts;
    private final String[] labels;

    /**
     * Window {@code k} holds what starts in [{@code cuts[k-1]}, {@code cuts[k]}), the first from −∞ and the
     * last to +∞; {@code labels[k]} names window k on the markers of the others (a file name, say).
     */
    public PictureWindows(TracePicture full, double[] cuts, String[] labels) {
        if (labels.length != cuts.length + 1)
            throw new IllegalArgumentException(labels.length + " labels for " + (cuts.length + 1) + " windows");
        for (int i = 1; i < cuts.length; i++)
            if (!(cuts[i - 1] < cuts[i]))
                throw new IllegalArgumentException("window cuts must increase: " + Arrays.toString(cuts));
        this.full = full;
        this.cuts = cuts.clone();
        this.labels = labels.clone();
    }

    public int count() {
        return labels.length;
    }

    /** The window holding time {@code ts} (µs). */
    public int of(double ts) {
        int lo = 0, hi = cuts.length; // number of cuts <= ts
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cuts[mid] <= ts) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The window of each slice of the full picture, found once for all windows. */
    private int[] sliceWindow;

    private int[] sliceWindows() {
        if (sliceWindow == null) {
            int n = full.sliceCount();
            int[] w = new int[n];
            for (int i = 0; i < n; i++) w[i] = of(full.sliceTs(i));
            sliceWindow = w;
        }
        return sliceWindow;
    }

    /** Window {@code k} as a picture of its own. */
    public TracePicture window(int k) {
        return window(k, 0, 0);
    }

    /**
     * Window {@code k} as a picture of its own, numbered from the given bases (the window of one part of a trace
     * written part by part continues the numbering of the window's earlier parts).
     */
    public TracePicture window(int k, int jsonIdBase, int flowIdBase) {
        TracePicture w = new TracePicture(jsonIdBase, flowIdBase);
        for (MetaEvent m : full.meta) w.declare(m);
        for (ProcessTag t : full.processTags()) w.addProcessTag(t);
        w.setTopLevelMetadata(full.topLevelMetadata());
        int n = full.sliceCount();
        int[] map = new int[n];
        int[] of = sliceWindows();
        for (int i = 0; i < n; i++)
            map[i] = of[i] != k
                    ? -1
                    : w.addSlice(
                            full.sliceKind(i),
                            full.sliceRef(i),
                            full.slicePid(i),
                            full.sliceTid(i),
                            full.sliceTs(i),
                            full.sliceDur(i),
                            full.sliceJsonId(i) >= 0);
        for (int c = 0; c < full.counterCount(); c++) {
            double ts = full.counterTs(c);
            if (of(ts) == k)
                w.addCounter(full.counterKind(c), full.counterRef(c), full.counterPid(c), full.counterTid(c), ts);
        }
        Overlay cross = null;
        for (int f = 0; f < full.flowCount(); f++) {
            int src = full.flowSrcSlice(f), dst = full.flowDstSlice(f);
            int ws = src >= 0 ? of[src] : of(full.flowSrcTs(f)), wd = dst >= 0 ? of[dst] : of(full.flowDstTs(f));
            if (ws != k && wd != k) continue;
            if (ws == wd) {
                copyArrow(w, f, src < 0 ? -1 : map[src], dst < 0 ? -1 : map[dst]);
                continue;
            }
            if (cross == null) cross = w.overlay(CROSS_CATEGORY);
            boolean out = ws == k;
            int here = out ? src : dst, there = out ? dst : src;
            String otherTask = there >= 0 ? full.sliceName(there) : "(no slice)";
            String otherPart = labels[out ? wd : ws];
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("kind", full.flowName(f));
            args.put("direction", out ? "out" : "in");
            args.put("task", here >= 0 ? full.sliceName(here) : "(no slice)");
            args.put("other_task", otherTask);
            args.put("other_part", otherPart);
            args.put("other_ts_us", out ? full.flowDstTs(f) : full.flowSrcTs(f));
            args.put("full_trace_flow_id", (long) full.flowId(f)); // the same on both markers of one arrow
            String name = full.flowName(f) + (out ? " \u2192 " : " \u2190 ") + otherTask + " in " + otherPart;
            if (out) cross.slice(full.flowSrcPid(f), full.flowSrcTid(f), full.flowSrcTs(f), 0, name, null, args);
            else cross.slice(full.flowDstPid(f), full.flowDstTid(f), full.flowDstTs(f), 0, name, null, args);
        }
        return w;
    }

    private void copyArrow(TracePicture w, int f, int src, int dst) {
        FlowKind kind = full.flowKind(f);
        if (kind == FlowKind.OVERLAY) {
            w.addOverlayFlow(full.flowName(f), src, full.flowSrcTs(f), dst, full.flowDstTs(f));
            return;
        }
        w.addFlow(
                kind,
                full.flowSrcPid(f),
                full.flowSrcTid(f),
                full.flowSrcTs(f),
                src,
                full.flowSrcJsonBind(f),
                full.flowDstPid(f),
                full.flowDstTid(f),
                full.flowDstTs(f),
                dst,
                full.flowDstJsonBind(f),
                full.flowInputTaskCount(f),
                full.flowOutputTaskCount(f));
    }
}
