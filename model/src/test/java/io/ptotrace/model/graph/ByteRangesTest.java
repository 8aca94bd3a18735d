package io.ptotrace.model.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteRangesTest {
    private static long[] of(long offset, long[] shape, long[] strides, String dtype) {
        return ByteRanges.of(64, "FLOAT32", offset, shape, strides, dtype);
    }

    @Test
    void denseSliceIsOneInterval() {
        assertThat(of(8, new long[] {2, 4}, new long[] {4, 1}, "FLOAT32")).containsExactly(32, 64);
        assertThat(of(0, new long[] {8}, new long[] {1}, "float32")).containsExactly(0, 32); // dtype in any case
    }

    @Test
    void outerDimensionsAreEnumeratedAndTouchingIntervalsMerge() {
        // rows of 2 out of rows of 4: [0,2) [4,6) [8,10) elements
        assertThat(of(0, new long[] {3, 2}, new long[] {4, 1}, "FLOAT32")).containsExactly(0, 8, 16, 24, 32, 40);
        // a column: stride 4 in the last dimension, nothing dense
        assertThat(of(1, new long[] {3}, new long[] {4}, "FLOAT32")).containsExactly(4, 8, 20, 24, 36, 40);
        // overlapping outer positions merge
        assertThat(of(0, new long[] {3, 4}, new long[] {2, 1}, "FLOAT32")).containsExactly(0, 8 * 4);
    }

    @Test
    void slicesThatCannotBePlacedHaveNoBytes() {
        assertThat(of(0, new long[] {8}, new long[] {1}, "FLOAT16")).isNull(); // dtype other than the buffer's
        assertThat(ByteRanges.of(64, "COMPLEX64", 0L, new long[] {8}, new long[] {1}, "COMPLEX64"))
                .isNull();
        assertThat(of(60, new long[] {8}, new long[] {1}, "FLOAT32")).isNull(); // leaves the buffer
        assertThat(of(-1, new long[] {8}, new long[] {1}, "FLOAT32")).isNull();
        assertThat(of(0, new long[] {8, 1}, new long[] {1}, "FLOAT32")).isNull();
        assertThat(of(0, new long[] {}, new long[] {}, "FLOAT32")).isNull();
        assertThat(of(0, new long[] {0}, new long[] {1}, "FLOAT32")).isNull();
        assertThat(ByteRanges.of(64, "FLOAT32", null, new long[] {8}, new long[] {1}, "FLOAT32"))
                .isNull();
        assertThat(ByteRanges.of(1L << 40, "INT8", 0L, new long[] {101, 100, 1}, new long[] {200, 2, 1}, "INT8"))
                .as("10 100 outer positions")
                .isNull();
        assertThat(ByteRanges.of(1L << 40, "INT8", 0L, new long[] {100, 100, 1}, new long[] {200, 2, 1}, "INT8"))
                .hasSize(20_000);
        assertThat(ByteRanges.of(Long.MAX_VALUE, "INT64", 0L, new long[] {8}, new long[] {1}, "INT64"))
                .isNull(); // the buffer's size overflows
        assertThat(ByteRanges.of(64, "INT8", Long.MAX_VALUE - 4, new long[] {8}, new long[] {1}, "INT8"))
                .isNull(); // the slice's end overflows
    }

    @Test
    void boundingRangesRunFromTheFirstToTheLastByte() {
        assertThat(ByteRanges.bounding(2L, new long[] {4, 8}, new long[] {0, 1}, "FLOAT16"))
                .containsExactly(4, 20);
        assertThat(ByteRanges.bounding(2L, new long[] {0, 8}, new long[] {0, 1}, "FLOAT16"))
                .isEmpty();
        assertThat(ByteRanges.bounding(null, new long[] {8}, new long[] {1}, "FLOAT16"))
                .isNull();
        assertThat(ByteRanges.bounding(Long.MAX_VALUE, new long[] {8}, new long[] {1}, "FLOAT16"))
                .isNull();
        assertThat(ByteRanges.bufferBytes(64, "FLOAT32")).isEqualTo(256);
        assertThat(ByteRanges.bufferBytes(Long.MAX_VALUE, "FLOAT32")).isEqualTo(-1);
        assertThat(ByteRanges.bufferBytes(64, "COMPLEX64")).isEqualTo(-1);
    }

    @Test
    void intersectionUnionAndCover() {
        long[] a = {0, 10, 20, 30}, b = {5, 25};
        assertThat(ByteRanges.intersect(a, b)).containsExactly(5, 10, 20, 25);
        assertThat(ByteRanges.intersect(a, new long[] {10, 20})).isEmpty();
        ByteRanges.Union u = new ByteRanges.Union();
        u.add(new long[] {20, 30});
        u.add(new long[] {0, 10});
        u.add(new long[] {10, 12});
        assertThat(u.result()).containsExactly(0, 12, 20, 30);
        assertThat(ByteRanges.covers(u.result(), new long[] {2, 12, 21, 30})).isTrue();
        assertThat(ByteRanges.covers(u.result(), new long[] {2, 13})).isFalse();
        assertThat(ByteRanges.covers(ByteRanges.EMPTY, new long[] {2, 3})).isFalse();
        assertThat(ByteRanges.covers(ByteRanges.EMPTY, ByteRanges.EMPTY)).isTrue();
    }
}
