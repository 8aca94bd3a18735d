package io.ptotrace.diff;

import io.ptotrace.model.util.RadixSort;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StructuresTest {
    @Test
    void equalTextsGetOneCode() {
        Values v = new Values();
        assertThat(v.text((String) null)).isEqualTo(-1);
        assertThat(v.text("INPUT")).isZero();
        assertThat(v.text(new String("INPUT".toCharArray()))).isZero(); // equal text, another instance
        assertThat(v.text("Aa")).isEqualTo(1);
        assertThat(v.text("BB")).isEqualTo(2); // same String hash as "Aa"
        for (int i = 0; i < 1000; i++) assertThat(v.text("s" + i)).isEqualTo(3 + i);
        for (int i = 0; i < 1000; i++) assertThat(v.text("s" + i)).isEqualTo(3 + i);
        assertThat(v.text(2)).isEqualTo("BB");
        assertThat(v.text(-1)).isNull();
        assertThat(v.textCount()).isEqualTo(1003);
    }

    @Test
    void equalArraysGetOneCodeWhicheverInstanceComes() {
        Values v = new Values();
        long[] shape = {16, 128};
        int a = v.array(shape);
        assertThat(v.array(shape)).isEqualTo(a);
        assertThat(v.array(new long[] {16, 128})).isEqualTo(a); // a copy the interner did not keep
        assertThat(v.array(new long[] {16})).isNotEqualTo(a);
        assertThat(v.array(new long[0])).isEqualTo(v.array(new long[0]));
        assertThat(v.array((long[]) null)).isEqualTo(-1);
        for (int i = 0; i < 10_000; i++) v.array(new long[] {i, i + 1});
        assertThat(v.array(a)).containsExactly(16, 128).isSameAs(shape);
        assertThat(v.arrayCount()).isEqualTo(3 + 10_000);
        Values other = new Values();
        other.array(new long[] {7});
        other.text("OUTPUT");
        int[] arrays = v.arraysInto(other), texts = new Values().textsInto(other);
        assertThat(other.array(arrays[a])).containsExactly(16, 128);
        assertThat(arrays).doesNotHaveDuplicates();
        assertThat(texts).isEmpty();
    }

    @Test
    void radixSortIsStableAndUnsigned() {
        Random r = new Random(9);
        int n = 100_000;
        long[] keys = new long[n];
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) { keys[i] = r.nextInt(4) == 0 ? -r.nextInt(1000) : r.nextInt(1000); vals[i] = i; }
        long[] orig = keys.clone();
        RadixSort.sort(keys, vals, n, 64);
        for (int i = 1; i < n; i++) {
            int c = Long.compareUnsigned(keys[i - 1], keys[i]);
            assertThat(c).isLessThanOrEqualTo(0);
            if (c == 0) assertThat(vals[i - 1]).isLessThan(vals[i]);
        }
        for (int i = 0; i < n; i++) assertThat(orig[vals[i]]).isEqualTo(keys[i]);
        Long[] boxed = Arrays.stream(orig).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
        for (int i = 0; i < n; i++) assertThat(keys[i]).isEqualTo(boxed[i]);
    }
}
