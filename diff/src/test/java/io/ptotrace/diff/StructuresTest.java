package io.ptotrace.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StructuresTest {
    @Test
    void radixSortIsStableAndUnsigned() {
        Random r = new Random(9);
        int n = 100_000;
        long[] keys = new long[n];
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) { keys[i] = r.nextInt(4) == 0 ? -r.nextInt(1000) : r.nextInt(1000); vals[i] = i; }
        long[] orig = keys.clone();
        RadixSort.sort(keys, vals, n, 64);
        for (int i = 1; i < n; i++) {
            int c = Long.compareUnsigned(keys[i - 1], keys[i]);
            assertThat(c).isLessThanOrEqualTo(0);
            if (c == 0) assertThat(vals[i - 1]).isLessThan(vals[i]);
        }
        for (int i = 0; i < n; i++) assertThat(orig[vals[i]]).isEqualTo(keys[i]);
        Long[] boxed = Arrays.stream(orig).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
        for (int i = 0; i < n; i++) assertThat(keys[i]).isEqualTo(boxed[i]);
    }
}
