package io.ptotrace.synth;

import java.io.IOException;
import java.util.Arrays;

/**
 * A scheduler thread's phase records, derived from the time-sorted points the thread handled: AICore finishes
 * (grouped into {@code complete} records that contain them), AICore dispatches ({@code dispatch} records that
 * contain them) and dummy/predicated markers (point records inside a {@code dummy} record). Records of one thread
 * never overlap, except the {@code resolve} records nested inside some completes and dummies; a few
 * {@code release} records fill idle gaps after completes. Each record goes to a {@link Sink}, which writes it in
 * its era's form.
 */
final class SchedulerPhases {
    /** Where each derived record goes. */
    interface Sink {
        void phase(
                String kind,
                long s,
                long e,
                long loop,
                long tp,
                long popHit,
                long popMiss,
                boolean hasTask,
                long taskId,
                int[] sas,
                int[] sae,
                boolean queueRecord)
                throws IOException;
    }

    private static final int EV_F = 0;
    private static final int EV_D = 1;
    private static final int EV_M = 2;
    private static final int[] ZERO = {0, 0, 0};

    private final Simulation sim;
    private final Timing tm;
    private final Rng rng;
    private final Sink sink;

    SchedulerPhases(Simulation sim, Rng rng, Sink sink) {
        this.sim = sim;
        this.tm = sim.tm;
        this.rng = rng;
        this.sink = sink;
    }

    private static final class Group {
        int type = -1;
        long first;
        long last;
        int count;
        final int[] cls = new int[3];
        int mkStart;
        int mkCount;

        boolean empty() {
            return type < 0;
        }

        void start(int type, long time, int c, int mk) {
            this.type = type;
            first = time;
            last = time;
            count = 1;
            cls[0] = 0;
            cls[1] = 0;
            cls[2] = 0;
            if (c >= 0) {
                cls[c]++;
            }
            mkStart = mk;
            mkCount = type == EV_M ? 1 : 0;
        }

        void add(long time, int c) {
            last = time;
            count++;
            if (c >= 0) {
                cls[c]++;
            }
            if (type == EV_M) {
                mkCount++;
            }
        }

        void clear() {
            type = -1;
        }
    }

    private long prevEnd;
    private int prevType;
    private long iter;
    private boolean anyEmitted;
    private int[] mk;

    /** Derives and writes the phase records of scheduler thread {@code t}. */
    void writeThread(int t) throws IOException {
        RowStore r = sim.rows;
        int cnt = 0;
        for (int i = 0; i < r.n; i++) {
            if (sim.coreThread[r.core[i]] == t) {
                cnt++;
            }
        }
        long[] ev = new long[2 * cnt];
        int k = 0;
        for (int i = 0; i < r.n; i++) {
            if (sim.coreThread[r.core[i]] == t) {
                int c = r.cls[i];
                ev[k++] = (r.finish(i) << 4) | ((long) EV_F << 2) | c;
                ev[k++] = (r.dispatch[i] << 4) | ((long) EV_D << 2) | c;
            }
        }
        Arrays.sort(ev);
        int nm = 0;
        for (int i = 0; i < sim.nMarkers; i++) {
            if (sim.mThread[i] == t) {
                nm++;
            }
        }
        Integer[] mkBoxed = new Integer[nm];
        int j = 0;
        for (int i = 0; i < sim.nMarkers; i++) {
            if (sim.mThread[i] == t) {
                mkBoxed[j++] = i;
            }
        }
        long[] mt = sim.mTime;
        Arrays.sort(
                mkBoxed,
                (a, b) -> a.intValue() == b.intValue()
                        ? 0
                        : mt[a] != mt[b] ? Long.compare(mt[a], mt[b]) : Integer.compare(a, b));
        mk = new int[nm];
        for (int i = 0; i < nm; i++) {
            mk[i] = mkBoxed[i];
        }

        prevEnd = Long.MIN_VALUE;
        prevType = -1;
        iter = 1 + rng.nextInt(24);
        anyEmitted = false;
        Group a = new Group();
        Group b = new Group();
        int ie = 0;
        int im = 0;
        while (ie < ev.length || im < nm) {
            int type;
            long time;
            int c;
            if (im >= nm || (ie < ev.length && (ev[ie] >>> 4) <= mt[mk[im]])) {
                long key = ev[ie++];
                time = key >>> 4;
                type = (int) ((key >>> 2) & 3);
                c = (int) (key & 3);
            } else {
                time = mt[mk[im]];
                type = EV_M;
                c = -1;
                im++;
            }
            if (!b.empty() && b.type == type && joinable(b, time)) {
                b.add(time, c);
                continue;
            }
            if (!b.empty()) {
                if (!a.empty()) {
                    flush(a, b);
                }
                Group tmp = a;
                a = b;
                b = tmp;
                b.clear();
            }
            b.start(type, time, c, type == EV_M ? im - 1 : 0);
        }
        if (!a.empty()) {
            flush(a, b.empty() ? null : b);
        }
        if (!b.empty()) {
            flush(b, null);
        }
        mk = null;
    }

