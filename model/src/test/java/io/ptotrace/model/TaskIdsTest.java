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

    @Test
    void parseDisplayReadsBackWhatDisplayWrites() {
        for (long raw : new long[] {0, 5, 4294967298L, TaskIds.make(255, 0xFFFF_FFFFL), TaskIds.make(1, 5120)})
            assertThat(TaskIds.parseDisplay(TaskIds.display(raw))).isEqualTo(raw);
        assertThat(TaskIds.parseDisplay("r01t5")).isEqualTo(TaskIds.make(1, 5));
    }

    @Test
    void parseDisplayRefusesWhatIsNoTaskId() {
        for (String s : new String[] {"", "t", "r1", "rt5", "x5", "t5x", "5", "r256t1", "r1000t1", "t4294967296", "t123456789012", " t5"})
            assertThat(TaskIds.parseDisplay(s)).as(s).isEqualTo(-1);
    }
}
