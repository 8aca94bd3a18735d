package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** u64 normalisation with Python int() semantics. */
class U64Test {
    private static final JsonFactory JSON = new JsonFactory();

    /** Normalises one JSON value; null when not convertible. */
    static String u64(String jsonValue) throws IOException {
        try (JsonParser p = JSON.createParser("[" + jsonValue + ", 0]")) {
            p.nextToken();
            p.nextToken();
            U64.Slot s = new U64.Slot();
            boolean ok = U64.read(p, s);
            assertThat(ok).isEqualTo(s.ok);
            // the parser must be positioned on the value's last token so the next token is the 0
            assertThat(p.nextToken().isNumeric())
                    .as("parser after " + jsonValue)
                    .isTrue();
            return ok ? U64.str(s.value) : null;
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "5                         | 5",
                "0                         | 0",
                "\"5\"                     | 5",
                "\" 42 \"                  | 42",
                "\"\\t12\\n\"              | 12",
                "\"1_000\"                 | 1000",
                "\"1_2_3\"                 | 123",
                "\"+7\"                    | 7",
                "\"4294967298\"            | 4294967298",
                "4294967298                | 4294967298",
                "-1                        | 18446744073709551615",
                "\"-1\"                    | 18446744073709551615",
                "\"-2\"                    | 18446744073709551614",
                "\"18446744073709551615\"  | 18446744073709551615",
                "18446744073709551615      | 18446744073709551615",
                "\"14419249432455074311\"  | 14419249432455074311",
                "\"18446744073709551616\"  | 0",
                "\"18446744073709551621\"  | 5",
                "\"-18446744073709551617\" | 18446744073709551615",
                "\"1_8446744073709551617\" | 1",
                "\"0000000000000000000000000000000000000042\" | 42",
                "3.7                       | 3",
                "3.0                       | 3",
                "-3.7                      | 18446744073709551613",
                "true                      | 1",
                "false                     | 0",
            })
    void convertible(String json, String expected) throws IOException {
        assertThat(u64(json)).isEqualTo(expected);
    }

    /** Whether the value fits 64 bits, and whether it fits a signed long (the sign as written). */
    @ParameterizedTest(name = "{0} -> wrapped {1}, signed {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "18446744073709551615          | false | false",
                "\"18446744073709551615\"      | false | false",
                "18446744073709551616          | true  | false",
                "\"18446744073709551616\"      | true  | false",
                "\"1_8446744073709551616\"     | true  | false",
                "\"99999999999999999999\"      | true  | false",
                "9223372036854775807           | false | true",
                "9223372036854775808           | false | false",
                "-9223372036854775808          | false | true",
                "\"-9223372036854775808\"      | false | true",
                "-9223372036854775809          | true  | false",
                "\"-9223372036854775809\"      | true  | false",
                "\"-18446744073709551617\"     | true  | false",
                "-1                            | false | true",
                "\"-0\"                        | false | true",
                "\"0000000000000000000000000042\" | false | true",
                "1.8446744073709552E19         | true  | false",
                "1.0E19                        | false | false",
                "-3.7                          | false | true",
                "1e308                         | true  | false",
                "-1e308                        | true  | false",
            })
    void range(String json, boolean wrapped, boolean signed) throws IOException {
        try (JsonParser p = JSON.createParser(json)) {
            p.nextToken();
            U64.Slot s = new U64.Slot();
            assertThat(U64.read(p, s)).isTrue();
            assertThat(s.wrapped).as("wrapped").isEqualTo(wrapped);
            assertThat(s.fitsSigned()).as("fits a signed long").isEqualTo(signed);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "null",
                "\"abc\"",
                "\"3.0\"",
                "\"\"",
                "\"  \"",
                "\"_1\"",
                "\"1_\"",
                "\"1__0\"",
                "\"0x10\"",
                "\"1e3\"",
                "\"- 1\"",
                "{}",
                "{\"a\": [1, 2]}",
                "[]",
                "[1, [2]]"
            })
    void notConvertible(String json) throws IOException {
        assertThat(u64(json)).isNull();
    }

    @ParameterizedTest
    @CsvSource({"0,0", "-1,18446744073709551615", "9223372036854775807,9223372036854775807"})
    void unsignedPrinting(long v, String s) {
        assertThat(U64.str(v)).isEqualTo(s);
    }

    @org.junit.jupiter.api.Test
    void unsignedComparison() {
        assertThat(U64.compare(-1L, 5L)).isPositive();
        assertThat(U64.compare(4294967298L, 3L)).isPositive();
        assertThat(U64.compare(7L, 7L)).isZero();
    }
}
