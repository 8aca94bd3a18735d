package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Name maps, and their sorted listing for -v. */
class NameMapTest {
    @TempDir
    Path dir;

    @Test
    void readsNamesAndOrchestratorName() {
        NameMap m = NameMap.read(TestFiles.write(dir, "name_map_case.json", """
            {"level": 2, "orchestrator_name": "PagedAttn", "callable_id_to_name": {"0": "QK", "1": "SF", "2": "PV"}}
            """));
        assertThat(m.orchestratorName()).isEqualTo("PagedAttn");
        assertThat(m.size()).isEqualTo(3);
        assertThat(m.name(0)).isEqualTo("QK");
        assertThat(m.name(2)).isEqualTo("PV");
        assertThat(m.name(3)).isNull();
        assertThat(m.name(-1)).isNull();
    }

    @Test
    void missingMembersAndNullOrchestrator() {
        NameMap m = NameMap.read(TestFiles.write(dir, "name_map.json", "{\"orchestrator_name\": null}"));
        assertThat(m.size()).isZero();
        assertThat(m.orchestratorName()).isNull();
    }

    @Test
    void sortedNumericallyThenOtherKeysByString() {
        Map<String, String> names = new LinkedHashMap<>();
        for (String k : new String[] {"10", "x", "2", "abc", "1", "-1", "B"}) names.put(k, "n" + k);
        assertThat(new NameMap(names, null).sortedEntries())
                .extracting(Map.Entry::getKey)
                .containsExactly("-1", "1", "2", "10", "B", "abc", "x");
    }

    @Test
    void sortingAFileWithNonNumericKeysDoesNotCrash() {
        NameMap m = NameMap.read(TestFiles.write(
                dir, "name_map.json", "{\"callable_id_to_name\": {\"7\": \"G\", \"main\": \"M\", \"03\": \"Z\"}}"));
        assertThat(m.sortedEntries()).extracting(Map.Entry::getKey).containsExactly("03", "7", "main");
    }

    @Test
    void invalidJsonIsAnInputProblem() {
        Path f = TestFiles.write(dir, "name_map.json", "{\"callable_id_to_name\": {\"0\": ");
        InputProblem p = catchThrowableOfType(InputProblem.class, () -> NameMap.read(f));
        assertThat(p.file()).isEqualTo(f.toString());
        assertThat(p.where()).isNotNull();
        InputProblem q =
                catchThrowableOfType(InputProblem.class, () -> NameMap.read(TestFiles.write(dir, "n2.json", "[1]")));
        assertThat(q.getMessage()).contains("not a JSON object");
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
