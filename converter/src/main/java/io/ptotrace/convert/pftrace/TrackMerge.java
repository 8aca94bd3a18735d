package io.ptotrace.convert.pftrace;

import io.ptotrace.model.util.SecondThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The k-way merge of the tracks' event streams into the trace's one event order, by (time, begin before counter
 * before end, track), with the tracks' head keys in a tree of losers held in primitive arrays; and each item event's place
 * in that order.
 *
 * <p>A large merge runs in two halves of time on two threads. When every track's stream is in time order, the one
 * merge puts every event before a time T ahead of every event at T or later, and its choices among the events before
 * T never look at the later ones: so the events before T merged on their own, and those from T on merged on their
 * own from the tracks' positions at T, are its two halves exactly (keys never tie: the track is part of the key).
 */
final class TrackMerge {
    /** An event's time in ns, from its code (item·2 a begin, item·2+1 an end, ~v counter value v). */
    interface EventTime {
        long ns(int code);
    }

    /** Events from which a merge runs in two halves on two threads (below, the second thread costs more than it saves). */
    static final int TWO_HALVES_MIN_EVENTS = 1 << 20;

    /** The event codes in order. */
    final int[] order;
    /** Each item event's index in {@link #order}. */
    final int[] seqOfCode;

    private static int codeRank(int code) {
        return code < 0 ? 1 : (code & 1) == 0 ? 0 : 2;
    }

    /** Merges the streams of {@code tracks} (events of {@code items} items and counter values) in time order. */
    TrackMerge(List<PftraceTrack> tracks, int items, EventTime time) {
        this(tracks, items, time, Runtime.getRuntime().availableProcessors() > 1 ? TWO_HALVES_MIN_EVENTS : -1);
    }

    /** As above; in two halves when there are at least {@code twoHalvesFrom} events (never when it is negative). */
    TrackMerge(List<PftraceTrack> tracks, int items, EventTime time, int twoHalvesFrom) {
        int total = 0;
        List<PftraceTrack> live = new ArrayList<>();
        for (PftraceTrack t : tracks) {
            t.stream.trimToSize(); // before the merged order is allocated: lowers the peak
            total += t.stream.size();
            if (t.stream.size() > 0) live.add(t);
        }
        order = new int[total];
        seqOfCode = new int[items * 2];
        PftraceTrack[] ht = live.toArray(new PftraceTrack[0]);
        int[] none = new int[ht.length], ends = new int[ht.length];
        for (int i = 0; i < ht.length; i++) ends[i] = ht[i].stream.size();
        int[] split = twoHalvesFrom >= 0 && total >= twoHalvesFrom ? split(ht, time, total) : null;
        if (split == null) {
            merge(ht, none, ends, time, 0);
            return;
        }
        int firstHalf = java.util.Arrays.stream(split).sum();
        SecondThread<Void> later = SecondThread.start("pftrace-merge", () -> {
            merge(ht, split, ends, time, firstHalf);
            return null;
        });
        merge(ht, none, split, time, 0);
        later.joinUnchecked();
    }

    /**
     * Each track's position at the time that halves the events, or null when a track's stream is not in time order
     * or no time divides them.
     */
    private static int[] split(PftraceTrack[] ht, EventTime time, int total) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (PftraceTrack t : ht) {
            long prev = Long.MIN_VALUE;
            for (int k = 0; k < t.stream.size(); k++) {
                long ns = time.ns(t.stream.get(k));
                if (ns < prev) return null;
                prev = ns;
            }
            lo = Math.min(lo, time.ns(t.stream.get(0)));
            hi = Math.max(hi, prev);
        }
        // the smallest T with at least half the events before it
        long a = lo, b = hi + 1;
        while (a < b) {
            long mid = a + (b - a) / 2;
            if (before(ht, time, mid) >= total / 2) b = mid;
            else a = mid + 1;
        }
        long t = a;
        int[] at = new int[ht.length];
        int n = 0;
        for (int i = 0; i < ht.length; i++) n += at[i] = firstAtOrAfter(ht[i], time, t);
        return n == 0 || n == total ? null : at;
    }

    /** The events before {@code t}. */
    private static long before(PftraceTrack[] ht, EventTime time, long t) {
        long n = 0;
        for (PftraceTrack x : ht) n += firstAtOrAfter(x, time, t);
        return n;
    }

    /** The position of a track's first event at {@code t} or later (its stream is in time order). */
    private static int firstAtOrAfter(PftraceTrack x, EventTime time, long t) {
        int a = 0, b = x.stream.size();
        while (a < b) {
            int m = (a + b) >>> 1;
            if (time.ns(x.stream.get(m)) < t) a = m + 1;
            else b = m;
        }
        return a;
    }

    /**
     * Merges the tracks' events from {@code from} up to {@code to} (by track) into the order from {@code o}, by a tree
     * of losers over the tracks' heads: taking the next event replays one leaf-to-root path, one comparison a level.
     */
    private void merge(PftraceTrack[] tracks, int[] from, int[] to, EventTime time, int o) {
        int[] head = from.clone();
        int k = 0, remaining = 0;
        int[] track = new int[tracks.length]; // player -> track
        for (int i = 0; i < tracks.length; i++)
            if (head[i] < to[i]) {
                track[k++] = i;
                remaining += to[i] - head[i];
            }
        if (k == 0) return;
        // each player's head key: time, then rank << 24 | track index (unique: keys never tie)
        long[] ts = new long[k];
        int[] rk = new int[k];
        for (int p = 0; p < k; p++) {
            PftraceTrack t = tracks[track[p]];
            int c = t.stream.get(head[track[p]]);
            ts[p] = time.ns(c);
            rk[p] = (codeRank(c) << 24) | t.idx;
        }
        // nodes 1 .. k-1 hold the loser of the match between their two subtrees' winners; player p is leaf k + p
        int[] loser = new int[k];
        int[] winner = new int[2 * k];
        for (int p = 0; p < k; p++) winner[k + p] = p;
        for (int n = k - 1; n >= 1; n--) {
            int a = winner[2 * n], b = winner[2 * n + 1];
            boolean aWins = ts[a] < ts[b] || ts[a] == ts[b] && rk[a] < rk[b];
            winner[n] = aWins ? a : b;
            loser[n] = aWins ? b : a;
        }
        int w = winner[1];
        while (true) {
            int i = track[w];
            PftraceTrack t = tracks[i];
            int code = t.stream.get(head[i]++);
            if (code >= 0) seqOfCode[code] = o;
            order[o++] = code;
            if (--remaining == 0) return;
            if (head[i] == to[i]) { // out of events: after every real key
                ts[w] = Long.MAX_VALUE;
                rk[w] = Integer.MAX_VALUE;
            } else {
                int c = t.stream.get(head[i]);
                ts[w] = time.ns(c);
                rk[w] = (codeRank(c) << 24) | t.idx;
            }
            long wts = ts[w];
            int wrk = rk[w];
            for (int n = (k + w) >>> 1; n >= 1; n >>>= 1) {
                int l = loser[n];
                if (ts[l] < wts || ts[l] == wts && rk[l] < wrk) {
                    loser[n] = w;
                    w = l;
                    wts = ts[l];
                    wrk = rk[l];
                }
            }
        }
    }
}
