package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class IndexSortTest {
    @Test
    void comparatorAndGroupedSortsAreStableAndAgreeWithTheJdkSort() {
        Random r = new Random(3);
        int n = 5000;
        int[] group = new int[n], key = new int[n];
        for (int i = 0; i < n; i++) {
            group[i] = r.nextInt(7);
            key[i] = r.nextInt(50);
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) boxed[i] = i;
        Arrays.sort(boxed, Comparator.<Integer>comparingInt(i -> group[i]).thenComparingInt(i -> key[i])); // stable
        int[] expect = Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();

        int[] whole = IndexSort.identity(n);
        IndexSort.stableSort(
                whole,
                (a, b) -> group[a] != group[b] ? Integer.compare(group[a], group[b]) : Integer.compare(key[a], key[b]));
        assertThat(whole).isEqualTo(expect);

        // the same order grouped by a counting pass, each group sorted by its key
        long[] asLong = Arrays.stream(key).asLongStream().toArray();
        int[] from = new int[8];
        assertThat(IndexSort.groupedSortByKey(n, 7, i -> group[i], i -> asLong[i], null, from))
                .isEqualTo(expect);
        assertThat(IndexSort.groupedSortByKey(0, 3, i -> 0, i -> 0, null, new int[4]))
                .isEmpty();
        // negative groups are left out; the bounds say where each group landed
        int[] bounds = new int[8];
        int[] kept = IndexSort.groupedSortByKey(n, 7, i -> group[i] == 3 ? -1 : group[i], i -> asLong[i], null, bounds);
        assertThat(kept)
                .isEqualTo(Arrays.stream(expect).filter(i -> group[i] != 3).toArray());
        for (int g = 0; g < 7; g++)
            for (int k = bounds[g]; k < bounds[g + 1]; k++)
                assertThat(group[kept[k]]).isEqualTo(g);
        assertThat(bounds[3]).isEqualTo(bounds[4]);
        assertThat(bounds[7]).isEqualTo(kept.length);
    }

    @Property(tries = 300)
    void sortingByKeysOrdersAsTheJdkStableSortDoes(
            @ForAll @Size(max = 300) java.util.List<@IntRange(min = -6, max = 6) Integer> smallKeys,
            @ForAll long seed) {
        int n = smallKeys.size();
        Random r = new Random(seed);
        long[] key = new long[n], then = new long[n];
        for (int i = 0; i < n; i++) {
            key[i] = smallKeys.get(i); // few distinct keys: many ties for the second key and the index to break
            then[i] = r.nextInt(4) - 2;
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) boxed[i] = i;
        Integer[] byKey = boxed.clone();
        Arrays.sort(byKey, Comparator.comparingLong(i -> key[i]));
        Arrays.sort(boxed, Comparator.<Integer>comparingLong(i -> key[i]).thenComparingLong(i -> then[i]));

        int[] one = IndexSort.identity(n);
        IndexSort.sortByKey(one, i -> key[i]);
        assertThat(one)
                .isEqualTo(Arrays.stream(byKey).mapToInt(Integer::intValue).toArray());
        int[] two = IndexSort.identity(n);
        IndexSort.sortByKey(two, 0, n, i -> key[i], i -> then[i]);
        assertThat(two)
                .isEqualTo(Arrays.stream(boxed).mapToInt(Integer::intValue).toArray());
    }

    @Test
    void aRangeIsSortedInPlaceAndTheRestLeftAlone() {
        int[] ix = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
        IndexSort.sortByKey(ix, 2, 8, i -> i, null);
        assertThat(ix).containsExactly(9, 8, 2, 3, 4, 5, 6, 7, 1, 0);
        int[] sorted = {0, 1, 2};
        IndexSort.sortByKey(sorted, i -> -i);
        assertThat(sorted).containsExactly(2, 1, 0);
    }

    @Test
    void doubleAndUnsignedKeysOrderAsTheirComparisonsDo() {
        double[] ds = {
            Double.NaN,
            Double.POSITIVE_INFINITY,
            1.5,
            0.0,
            -0.0,
            -1e-300,
            -2.5,
            Double.NEGATIVE_INFINITY,
            1e300,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.longBitsToDouble(0x7ff8000000000001L)
        };
        for (double a : ds)
            for (double b : ds)
                assertThat(Long.signum(Long.compare(IndexSort.doubleKey(a), IndexSort.doubleKey(b))))
                        .as("%s vs %s", a, b)
                        .isEqualTo(Integer.signum(Double.compare(a, b)));
        long[] ls = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 42, -42};
        for (long a : ls)
            for (long b : ls)
                assertThat(Long.signum(Long.compare(IndexSort.unsignedKey(a), IndexSort.unsignedKey(b))))
                        .isEqualTo(Integer.signum(Long.compareUnsigned(a, b)));
    }
}
