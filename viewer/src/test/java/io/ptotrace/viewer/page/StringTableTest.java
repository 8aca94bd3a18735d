package io.ptotrace.viewer.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StringTableTest {
    @Test
    void manyTextsKeepTheirCodesInFirstSeenOrder() {
        StringTable t = new StringTable();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) texts.add("T" + i + (i % 7 == 0 ? " · é" : ""));
        for (int i = 0; i < texts.size(); i++) assertThat(t.code(texts.get(i))).isEqualTo(i);
        // the same texts as new objects find the codes they were given
        for (int i = texts.size() - 1; i >= 0; i--)
            assertThat(t.code(new String(texts.get(i)))).isEqualTo(i);
        assertThat(t.size()).isEqualTo(texts.size());
        for (int i = 0; i < texts.size(); i += 997) assertThat(t.text(i)).isEqualTo(texts.get(i));
        assertThat(t.code(null)).isEqualTo(-1);
        assertThat(t.text(-1)).isNull();
    }

    @Test
    void textsWithEqualHashesStayApart() {
        StringTable t = new StringTable();
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        assertThat(t.code("Aa")).isEqualTo(0);
        assertThat(t.code("BB")).isEqualTo(1);
        assertThat(t.code("Aa")).isEqualTo(0);
        assertThat(t.code("")).isEqualTo(2);
    }

    @Test
    void joinedTextsAreNulSeparatedAndAnInnerNulBecomesAReplacementCharacter() throws IOException {
        StringTable t = new StringTable();
        t.code("a");
        t.code("");
        t.code("b\0c");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.writeJoined(out);
        assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("a\0\0b\uFFFDc\0");
        assertThat(t.joinedLength()).isEqualTo(out.size());
        assertThat(t.text(2)).isEqualTo("b\0c");
    }

    @Test
    void joinedLengthCountsUtf8Bytes() throws IOException {
        StringTable t = new StringTable();
        t.code("→ é");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.writeJoined(out);
        assertThat(out.toByteArray())
                .hasSize(t.joinedLength())
                .hasSize("→ é".getBytes(StandardCharsets.UTF_8).length + 1);
    }
}
