package io.ptotrace.model.clock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One Host invocation's {@code chip.run.runner_run} window: the host-clock span that brackets a device run,
 * the device wall time measured inside it and the device phases on the device wall's own timeline.
 */
public final class HostWindow {
    static final String ROOT = "chip.run",
            RUNNER = "chip.run.runner_run",
            WALL = RUNNER + ".device_wall",
            LAUNCH = RUNNER + ".aicpu_launch";
    public final long pid, inv;
    public final long startNs, durationNs, deviceWallNs;
    /** Device phases by name: {ts, dur} on the device-wall timeline. */
    public final Map<String, long[]> phases;
    /** The host time of the AICPU launch marker, or null. */
    public final Long aicpuLaunchNs;
    /** The root span's identity (run_id, dispatch_id, slot_id, generation), or null. */
    public final long[] identity;
    /** The root {@code chip.run} span, or null. */
    public final HostLog.Span root;

    final boolean runnerHostClock, wallDeviceClock;

    private HostWindow(
            long pid,
            long inv,
            HostLog.Span runner,
            HostLog.Span wall,
            Map<String, long[]> phases,
            Long aicpuLaunchNs,
            long[] identity,
            HostLog.Span root) {
        this.pid = pid;
        this.inv = inv;
        this.startNs = runner.ts;
        this.durationNs = runner.dur;
        this.deviceWallNs = wall.dur;
        this.phases = phases;
        this.aicpuLaunchNs = aicpuLaunchNs;
        this.identity = identity;
        this.root = root;
        this.runnerHostClock = !runner.deviceClock();
        this.wallDeviceClock = wall.deviceClock();
    }

    /**
     * The windows of a set of spans, by (pid, inv) in ascending order; within one invocation the last span of a
     * name wins.
     *
     * @throws PlacementFailure when a launch marker is not a zero-length host-clock instant inside its window
     */
    public static List<HostWindow> of(List<HostLog.Span> spans) {
        TreeMap<Long, TreeMap<Long, Map<String, HostLog.Span>>> byInv = new TreeMap<>();
        for (HostLog.Span s : spans)
            byInv.computeIfAbsent(s.pid, k -> new TreeMap<>())
                    .computeIfAbsent(s.inv, k -> new LinkedHashMap<>())
                    .put(s.name, s);
        List<HostWindow> out = new ArrayList<>();
        for (Map.Entry<Long, TreeMap<Long, Map<String, HostLog.Span>>> p : byInv.entrySet()) {
            for (Map.Entry<Long, Map<String, HostLog.Span>> i : p.getValue().entrySet()) {
                Map<String, HostLog.Span> named = i.getValue();
                HostLog.Span runner = named.get(RUNNER), wall = named.get(WALL);
                if (runner == null || wall == null) continue;
                Map<String, long[]> phases = new LinkedHashMap<>();
                for (HostLog.Span s : named.values())
                    if (s.name.startsWith(WALL + ".") && s.dur > 0)
                        phases.put(s.name.substring(WALL.length() + 1), new long[] {s.ts, s.dur});
                HostLog.Span launch = named.get(LAUNCH);
                Long launchNs = null;
                if (launch != null) {
                    if (launch.deviceClock()
                            || launch.dur != 0
                            || launch.ts < runner.ts
                            || launch.ts > runner.ts + runner.dur)
                        throw new PlacementFailure(
                                "invalid AICPU launch marker: expected Host clock, zero duration, and time within runner window");
                    launchNs = launch.ts;
                }
                HostLog.Span root = named.get(ROOT);
                out.add(new HostWindow(p.getKey(), i.getKey(), runner, wall, phases, launchNs, identityOf(root), root));
            }
        }
        return out;
    }

    private static long[] identityOf(HostLog.Span root) {
        if (root == null) return null;
        Long run = root.intAttr("run_id"),
                dispatch = root.intAttr("dispatch_id"),
                slot = root.intAttr("slot_id"),
                gen = root.intAttr("generation");
        if (run == null || dispatch == null || slot == null || gen == null) return null;
        if (run == 0 && dispatch == 0) return null;
        return new long[] {run, dispatch, slot, gen};
    }

    /** The window holds a device run at all: the runner is on the host clock and the device wall on the device's. */
    public boolean clocksAsExpected() {
        return runnerHostClock && wallDeviceClock;
    }
}
