package io.ptotrace.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SeqAlignTest {
    /** Every match pairs equal values, and the matching is strictly monotonic. */
    private static int check(long[] a, long[] b, int[] m) {
        int last = -1, matched = 0;
        for (int i = 0; i < a.length; i++) {
            if (m[i] < 0) continue;
            assertThat(b[m[i]]).isEqualTo(a[i]);
            assertThat(m[i]).isGreaterThan(last);
            last = m[i];
            matched++;
        }
        return matched;
    }

    /** Length of a longest common subsequence (quadratic; small inputs only). */
    private static int lcs(long[] a, long[] b) {
        int[] prev = new int[b.length + 1], cur = new int[b.length + 1];
        for (long x : a) {
            for (int j = 1; j <= b.length; j++)
                cur[j] = x == b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length];
    }

    @Test
    void smallEditsAreOptimal() {
        Random r = new Random(5);
        for (int round = 0; round < 300; round++) {
            int n = 1 + r.nextInt(60);
            long[] a = new long[n];
            for (int i = 0; i < n; i++) a[i] = r.nextInt(4); // very repetitive, like kernel signatures
            long[] b = a.clone();
            int edits = r.nextInt(5);
            for (int e = 0; e < edits; e++) {
                int pos = r.nextInt(b.length + 1);
                if (r.nextBoolean() && b.length > 0 && pos < b.length) {
                    long[] c = new long[b.length - 1];
                    System.arraycopy(b, 0, c, 0, pos);
                    System.arraycopy(b, pos + 1, c, pos, b.length - pos - 1);
                    b = c;
                } else {
                    long[] c = new long[b.length + 1];
                    System.arraycopy(b, 0, c, 0, pos);
                    c[pos] = r.nextInt(6);
                    System.arraycopy(b, pos, c, pos + 1, b.length - pos);
                    b = c;
                }
            }
            int matched = check(a, b, SeqAlign.align(a, b));
            assertThat(matched).as("round %d", round).isEqualTo(lcs(a, b));
        }
    }

    @Test
    void oneInsertionInAMillion() {
        int n = 1_000_000;
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = i % 7; // a loop of 7 kernels
        long[] b = new long[n + 1];
        System.arraycopy(a, 0, b, 0, 10);
        b[10] = 42;
        System.arraycopy(a, 10, b, 11, n - 10);
        long[] work = {0};
        int[] m = SeqAlign.align(a, b, work);
        assertThat(work[0])
                .as("the common prefix and suffix leave nothing to search")
                .isZero();
        assertThat(check(a, b, m)).isEqualTo(n);
        for (int i = 10; i < n; i++) assertThat(m[i]).isEqualTo(i + 1);
    }

    @Test
    void unrelatedLongSequencesStayFast() {
        Random r = new Random(1);
        int n = 300_000;
        long[] a = new long[n], b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(50);
            b[i] = r.nextInt(50);
        }
        long[] work = {0};
        int[] m = SeqAlign.align(a, b, work);
        // the cost bound keeps the search at O((N+M)·√(N+M)) diagonals, where plain Myers would visit N·M
        long sides = 2L * n;
        assertThat(work[0]).isPositive().isLessThan((long) (4 * Math.sqrt(sides) * sides));
        check(a, b, m);
        long[] c = new long[n];
        for (int i = 0; i < n; i++) c[i] = 1000 + i; // nothing in common
        assertThat(Arrays.stream(SeqAlign.align(a, c)).allMatch(x -> x < 0)).isTrue();
    }

    @Test
    void emptySides() {
        assertThat(SeqAlign.align(new long[0], new long[] {1})).isEmpty();
        assertThat(SeqAlign.align(new long[] {1, 2}, new long[0])).containsExactly(-1, -1);
    }
}
