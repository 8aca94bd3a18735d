package io.ptotrace.synth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SynthOptionsTest {
    @Test
    void defaults() {
        SynthOptions d = SynthOptions.defaults();
        assertThat(d.tasks()).isEqualTo(10_000);
        assertThat(d.level()).isEqualTo(4);
        assertThat(d.aicCores()).isEqualTo(8);
        assertThat(d.aivCores()).isEqualTo(16);
        assertThat(d.clockFreqHz()).isEqualTo(50_000_000L);
        assertThat(d.era()).isEqualTo(io.ptotrace.model.Era.L2);
        assertThat(d.recordsFileName()).isEqualTo("l2_swimlane_records.json");
        assertThat(io.ptotrace.model.Era.CHIP.levelKey).isEqualTo("chip_swimlane_level");
        assertThat(io.ptotrace.model.Era.CHIP.recordsFile).isEqualTo("chip_swimlane_records.json");
        assertThat(io.ptotrace.model.Era.L2.levelKey).isEqualTo("l2_swimlane_level");
        assertThat(SynthOptions.optionHelp().get("era"))
                .isEqualTo(
                        "l2 (l2_swimlane_records.json), chip (chip_swimlane_records.json, edge flags) or streams (the same file with "
                                + "object-wrapped streams, run epochs and a runtime name, and a Host log) (default l2)");
    }

    @Test
    void cliStyleKeys() {
        SynthOptions o = SynthOptions.builder()
                .set("tasks", "1m")
                .set("hb-violation-share", "5%")
                .set("era", "chip")
                .set("cores", "24+48")
                .set("clock_freq_hz", "1_000_000_000")
                .set("withDeps", "no")
                .set("orch-threads", "2")
                .set("SCHED_THREADS", "4")
                .set("rings", "4")
                .set("seed", "-3")
                .build();
        assertThat(o.tasks()).isEqualTo(1_000_000);
        assertThat(o.hbViolationShare()).isEqualTo(0.05);
        assertThat(o.era()).isEqualTo(io.ptotrace.model.Era.CHIP);
        assertThat(o.aicCores()).isEqualTo(24);
        assertThat(o.aivCores()).isEqualTo(48);
        assertThat(o.clockFreqHz()).isEqualTo(1_000_000_000L);
        assertThat(o.withDeps()).isFalse();
        assertThat(o.orchestratorThreads()).isEqualTo(2);
        assertThat(o.schedulerThreads()).isEqualTo(4);
        assertThat(o.seed()).isEqualTo(-3);
        assertThat(o.with("level", "2").level()).isEqualTo(2);
        for (String key : SynthOptions.optionHelp().keySet()) {
            assertThat(key).isNotBlank();
        }
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> SynthOptions.builder().tasks(9).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tasks");
        assertThatThrownBy(() -> SynthOptions.builder().level(5).build()).hasMessageContaining("level");
        assertThatThrownBy(() -> SynthOptions.builder().rings(5).build()).hasMessageContaining("rings");
        assertThatThrownBy(() -> SynthOptions.builder().hbViolationShare(1.5).build())
                .hasMessageContaining("hb_violation_share");
        assertThatThrownBy(() -> SynthOptions.builder().set("nope", "1")).hasMessageContaining("unknown synth option");
        assertThatThrownBy(() -> SynthOptions.builder().set("tasks", "x")).hasMessageContaining("not an integer");
        assertThatThrownBy(() -> SynthOptions.builder().set("era", "l3")).hasMessageContaining("era");
        assertThatThrownBy(() -> SynthOptions.builder().cores(0, 0).build()).hasMessageContaining("cores");
    }
}
