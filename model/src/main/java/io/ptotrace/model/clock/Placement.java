package io.ptotrace.model.clock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Span containment: a capture's device work placed inside the Host window that brackets it. The device and
 * Host clocks are never compared directly; the placement says where the device block may lie in the window
 * ({@link #placeLoNs}..{@link #placeHiNs}, {@link #slackNs} wide) and maps device cycles to Host ns at the
 * earliest legal position.
 */
public final class Placement {
    public final HostWindow window;
    public final long freqHz;
    public final double originCycles, residualCycles;
    public final List<String> sources;
    public final double head, extentNs, outerSlackNs, placeLoNs, placeHiNs, slackNs;

    private Placement(
            HostWindow w,
            long freqHz,
            double originCycles,
            double residualCycles,
            List<String> sources,
            CaptureWindows cw) {
        this.window = w;
        this.freqHz = freqHz;
        this.originCycles = originCycles;
        this.residualCycles = residualCycles;
        this.sources = sources;
        List<Double> drawn = new ArrayList<>();
        drawn.add(phaseNs(cw.extent[0]));
        drawn.add(phaseNs(cw.extent[1]));
        for (long[] ph : w.phases.values()) {
            drawn.add((double) ph[0]);
            drawn.add((double) (ph[0] + ph[1]));
        }
        double loPhase = Double.POSITIVE_INFINITY, hiPhase = Double.NEGATIVE_INFINITY;
        for (double d : drawn) {
            loPhase = Math.min(loPhase, d);
            hiPhase = Math.max(hiPhase, d);
        }
        head = Math.min(0, loPhase);
        extentNs = Math.max(w.deviceWallNs, hiPhase) - head;
        outerSlackNs = w.durationNs - extentNs;
        placeLoNs = Math.max(w.startNs, w.aicpuLaunchNs == null ? w.startNs : w.aicpuLaunchNs);
        placeHiNs = w.startNs + outerSlackNs;
        slackNs = placeHiNs - placeLoNs;
        if (outerSlackNs < 0)
            throw new PlacementFailure(
                    "pid " + w.pid + " inv " + w.inv + " draws " + us1(extentNs) + " us of device work but its"
                            + " chip.run.runner_run window is only " + us1(w.durationNs) + " us wide");
        if (slackNs < 0)
            throw new PlacementFailure(
                    "pid " + w.pid + " inv " + w.inv + " has no legal placement: its chip.run.runner_run.aicpu_launch"
                            + " marker would put the device block outside the runner window");
    }

    private static String us1(double ns) {
        return String.format(java.util.Locale.ROOT, "%.1f", ns / 1000.0);
    }

    private double phaseNs(long cycles) {
        return (cycles - originCycles) * 1e9 / freqHz;
    }

    /** A device cycle count as Host ns. */
    public double hostNs(long cycles) {
        return placeLoNs + (phaseNs(cycles) - head);
    }

    /** A device-phase timestamp (ns on the device-wall timeline) as Host ns. */
    public double phaseHostNs(double ts) {
        return placeLoNs + (ts - head);
    }

    /**
     * Joins the capture to a window and places it.
     *
     * @throws PlacementFailure when the two cannot describe one run or the window cannot hold it
     */
    public static Placement place(HostWindow w, CaptureWindows cw, long freqHz) {
        double lo = Double.NEGATIVE_INFINITY, hi = Double.POSITIVE_INFINITY;
        List<String> sources = new ArrayList<>();
        String[] names = {"sched", "orch"};
        long[][] bounds = {cw.sched, cw.orch};
        for (int k = 0; k < 2; k++) {
            long[] ph = w.phases.get(names[k]);
            if (ph == null || bounds[k] == null) continue;
            hi = Math.min(hi, bounds[k][0] - cycles(ph[0], freqHz));
            lo = Math.max(lo, bounds[k][1] - cycles(ph[0] + ph[1], freqHz));
            sources.add(names[k]);
        }
        hi = Math.min(hi, cw.extent[0] - cycles(0, freqHz));
        lo = Math.max(lo, cw.extent[1] - cycles(w.deviceWallNs, freqHz));
        sources.add("device_wall");
        if (lo > hi)
            throw new PlacementFailure("pid " + w.pid + " inv " + w.inv
                    + " and this capture cannot describe one run: the device" + " windows they report do not overlap");
        Placement p = new Placement(w, freqHz, (lo + hi) / 2, hi - lo, sources, cw);
        p.joinLo = lo;
        p.joinHi = hi;
        p.capture = cw;
        return p;
    }

    private double joinLo, joinHi;
    private CaptureWindows capture;

    private static double cycles(double ns, long freqHz) {
        return ns * freqHz / 1e9;
    }

    /** Python's round(): half to even. */
    static long round(double v) {
        return (long) Math.rint(v);
    }

    /** What the trace's metadata says about the placement. */
    public Map<String, Object> metadata() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", "span_containment_v1");
        m.put("outer_span", HostWindow.RUNNER);
        m.put("outer_pid", window.pid);
        m.put("outer_inv", window.inv);
        m.put("outer_start_ns", window.startNs);
        m.put("outer_duration_ns", window.durationNs);
        m.put("device_wall_ns", window.deviceWallNs);
        m.put("device_extent_ns", round(extentNs));
        m.put("outer_slack_ns", round(outerSlackNs));
        m.put("slack_ns", round(slackNs));
        m.put("place_lo_ns", round(placeLoNs));
        m.put("place_hi_ns", round(placeHiNs));
        Map<String, Object> join = new LinkedHashMap<>();
        join.put("sources", new ArrayList<Object>(sources));
        join.put("origin_cycles", round(originCycles));
        join.put("residual_ns", round(residualCycles * 1e9 / freqHz));
        m.put("join", join);
        if (window.aicpuLaunchNs != null) {
            m.put("aicpu_launch_ns", window.aicpuLaunchNs);
            m.put("causal_constraint", "aicpu_launch<=device_start");
        }
        return m;
    }

    /**
     * The record a capture could keep to be placed again without the log: the anchor cycle (the extent's
     * first), its Host time here, and the bounds over every origin the join allows.
     */
    public SavedAlignment savedRecord() {
        long a = capture.extent[0];
        double at = hostNs(a);
        Placement pLo = new Placement(window, freqHz, joinLo, 0, sources, capture);
        Placement pHi = new Placement(window, freqHz, joinHi, 0, sources, capture);
        double lo = Math.min(pLo.hostNs(a), pHi.hostNs(a));
        double hiV = Math.max(pLo.hostNs(a) + pLo.slackNs, pHi.hostNs(a) + pHi.slackNs);
        return new SavedAlignment(a, round(at), (long) Math.floor(lo), (long) Math.ceil(hiV), freqHz);
    }
}
