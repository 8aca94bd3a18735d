package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TaskDisplayTest {
    @Test
    void aTaskIsItsFunctionThenItsId() {
        assertThat(TaskDisplay.named("QK", "t5")).isEqualTo("QK(t5)");
        assertThat(TaskDisplay.named("task", "unknown")).isEqualTo("task(unknown)");
        assertThat(TaskDisplay.of(5, "QK")).isEqualTo("QK(t5)");
        assertThat(TaskDisplay.of(TaskIds.make(1, 3), "UP")).isEqualTo("UP(r1t3)");
        assertThat(TaskDisplay.of(TaskIds.make(2, 7), null)).isEqualTo("r2t7");
    }
}
