package io.ptotrace.model.tree;

import io.ptotrace.model.clock.CaptureWindows;
import io.ptotrace.model.clock.HostWindow;
import io.ptotrace.model.clock.Placement;
import io.ptotrace.model.clock.PlacementFailure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which Host invocation ran each rank's capture, and where in its runner window the capture lies. A rank is
 * pinned ({@code --rank-pid}), or named by its sidecar (host pid and dispatch identity narrow the windows to
 * one), or fitted: of all ways to give the remaining captures distinct windows that can hold them, the one
 * that leaves the least unexplained window time, if it beats the next best clearly (by a factor 4).
 */
public final class RankPairing {
    /** How many assignments the fit may score before it refuses. */
    static final long MAX_WAYS = 200_000;

    static final double CLEAR_FACTOR = 4.0;

    /** One rank's capture as the pairing sees it. */
    public static final class Capture {
        public final int rank;
        public final CaptureWindows windows;
        public final long clockFreqHz;
        /** Null without a sidecar. */
        public final DispatchIdentity identity;
        /** A host-orchestrated capture the reader already placed by its sidecar and Host records, or null. */
        public final Placement preplaced;

        public Capture(int rank, CaptureWindows windows, long clockFreqHz, DispatchIdentity identity) {
            this(rank, windows, clockFreqHz, identity, null);
        }

        public Capture(
                int rank, CaptureWindows windows, long clockFreqHz, DispatchIdentity identity, Placement preplaced) {
            this.rank = rank;
            this.windows = windows;
            this.clockFreqHz = clockFreqHz;
            this.identity = identity;
            this.preplaced = preplaced;
        }
    }

    /** The pairing of one rank: its window, its placement and how it was found (the trace's {@code host_pairing}). */
    public static final class Pair {
        public final int rank;
        public final HostWindow window;
        public final Placement placement;
        public final String source;
        public final List<String> sidecarKeys;
        public final Long windowExcessNs, assignmentMarginNs;

        Pair(
                int rank,
                HostWindow window,
                Placement placement,
                String source,
                List<String> sidecarKeys,
                Long excess,
                Long margin) {
            this.rank = rank;
            this.window = window;
            this.placement = placement;
            this.source = source;
            this.sidecarKeys = sidecarKeys;
            this.windowExcessNs = excess;
            this.assignmentMarginNs = margin;
        }

