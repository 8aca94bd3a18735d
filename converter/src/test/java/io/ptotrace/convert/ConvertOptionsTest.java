package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConvertOptionsTest {
    @Test
    void aTraceNameStandsForItsFormat() {
        assertThat(ConvertOptions.Format.ofName(Path.of("out/t.pftrace"))).isEqualTo(ConvertOptions.Format.PFTRACE);
        assertThat(ConvertOptions.Format.ofName(Path.of("t.perfetto-trace"))).isEqualTo(ConvertOptions.Format.PFTRACE);
        assertThat(ConvertOptions.Format.ofName(Path.of("t.json"))).isEqualTo(ConvertOptions.Format.JSON);
        assertThat(ConvertOptions.Format.ofName(Path.of("t.pftrace.json"))).isEqualTo(ConvertOptions.Format.JSON);
        assertThat(ConvertOptions.Format.ofName(Path.of("pftrace"))).isEqualTo(ConvertOptions.Format.JSON);
    }
}
