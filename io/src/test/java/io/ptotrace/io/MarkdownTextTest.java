package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Text from the inputs in a Markdown table: kept readable, never read as markup. */
class MarkdownTextTest {
    @Test
    void codeSpansAreFencedLongerThanAnyBacktickRunAndKeepTheTableWhole() {
        assertThat(MarkdownText.code("QK(t5)")).isEqualTo("`QK(t5)`");
        assertThat(MarkdownText.code("a`b")).isEqualTo("``a`b``");
        assertThat(MarkdownText.code("`x``")).isEqualTo("``` `x`` ```");
        assertThat(MarkdownText.code("a|b")).isEqualTo("`a\\|b`");
        assertThat(MarkdownText.code("a\nb\r\nc\u2028d")).isEqualTo("`a\u23CEb\u23CEc\u23CEd`");
        assertThat(MarkdownText.code("a\u0001")).isEqualTo("`a\\u0001`");
    }

    @Test
    void plainTextEscapesEveryCharacterWithAMeaning() {
        assertThat(MarkdownText.text("creator")).isEqualTo("creator");
        assertThat(MarkdownText.text("<img src=x onerror=alert(1)>")).isEqualTo("&lt;img src=x onerror=alert(1)&gt;");
        assertThat(MarkdownText.text("**b** _i_ ~~s~~ [l](u) ![i](u) `c` $m$ a|b #h \\"))
                .isEqualTo(
                        "\\*\\*b\\*\\* \\_i\\_ \\~\\~s\\~\\~ \\[l\\](u) \\!\\[i\\](u) \\`c\\` \\$m\\$ a\\|b \\#h \\\\");
        assertThat(MarkdownText.text("- item")).isEqualTo("\\- item");
        assertThat(MarkdownText.text("a\n\n### forged")).isEqualTo("a\u23CE\u23CE\\#\\#\\# forged");
        assertThat(MarkdownText.text("AT&T")).isEqualTo("AT&amp;T");
    }
}
