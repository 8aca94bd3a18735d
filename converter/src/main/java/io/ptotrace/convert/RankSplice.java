package io.ptotrace.convert;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.clock.HostLog;
import io.ptotrace.model.clock.HostWindow;
import io.ptotrace.model.clock.PlacementFailure;
import io.ptotrace.model.tree.RankPairing;
import io.ptotrace.model.tree.RankPin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The ranks of a tree on one Host time base: each capture paired with the Host invocation that ran it and
 * placed in its runner window (span containment), the earliest Host time of the merge as time 0, and the
 * processes that dispatched to the ranks. How far apart two ranks' events really are is known only up to
 * their placements' slack: the trace says so ({@code cross_rank_uncertainty_ns}).
 */
final class RankSplice {
    final long originNs;
    /** Per rank, µs: how far its timeline moves onto the common base. */
    private final double[] shiftUs;
    /** Per rank, in the order of the ranks given. */
    final List<RankPairing.Pair> pairs;
    /** Per rank: the spans of its Host invocation. */
    final List<List<HostLog.Span>> invocations;
    /** The dispatching processes' spans, by OS pid. */
    final TreeMap<Long, List<HostLog.Span>> dispatchers;

    final String runtime;
    final String hostClockDomainId;

    private RankSplice(
            long originNs,
            double[] shiftUs,
            List<RankPairing.Pair> pairs,
            List<List<HostLog.Span>> invocations,
            TreeMap<Long, List<HostLog.Span>> dispatchers,
            String runtime,
            String hostClockDomainId) {
        this.originNs = originNs;
        this.shiftUs = shiftUs;
        this.pairs = pairs;
        this.invocations = invocations;
        this.dispatchers = dispatchers;
        this.runtime = runtime;
        this.hostClockDomainId = hostClockDomainId;
    }

    /** One rank to place: its number, what placing needs of its timeline, capture, sidecar. */
    static final class Rank {
        final int rank;
        final RankClock.Summary clock;
        final Path records;
        final io.ptotrace.model.tree.DispatchIdentity identity;

        Rank(int rank, RankClock.Summary clock, Path records, io.ptotrace.model.tree.DispatchIdentity identity) {
            this.rank = rank;
            this.clock = clock;
            this.records = records;
            this.identity = identity;
        }
    }

