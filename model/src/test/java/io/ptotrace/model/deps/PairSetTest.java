package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairSetTest {
    @Test
    void agreesWithAHashSetThroughGrowthAndOnTheFreeMarkerPair() {
        PairSet s = new PairSet(4);
        Set<List<Long>> ref = new HashSet<>();
        Random r = new Random(5);
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
        for (int i = 0; i < 200_000; i++) {
            long x = r.nextInt(4) == 0 ? special[r.nextInt(special.length)] : r.nextInt(3000);
            long y = r.nextInt(4) == 0 ? special[r.nextInt(special.length)] : r.nextInt(3000);
            assertThat(s.add(x, y)).as("add %d,%d", x, y).isEqualTo(ref.add(List.of(x, y)));
        }
        assertThat(ref).contains(List.of(Long.MIN_VALUE, Long.MIN_VALUE));
        assertThat(s.add(Long.MIN_VALUE, Long.MIN_VALUE)).isFalse();
    }
}
