package io.ptotrace.convert.pftrace;

import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.SecondThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The k-way merge of the tracks' event streams into the trace's one event order, by (time, begin before counter
 * before end, track), with the tracks' head keys in a tree of losers held in primitive arrays.
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

    private static int codeRank(int code) {
        return code < 0 ? 1 : (code & 1) == 0 ? 0 : 2;
    }

    /** Merges the streams of {@code tracks} (item events and counter values) in time order. */
    TrackMerge(List<PftraceTrack> tracks, EventTime time) {
        this(tracks, time, Runtime.getRuntime().availableProcessors() > 1 ? TWO_HALVES_MIN_EVENTS : -1);
    }

    /** As above; in two halves when there are at least {@code twoHalvesFrom} events (never when it is negative). */
    TrackMerge(List<PftraceTrack> tracks, EventTime time, int twoHalvesFrom) {
        int total = 0;
        List<PftraceTrack> live = new ArrayList<>();
        for (PftraceTrack t : tracks) {
            t.stream.trimToSize(); // before the merged order is allocated: lowers the peak
            total += t.stream.size();
            if (t.stream.size() > 0) live.add(t);
        }
        order = new int[total];
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
            long first, last;
            if (t.timed == t.stream.size()) { // the times were noted as the stream was made
                if (!t.inTimeOrder) return null;
                first = t.firstNs;
                last = t.lastNs;
            } else {
                last = Long.MIN_VALUE;
                for (int k = 0; k < t.stream.size(); k++) {
                    long ns = time.ns(t.stream.get(k));
                    if (ns < last) return null;
                    last = ns;
                }
                first = time.ns(t.stream.get(0));
            }
            lo = Math.min(lo, first);
            hi = Math.max(hi, last);
        }
        // the smallest T with at least half the events before it (without overflow at the ends of the long range,
        // where times that do not fit round to: there any T in range halves them well enough)
        long a = lo, b = hi == Long.MAX_VALUE ? hi : hi + 1;
        while (a < b) {
            long mid = a + ((b - a) >>> 1);
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

    /** Bits of a packed key below its time: the rank (2) and the track index (24). */
    private static final int RANK_TRACK_BITS = 26;

    /** Times a packed key holds: 2^37 ns after the merge's earliest head, over two minutes. */
    private static final long PACKED_SPAN = 1L << (63 - RANK_TRACK_BITS);

    /**
     * Merges the tracks' events from {@code from} up to {@code to} (by track) into the order from {@code o}, by a tree
     * of losers over the tracks' heads: taking the next event replays one leaf-to-root path, one comparison a level.
     * While the times fit, a key is one long (time since the earliest head, rank, track), compared without a branch
     * to mispredict; from the first time that does not (a span of over two minutes, or a time before that head) the
     * merge goes on with the key's parts compared one by one. Both order by the same key, so where the one hands
     * over changes nothing. Tracks numbered beyond 24 bits are merged by parts throughout.
     */
    private void merge(PftraceTrack[] tracks, int[] from, int[] to, EventTime time, int o) {
        int[] head = from.clone();
        int remaining = 0;
        for (int i = 0; i < tracks.length; i++) remaining += to[i] - head[i];
        int[] at = {o, remaining};
        mergePacked(tracks, head, to, time, at);
        if (at[1] > 0) mergeByParts(tracks, head, to, time, at);
    }

    /** The tracks with events left (players), by index into {@code tracks}. */
    private static int[] players(PftraceTrack[] tracks, int[] head, int[] to) {
        int k = 0;
        int[] p = new int[tracks.length];
        for (int i = 0; i < tracks.length; i++) if (head[i] < to[i]) p[k++] = i;
        return java.util.Arrays.copyOf(p, k);
    }

    /** Takes the next event of track {@code t} (index {@code i}) into the order; {@code at} = {next place, events left}. */
    private void take(PftraceTrack t, int[] head, int i, int[] at) {
        int code = t.stream.get(head[i]++);
        order[at[0]++] = code;
        at[1]--;
    }

    /** The merge on packed keys, until every event is taken or one's time does not fit (it stays at its track's head). */
    private void mergePacked(PftraceTrack[] tracks, int[] head, int[] to, EventTime time, int[] at) {
        int[] track = players(tracks, head, to);
        int k = track.length;
        if (k == 0) return;
        long base = Long.MAX_VALUE;
        for (int i : track) base = Math.min(base, time.ns(tracks[i].stream.get(head[i])));
        long limit = base > Long.MAX_VALUE - PACKED_SPAN ? Long.MAX_VALUE : base + PACKED_SPAN;
        long[] key = new long[k];
        for (int p = 0; p < k; p++) {
            PftraceTrack t = tracks[track[p]];
            int c = t.stream.get(head[track[p]]);
            long ns = time.ns(c);
            if (ns >= limit || t.idx >= 1 << 24) return; // every event still at its head
            key[p] = ((ns - base) << RANK_TRACK_BITS) | ((long) codeRank(c) << 24) | t.idx;
        }
        int[] loser = losers(k, (a, b) -> Long.compare(key[a], key[b]));
        int w = loser[0];
        while (true) {
            int i = track[w];
            PftraceTrack t = tracks[i];
            take(t, head, i, at);
            if (at[1] == 0) return;
            long wk;
            if (head[i] == to[i]) wk = Long.MAX_VALUE; // out of events: after every real key
            else {
                int c = t.stream.get(head[i]);
                long ns = time.ns(c);
                if (ns < base || ns >= limit) return;
                wk = ((ns - base) << RANK_TRACK_BITS) | ((long) codeRank(c) << 24) | t.idx;
            }
            key[w] = wk;
            for (int n = (k + w) >>> 1; n >= 1; n >>>= 1) {
                int l = loser[n];
                long lk = key[l];
                // keys are never negative: the sign of the difference says who wins, with no branch
                long lWins = (lk - wk) >> 63;
                int swap = (l ^ w) & (int) lWins;
                loser[n] = l ^ swap;
                w ^= swap;
                wk ^= (lk ^ wk) & lWins;
            }
        }
    }

    /** The merge on keys compared part by part (time, then rank and track), for times packed keys cannot hold. */
    private void mergeByParts(PftraceTrack[] tracks, int[] head, int[] to, EventTime time, int[] at) {
        int[] track = players(tracks, head, to);
        int k = track.length;
        long[] ts = new long[k];
        int[] rk = new int[k];
        for (int p = 0; p < k; p++) {
            PftraceTrack t = tracks[track[p]];
            int c = t.stream.get(head[track[p]]);
            ts[p] = time.ns(c);
            rk[p] = (codeRank(c) << 24) | t.idx;
        }
        int[] loser = losers(k, (a, b) -> ts[a] != ts[b] ? Long.compare(ts[a], ts[b]) : Integer.compare(rk[a], rk[b]));
        int w = loser[0];
        while (true) {
            int i = track[w];
            PftraceTrack t = tracks[i];
            take(t, head, i, at);
            if (at[1] == 0) return;
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

    /**
     * The tree of losers of {@code k} players (player p is leaf k + p): nodes 1 .. k−1 hold the loser of the match
     * between their two subtrees' winners, node 0 the overall winner.
     */
    private static int[] losers(int k, IndexSort.IntComparator keys) {
        int[] loser = new int[k];
        int[] winner = new int[2 * k];
        for (int p = 0; p < k; p++) winner[k + p] = p;
        for (int n = k - 1; n >= 1; n--) {
            int a = winner[2 * n], b = winner[2 * n + 1];
            boolean aWins = keys.compare(a, b) < 0;
            winner[n] = aWins ? a : b;
            loser[n] = aWins ? b : a;
        }
        loser[0] = winner[1];
        return loser;
    }
}
