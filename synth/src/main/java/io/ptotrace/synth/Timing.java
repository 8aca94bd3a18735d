package io.ptotrace.synth;

/**
 * Every latency of the synthetic runtime, modelled in nanoseconds and converted to cycles of the
 * run's clock once. Ranges are inclusive {@code [lo, hi]} cycle pairs.
 */
final class Timing {
    final long freq;

    // orchestrator
    final long[] submitKernel;
    final long[] submitAlloc;
    final long[] submitDummy;
    final long[] orchGap;
    final long orchStep;

    // scheduler -> AICore
    final long[] dispatchLatency;
    final long[] prop;
    final long[] r2s;
    final long[] tail;
    final long[] blockStep;
    final long[] mixStep;
    final long[] markerDelay;

    // phase grouping of the scheduler threads
    final long completeGap;
    final long completeSpan;
    final long[] completePre;
    final long[] completePost;
    final long dispatchGap;
    final long dispatchSpan;
    final long[] dispatchPre;
    final long[] dispatchPost;
    final long markerGap;
    final long markerSpan;
    final long[] markerPre;
    final long[] markerPost;
    final long[] releaseLen;
    final long sameIterGap;
    final long idleIter;

    /** Completion -> successor release latency: always covers the complete record's tail. */
    final long[] release;

    Timing(long freq) {
        this(freq, 1.0);
    }

    /** {@code schedulerScale} multiplies every scheduler latency: dispatch, propagation, start, release, markers. */
    Timing(long freq, double schedulerScale) {
        this.freq = freq;
        double s = schedulerScale;
        submitKernel = range(300, 1200);
        submitAlloc = range(150, 400);
        submitDummy = range(200, 500);
        orchGap = range(20, 150);
        orchStep = cyc(20);
        dispatchLatency = range(40 * s, 200 * s);
        prop = range(400 * s, 1200 * s);
        r2s = range(40 * s, 240 * s);
        tail = range(200, 700);
        blockStep = range(40, 120);
        mixStep = range(20, 60);
        markerDelay = range(50 * s, 300 * s);
        completeGap = cyc(300);
        completeSpan = cyc(600);
        completePre = range(60, 200);
        completePost = range(100, 500);
        dispatchGap = cyc(200);
        dispatchSpan = cyc(400);
        dispatchPre = range(0, 60);
        dispatchPost = range(60, 200);
        markerGap = cyc(300);
        markerSpan = cyc(600);
        markerPre = range(20, 80);
        markerPost = range(100, 500);
        releaseLen = range(80, 160);
        sameIterGap = cyc(150);
        idleIter = cyc(370);
        long relMin = Math.max(completeSpan + completePost[1], markerSpan + markerPost[1]) + cyc(100);
        release = new long[] {
            Math.max(relMin, Math.round(relMin * s)), Math.max(relMin, Math.round((relMin + cyc(400)) * s))
        };
    }

    long cyc(double ns) {
        return Math.max(1L, Math.round(ns * freq / 1e9));
    }

    private long[] range(double loNs, double hiNs) {
        long lo = Math.round(loNs * freq / 1e9);
        long hi = Math.max(lo, Math.round(hiNs * freq / 1e9));
        return new long[] {Math.max(0, lo), Math.max(0, hi)};
    }

    static long draw(Rng rng, long[] r) {
        return r[0] == r[1] ? r[0] : rng.rangeL(r[0], r[1]);
    }
}