    /**
     * Places the ranks and finds each one's move onto the common base ({@link #moveOntoBase}); null when no rank can
     * be placed (captures of the eras before the streams era carry no Host log to place them by, and stay on their
     * own clocks).
     */
    static RankSplice of(List<Rank> ranks, List<Path> logs, List<RankPin> pins, Consumer<String> warn) {
        List<RankClock.Facts> facts = new ArrayList<>();
        int placeable = 0;
        for (Rank r : ranks) {
            RankClock.Facts f = r.clock.facts();
            facts.add(f);
            if (f != null) placeable++;
        }
        if (placeable == 0) return null;
        if (placeable < ranks.size())
            throw problem(
                    "the ranks' captures are of different capture eras; only streams-era captures can be placed on one Host time base");

        Set<String> runtimes = new LinkedHashSet<>();
        for (RankClock.Facts f : facts) runtimes.add(f.runtime);
        if (runtimes.size() > 1)
            throw problem("Ranks of this run name different runtimes (" + String.join(", ", runtimes)
                    + "); one merged trace carries one "
                    + "TaskId layout, so these captures cannot be spliced together.");
        Set<String> domains = new LinkedHashSet<>();
        for (int i = 0; i < ranks.size(); i++) {
            String d = facts.get(i).hostClockDomainId;
            if (d == null)
                warn.accept("Warning: rank" + ranks.get(i).rank + " predates metadata.host_clock_domain_id ("
                        + ranks.get(i).records + "); the merge assumes every Rank ran against one Host clock");
            else domains.add(d);
        }
        if (domains.size() > 1)
            throw problem("Rank inputs come from different Host clocks (['" + String.join("', '", domains)
                    + "']), so their windows are not "
                    + "comparable. Placing them on one axis needs the window of the level that dispatched to both \u2014 the cross-host splice "
                    + "is not implemented.");

        List<HostLog.Span> spans = HostLog.read(logs);
        List<RankPairing.Pair> pairs;
        try {
            List<HostWindow> windows = HostWindow.of(spans);
            List<RankPairing.Capture> captures = new ArrayList<>();
            for (int i = 0; i < ranks.size(); i++)
                captures.add(new RankPairing.Capture(
                        ranks.get(i).rank,
                        facts.get(i).windows,
                        ranks.get(i).clock.clockFreqHz(),
                        ranks.get(i).identity,
                        preplaced(ranks.get(i))));
            pairs = RankPairing.pair(captures, windows, pins);
        } catch (PlacementFailure e) {
            throw problem(e.getMessage());
        }

        // each rank's invocation, and the Host window all of them span
        List<List<HostLog.Span>> invocations = new ArrayList<>();
        Set<Long> rankPids = new HashSet<>();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (RankPairing.Pair p : pairs) {
            List<HostLog.Span> inv = new ArrayList<>();
            for (HostLog.Span s : spans)
                if (s.pid == p.window.pid && s.inv == p.window.inv) {
                    inv.add(s);
                    if (!s.deviceClock()) {
                        lo = Math.min(lo, s.ts);
                        hi = Math.max(hi, s.ts + s.dur);
                    }
                }
            invocations.add(inv);
            rankPids.add(p.window.pid);
        }

        // the processes that dispatched: other pids' invocations overlapping the ranks' window (their
        // process-long spans, invocation 0, when they overlap it widened by its own length)
        long wLo = lo - (hi - lo), wHi = hi + (hi - lo);
        Map<Long, Map<Long, List<HostLog.Span>>> other = new TreeMap<>();
        for (HostLog.Span s : spans)
            if (!rankPids.contains(s.pid) && !s.name.startsWith("chip.") && !s.deviceClock())
                other.computeIfAbsent(s.pid, k -> new TreeMap<>())
                        .computeIfAbsent(s.inv, k -> new ArrayList<>())
                        .add(s);
        TreeMap<Long, List<HostLog.Span>> dispatchers = new TreeMap<>();
        for (Map.Entry<Long, Map<Long, List<HostLog.Span>>> e : other.entrySet()) {
            List<HostLog.Span> kept = new ArrayList<>();
            for (Map.Entry<Long, List<HostLog.Span>> inv : e.getValue().entrySet()) {
                long a = Long.MAX_VALUE, b = Long.MIN_VALUE;
                for (HostLog.Span s : inv.getValue()) {
                    a = Math.min(a, s.ts);
                    b = Math.max(b, s.ts + s.dur);
                }
                if (inv.getKey() == 0) {
                    for (HostLog.Span s : inv.getValue()) if (s.ts <= wHi && s.ts + s.dur >= wLo) kept.add(s);
                } else if (a <= hi && b >= lo) kept.addAll(inv.getValue());
            }
            if (!kept.isEmpty()) dispatchers.put(e.getKey(), kept);
        }
        // keep the log's order within a process
        java.util.IdentityHashMap<HostLog.Span, Integer> order = new java.util.IdentityHashMap<>();
        for (int k = 0; k < spans.size(); k++) order.put(spans.get(k), k);
        for (List<HostLog.Span> l : dispatchers.values()) l.sort((x, y) -> Integer.compare(order.get(x), order.get(y)));

        long origin = Long.MAX_VALUE;
        for (int i = 0; i < pairs.size(); i++) {
            origin = Math.min(origin, (long) pairs.get(i).placement.placeLoNs);
            for (HostLog.Span s : invocations.get(i)) if (!s.deviceClock()) origin = Math.min(origin, s.ts);
        }
        for (List<HostLog.Span> l : dispatchers.values()) for (HostLog.Span s : l) origin = Math.min(origin, s.ts);

        double[] shiftUs = new double[ranks.size()];
        for (int i = 0; i < ranks.size(); i++) {
            RankClock.Summary c = ranks.get(i).clock;
            // a rank the reader placed is on the Host axis from its own origin; the others on their device clock
            shiftUs[i] = preplaced(ranks.get(i)) != null
                    ? (c.originNs() - origin) / 1000.0
                    : RankClock.shiftUs(pairs.get(i).placement, facts.get(i).baseCycles, c.clockFreqHz(), origin);
        }
        return new RankSplice(
                origin,
                shiftUs,
                pairs,
                invocations,
                dispatchers,
                runtimes.iterator().next(),
                domains.isEmpty() ? null : domains.iterator().next());
    }

    /** Moves the timeline of the {@code i}th rank (as read, or read again) onto the common base. */
    void moveOntoBase(int i, Timeline tl) {
        RankClock.shift(tl, shiftUs[i]);
    }

    /** The placement the reader found for a host-orchestrated capture (from its own Host records), or null. */
    private static io.ptotrace.model.clock.Placement preplaced(Rank r) {
        if (!r.clock.hostMode()) return null;
        if (r.clock.readerPlacement() == null)
            throw problem("rank" + r.rank + "'s host-orchestrated capture could not be placed in the Host logs ("
                    + r.records + ")");
        return r.clock.readerPlacement();
    }

    /** The sum of the two largest rounded slacks: how large a gap between two ranks' events may be and still be undecided; null for one rank. */
    Long crossRankUncertaintyNs() {
        if (pairs.size() < 2) return null;
        List<Long> s = new ArrayList<>();
        for (RankPairing.Pair p : pairs) s.add(Math.round(p.placement.slackNs));
        s.sort(null);
        return s.get(s.size() - 1) + s.get(s.size() - 2);
    }

    /** The console's "Bound:" line. */
    String boundLine() {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (RankPairing.Pair p : pairs) {
            min = Math.min(min, p.placement.slackNs);
            max = Math.max(max, p.placement.slackNs);
        }
        String w = us1(min).equals(us1(max)) ? us1(min) : us1(min) + "\u2013" + us1(max);
        String line = "each Rank placed within " + w + " us of its chip.run.runner_run window";
        Long x = crossRankUncertaintyNs();
        if (x != null) line += "; a cross-Rank gap under " + us1(x) + " us is undecided";
        return line;
    }

    private static String us1(double ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1000.0);
    }

    /** The dispatching processes' OS pids. */
    List<Object> dispatcherPids() {
        return new ArrayList<>(dispatchers.keySet());
    }

    Map<String, Object> placementOf(int i) {
        return pairs.get(i).placement.metadata();
    }

    private static InputProblem problem(String message) {
        return new InputProblem((String) null, message, null, null);
    }

    static Map<String, Object> map() {
        return new LinkedHashMap<>();
    }
}
