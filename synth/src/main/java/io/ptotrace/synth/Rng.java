package io.ptotrace.synth;

/**
 * SplitMix64: a tiny, fast generator whose sequence is fixed by this code (not by the JDK), so the
 * same seed gives the same bytes on every JVM.
 */
final class Rng {
    private long state;

    Rng(long seed) {
        this.state = seed;
    }

    /** A seed for an independent stream {@code stream} derived from {@code seed}. */
    static long derive(long seed, long stream) {
        long z = seed * 0x9E3779B97F4A7C15L + stream * 0xD1B54A32D192ED03L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in {@code [0, bound)}; {@code bound > 0}. */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** Uniform in {@code [lo, hi]}. */
    int range(int lo, int hi) {
        return lo + nextInt(hi - lo + 1);
    }

    /** Uniform in {@code [lo, hi]} (longs). */
    long rangeL(long lo, long hi) {
        long span = hi - lo + 1;
        if (span <= 0) {
            return lo;
        }
        return lo + Math.floorMod(nextLong(), span);
    }

    /** Uniform in {@code [0, 1)}. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** True with probability {@code p} (always consumes one draw). */
    boolean chance(double p) {
        return nextDouble() < p;
    }

    /** Exponentially distributed with the given mean. */
    double exp(double mean) {
        return -Math.log(1.0 - nextDouble()) * mean;
    }
}
