package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.clock.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a containment placement looks like in a trace: the Host window that brackets the device work with
 * the slack inside which the device block could lie (the Placement Bound lanes), and the device phases the
 * Host log measured, placed on the host axis. A trace of several captures (one per rank) draws these per
 * capture at pids the caller chooses; a single capture's trace carries the placement in its metadata only.
 */
public final class PlacementLanes {
    private PlacementLanes() {}

    /** Tids of the Placement Bound process. */
    public static final int OUTER_WINDOW = 0, PLACEMENT_SLACK = 1;

    private static final class Bound extends SliceKind {
        private final Placement p;
        private final String label;

        Bound(Placement p, String label) {
            super("containment");
            this.p = p;
            this.label = label;
        }

        @Override
        public String name(int ref) {
            return ref == OUTER_WINDOW
                    ? "chip.run.runner_run (" + label + ")"
                    : "slack " + String.format(java.util.Locale.ROOT, "%.1f", p.slackNs / 1000.0) + " us";
        }

        @Override
        public void args(int ref, ArgSink a) {
            for (Map.Entry<String, Object> e : p.metadata().entrySet()) a.raw(e.getKey(), e.getValue());
        }
    }

    /**
     * The Placement Bound process at {@code pid}: the runner window (tid 0) and the slack (tid 1), both starting
     * at the window's start, µs after {@code originNs}.
     */
    public static void emitBound(
            TracePicture pic, Placement p, int pid, String processName, String label, long originNs) {
        pic.declare(MetaEvent.processName(pid, processName));
        pic.declare(MetaEvent.processSort(pid, pid));
        pic.declare(MetaEvent.threadName(pid, OUTER_WINDOW, "outer window"));
        pic.declare(MetaEvent.threadName(pid, PLACEMENT_SLACK, "placement slack"));
        Bound kind = new Bound(p, label);
        double ts = (p.window.startNs - originNs) / 1000.0;
        pic.addSlice(kind, OUTER_WINDOW, pid, OUTER_WINDOW, ts, p.window.durationNs / 1000.0, false);
        pic.addSlice(kind, PLACEMENT_SLACK, pid, PLACEMENT_SLACK, ts, p.slackNs / 1000.0, false);
    }

    private static final class DevicePhases extends SliceKind {
        private final List<String> names;
        private final List<long[]> spans;
        private final Placement p;
        private final Object rank;

        DevicePhases(Placement p, Object rank, List<String> names, List<long[]> spans) {
            super("host.device");
            this.p = p;
            this.rank = rank;
            this.names = names;
            this.spans = spans;
        }

        @Override
        public String name(int ref) {
            return names.get(ref);
        }

        @Override
        public void args(int ref, ArgSink a) {
            a.raw("rank", rank);
            a.i64("device_ts_ns", spans.get(ref)[0]);
            a.i64("slack_ns", Math.round(p.slackNs));
        }
    }

    /**
     * The device phases of the placement's window (one lane per phase name, named by its last dotted part) on the
     * host axis at {@code pid}, µs after {@code originNs}.
     */
    public static void emitDevicePhases(
            TracePicture pic, Placement p, int pid, String processName, Object rank, long originNs) {
        pic.declare(MetaEvent.processName(pid, processName));
        pic.declare(MetaEvent.processSort(pid, pid));
        List<String> names = new ArrayList<>();
        List<long[]> spans = new ArrayList<>();
        for (Map.Entry<String, long[]> e : p.window.phases.entrySet()) {
            names.add(e.getKey());
            spans.add(e.getValue());
        }
        DevicePhases kind = new DevicePhases(p, rank, names, spans);
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            pic.declare(MetaEvent.threadName(pid, i, n.substring(n.lastIndexOf('.') + 1)));
            long[] s = spans.get(i);
            pic.addSlice(kind, i, pid, i, (p.phaseHostNs(s[0]) - originNs) / 1000.0, s[1] / 1000.0, false);
        }
    }
}
