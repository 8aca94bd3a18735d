package io.ptotrace.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StructuresTest {
    @Test
    void stringPoolGivesEqualTextsOneCode() {
        StringPool p = new StringPool();
        assertThat(p.code(null)).isEqualTo(-1);
        assertThat(p.code("INPUT")).isZero();
        assertThat(p.code(new String("INPUT".toCharArray()))).isZero(); // equal text, another instance
        assertThat(p.code("Aa")).isEqualTo(1);
        assertThat(p.code("BB")).isEqualTo(2); // same String hash as "Aa"
        for (int i = 0; i < 1000; i++) assertThat(p.code("s" + i)).isEqualTo(3 + i);
        for (int i = 0; i < 1000; i++) assertThat(p.code("s" + i)).isEqualTo(3 + i);
        assertThat(p.get(2)).isEqualTo("BB");
        assertThat(p.get(-1)).isNull();
        assertThat(p.size()).isEqualTo(1003);
    }

    @Test
    void arrayPoolInternsByContent() {
        LongArrayPool p = new LongArrayPool();
        int a = p.intern(new long[] {16, 128});
        long[] scratch = {16, 128, 99};
        assertThat(p.intern(scratch, 2)).isEqualTo(a);
        assertThat(p.intern(new long[] {16})).isNotEqualTo(a);
        assertThat(p.intern(new long[0])).isEqualTo(p.intern(new long[0]));
        assertThat(p.intern(null)).isEqualTo(-1);
        for (int i = 0; i < 10_000; i++) p.intern(new long[] {i, i + 1});
        assertThat(p.get(a)).containsExactly(16, 128);
        LongArrayPool q = new LongArrayPool();
        q.intern(new long[] {7});
        int[] map = p.mergeInto(q);
        assertThat(q.get(map[a])).containsExactly(16, 128);
    }

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
