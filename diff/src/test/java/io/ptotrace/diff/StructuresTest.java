package io.ptotrace.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StructuresTest {
    @Test
    void idIndexAgreesWithAHashMap() {
        Random r = new Random(3);
        for (boolean dense : new boolean[] {true, false}) {
            IdIndex ix = new IdIndex(dense, 16);
            Map<Long, Integer> ref = new HashMap<>();
            for (int i = 0; i < 200_000; i++) {
                long id;
                switch (r.nextInt(5)) {
                    case 0: id = ((long) r.nextInt(3) << 32) | r.nextInt(50_000); break; // dense task ids
                    case 1: id = ((long) r.nextInt(3) << 32) | (r.nextInt(1 << 30) + (1L << 29)); break; // far out
                    case 2: id = r.nextLong(); break; // hashed ids
                    case 3: id = ((long) (r.nextInt(100) + 10) << 32) | r.nextInt(10); break; // many rings
                    default: id = -1L - r.nextInt(4); break; // top of the unsigned range
                }
                Integer old = ref.putIfAbsent(id, i);
                assertThat(ix.putIfAbsent(id, i)).isEqualTo(old == null ? -1 : old);
            }
            for (Map.Entry<Long, Integer> e : ref.entrySet()) assertThat(ix.get(e.getKey())).isEqualTo(e.getValue());
            for (int i = 0; i < 10_000; i++) {
                long id = r.nextLong();
                assertThat(ix.get(id)).isEqualTo(ref.getOrDefault(id, -1));
            }
            assertThat(ix.size()).isEqualTo(ref.size());
        }
    }

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