    private boolean joinable(Group b, long time) {
        if (time == b.last) {
            return true;
        }
        long gap = switch (b.type) {
            case EV_F -> tm.completeGap;
            case EV_D -> tm.dispatchGap;
            default -> tm.markerGap;
        };
        long span = switch (b.type) {
            case EV_F -> tm.completeSpan;
            case EV_D -> tm.dispatchSpan;
            default -> tm.markerSpan;
        };
        return time - b.last <= gap && time - b.first <= span;
    }

    private void flush(Group gp, Group next) throws IOException {
        long[] preR;
        long[] postR;
        switch (gp.type) {
            case EV_F -> {
                preR = tm.completePre;
                postR = tm.completePost;
            }
            case EV_D -> {
                preR = tm.dispatchPre;
                postR = tm.dispatchPost;
            }
            default -> {
                preR = tm.markerPre;
                postR = tm.markerPost;
            }
        }
        long pre = Timing.draw(rng, preR);
        long post = Timing.draw(rng, postR);
        long s = Math.max(gp.first - pre, prevEnd);
        long e = next == null ? gp.last + post : gp.last + Math.min(post, (next.first - gp.last) / 2);
        if (!anyEmitted) {
            anyEmitted = true;
        } else {
            long gap = s - prevEnd;
            boolean sameIter = gp.type == EV_D && prevType != EV_D && gap <= tm.sameIterGap;
            if (!sameIter) {
                iter += 1 + gap / Math.max(1, tm.idleIter);
            }
        }
        long end = e;
        switch (gp.type) {
            case EV_F -> {
                if (e - gp.last >= 2 && rng.chance(0.35)) {
                    long rs = Math.max(s, gp.last);
                    sink.phase("resolve", rs, e, iter, gp.count + rng.nextInt(3), -1, -1, false, 0, ZERO, ZERO, false);
                }
                boolean chained = next != null && next.type == EV_D && next.first - e <= tm.sameIterGap;
                sink.phase("complete", s, e, iter, gp.count, -1, -1, false, 0, ZERO, chained ? next.cls : ZERO, true);
                long len = Timing.draw(rng, tm.releaseLen);
                if (len > 0 && rng.chance(0.15) && (next == null || e + len <= next.first)) {
                    sink.phase("release", e, e + len, iter, 1 + rng.nextInt(4), -1, -1, false, 0, ZERO, ZERO, false);
                    end = e + len;
                }
            }
            case EV_D ->
                sink.phase("dispatch", s, e, iter, gp.count, gp.count, rng.nextInt(6), false, 0, gp.cls, ZERO, true);
            default -> {
                for (int i = 0; i < gp.mkCount; i++) {
                    int m = mk[gp.mkStart + i];
                    long when = sim.mTime[m];
                    String kind = sim.mKind[m] == GraphGen.K_DUMMY ? "dummy_task" : "predicated_skip";
                    sink.phase(kind, when, when, iter, 1, -1, -1, true, sim.taskId[sim.mTask[m]], ZERO, ZERO, false);
                }
                if (e - gp.last >= 2 && rng.chance(0.5)) {
                    sink.phase(
                            "resolve",
                            Math.max(s, gp.last),
                            e,
                            iter,
                            1 + rng.nextInt(3),
                            -1,
                            -1,
                            false,
                            0,
                            ZERO,
                            ZERO,
                            false);
                }
                sink.phase("dummy", s, e, iter, gp.count, -1, -1, false, 0, ZERO, ZERO, false);
            }
        }
        prevEnd = end;
        prevType = gp.type;
    }
}
