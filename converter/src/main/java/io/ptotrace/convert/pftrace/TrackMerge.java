package io.ptotrace.convert.pftrace;

import java.util.ArrayList;
import java.util.List;

/**
 * The k-way merge of the tracks' event streams into the trace's one event order, by (time, begin before counter
 * before end, track), with the keys held in primitive heap arrays; and each item event's place in that order.
 */
final class TrackMerge {
    /** An event's time in ns, from its code (item·2 a begin, item·2+1 an end, ~v counter value v). */
    interface EventTime {
        long ns(int code);
    }

    /** The event codes in order. */
    final int[] order;
    /** Each item event's index in {@link #order}. */
    final int[] seqOfCode;

    private static int codeRank(int code) {
        return code < 0 ? 1 : (code & 1) == 0 ? 0 : 2;
    }

    /** Merges the streams of {@code tracks} (events of {@code items} items and counter values) in time order. */
    TrackMerge(List<PftraceTrack> tracks, int items, EventTime time) {
        int total = 0;
        List<PftraceTrack> live = new ArrayList<>();
        for (PftraceTrack t : tracks) {
            t.stream.trimToSize(); // before the merged order is allocated: lowers the peak
            total += t.stream.size();
            t.head = 0;
            if (t.stream.size() > 0) live.add(t);
        }
        int[] order = new int[total];
        int[] seqOfCode = new int[items * 2];
        int n = live.size();
        PftraceTrack[] ht = live.toArray(new PftraceTrack[0]);
        long[] hts = new long[n];
        int[] hrk = new int[n];
        for (int i = 0; i < n; i++) {
            int c = ht[i].stream.get(0);
            hts[i] = time.ns(c);
            hrk[i] = (codeRank(c) << 24) | ht[i].idx;
        }
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(ht, hts, hrk, i, n);
        int o = 0;
        while (n > 0) {
            PftraceTrack t = ht[0];
            int code = t.stream.get(t.head++);
            if (code >= 0) seqOfCode[code] = o;
            order[o++] = code;
            if (t.head == t.stream.size()) {
                n--;
                ht[0] = ht[n];
                hts[0] = hts[n];
                hrk[0] = hrk[n];
            } else {
                int c = t.stream.get(t.head);
                hts[0] = time.ns(c);
                hrk[0] = (codeRank(c) << 24) | t.idx;
            }
            siftDown(ht, hts, hrk, 0, n);
        }
        this.order = order;
        this.seqOfCode = seqOfCode;
    }

    private static void siftDown(PftraceTrack[] ht, long[] hts, int[] hrk, int i, int n) {
        PftraceTrack t = ht[i];
        long ts = hts[i];
        int rk = hrk[i];
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) break;
            int r = l + 1;
            int m = l;
            if (r < n && (hts[r] < hts[l] || hts[r] == hts[l] && hrk[r] < hrk[l])) m = r;
            if (hts[m] < ts || hts[m] == ts && hrk[m] < rk) {
                ht[i] = ht[m];
                hts[i] = hts[m];
                hrk[i] = hrk[m];
                i = m;
            } else {
                break;
            }
        }
        ht[i] = t;
        hts[i] = ts;
        hrk[i] = rk;
    }
}
