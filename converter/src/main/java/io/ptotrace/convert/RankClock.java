package io.ptotrace.convert;

import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.clock.CaptureWindows;
import io.ptotrace.model.clock.Placement;

/**
 * A rank's capture on the merged trace's time base. The reader decodes a device-orchestrated capture on its
 * own device clock ({@code (c − base)·10⁶/f} µs); once the capture is placed in its Host window, a device
 * cycle c lies at Host ns {@code H(c) = place_lo + (c − origin_cycles)·10⁹/f − head}, so on a base of Host ns
 * G every time of the rank moves by one constant, {@code (place_lo − head − G)/1000 + (base − origin_cycles)·10⁶/f} µs.
 */
public final class RankClock {
    private RankClock() {}

    /** What the merge needs of a rank's capture; null when the capture is of an era that cannot be placed. */
    static final class Facts {
        final CaptureWindows windows;
        final long baseCycles;
        final String runtime;
        final String hostClockDomainId;

        Facts(CaptureWindows windows, long baseCycles, String runtime, String hostClockDomainId) {
            this.windows = windows;
            this.baseCycles = baseCycles;
            this.runtime = runtime;
            this.hostClockDomainId = hostClockDomainId;
        }
    }

    /**
     * What placing a rank needs of its timeline: small, so that a merge of big ranks can let the timelines go until
     * each is drawn.
     */
    record Summary(Facts facts, long clockFreqHz, boolean hostMode, Placement readerPlacement, long originNs) {
        static Summary of(Timeline tl) {
            Timeline.Streams s = tl.streams;
            return new Summary(
                    RankClock.of(tl),
                    tl.clockFreqHz,
                    tl.hostMode(),
                    s == null ? null : s.placement,
                    s == null ? 0 : s.originNs);
        }
    }

    static Facts of(Timeline tl) {
        Timeline.Streams s = tl.streams;
        if (s == null || s.captureWindows == null || s.captureWindows.extent == null) return null;
        return new Facts(s.captureWindows, s.baseCycles, s.runtime.wireName, s.hostClockDomainId);
    }

    /** The shift, µs, that puts a capture placed by {@code p} on the base {@code originNs}. */
    static double shiftUs(Placement p, long baseCycles, long freqHz, long originNs) {
        return (p.placeLoNs - p.head - originNs) / 1000.0 + (baseCycles - p.originCycles) * 1e6 / freqHz;
    }

    /** Moves every time of the timeline by {@code us}; values of absent times (negative) stay as they are. */
    public static void shift(Timeline tl, double us) {
        shift(tl.start, us);
        shift(tl.end, us);
        shift(tl.receive, us);
        if (tl.aicpuJoined) {
            shift(tl.dispatch, us);
            shift(tl.finish, us);
        }
        PhaseTable pt = tl.phases;
        for (int r = 0; r < pt.size(); r++) pt.setTimes(r, pt.startUs(r) + us, pt.endUs(r) + us);
        // a host-orchestrated capture's Host uploads and AICPU lifecycle stamps move with it (missing stamps are NaN)
        for (int u = 0; u < tl.uploads.size(); u++) {
            Timeline.Upload up = tl.uploads.get(u);
            tl.uploads.set(u, new Timeline.Upload(up.phase, up.startUs + us, up.endUs + us, up.detail));
        }
        if (tl.streams != null)
            for (Timeline.Lifecycle l : tl.streams.lifecycle) for (int k = 0; k < l.us.length; k++) l.us[k] += us;
    }

    private static void shift(double[] a, double us) {
        for (int i = 0; i < a.length; i++) if (a[i] >= 0) a[i] += us;
    }
}
