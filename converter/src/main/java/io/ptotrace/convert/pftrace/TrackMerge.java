package io.ptotrace.convert.pftrace;

import io.ptotrace.model.util.SecondThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The k-way merge of the tracks' event streams into the trace's one event order, by (time, begin before counter
 * before end, track), with the keys held in primitive heap arrays; and each item event's place in that order.
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

    /** Merges the tracks' events from {@code from} up to {@code to} (by track) into the order from {@code o}. */
    private void merge(PftraceTrack[] tracks, int[] from, int[] to, EventTime time, int o) {
        int[] head = from.clone();
        int n = 0;
        int[] hi = new int[tracks.length]; // heap entry -> track
        for (int i = 0; i < tracks.length; i++) if (head[i] < to[i]) hi[n++] = i;
        long[] hts = new long[n];
        int[] hrk = new int[n];
        for (int k = 0; k < n; k++) {
            int c = tracks[hi[k]].stream.get(head[hi[k]]);
            hts[k] = time.ns(c);
            hrk[k] = (codeRank(c) << 24) | tracks[hi[k]].idx;
        }
        for (int k = n / 2 - 1; k >= 0; k--) siftDown(hi, hts, hrk, k, n);
        while (n > 0) {
            int i = hi[0];
            PftraceTrack t = tracks[i];
            int code = t.stream.get(head[i]++);
            if (code >= 0) seqOfCode[code] = o;
            order[o++] = code;
            if (head[i] == to[i]) {
                n--;
                hi[0] = hi[n];
                hts[0] = hts[n];
                hrk[0] = hrk[n];
            } else {
                int c = t.stream.get(head[i]);
                hts[0] = time.ns(c);
                hrk[0] = (codeRank(c) << 24) | t.idx;
            }
            siftDown(hi, hts, hrk, 0, n);
        }
    }

    private static void siftDown(int[] hi, long[] hts, int[] hrk, int i, int n) {
        int t = hi[i];
        long ts = hts[i];
        int rk = hrk[i];
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) break;
            int r = l + 1;
            int m = l;
            if (r < n && (hts[r] < hts[l] || hts[r] == hts[l] && hrk[r] < hrk[l])) m = r;
            if (hts[m] < ts || hts[m] == ts && hrk[m] < rk) {
                hi[i] = hi[m];
                hts[i] = hts[m];
                hrk[i] = hrk[m];
                i = m;
            } else {
                break;
            }
        }
        hi[i] = t;
        hts[i] = ts;
        hrk[i] = rk;
    }
}
