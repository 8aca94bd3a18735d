package io.ptotrace.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** JSON times as Perfetto's importer reads them: µs × 1000 to the nearest ns, halves away from zero. */
class JsonTimesTest {
    @Test
    void timesRoundToTheNearestNs() {
        assertThat(JsonTraceReader.tsNs(38959.759999999995)).isEqualTo(38_959_760L); // truncating gives ...759
        assertThat(JsonTraceReader.tsNs(1.0004)).isEqualTo(1000L);
        assertThat(JsonTraceReader.tsNs(1.0005)).isEqualTo(1001L);
        assertThat(JsonTraceReader.tsNs(-1.0005)).isEqualTo(-1001L);
        assertThat(JsonTraceReader.tsNs(Double.NaN)).isZero();
        assertThat(JsonTraceReader.durNs(0.0026)).isEqualTo(3L);
        assertThat(JsonTraceReader.durNs(Double.NaN)).isEqualTo(JsonEventCheck.NONE);
    }

    @Test
    void anArrowEndsBeforeItStartsOnlyWhenItsNsDo() {
        assertThat(JsonEventCheck.endsBeforeStart(38959.76, 38959.759999999995)).isFalse();
        assertThat(JsonEventCheck.endsBeforeStart(38959.76, 38959.759)).isTrue();
        assertThat(JsonEventCheck.endsBeforeStart(10.0, 10.0)).isFalse();
        assertThat(JsonEventCheck.endsBeforeStart(10.0, 12.5)).isFalse();
    }
}
