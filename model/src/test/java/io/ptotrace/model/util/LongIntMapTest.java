package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongIntMapTest {
    @Test
    void behavesLikeAHashMapThroughGrowth() {
        LongIntMap m = new LongIntMap(4);
        Map<Long, Integer> ref = new HashMap<>();
        Random rnd = new Random(3);
        for (int i = 0; i < 200_000; i++) {
            // dense small ids, ring-shifted ids, arbitrary 64-bit hashes and the extremes
            long k = switch (i % 4) {
                case 0 -> rnd.nextInt(5000);
                case 1 -> (1L << 32) | rnd.nextInt(5000);
                case 2 -> rnd.nextLong();
                default -> rnd.nextBoolean() ? Long.MIN_VALUE + rnd.nextInt(3) : -1L - rnd.nextInt(3);
            };
            int v = rnd.nextInt() | 1; // any int but -1 (the "missing" answer)
            if (rnd.nextBoolean()) {
                m.put(k, v);
                ref.put(k, v);
            } else {
                Integer before = ref.putIfAbsent(k, v);
                assertThat(m.putIfAbsent(k, v)).isEqualTo(before == null ? -1 : before);
            }
        }
        assertThat(m.size()).isEqualTo(ref.size());
        ref.forEach((k, v) -> assertThat(m.get(k)).as("key %d", k).isEqualTo(v));
        for (int i = 0; i < 10_000; i++) {
            long k = rnd.nextLong();
            if (!ref.containsKey(k)) assertThat(m.get(k)).isEqualTo(-1);
        }
    }

    @Test
    void zeroAndNegativeValuesAreStored() {
        LongIntMap m = new LongIntMap(0);
        m.put(0L, 0);
        m.put(7L, Integer.MIN_VALUE);
        assertThat(m.get(0L)).isZero();
        assertThat(m.get(7L)).isEqualTo(Integer.MIN_VALUE);
        assertThat(m.get(1L)).isEqualTo(-1);
        assertThat(m.size()).isEqualTo(2);
    }
}
