package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Doubles printed like Python's repr (expected strings produced by CPython 3). */
class PyFloatTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "8.0, 8.0",
        "39.99, 39.99",
        "0.02, 0.02",
        "1e-05, 1e-05",
        "1.5e16, 1.5e+16",
        "-0.0, -0.0",
        "0.0, 0.0",
        "0.0001, 0.0001",
        "0.00012345, 0.00012345",
        "9.999e-05, 9.999e-05",
        "2.5e-07, 2.5e-07",
        "1e16, 1e+16",
        "1e15, 1000000000000000.0",
        "123456789012345.6, 123456789012345.6",
        "100.0, 100.0",
        "1234567.0, 1234567.0",
        "12345678.9, 12345678.9",
        "1e22, 1e+22",
        "-1e22, -1e+22",
        "0.30000000000000004, 0.30000000000000004",
        "0.14000000000000057, 0.14000000000000057",
        "15.200000000000001, 15.200000000000001",
        "0.09999999999999787, 0.09999999999999787",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "-4.5, -4.5",
        "1e7, 10000000.0",
        "1e-3, 0.001",
    })
    void likePythonRepr(double d, String expected) {
        assertThat(PyFloat.repr(d)).isEqualTo(expected);
    }

    /** JDK 17's Double.toString is not the shortest round-trip string for these; Python's repr is. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "8.7136640921453664e16, 8.713664092145366e+16",
        "9.4207354302821274e17, 9.420735430282127e+17",
        "5.9588384360807875e18, 5.958838436080787e+18",
        "1e23, 1e+23",
        "2e23, 2e+23",
        "4.9e-324, 5e-324",
    })
    void shortestWhereJdk17IsNot(double d, String expected) {
        assertThat(PyFloat.repr(d)).isEqualTo(expected);
    }

    @Test
    void alwaysReadsBackAndHasAFractionOrExponent() {
        Random r = new Random(1);
        for (int i = 0; i < 20000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(d) || Double.isInfinite(d)) continue;
            String s = PyFloat.repr(d);
            assertThat(Double.parseDouble(s)).as(s).isEqualTo(d);
            assertThat(s).as(s).containsAnyOf(".", "e");
            assertThat(s).doesNotContain("E");
        }
    }
}
