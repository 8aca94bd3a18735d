package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The merge gives the order a priority queue over the same keys gives:
 * by (time, begin before counter before end, track), each track's own order kept, also where a track's stream is not
 * sorted by that key (an end and a begin at one time).
 */
class TrackMergeTest {
    /** How far apart the events' times lie. */
    private enum Times {
        /** a few ns apart: every key packs into one long */
        CLOSE,
        /** now and then 2^36 or 2^40 ns apart: the merge hands over to keys compared part by part on the way */
        FAR,
        /** some at the ends of the long range, as huge or negative times in the input round to */
        EXTREME
    }

    @Test
    void sameOrderAsAPriorityQueueOnRandomStreams() {
        for (Times t : Times.values()) sameOrderAsAPriorityQueue(-1, false, t);
    }

    /** Forced into two halves of time on two threads, it gives the same order. */
    @Test
    void inTwoHalvesTheSameOrder() {
        for (Times t : Times.values()) sameOrderAsAPriorityQueue(0, false, t);
    }

    /** A stream out of time order cannot be halved by time: the merge runs whole and gives the queue's order. */
    @Test
    void aStreamOutOfTimeOrderIsMergedWhole() {
        for (Times t : Times.values()) sameOrderAsAPriorityQueue(0, true, t);
    }

    private static long step(Random rnd, Times times) {
        int r = rnd.nextInt(3); // equal times are common
        if (times == Times.CLOSE || rnd.nextInt(8) != 0) return r;
        return r + (rnd.nextBoolean() ? 1L << 36 : 1L << 40);
    }

    private static void sameOrderAsAPriorityQueue(int twoHalvesFrom, boolean unsorted, Times timeSpread) {
        Random rnd = new Random(42);
        for (int round = 0; round < 300; round++) {
            int tracks = 1 + rnd.nextInt(round % 3 == 0 ? 3 : 40), items = 0;
            List<long[]> times = new ArrayList<>();
            List<List<Integer>> codes = new ArrayList<>();
            int counters = 0;
            for (int t = 0; t < tracks; t++) {
                int len = rnd.nextInt(30);
                List<Integer> c = new ArrayList<>();
                long now = rnd.nextInt(5);
                for (int k = 0; k < len; k++) {
                    now += step(rnd, timeSpread);
                    if (unsorted && k == len / 2 && t == 0) now -= 4 + rnd.nextInt(3) * (1L << 37); // earlier
                    long at = now; // a track's first and last event may lie at the ends of the range
                    if (timeSpread == Times.EXTREME && k == 0 && rnd.nextInt(3) == 0)
                        at = Long.MIN_VALUE + rnd.nextInt(2);
                    if (timeSpread == Times.EXTREME && k == len - 1 && rnd.nextInt(3) == 0)
                        at = Long.MAX_VALUE - rnd.nextInt(2);
                    int kind = rnd.nextInt(3);
                    int code = kind == 1 ? ~(counters++) : (items++) * 2 + (kind == 0 ? 0 : 1);
                    c.add(code);
                    times.add(new long[] {code, at});
                }
                codes.add(c);
            }
            java.util.Map<Integer, Long> ns = new java.util.HashMap<>();
            for (long[] x : times) ns.put((int) x[0], x[1]);
            List<PftraceTrack> a = tracks(codes, rnd, null), b = tracks(codes, null, null);
            // the same tracks with each event's time noted as it was added, as the layout makes them
            List<PftraceTrack> timed = tracks(codes, null, ns::get);
            for (int i = 0; i < a.size(); i++) b.get(i).idx = timed.get(i).idx = a.get(i).idx;
            TrackMerge m = new TrackMerge(a, ns::get, twoHalvesFrom);
            int[] want = heapMerge(b, ns::get);
            assertThat(m.order).as("round " + round).containsExactly(want);
            assertThat(new TrackMerge(timed, ns::get, twoHalvesFrom).order)
                    .as("round " + round + ", times noted")
                    .containsExactly(want);
        }
    }

    /** Tracks of {@code codes}, their indexes shuffled by {@code idxShuffle} (null: in order); {@code noted}: each event added with its time. */
    private static List<PftraceTrack> tracks(List<List<Integer>> codes, Random idxShuffle, TrackMerge.EventTime noted) {
        List<PftraceTrack> l = new ArrayList<>();
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < codes.size(); i++) idx.add(i);
        if (idxShuffle != null) java.util.Collections.shuffle(idx, idxShuffle);
        for (int i = 0; i < codes.size(); i++) {
            PftraceTrack t = new PftraceTrack(PftraceTrack.Type.THREAD, 1, i, null);
            t.idx = idx.get(i);
            for (int c : codes.get(i))
                if (noted == null) t.stream.add(c);
                else t.add(c, noted.ns(c));
            l.add(t);
        }
        return l;
    }

    private static int rank(int code) {
        return code < 0 ? 1 : (code & 1) == 0 ? 0 : 2;
    }

    /** The reference: a priority queue of the tracks' heads keyed (time, rank << 24 | track index). */
    private static int[] heapMerge(List<PftraceTrack> tracks, TrackMerge.EventTime time) {
        int total = 0;
        for (PftraceTrack t : tracks) total += t.stream.size();
        int[] order = new int[total];
        java.util.PriorityQueue<long[]> pq = new java.util.PriorityQueue<>(
                (x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        int[] head = new int[tracks.size()];
        for (int i = 0; i < tracks.size(); i++) push(pq, tracks, head, i, time);
        int o = 0;
        while (!pq.isEmpty()) {
            int i = (int) pq.poll()[2];
            order[o++] = tracks.get(i).stream.get(head[i]++);
            push(pq, tracks, head, i, time);
        }
        return order;
    }

    private static void push(
            java.util.PriorityQueue<long[]> pq,
            List<PftraceTrack> tracks,
            int[] head,
            int i,
            TrackMerge.EventTime time) {
        PftraceTrack t = tracks.get(i);
        if (head[i] == t.stream.size()) return;
        int c = t.stream.get(head[i]);
        pq.add(new long[] {time.ns(c), ((long) rank(c) << 24) | t.idx, i});
    }
}
