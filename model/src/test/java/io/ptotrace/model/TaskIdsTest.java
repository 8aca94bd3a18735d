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

    private static final long G7T3 = (1L << 62) | (7L << 32) | 3, P4 = (2L << 62) | 4;

    @Test
    void hostBuildGraphFormsAreReadBackAsTheRuntimeWritesThem() {
        assertThat(TaskIds.parseDisplay("g7t3")).isEqualTo(G7T3);
        assertThat(TaskIds.parseDisplay("p4")).isEqualTo(P4);
        assertThat(TaskIds.parseDisplay("g1048575t4294967295")).isEqualTo((1L << 62) | (0xFFFFFL << 32) | 0xFFFF_FFFFL);
        TaskLabels hbg = TaskRuntime.HOST_BUILD_GRAPH.labels(), tmr = TaskRuntime.TENSORMAP_AND_RINGBUFFER.labels();
        for (long raw : new long[] {0, 7, G7T3, P4, (1L << 62) | (0xFFFFFL << 32), (2L << 62) | 0xFFFF_FFFFL})
            assertThat(TaskIds.parseDisplay(hbg.label(raw))).as(hbg.label(raw)).isEqualTo(raw);
        for (long raw : new long[] {0, 5, TaskIds.make(1, 3), TaskIds.make(255, 0xFFFF_FFFFL)})
            assertThat(TaskIds.parseDisplay(tmr.label(raw))).as(tmr.label(raw)).isEqualTo(raw);
        for (String s : new String[] {"g7", "gt3", "g1048576t1", "p", "p-1", "pt4", "p4t", "g7t3x", "p4294967296"})
            assertThat(TaskIds.parseDisplay(s)).as(s).isEqualTo(-1);
        assertThat(TaskIds.isDisplay("p4")).isTrue();
        assertThat(TaskIds.isDisplay("q4")).isFalse();
    }

    @Test
    void parseReferenceTakesTheRuntimeFormsToo() {
        assertThat(TaskIds.parseReference(" g7t3")).isEqualTo(G7T3);
        assertThat(TaskIds.parseReference("p4")).isEqualTo(P4);
        assertThat(TaskIds.parseReference(Long.toUnsignedString(P4))).isEqualTo(P4);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TaskIds.parseReference("g7"))
                .hasMessage("'g7' is not a task id (write it as t5, r1t3, g7t3, p4, (1, 3) or the raw decimal id)");
    }

    @Test
    void aGraphsRuntimeChoosesItsLabelsAndNoneTheOlderOnes() {
        assertThat(TaskLabels.ofRuntime("host_build_graph").label(G7T3)).isEqualTo("g7t3");
        assertThat(TaskLabels.ofRuntime("host_build_graph").label(P4)).isEqualTo("p4");
        assertThat(TaskLabels.ofRuntime("tensormap_and_ringbuffer").label(5)).isEqualTo("r0t5");
        assertThat(TaskLabels.ofRuntime(null).label(5)).isEqualTo("t5");
        assertThat(TaskLabels.ofRuntime("something_else").label(TaskIds.make(1, 3)))
                .isEqualTo("r1t3");
        assertThat(TaskDisplay.of(G7T3, "QK", TaskLabels.ofRuntime("host_build_graph")))
                .isEqualTo("QK(g7t3)");
    }
}
