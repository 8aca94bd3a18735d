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

    /** The short form is the general algorithm's text, for decimals it takes and for the values around them. */
    @Test
    void shortFormAgreesWithTheGeneralOne() {
        Random r = new Random(2);
        byte[] b = new byte[32];
        int taken = 0;
        for (int i = 0; i < 200000; i++) {
            double d;
            switch (i % 4) {
                case 0: // a decimal with up to 6 places, as microsecond timestamps are
                    d = (r.nextLong() % 1_000_000_000_000L) / Math.pow(10, r.nextInt(7));
                    break;
                case 1: // one ulp off such a decimal: never short
                    d = Math.nextUp((r.nextInt(100_000_000)) / 100.0);
                    break;
                case 2: // the difference of two such: often 17 digits
                    d = r.nextInt(100_000_000) / 100.0 - r.nextInt(100_000_000) / 100.0;
                    break;
                default:
                    d = Double.longBitsToDouble(r.nextLong());
            }
            if (!Double.isFinite(d)) continue;
            int n = PyFloat.writeShort(d, b, 3);
            String general = PyFloat.reprOther(d);
            if (n >= 0) {
                taken++;
                assertThat(new String(b, 3, n, java.nio.charset.StandardCharsets.US_ASCII))
                        .as("%s", general)
                        .isEqualTo(general);
            }
            assertThat(PyFloat.repr(d)).isEqualTo(general);
        }
        assertThat(taken).as("values the short form took").isGreaterThan(50000);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "0.0001, 0.0001",
        "1e-4, 0.0001",
        "999999999999999.0, 999999999999999.0",
        "-12.5, -12.5",
        "0.5, 0.5",
        "123456.789012, 123456.789012",
        "100.0, 100.0",
        "0.005, 0.005",
        "-0.05, -0.05",
        "0.000123, 0.000123",
        "10.0, 10.0",
        "1000000000000.5, 1000000000000.5",
        "-999999999999.999, -999999999999.999",
        "99999999999999.9, 99999999999999.9",
        "1234.5, 1234.5",
        "1.000001, 1.000001"
    })
    void shortFormAtItsEdges(double d, String expected) {
        byte[] b = new byte[32];
        int n = PyFloat.writeShort(d, b, 0);
        assertThat(new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo(expected);
    }

    /** Microsecond times from nanoseconds, of every magnitude and either sign, and the values an ulp beside them. */
    @Test
    void shortFormOfThreePlacesAndTheirNeighbours() {
        Random r = new Random(3);
        byte[] b = new byte[32];
        for (int i = 0; i < 300000; i++) {
            long ns = r.nextLong() % (long) Math.pow(10, 1 + r.nextInt(18));
            double d = ns / 1000.0;
            if (i % 3 == 1) d = Math.nextUp(d);
            if (i % 3 == 2) d = Math.nextDown(d);
            int n = PyFloat.writeShort(d, b, 1);
            String general = PyFloat.reprOther(d);
            if (n >= 0)
                assertThat(new String(b, 1, n, java.nio.charset.StandardCharsets.US_ASCII))
                        .as("%s", general)
                        .isEqualTo(general);
            else
                assertThat(shortDecimal(d, general))
                        .as("a short decimal the short form left: %s", general)
                        .isFalse();
        }
    }

    /** Whether Python writes d with at most 15 significant digits, at most 6 after the point, and no exponent. */
    private static boolean shortDecimal(double d, String general) {
        double a = Math.abs(d);
        if (a < 1e-4 || a >= 1e15 || general.contains("e")) return false;
        String digits = general.replace("-", "").replace(".", "").replaceFirst("^0+", "");
        return general.length() - general.indexOf('.') - 1 <= 6 && digits.length() <= 15;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0.0", "-0.0", "9.9e-05", "1e15", "1.2345678e-3", "0.30000000000000004", "NaN", "Infinity"})
    void shortFormLeavesTheRest(double d) {
        assertThat(PyFloat.writeShort(d, new byte[32], 0)).isEqualTo(-1);
    }
}
