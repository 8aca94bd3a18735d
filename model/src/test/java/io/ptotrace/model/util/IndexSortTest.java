package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IndexSortTest {
    @Test
    void wholeAndRangeSortsAreStableAndAgreeWithTheJdkSort() {
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

        // grouped by a counting pass, then each group's range sorted on its own with shared scratch
        int[] from = new int[8];
        for (int i = 0; i < n; i++) from[group[i] + 1]++;
        for (int g = 0; g < 7; g++) from[g + 1] += from[g];
        int[] ix = new int[n], fill = Arrays.copyOf(from, 7), tmp = new int[n];
        for (int i = 0; i < n; i++) ix[fill[group[i]]++] = i;
        for (int g = 0; g < 7; g++)
            IndexSort.stableSort(ix, from[g], from[g + 1], tmp, (a, b) -> Integer.compare(key[a], key[b]));
        assertThat(ix).isEqualTo(expect);
        assertThat(IndexSort.groupedSort(n, 7, i -> group[i], (a, b) -> Integer.compare(key[a], key[b])))
                .isEqualTo(expect);
        assertThat(IndexSort.groupedSort(0, 3, i -> 0, (a, b) -> 0)).isEmpty();
        // negative groups are left out; the bounds say where each group landed
        int[] bounds = new int[8];
        int[] kept = IndexSort.groupedSort(
                n, 7, i -> group[i] == 3 ? -1 : group[i], (a, b) -> Integer.compare(key[a], key[b]), bounds);
        assertThat(kept)
                .isEqualTo(Arrays.stream(expect).filter(i -> group[i] != 3).toArray());
        for (int g = 0; g < 7; g++)
            for (int k = bounds[g]; k < bounds[g + 1]; k++)
                assertThat(group[kept[k]]).isEqualTo(g);
        assertThat(bounds[3]).isEqualTo(bounds[4]);
        assertThat(bounds[7]).isEqualTo(kept.length);
    }
}
