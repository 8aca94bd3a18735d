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
            int v = rnd.nextInt(10) == 0 ? -1 : rnd.nextInt(); // -1 is stored too (it reads like "missing")
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
        for (long k = 0; k < 6000; k++) {
            assertThat(m.get(k)).isEqualTo(ref.getOrDefault(k, -1));
            assertThat(m.get((1L << 32) | k)).isEqualTo(ref.getOrDefault((1L << 32) | k, -1));
        }
        for (int i = 0; i < 10_000; i++) {
            long k = rnd.nextLong();
            if (!ref.containsKey(k)) assertThat(m.get(k)).isEqualTo(-1);
        }
    }

    @Test
    void keysStoredBeforeTheDenseArrayReachesThemStayFound() {
        LongIntMap m = new LongIntMap(16);
        long ring = 3L << 32;
        m.put(ring | 200_000, 7); // far out: goes to the table
        m.put(ring | 5, -1); // -1 cannot live in the dense arrays
        for (int i = 0; i < 300_000; i++) if (i != 200_000 && i != 5) m.putIfAbsent(ring | i, i);
        assertThat(m.get(ring | 200_000)).isEqualTo(7);
        assertThat(m.putIfAbsent(ring | 200_000, 1)).isEqualTo(7);
        m.put(ring | 200_000, 8);
        assertThat(m.get(ring | 200_000)).isEqualTo(8);
        m.put(ring | 6, -1); // a dense entry replaced by -1 moves to the table
        assertThat(m.get(ring | 6)).isEqualTo(-1);
        m.put(ring | 6, 60);
        assertThat(m.get(ring | 6)).isEqualTo(60);
        assertThat(m.get(ring | 299_999)).isEqualTo(299_999);
        assertThat(m.get(ring | 300_000)).isEqualTo(-1);
        assertThat(m.size()).isEqualTo(300_000);
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

    @Test
    void idsOfEveryShapeAgreeWithAHashMap() {
        Random r = new Random(3);
        for (int expected : new int[] {16, 100_000}) { // task-id and tensor-id sizes, as the diff loader makes them
            LongIntMap ix = new LongIntMap(expected);
            Map<Long, Integer> ref = new HashMap<>();
            for (int i = 0; i < 200_000; i++) {
                long id;
                switch (r.nextInt(5)) {
                    case 0:
                        id = ((long) r.nextInt(3) << 32) | r.nextInt(50_000);
                        break; // dense task ids
                    case 1:
                        id = ((long) r.nextInt(3) << 32) | (r.nextInt(1 << 30) + (1L << 29));
                        break; // far out
                    case 2:
                        id = r.nextLong();
                        break; // hashed ids
                    case 3:
                        id = ((long) (r.nextInt(100) + 10) << 32) | r.nextInt(10);
                        break; // many rings
                    default:
                        id = -1L - r.nextInt(4);
                        break; // top of the unsigned range
                }
                Integer old = ref.putIfAbsent(id, i);
                assertThat(ix.putIfAbsent(id, i)).isEqualTo(old == null ? -1 : old);
            }
            for (Map.Entry<Long, Integer> e : ref.entrySet())
                assertThat(ix.get(e.getKey())).isEqualTo(e.getValue());
            for (int i = 0; i < 10_000; i++) {
                long id = r.nextLong();
                assertThat(ix.get(id)).isEqualTo(ref.getOrDefault(id, -1));
            }
            assertThat(ix.size()).isEqualTo(ref.size());
        }
    }
}
