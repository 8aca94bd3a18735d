package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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

    /** Letters of "spmd" in both cases, parentheses, and characters whose case mapping is not ASCII's. */
    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings()
                .withChars("sSpPmMdDx_()1\u017f\u0130\u212a\u00e9")
                .ofMaxLength(12);
    }

    /** An SPMD name built in one step is the label with {@code _spmd} inserted, as the label's round trip makes it. */
    @Property(tries = 2000)
    void anSpmdNameIsTheLabelWithSpmdInserted(@ForAll("texts") String function, @ForAll("texts") String id) {
        assertThat(TaskDisplay.spmdNamed(function, id)).isEqualTo(TaskDisplay.spmd(TaskDisplay.named(function, id)));
        assertThat(TaskDisplay.spmd(function + "(" + id + ")")).isEqualTo(byLowerCase(function + "(" + id + ")"));
    }

    /** {@link TaskDisplay#spmd} as first written: the base's lower-case form searched for "spmd". */
    private static String byLowerCase(String label) {
        int paren = label.lastIndexOf('(');
        if (paren < 0) return label;
        String base = label.substring(0, paren);
        if (base.toLowerCase(Locale.ROOT).contains("spmd")) return label;
        return base + "_spmd" + label.substring(paren);
    }
}
