package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PagedColumnsTest {
    @Test
    void longsReadBackEveryValueThroughPagesAndWidening() {
        int n = 3 * PagedColumns.PAGE + 123;
        long[] ref = new long[n];
        PagedColumns.Longs c = new PagedColumns.Longs();
        Random rnd = new Random(11);
        // page 0: small values then one long value late in the page (widens byte → long, keeping the others)
        for (int i = 0; i < PagedColumns.PAGE; i++) set(c, ref, i, rnd.nextInt(200) - 100);
        set(c, ref, PagedColumns.PAGE - 7, Long.MIN_VALUE);
        // page 1: nothing at all; page 2: widening one step at a time; page 3: sparse
        long[] steps = {
            1,
            -128,
            127,
            128,
            -129,
            Short.MAX_VALUE,
            Short.MIN_VALUE,
            40_000,
            Integer.MAX_VALUE,
            Integer.MIN_VALUE,
            1L << 40,
            Long.MAX_VALUE
        };
        for (int k = 0; k < steps.length; k++) set(c, ref, 2 * PagedColumns.PAGE + 100 * k, steps[k]);
        for (int i = 2 * PagedColumns.PAGE; i < 3 * PagedColumns.PAGE; i += 7)
            if (ref[i] == 0) set(c, ref, i, rnd.nextLong() >> rnd.nextInt(64));
        set(c, ref, 3 * PagedColumns.PAGE + 100, 5);
        set(c, ref, n - 1, -3);
        // overwrites, including back to 0
        set(c, ref, 5, 0);
        set(c, ref, 2 * PagedColumns.PAGE + 100, 0);
        for (int i = 0; i < n; i++) assertThat(c.get(i)).as("row %d", i).isEqualTo(ref[i]);
        assertThat(c.get(n + 5 * PagedColumns.PAGE)).isZero();
        assertThat(c.bytes())
                .isLessThan(20L * PagedColumns.PAGE); // pages 0 and 2 as longs, page 3 whole bytes, page 1 none
    }

    @Test
    void longsOfSmallValuesTakeOneByteARow() {
        PagedColumns.Longs c = new PagedColumns.Longs();
        for (int i = 0; i < 2 * PagedColumns.PAGE; i++) c.set(i, i % 100);
        assertThat(c.bytes()).isEqualTo(2L * PagedColumns.PAGE);
        for (int i = 0; i < 2 * PagedColumns.PAGE; i++) assertThat(c.get(i)).isEqualTo(i % 100);
    }

    @Test
    void aPageAfterAFullOneStartsWholeAndSparsePagesStaySmall() {
        PagedColumns.Doubles dense = new PagedColumns.Doubles();
        for (int i = 0; i <= 2 * PagedColumns.PAGE; i++) dense.set(i, i);
        assertThat(dense.bytes()).isEqualTo(3L * 8 * PagedColumns.PAGE);
        PagedColumns.Longs sparse = new PagedColumns.Longs();
        for (int p = 0; p < 10; p++) sparse.set(p * PagedColumns.PAGE + 3, 1L << 40);
        assertThat(sparse.bytes()).isEqualTo(10L * 8 * 64);
        PagedColumns.Longs afterFull = new PagedColumns.Longs();
        for (int i = 0; i < PagedColumns.PAGE; i++) afterFull.set(i, 1);
        afterFull.set(PagedColumns.PAGE + 3, 1);
        assertThat(afterFull.bytes()).isEqualTo(2L * PagedColumns.PAGE);
    }

    @Test
    void aFreshColumnReadsZeroAndZerosAllocateNothing() {
        PagedColumns.Longs c = new PagedColumns.Longs();
        for (int i = 0; i < 100_000; i += 999) c.set(i, 0);
        assertThat(c.bytes()).isZero();
        assertThat(c.get(0)).isZero();
        assertThat(c.get(99_999)).isZero();
    }

    @Test
    void doubles() {
        int n = 2 * PagedColumns.PAGE + 9;
        double[] ref = new double[n];
        PagedColumns.Doubles c = new PagedColumns.Doubles();
        Random rnd = new Random(4);
        for (int i = 0; i < n; i += 1 + rnd.nextInt(3)) {
            ref[i] = rnd.nextInt(5) == 0 ? -0.0 : rnd.nextDouble() * 1e6 - 5e5;
            c.set(i, ref[i]);
        }
        for (int i = 0; i < n; i++)
            assertThat(Double.doubleToRawLongBits(c.get(i)))
                    .as("row %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(ref[i]));
        assertThat(c.get(10 * n)).isEqualTo(0.0);
    }

    private static void set(PagedColumns.Longs c, long[] ref, int i, long v) {
        c.set(i, v);
        ref[i] = v;
    }

    @Test
    void intsAndBytesReadBackAcrossPagesAndUnwrittenRowsReadZero() {
        int n = 3 * PagedColumns.PAGE + 5;
        PagedColumns.Ints ints = new PagedColumns.Ints();
        PagedColumns.Bytes bytes = new PagedColumns.Bytes();
        int[] ri = new int[n];
        byte[] rb = new byte[n];
        Random rnd = new Random(9);
        for (int i = 0; i < n; i += 1 + rnd.nextInt(5)) {
            if (i >= PagedColumns.PAGE && i < 2 * PagedColumns.PAGE) continue; // page 1 never written
            ri[i] = rnd.nextInt();
            rb[i] = (byte) rnd.nextInt();
            ints.set(i, ri[i]);
            bytes.set(i, rb[i]);
        }
        ints.set(n - 1, Integer.MIN_VALUE);
        ri[n - 1] = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            assertThat(ints.get(i)).as("int row %d", i).isEqualTo(ri[i]);
            assertThat(bytes.get(i)).as("byte row %d", i).isEqualTo(rb[i]);
        }
        assertThat(ints.get(n + 10 * PagedColumns.PAGE)).isZero();
        assertThat(bytes.get(n + 10 * PagedColumns.PAGE)).isZero();
    }

    /** A table that writes every row it adds reads them back through {@code at} as through {@code get}. */
    @Test
    void everyRowWrittenReadsTheSameWithoutChecks() {
        int n = 2 * PagedColumns.PAGE + 77;
        PagedColumns.Ints ints = new PagedColumns.Ints();
        PagedColumns.Bytes bytes = new PagedColumns.Bytes();
        PagedColumns.Doubles doubles = new PagedColumns.Doubles();
        Random rnd = new Random(11);
        for (int i = 0; i < n; i++) {
            ints.set(i, rnd.nextInt());
            bytes.set(i, (byte) rnd.nextInt());
            doubles.set(i, rnd.nextDouble());
        }
        for (int i = 0; i < n; i++) {
            assertThat(ints.at(i)).as("int row %d", i).isEqualTo(ints.get(i));
            assertThat(bytes.at(i)).as("byte row %d", i).isEqualTo(bytes.get(i));
            assertThat(doubles.at(i)).as("double row %d", i).isEqualTo(doubles.get(i));
        }
    }
}
