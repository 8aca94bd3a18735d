package io.ptotrace.model.util;

/** Stable LSD radix sort of (key, value) pairs by the key's low bits taken as unsigned. */
public final class RadixSort {
    private RadixSort() {}

    private static final int DIGIT = 16;
    private static final int BUCKETS = 1 << DIGIT;

    /**
     * Sorts {@code keys[0..n)} ascending (unsigned, only the low {@code bits} bits are looked at)
     * and permutes {@code vals} alongside; equal keys keep their order.
     */
    public static void sort(long[] keys, int[] vals, int n, int bits) {
        if (n < 2 || bits <= 0) return;
        long[] kt = new long[n];
        int[] vt = new int[n];
        long[] ks = keys, kd = kt;
        int[] vs = vals, vd = vt;
        int[] count = new int[BUCKETS];
        for (int shift = 0; shift < bits; shift += DIGIT) {
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) count[(int) ((ks[i] >>> shift) & (BUCKETS - 1))]++;
            boolean trivial = false;
            for (int c : count)
                if (c == n) {
                    trivial = true;
                    break;
                }
            if (trivial) continue; // every key has the same digit here
            int sum = 0;
            for (int d = 0; d < BUCKETS; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int d = (int) ((ks[i] >>> shift) & (BUCKETS - 1));
                int p = count[d]++;
                kd[p] = ks[i];
                vd[p] = vs[i];
            }
            long[] tk = ks;
            ks = kd;
            kd = tk;
            int[] tv = vs;
            vs = vd;
            vd = tv;
        }
        if (ks != keys) {
            System.arraycopy(ks, 0, keys, 0, n);
            System.arraycopy(vs, 0, vals, 0, n);
        }
    }

    /** Number of bits needed to hold values 0..maxValue. */
    public static int bitsFor(long maxValue) {
        return maxValue <= 0 ? 1 : 64 - Long.numberOfLeadingZeros(maxValue);
    }
}
