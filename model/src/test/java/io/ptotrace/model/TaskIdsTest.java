package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Task id layout and the converter's task display. */
class TaskIdsTest {
    @Test
    void displayExamplesOfTheSpec() {
        assertThat(TaskIds.display(0)).isEqualTo("t0");
        assertThat(TaskIds.display(4294967298L)).isEqualTo("r1t2");
        assertThat(TaskIds.display(-1L)).isEqualTo("r255t4294967295");
        assertThat(TaskIds.display((256L << 32) | 3)).isEqualTo("t3");
    }

    @Test
    void ringIsEightBitsAndLocalIs32Bits() {
        long raw = (0x1_02L << 32) | 0xFFFF_FFFFL; // ring bits 0x102: only the low 8 bits count
        assertThat(TaskIds.ring(raw)).isEqualTo(2);
        assertThat(TaskIds.local(raw)).isEqualTo(4294967295L);
        assertThat(TaskIds.display(raw)).isEqualTo("r2t4294967295");
        assertThat(TaskIds.make(1, 2)).isEqualTo(4294967298L);
        assertThat(TaskIds.display(TaskIds.make(1, 5120))).isEqualTo("r1t5120");
    }
}
