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
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"a\": NaN}|run/deps.json: not valid JSON: NaN is not a JSON number (at line 1, column 10)",
                "{\"a\": -Infinity}|run/deps.json: not valid JSON: -Infinity is not a JSON number (at line 1, column 16)",
                "{\"a\": [1, 2|run/deps.json: not valid JSON: the file ends inside an array opened at line 1, column 7 (truncated?) (at line 1, column 12)",
                "{\"a\": 18446744073709551616}|run/deps.json: number 18446744073709551616 out of range (larger than a 64-bit integer) (at line 1, column 27)",
            })
    void parserMessagesAreRestated(String json, String expected) {
        assertThat(problemOf(json).oneLine()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "[1 2]|not valid JSON: expected , or ] after an array element, found '2' (at line 1, column 5)",
                "{\"a\": 1 \"b\": 2}|not valid JSON: expected , or } after a member, found '\"' (at line 1, column 10)",
                "{\"a\" 1}|not valid JSON: expected : after a member name, found '1' (at line 1, column 7)",
                "{a: 1}|not valid JSON: expected a member name in double quotes, found 'a' (at line 1, column 3)",
                "{\"a\": 1,}|not valid JSON: expected a member name in double quotes, found '}' (a comma before it?) (at line 1, column 10)",
                "[1,]|not valid JSON: expected a value, found ']' (a comma before it?) (at line 1, column 5)",
                "{\"x\": garbage}|not valid JSON: 'garbage' is not a JSON value (strings need double quotes; true, false and null are lower case) (at line 1, column 14)",
                "[\"\\q\"]|not valid JSON: bad escape \\q in a string (at line 1, column 5)",
                "[01]|not valid JSON: a number cannot start with 0 (leading zeroes) (at line 1, column 4)",
                "{\"a\": 1}}|not valid JSON: } closes nothing (one too many?) (at line 1, column 11)",
                "{\"a\": [1, 2}|not valid JSON: expected ] to close the array opened at line 1, column 7, found } (at line 1, column 13)",
            })
    void commonSyntaxErrorsAreSaidInWords(String json, String expected) {
        String line = problemOf(json).oneLine();
        assertThat(line).startsWith("run/deps.json: ");
        assertThat(line.substring("run/deps.json: ".length()).replaceAll("column \\d+\\)$", "column N)"))
                .isEqualTo(expected.replaceAll("column \\d+\\)$", "column N)"));
    }

    static InputProblem problemOfBytes(byte[] bytes) {
        JsonProcessingException e = catchThrowableOfType(JsonProcessingException.class, () -> {
            try (JsonParser p = JSON.createParser(bytes)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) if (t == JsonToken.VALUE_STRING) p.getText();
            }
        });
        assertThat(e).isNotNull();
        return InputProblem.notJson(Path.of("run/deps.json"), e);
    }

    @org.junit.jupiter.api.Test
    void gzipBadUtf8AndControlCharactersAreNamed() throws IOException {
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(gz)) {
            z.write("{\"tasks\": []}".getBytes());
        }
        assertThat(problemOfBytes(gz.toByteArray()).getMessage())
                .isEqualTo(
                        "not JSON (looks gzip-compressed: decompress it first, e.g. gunzip -k, or pass it as <(zcat FILE))");
        assertThat(problemOfBytes(new byte[] {'[', '"', (byte) 0x80, '"', ']'}).oneLine())
                .startsWith("run/deps.json: bad UTF-8 byte 0x80 (JSON files are UTF-8 text) (at line 1, column ");
        assertThat(problemOfBytes(new byte[] {'[', '"', (byte) 0xE2, 0x74, 0x74, '"', ']'})
                        .getMessage())
                .isEqualTo("bad UTF-8 byte 0x74 (JSON files are UTF-8 text)");
        assertThat(problemOfBytes("[\"a\nb\"]".getBytes()).getMessage())
                .isEqualTo("not valid JSON: a line break inside a string (write it as \\n)");
        assertThat(problemOfBytes(new byte[] {'[', 1, ']'}).getMessage())
                .isEqualTo("not valid JSON: control character 0x01 between values (a binary file?)");
        // where a value should start, Jackson words a high or control byte differently: said the same way
        assertThat(problemOfBytes(new byte[] {(byte) 0x80, '{', '}'}).oneLine())
                .isEqualTo("run/deps.json: bad UTF-8 byte 0x80 (JSON files are UTF-8 text) (at line 1, column 1)");
        assertThat(problemOfBytes(new byte[] {2, '{', '}'}).getMessage())
                .isEqualTo("not valid JSON: control character 0x02 between values (a binary file?)");
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
        for (String bad : new String[] {
            "{\"a\": NaN}",
            "{\"a\": 1,}",
            "{\"a\" 1}",
            "[\"\u0001\"]",
            "{'a': 1}",
            "{\"a\": tru}",
            "{\"a\":",
            "[1 2]",
            "{\"x\": garbage}",
            "[+1]",
            "[1.]",
            "[-]",
            "[1e]",
            "{\"a\":1]",
            "[\"\\q\"]",
            "[01]"
        }) {
            String line = problemOf(bad).oneLine();
            assertThat(line)
                    .as(bad)
                    .doesNotContain(
                            "Source",
                            "REDACTED",
                            "Feature",
                            "StreamRead",
                            "JsonRead",
                            "`",
                            "\n",
                            "Unexpected character",
                            "Unrecognized",
                            "code ",
                            "was expecting",
                            "CTRL-CHAR");
        }
    }
}
