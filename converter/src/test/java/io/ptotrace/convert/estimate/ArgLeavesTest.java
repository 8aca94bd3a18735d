package io.ptotrace.convert.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgLeavesTest {
    private static long rows(Object v) {
        return ArgLeaves.walk(v, x -> {});
    }

    @Test
    void scalarsAreOneRowAndContainersTheirLeaves() {
        assertThat(rows(5L)).isEqualTo(1);
        assertThat(rows("x")).isEqualTo(1);
        assertThat(rows(null)).isEqualTo(1);
        assertThat(rows(List.of(1L, 2L, 3L))).isEqualTo(3);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", List.of(1L, 2L));
        m.put("b", "x");
        assertThat(rows(m)).isEqualTo(3);
    }

    @Test
    void anEmptyListOrMapIsOneRowAsTheWriterWritesIt() {
        assertThat(rows(List.of())).isEqualTo(1);
        assertThat(rows(Map.of())).isEqualTo(1);
        assertThat(rows(List.of(List.of(), Map.of(), 1L))).isEqualTo(3);
    }

    @Test
    void leavesAndMapKeysAreReportedInOrder() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("k", List.of("v", 2L));
        List<Object> seen = new ArrayList<>();
        ArgLeaves.walk(m, new ArgLeaves.Visitor() {
            @Override
            public void leaf(Object value) {
                seen.add(value);
            }

            @Override
            public void mapKey(String key) {
                seen.add("key:" + key);
            }
        });
        assertThat(seen).containsExactly("key:k", "v", 2L);
    }
}
