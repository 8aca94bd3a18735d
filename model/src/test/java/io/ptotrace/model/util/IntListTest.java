package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IntListTest {
    @Test
    void growsKeepsOrderAndTrimsWithoutLosingValues() {
        IntList l = new IntList(2);
        for (int i = 0; i < 1000; i++) l.add(i * 3);
        l.set(7, -1);
        l.trimToSize();
        assertThat(l.size()).isEqualTo(1000);
        assertThat(l.get(0)).isZero();
        assertThat(l.get(7)).isEqualTo(-1);
        assertThat(l.get(999)).isEqualTo(2997);
        l.add(5); // still growable after trimming
        assertThat(l.toArray()).hasSize(1001).endsWith(2997, 5);
        IntList empty = new IntList();
        empty.trimToSize();
        empty.add(1);
        assertThat(empty.toArray()).containsExactly(1);
    }
}
