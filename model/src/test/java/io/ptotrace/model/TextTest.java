package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {
    private static final String HIGH = "\uD83D", LOW = "\uDE00", EMOJI = HIGH + LOW, BAD = "\uFFFD";

    @Test
    void stringsWithoutUnpairedSurrogatesAreReturnedAsTheyAre() {
        for (String s : new String[] {"", "QK(t0)", "é中\uFFFD", EMOJI, "a" + EMOJI + "b" + EMOJI}) {
            assertThat(Text.wellFormed(s)).isSameAs(s);
        }
    }

    @Test
    void loneHighSurrogate() {
        assertThat(Text.wellFormed("a" + HIGH + "b")).isEqualTo("a" + BAD + "b");
        assertThat(Text.wellFormed(HIGH + "ab")).isEqualTo(BAD + "ab");
        assertThat(Text.wellFormed("ab" + HIGH)).isEqualTo("ab" + BAD);
        assertThat(Text.wellFormed(HIGH)).isEqualTo(BAD);
        assertThat(Text.wellFormed(HIGH + HIGH + LOW)).isEqualTo(BAD + EMOJI);
    }

    @Test
    void loneLowSurrogate() {
        assertThat(Text.wellFormed("a" + LOW + "b")).isEqualTo("a" + BAD + "b");
        assertThat(Text.wellFormed(LOW + "ab")).isEqualTo(BAD + "ab");
        assertThat(Text.wellFormed("ab" + LOW)).isEqualTo("ab" + BAD);
        assertThat(Text.wellFormed(EMOJI + LOW)).isEqualTo(EMOJI + BAD);
    }

    @Test
    void reversedPairIsTwoLoneSurrogates() {
        assertThat(Text.wellFormed(LOW + HIGH)).isEqualTo(BAD + BAD);
        assertThat(Text.wellFormed("x" + LOW + HIGH + LOW)).isEqualTo("x" + BAD + EMOJI);
    }

    @Test
    void validPairsAroundARepairSurvive() {
        assertThat(Text.wellFormed(EMOJI + "\uD800" + EMOJI)).isEqualTo(EMOJI + BAD + EMOJI);
        assertThat(Text.wellFormed(EMOJI + HIGH)).isEqualTo(EMOJI + BAD);
    }
}
