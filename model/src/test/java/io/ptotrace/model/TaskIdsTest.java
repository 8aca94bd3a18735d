package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Task id layout and the converter's task display. */
class TaskIdsTest {
    @Test
    void displayExamplesOfTheSpec() {
        assertThat(TaskIds.display(0)).isEqualTo("t0");
        assertThat(TaskIds.display(4294967298L)).isEqualTo("r1t2");
        // every bit shown: ids differing above bit 39 never share a form
        assertThat(TaskIds.display(-1L)).isEqualTo("r4294967295t4294967295");
        assertThat(TaskIds.display((256L << 32) | 3)).isEqualTo("r256t3");
        assertThat(TaskIds.display((257L << 32) | 5)).isNotEqualTo(TaskIds.display((1L << 32) | 5));
    }

    @Test
    void ringIsTheUpperHalfAndLocalTheLower() {
        long raw = (0x1_02L << 32) | 0xFFFF_FFFFL; // ring bits 0x102 = 258, all of them shown
        assertThat(TaskIds.ring(raw)).isEqualTo(258);
        assertThat(TaskIds.local(raw)).isEqualTo(4294967295L);
        assertThat(TaskIds.display(raw)).isEqualTo("r258t4294967295");
        assertThat(TaskIds.make(1, 2)).isEqualTo(4294967298L);
        assertThat(TaskIds.display(TaskIds.make(1, 5120))).isEqualTo("r1t5120");
    }

    @Test
    void parseDisplayReadsBackWhatDisplayWrites() {
        for (long raw : new long[] {
            0, 5, 4294967298L, TaskIds.make(255, 0xFFFF_FFFFL), TaskIds.make(1, 5120), TaskIds.make(257, 5)
        }) assertThat(TaskIds.parseDisplay(TaskIds.display(raw))).isEqualTo(raw);
        assertThat(TaskIds.parseDisplay("r01t5")).isEqualTo(TaskIds.make(1, 5));
        assertThat(TaskIds.parseDisplay("r0t5")).isEqualTo(5);
    }

    @Test
    void parseReferenceReadsEveryFormAUserTypes() {
        assertThat(TaskIds.parseReference("t1")).isEqualTo(1);
        assertThat(TaskIds.parseReference("r0t1")).isEqualTo(1);
        assertThat(TaskIds.parseReference(" r1t1 ")).isEqualTo(4294967297L);
        assertThat(TaskIds.parseReference("4294967297")).isEqualTo(4294967297L);
        assertThat(TaskIds.parseReference("(1, 1)")).isEqualTo(4294967297L);
        assertThat(TaskIds.parseReference("18446744073709551615")).isEqualTo(-1L);
        assertThat(TaskIds.parseReference(TaskIds.display(-1L))).isEqualTo(-1L);
        assertThat(TaskIds.parseReference("r257t5")).isEqualTo(TaskIds.make(257, 5));
        for (String s : new String[] {"", "x", "t-1", "18446744073709551616", "(1, 4294967296)", "t4294967296", "1.5"})
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> TaskIds.parseReference(s))
                    .as(s)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a task id");
    }

    @Test
    void parseDisplayRefusesWhatIsNoTaskId() {
        for (String s : new String[] {
            "",
            "t",
            "r1",
            "rt5",
            "x5",
            "t5x",
            "5",
            "r4294967296t1",
            "r99999999999t1",
            "t4294967296",
            "t123456789012",
            " t5"
        }) assertThat(TaskIds.parseDisplay(s)).as(s).isEqualTo(-1);
    }
}
