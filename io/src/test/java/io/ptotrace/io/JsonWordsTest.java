package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parser failures come out in the user's words, with the file and where, never the parser's vocabulary. */
class JsonWordsTest {
    private static final JsonFactory JSON = new JsonFactory();

    /** Reads every token, asking for each integer as a long (as the readers do). */
    static InputProblem problemOf(String text) {
        JsonProcessingException e = catchThrowableOfType(JsonProcessingException.class, () -> {
            try (JsonParser p = JSON.createParser(text)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) if (t == JsonToken.VALUE_NUMBER_INT) p.getLongValue();
            }
        });
        assertThat(e).as("no parse failure for " + text).isNotNull();
        return InputProblem.notJson(Path.of("run/deps.json"), e);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"a\": NaN}|run/deps.json: not valid JSON: NaN is not a JSON number (at line 1, column 10)",
        "{\"a\": -Infinity}|run/deps.json: not valid JSON: -Infinity is not a JSON number (at line 1, column 16)",
        "{\"a\": [1, 2|run/deps.json: not valid JSON: the file ends inside an array opened at line 1, column 7 (truncated?) (at line 1, column 12)",
        "{\"a\": 18446744073709551616}|run/deps.json: number 18446744073709551616 out of range (larger than a 64-bit integer) (at line 1, column 27)",
    })
    void parserMessagesAreRestated(String json, String expected) {
        assertThat(problemOf(json).oneLine()).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void commentsAreNamed() {
        assertThat(problemOf("{\"a\": 1 // c\n}").oneLine())
            .isEqualTo("run/deps.json: not valid JSON: JSON has no comments ('/' here) (at line 1, column 9)");
    }

    @org.junit.jupiter.api.Test
    void limitsAreNamedInWords() {
        String deep = "[".repeat(1001) + "]".repeat(1001);
        assertThat(problemOf(deep).oneLine()).isEqualTo("run/deps.json: JSON nested deeper than 1000 levels");
        String longNumber = "[" + "7".repeat(3000) + "]";
        assertThat(problemOf(longNumber).getMessage()).isEqualTo("number longer than 1000 digits");
    }

    @org.junit.jupiter.api.Test
    void noParserVocabularyLeaks() throws IOException {
        for (String bad : new String[] {"{\"a\": NaN}", "{\"a\": 1,}", "{\"a\" 1}", "[\"\u0001\"]", "{'a': 1}", "{\"a\": tru}", "{\"a\":"}) {
            String line = problemOf(bad).oneLine();
            assertThat(line).as(bad).doesNotContain("Source", "REDACTED", "Feature", "StreamRead", "JsonRead", "`", "\n");
        }
    }
}
