package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.TaskDisplay;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Task slice names built without the label's round trip are the names the round trip builds. */
class TaskNameShortcutTest {
    /** Letters of "spmd" in both cases, parentheses, and characters whose case mapping is not ASCII's. */
    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings()
                .withChars("sSpPmMdDx_()1\u017f\u0130\u212a\u00e9")
                .ofMaxLength(12);
    }

    @Property(tries = 2000)
    void anSpmdNameIsTheLabelWithSpmdInserted(@ForAll("texts") String function, @ForAll("texts") String id) {
        assertThat(TaskDisplay.spmdNamed(function, id)).isEqualTo(TaskDisplay.spmd(TaskDisplay.named(function, id)));
        assertThat(TaskDisplay.spmd(function + "(" + id + ")")).isEqualTo(reference(function + "(" + id + ")"));
    }

    /** The label's round trip as it was written before the shortcut. */
    private static String reference(String label) {
        int paren = label.lastIndexOf('(');
        if (paren < 0) return label;
        String base = label.substring(0, paren);
        if (base.toLowerCase(java.util.Locale.ROOT).contains("spmd")) return label;
        return base + "_spmd" + label.substring(paren);
    }

    @Test
    void aTaskNameSaysSpmdOnceAndKeepsItsFunction() {
        NameMap names = new NameMap(Map.of("3", "SPMD_write", "4", "gemm"), null);
        assertThat(Labels.taskName(3, "t7", true, names)).isEqualTo("SPMD_write(t7)");
        assertThat(Labels.taskName(4, "r1t7", true, names)).isEqualTo("gemm_spmd(r1t7)");
        assertThat(Labels.taskName(4, "t7", false, names)).isEqualTo("gemm(t7)");
        assertThat(Labels.taskName(9, "t7", true, names)).isEqualTo("func_9_j_spmd(t7)");
        assertThat(Labels.taskName(-1, "unknown", true, names)).isEqualTo("task_spmd(unknown)");
    }

    @Test
    void funcIdsAreLookedUpByTheirDecimalKeyOnly() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("0", "zero");
        m.put("007", "padded");
        m.put("1023", "last in the array");
        m.put("1024", "first beyond it");
        m.put("-1", "negative");
        m.put("+5", "signed");
        NameMap names = new NameMap(m, null);
        assertThat(names.name(0)).isEqualTo("zero");
        assertThat(names.name(7)).isNull();
        assertThat(names.name(5)).isNull();
        assertThat(names.name(1023)).isEqualTo("last in the array");
        assertThat(names.name(1024)).isEqualTo("first beyond it");
        assertThat(names.name(-1)).isEqualTo("negative");
        assertThat(names.name(Integer.MAX_VALUE)).isNull();
    }
}