        public Map<String, Object> metadata() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pid", window.pid);
            m.put("inv", window.inv);
            m.put("source", source);
            m.put("sidecar_keys", sidecarKeys == null ? null : new ArrayList<Object>(sidecarKeys));
            m.put("window_excess_ns", windowExcessNs);
            m.put("assignment_margin_ns", assignmentMarginNs);
            return m;
        }
    }

    private RankPairing() {}

    /** The windows a capture can be placed in at all: the runner on the Host clock, the device wall on the device's, both non-empty. */
    static boolean placeable(HostWindow w) {
        return w.clocksAsExpected() && w.startNs > 0 && w.durationNs > 0 && w.deviceWallNs > 0;
    }

    /**
     * Pairs every capture with a window of {@code all}; the result is in the captures' order.
     *
     * @throws PlacementFailure with the reason when no clear pairing exists
     */
    public static List<Pair> pair(List<Capture> captures, List<HostWindow> all, List<RankPin> pins) {
        List<HostWindow> windows = new ArrayList<>();
        for (HostWindow w : all) if (placeable(w)) windows.add(w);
        if (windows.isEmpty())
            throw new PlacementFailure(
                    "the Host logs hold no chip.run.runner_run / chip.run.runner_run.device_wall pair; nothing brackets the device work");
        if (windows.size() < captures.size())
            throw new PlacementFailure(
                    captures.size() + " captures but only " + windows.size() + " Host invocations to place them in");
        Map<Integer, Capture> byRank = new LinkedHashMap<>();
        for (Capture c : captures) byRank.put(c.rank, c);
        Map<Integer, Pair> done = new HashMap<>();
        Map<HostWindow, Integer> claimed = new LinkedHashMap<>();

        // a host-orchestrated capture names its invocation itself (its Host records lie inside it)
        for (Capture c : captures) {
            if (c.preplaced == null) continue;
            HostWindow w = windows.stream()
                    .filter(x -> x.pid == c.preplaced.window.pid && x.inv == c.preplaced.window.inv)
                    .findFirst()
                    .orElse(c.preplaced.window);
            claimed.put(w, c.rank);
            List<String> keys = new ArrayList<>();
            if (c.identity != null && c.identity.hostPid > 0) keys.add("host_pid");
            if (c.identity != null && identity(c.identity) != null) keys.add("dispatch");
            done.put(
                    c.rank,
                    new Pair(c.rank, w, c.preplaced, "capture_sidecar", keys.isEmpty() ? null : keys, null, null));
        }
        for (RankPin pin : pins) {
            Capture c = byRank.get(pin.rank);
            if (c != null && c.preplaced != null)
                continue; // placed by its own Host records; the pin has nothing to choose
            if (c == null)
                throw new PlacementFailure(
                        "pinned pairing names a capture that is not being merged: [" + pin.rank + "]");
            List<HostWindow> of = windows.stream()
                    .filter(w -> w.pid == pin.pid && (pin.inv < 0 || w.inv == pin.inv))
                    .collect(Collectors.toList());
            if (pin.inv >= 0 && of.isEmpty())
                throw new PlacementFailure("pinned pairing " + pin
                        + " names an invocation with no placeable chip.run.runner_run window in the Host logs");
            if (of.size() != 1)
                throw new PlacementFailure(
                        "pinned pairing " + pin + " names a pid with " + of.size() + " placeable invocations (inv "
                                + of.stream().map(w -> String.valueOf(w.inv)).collect(Collectors.joining(", "))
                                + "); name the invocation too, as "
                                + pin.rank + "=" + pin.pid + ":INV");
            HostWindow w = of.get(0);
            if (claimed.containsKey(w))
                throw new PlacementFailure("pinned pairing sends two captures to one Host invocation");
            claimed.put(w, c.rank);
        }
        for (Map.Entry<HostWindow, Integer> e : claimed.entrySet()) {
            Capture c = byRank.get(e.getValue());
            if (done.containsKey(c.rank)) continue;
            done.put(
                    c.rank,
                    new Pair(
                            c.rank,
                            e.getKey(),
                            Placement.place(e.getKey(), c.windows, c.clockFreqHz),
                            "pinned",
                            null,
                            null,
                            null));
        }

        // sidecars narrow the windows: host_pid to a process, the dispatch identity to an invocation
        Map<Integer, List<HostWindow>> candidates = new LinkedHashMap<>();
        Map<Integer, List<String>> keys = new HashMap<>();
        for (Capture c : captures) {
            if (done.containsKey(c.rank)) continue;
            List<HostWindow> ws = new ArrayList<>(windows);
            List<String> used = new ArrayList<>();
            if (c.identity != null) {
                if (c.identity.hostPid > 0) {
                    ws.removeIf(w -> w.pid != c.identity.hostPid);
                    used.add("host_pid");
                }
                long[] id = identity(c.identity);
                if (id != null) {
                    ws.removeIf(w -> w.identity != null && !Arrays.equals(w.identity, id));
                    used.add("dispatch");
                }
            }
            if (ws.size() == 1 && !used.isEmpty() && c.identity != null && c.identity.hostPid > 0) {
                HostWindow w = ws.get(0);
                if (claimed.containsKey(w))
                    throw new PlacementFailure("capture " + c.rank
                            + "'s sidecar names a Host invocation that a pinned pairing already claims; "
                            + "the pin and the capture disagree about which invocation ran it");
                claimed.put(w, c.rank);
                done.put(
                        c.rank,
                        new Pair(
                                c.rank,
                                w,
                                Placement.place(w, c.windows, c.clockFreqHz),
                                "capture_sidecar",
                                used,
                                null,
                                null));
                continue;
            }
            candidates.put(c.rank, ws);
            keys.put(c.rank, used);
        }

        if (!candidates.isEmpty()) fit(byRank, candidates, claimed, done);
        List<Pair> out = new ArrayList<>();
        for (Capture c : captures) out.add(done.get(c.rank));
        return out;
    }

    /** The dispatch identity a sidecar gives the root span: (run id, endpoint dispatch, pipeline slot, generation). */
    private static long[] identity(DispatchIdentity d) {
        Object[] v = {
            d.members.get("run_id"),
            d.members.get("endpoint_dispatch_id"),
            d.members.get("pipeline_slot"),
            d.members.get("pipeline_generation")
        };
        long[] out = new long[4];
        for (int i = 0; i < 4; i++) {
            if (!(v[i] instanceof Long)) return null;
            out[i] = (Long) v[i];
        }
        return out;
    }

    /** Window time a placement leaves unexplained, ns: over the phases both sides report, else the device wall beyond the extent. */
    static double cost(HostWindow w, CaptureWindows cw, long freq) {
        double c = 0;
        boolean shared = false;
        String[] names = {"sched", "orch"};
        long[][] bounds = {cw.sched, cw.orch};
        for (int k = 0; k < 2; k++) {
            long[] ph = w.phases.get(names[k]);
            if (ph == null || bounds[k] == null) continue;
            c += ph[1] - (bounds[k][1] - bounds[k][0]) * 1e9 / freq;
            shared = true;
        }
        if (!shared) c = w.deviceWallNs - (cw.extent[1] - cw.extent[0]) * 1e9 / freq;
        return c;
    }

    private static void fit(
            Map<Integer, Capture> byRank,
            Map<Integer, List<HostWindow>> candidates,
            Map<HostWindow, Integer> claimed,
            Map<Integer, Pair> done) {
        List<Integer> ranks = new ArrayList<>(candidates.keySet());
        List<List<HostWindow>> lists = new ArrayList<>();
        long ways = 1;
        for (int r : ranks) {
            List<HostWindow> l = new ArrayList<>(candidates.get(r));
            l.removeIf(claimed::containsKey);
            lists.add(l);
            ways = Math.min(Long.MAX_VALUE / 2, ways * Math.max(1, l.size()));
        }
        if (ways > MAX_WAYS) {
            long noSidecar =
                    ranks.stream().filter(r -> byRank.get(r).identity == null).count();
            long windowCount = lists.stream().flatMap(List::stream).distinct().count();
            throw new PlacementFailure(
                    noSidecar + " capture(s) carry no dispatch_identity.json and the Host logs hold " + windowCount
                            + " candidate chip.run.runner_run windows, which is " + ways
                            + " ways of matching them \u2014 too many to score. "
                            + "Pin the ranks with --rank-pid RANK=PID:INV.");
        }
        // each rank's feasible windows with their placements and costs
        List<List<Object[]>> options = new ArrayList<>();
        for (int i = 0; i < ranks.size(); i++) {
            Capture c = byRank.get(ranks.get(i));
            List<Object[]> o = new ArrayList<>();
            for (HostWindow w : lists.get(i)) {
                try {
                    Placement p = Placement.place(w, c.windows, c.clockFreqHz);
                    o.add(new Object[] {w, p, cost(w, c.windows, c.clockFreqHz)});
                } catch (PlacementFailure infeasible) {
                    // this window cannot hold the capture
                }
            }
            options.add(o);
        }
        double[] best = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        int[][] bestChoice = {null};
        search(options, 0, new int[ranks.size()], new java.util.HashSet<>(), 0.0, best, bestChoice);
        if (bestChoice[0] == null)
            throw new PlacementFailure(
                    "no way of matching these captures to the Host log's invocations puts every capture inside a window "
                            + "wide enough to hold it; the log and the captures are probably from different runs");
        if (best[1] != Double.POSITIVE_INFINITY && !(best[1] >= CLEAR_FACTOR * best[0] && best[1] > best[0]))
            throw new PlacementFailure(String.format(
                    Locale.ROOT,
                    "the captures pair ambiguously with the Host log's invocations: the best match is "
                            + "off by %.1f us of window and the next by %.1f us, which is too close to tell apart. Pin the ranks with --rank-pid RANK=PID:INV.",
                    best[0] / 1000.0,
                    best[1] / 1000.0));
        Long margin = best[1] == Double.POSITIVE_INFINITY ? null : Math.round(best[1] - best[0]);
        for (int i = 0; i < ranks.size(); i++) {
            Object[] o = options.get(i).get(bestChoice[0][i]);
            int r = ranks.get(i);
            done.put(
                    r,
                    new Pair(
                            r,
                            (HostWindow) o[0],
                            (Placement) o[1],
                            "device_window_fit",
                            null,
                            Math.round((Double) o[2]),
                            margin));
        }
    }

    /** Depth-first over distinct-window assignments, keeping the best and second-best total cost. */
    private static void search(
            List<List<Object[]>> options,
            int i,
            int[] choice,
            java.util.Set<HostWindow> used,
            double sum,
            double[] best,
            int[][] bestChoice) {
        if (i == options.size()) {
            if (sum < best[0]) {
                best[1] = best[0];
                best[0] = sum;
                bestChoice[0] = choice.clone();
            } else if (sum < best[1]) best[1] = sum;
            return;
        }
        List<Object[]> o = options.get(i);
        for (int k = 0; k < o.size(); k++) {
            HostWindow w = (HostWindow) o.get(k)[0];
            if (used.contains(w)) continue;
            used.add(w);
            choice[i] = k;
            search(options, i + 1, choice, used, sum + (Double) o.get(k)[2], best, bestChoice);
            used.remove(w);
        }
    }
}
