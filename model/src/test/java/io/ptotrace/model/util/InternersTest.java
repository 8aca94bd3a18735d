package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InternersTest {
    @Test
    void equalTextsGiveTheSameInstanceAndLiteralsAreRecognised() {
        TextInterner in = new TextInterner();
        char[] buf = "xxINPUTyyINPUT".toCharArray();
        String a = in.intern(buf, 2, 5);
        String b = in.intern(buf, 9, 5);
        assertThat(a).isEqualTo("INPUT");
        assertThat(b).isSameAs(a).isSameAs("INPUT");
        assertThat(in.intern(buf, 0, 0)).isEmpty();
        assertThat(in.size()).isEqualTo(2);
    }

    @Test
    void manyDistinctTextsSurviveGrowthAndCollisions() {
        TextInterner in = new TextInterner();
        // "Aa" and "BB" share a String hash code
        assertThat(in.intern("Aa")).isNotEqualTo(in.intern("BB"));
        for (int i = 0; i < 5000; i++) in.intern("t" + i);
        for (int i = 0; i < 5000; i++) {
            String s = "t" + i;
            assertThat(in.intern(s.toCharArray(), 0, s.length())).isEqualTo(s);
        }
        assertThat(in.size()).isEqualTo(5002);
    }

    @Test
    void textsBeyondTheLimitsAreReturnedButNotKept() {
        TextInterner in = new TextInterner();
        String longText = "x".repeat(TextInterner.MAX_LENGTH + 1);
        assertThat(in.intern(longText)).isEqualTo(longText);
        assertThat(in.size()).isZero();
        for (int i = 0; i < TextInterner.MAX_ENTRIES + 10; i++) in.intern("k" + i);
        assertThat(in.size()).isEqualTo(TextInterner.MAX_ENTRIES);
        String late = "k" + (TextInterner.MAX_ENTRIES + 5);
        assertThat(in.intern(late)).isEqualTo(late);
    }

    @Test
    void unpairedSurrogatesComeOutReplacedAndAreStillFoundByWhatWasRead() {
        TextInterner in = new TextInterner();
        char[] buf = "k\uD800|\uD83D\uDE00".toCharArray();
        String a = in.intern(buf, 0, 2);
        assertThat(a).isEqualTo("k\uFFFD");
        assertThat(in.intern(buf, 0, 2)).isSameAs(a);
        assertThat(in.intern("k\uFFFD")).isSameAs(a); // the same text, read as it is shown
        assertThat(in.intern(buf, 3, 2)).isEqualTo("\uD83D\uDE00");
        for (int i = 0; i < 5000; i++) in.intern("t" + i); // grown: still found under the characters read
        assertThat(in.intern(buf, 0, 2)).isSameAs(a);
        assertThat(in.size()).isEqualTo(5003);
        String longText = "\uDC00" + "x".repeat(TextInterner.MAX_LENGTH);
        assertThat(in.intern(longText)).isEqualTo("\uFFFD" + "x".repeat(TextInterner.MAX_LENGTH));
    }

    private static LongList list(long... v) {
        LongList l = new LongList();
        for (long x : v) l.add(x);
        return l;
    }

    @Test
    void equalArraysGiveTheSameInstance() {
        LongArrayInterner in = new LongArrayInterner();
        long[] a = in.intern(list(128, 64));
        assertThat(a).containsExactly(128, 64);
        assertThat(in.intern(list(128, 64))).isSameAs(a);
        assertThat(in.intern(list(64, 128))).isNotSameAs(a).containsExactly(64, 128);
        assertThat(in.intern(list())).isEmpty();
        assertThat(in.intern(list(128))).containsExactly(128);
        assertThat(in.size()).isEqualTo(4);
        for (int i = 0; i < 3000; i++) in.intern(list(i, i + 1));
        for (int i = 0; i < 3000; i++) assertThat(in.intern(list(i, i + 1))).containsExactly(i, i + 1);
        assertThat(in.size()).isEqualTo(3004);
    }

    @Test
    void longArraysAreCopiedNotKept() {
        LongArrayInterner in = new LongArrayInterner();
        LongList l = list(new long[LongArrayInterner.MAX_LENGTH + 1]);
        long[] a = in.intern(l);
        assertThat(a).hasSize(LongArrayInterner.MAX_LENGTH + 1);
        assertThat(in.intern(l)).isNotSameAs(a);
        assertThat(in.size()).isZero();
    }
}
