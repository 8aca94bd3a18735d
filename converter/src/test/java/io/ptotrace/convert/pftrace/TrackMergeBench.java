package io.ptotrace.convert.pftrace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Times {@link TrackMerge} on synthetic tracks shaped like a converted run's: each track a sequence of slices
 * (a begin, then its end after a random duration) with now and then a counter value between, times in ns rising by
 * random gaps. Prints the wall time of each merge, whole and in two halves, and the best and median.
 *
 * <pre>java -cp converter/target/classes:converter/target/test-classes:cli/target/ptotrace.jar \
 *     io.ptotrace.convert.pftrace.TrackMergeBench [TRACKS] [EVENTS] [REPEAT]</pre>
 *
 * (bench/merge.sh runs it; defaults: 110 tracks and 15 million events, about a 1M-task run's, 7 repeats).
 */
public final class TrackMergeBench {
    private TrackMergeBench() {}

    public static void main(String[] args) {
        int tracks = args.length > 0 ? Integer.parseInt(args[0]) : 110;
        int events = args.length > 1 ? Integer.parseInt(args[1]) : 15_000_000;
        int repeat = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        SplittableRandom rnd = new SplittableRandom(7);
        int perTrack = events / tracks;
        long[] itemNs = new long[events]; // per code: begin = 2 item, end = 2 item + 1; counters use ~v
        long[] counterNs = new long[events];
        List<int[]> streams = new ArrayList<>();
        int items = 0, counters = 0;
        for (int t = 0; t < tracks; t++) {
            int[] s = new int[perTrack];
            int n = 0;
            long now = rnd.nextInt(1000);
            while (n + 2 <= perTrack) {
                if (n + 3 <= perTrack && rnd.nextInt(8) == 0) {
                    counterNs[counters] = now;
                    s[n++] = ~counters++;
                }
                int item = items++;
                itemNs[2 * item] = now;
                now += 200 + rnd.nextInt(9000);
                itemNs[2 * item + 1] = now;
                s[n++] = 2 * item;
                s[n++] = 2 * item + 1;
                now += rnd.nextInt(3000);
            }
            streams.add(Arrays.copyOf(s, n));
        }
        TrackMerge.EventTime time = c -> c < 0 ? counterNs[~c] : itemNs[c];
        int total = streams.stream().mapToInt(s -> s.length).sum();
        System.out.printf("%d tracks, %d events (%d slices, %d counter values)%n", tracks, total, items, counters);
        for (int halves : new int[] {-1, 0}) {
            long[] ms = new long[repeat];
            for (int r = 0; r < repeat; r++) {
                List<PftraceTrack> l = tracksOf(streams, time);
                long t0 = System.nanoTime();
                TrackMerge m = new TrackMerge(l, time, halves);
                ms[r] = (System.nanoTime() - t0) / 1_000_000;
                if (m.order.length != total) throw new AssertionError("merged " + m.order.length + " of " + total);
            }
            long[] sorted = ms.clone();
            Arrays.sort(sorted);
            System.out.printf(
                    "%-11s ms per merge: %s; best %d, median %d%n",
                    halves < 0 ? "whole" : "two halves", Arrays.toString(ms), sorted[0], sorted[repeat / 2]);
        }
    }

    /** The tracks as the layout makes them: each event added with its time. */
    private static List<PftraceTrack> tracksOf(List<int[]> streams, TrackMerge.EventTime time) {
        List<PftraceTrack> l = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            PftraceTrack t = new PftraceTrack(PftraceTrack.Type.THREAD, 1, i, null);
            t.idx = i;
            for (int c : streams.get(i)) t.add(c, time.ns(c));
            l.add(t);
        }
        return l;
    }
}
