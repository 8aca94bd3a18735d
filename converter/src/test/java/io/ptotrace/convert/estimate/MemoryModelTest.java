package io.ptotrace.convert.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The model against the trace processor's peak RSS (v58, /usr/bin/time -v) on traces that hold one kind of row
 * and little else: a million slices on 48 lanes with import marks every 65,536 events, and the same with arrows,
 * int args, distinct string args, counter values or distinct names added (docs/trace-layout.md lists them all).
 * The per-row costs come from these; the real-processor test checks whole traces of runs.
 */
class MemoryModelTest {
    private static final long M = 1_000_000;

    /** slices, args, arg sets, flows, counter values, strings (count, bytes), interned names: marked, nothing held. */
    static TraceCosts micro(
            long slices, long args, long sets, long flows, long counters, long strings, long stringBytes, long names) {
        return new TraceCosts(slices, args, sets, flows, counters, strings, stringBytes, names, 49, 0);
    }

    static double mb(TraceCosts c) {
        return MemoryModel.estimate(c, false) / 1e6;
    }

    @Test
    void reproducesTheOneKindMeasurementsWithinTenPercent() {
        assertThat(mb(micro(M, 0, 0, 0, 0, 200, 3_000, 0))).isCloseTo(139.8, within(14.0));
        assertThat(mb(micro(2 * M, 0, 0, 0, 0, 200, 3_000, 0))).isCloseTo(255.6, within(25.6));
        assertThat(mb(micro(M, 0, 0, M, 0, 200, 3_000, 0))).isCloseTo(185.7, within(18.6));
        assertThat(mb(micro(M, 0, 0, 2 * M, 0, 200, 3_000, 0))).isCloseTo(222.5, within(22.3));
        assertThat(mb(micro(M, M, M, 0, 0, 200, 3_000, 0))).isCloseTo(214.9, within(21.5));
        assertThat(mb(micro(M, 3 * M, M, 0, 0, 200, 3_000, 0))).isCloseTo(293.7, within(29.4));
        assertThat(mb(micro(M, M, M, 0, 0, M, 7 * M, 0))).isCloseTo(251.6, within(25.2));
        assertThat(mb(micro(M, 0, 0, 0, M, 200, 3_000, 0))).isCloseTo(204.0, within(20.4));
        assertThat(mb(micro(M, 0, 0, 0, 3 * M, 200, 3_000, 0))).isCloseTo(335.0, within(33.5));
        assertThat(mb(micro(M, 0, 0, 0, 0, M, 24 * M, 0))).isCloseTo(228.4, within(22.8));
        assertThat(mb(micro(M, 0, 0, 0, 0, M, 24 * M, M))).isCloseTo(410.1, within(41.0));
    }

    @Test
    void anEmptyTraceCostsTheProcessorItself() {
        assertThat(MemoryModel.estimate(TraceCosts.NONE, false)).isEqualTo(MemoryModel.FIXED);
        assertThat(MemoryModel.estimate(TraceCosts.NONE, true)).isEqualTo(MemoryModel.FIXED_JSON);
    }

    @Test
    void aTraceHeldWholeCostsItsBytesOnTop() {
        TraceCosts c = micro(M, 0, 0, 0, 0, 200, 3_000, 0);
        assertThat(MemoryModel.estimate(c.withHeldBytes(100 * M), false) - MemoryModel.estimate(c, false))
                .isEqualTo(Math.round(MemoryModel.HELD * 100 * M));
    }

    @Test
    void sizesAreShownAndReadInDecimalUnits() {
        assertThat(MemoryModel.shown(87_400_000)).isEqualTo("87 MB");
        assertThat(MemoryModel.shown(2_240_000_000L)).isEqualTo("2.24 GB");
        assertThat(MemoryModel.shown(999)).isEqualTo("999 bytes");
        assertThat(MemoryModel.parseSize("1.5G")).isEqualTo(1_500_000_000L);
        assertThat(MemoryModel.parseSize("800m")).isEqualTo(800_000_000L);
        assertThat(MemoryModel.parseSize(" 2GB ")).isEqualTo(2_000_000_000L);
        assertThat(MemoryModel.parseSize("50000000")).isEqualTo(50_000_000L);
        assertThat(MemoryModel.parseSize("40000K")).isEqualTo(40_000_000L);
    }

    @Test
    void badSizesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> MemoryModel.parseSize("1.5X")).hasMessageContaining("'1.5X' is not a size");
        assertThatThrownBy(() -> MemoryModel.parseSize("")).hasMessageContaining("is not a size");
        assertThatThrownBy(() -> MemoryModel.parseSize("-1G")).hasMessageContaining("is not a size");
        assertThatThrownBy(() -> MemoryModel.parseSize("G")).hasMessageContaining("is not a size");
        assertThatThrownBy(() -> MemoryModel.parseSize("10M"))
                .hasMessageContaining("leaves no room beside the trace processor's own 39 MB");
        assertThatThrownBy(() -> MemoryModel.parseSize("1e30")).hasMessageContaining("is not a size");
    }
}
