package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a run's files: records of every era, the newest run, deps.json, and the two name-map policies side by side. */
class RunLocatorTest {
    @TempDir
    Path dir;

    private Path touch(String rel, long mtimeSeconds) throws IOException {
        Path p = TestFiles.write(dir, rel, "{}");
        Files.setLastModifiedTime(p, FileTime.fromMillis(mtimeSeconds * 1000));
        return p;
    }

    @Test
    void recordsFileOfAFolderByPreference() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        assertThat(RunLocator.recordsIn(run)).isNull();
        touch("run/l2_perf_records.json", 1);
        assertThat(RunLocator.recordsIn(run)).isEqualTo(run.resolve("l2_perf_records.json"));
        touch("run/l2_swimlane_records.json", 1);
        assertThat(RunLocator.recordsIn(run)).isEqualTo(run.resolve("l2_swimlane_records.json"));
        touch("run/chip_swimlane_records.json", 1);
        assertThat(RunLocator.recordsIn(run)).isEqualTo(run.resolve("chip_swimlane_records.json"));
    }

    @Test
    void newestRunOneLevelBelowOutputs() throws IOException {
        assertThat(RunLocator.newestUnderOutputs(dir)).isNull();
        touch("outputs/A_case_20260101_000000/l2_swimlane_records.json", 1000);
        touch("outputs/B_case_20260101_000001/chip_swimlane_records.json", 3000);
        touch("outputs/C_case_20260101_000002/l2_swimlane_records.json", 2000);
        touch("outputs/deeper/run/l2_swimlane_records.json", 9000); // two levels: ignored
        touch("outputs/D/l2_perf_records.json", 9000); // not a discovery name
        touch("outputs/l2_swimlane_records.json", 9000); // zero levels: ignored
        assertThat(RunLocator.newestUnderOutputs(dir))
                .isEqualTo(dir.resolve("outputs/B_case_20260101_000001/chip_swimlane_records.json"));
    }

    @Test
    void aFolderWithBothNamesContributesItsChipFile() throws IOException {
        touch("outputs/A/chip_swimlane_records.json", 1000);
        touch("outputs/A/l2_swimlane_records.json", 5000);
        touch("outputs/B/l2_swimlane_records.json", 2000);
        assertThat(RunLocator.newestUnderOutputs(dir)).isEqualTo(dir.resolve("outputs/B/l2_swimlane_records.json"));
    }

    @Test
    void everyRecordsNameIsReadInAFolderButOnlyCaptureNamesAreDiscovered() {
        assertThat(RunLocator.RECORDS_NAMES)
                .startsWith(RunLocator.CAPTURE_NAMES.toArray(new String[0]))
                .endsWith(RunLocator.L2_PERF_RECORDS)
                .doesNotHaveDuplicates();
        assertThat(RunLocator.CAPTURE_NAMES).doesNotContain(RunLocator.L2_PERF_RECORDS);
    }

    @Test
    void convertTakesTheUniqueSiblingNameMap() throws IOException {
        Path input = touch("run/l2_swimlane_records.json", 1);
        List<String> w = new ArrayList<>();
        assertThat(RunLocator.uniqueNameMapBeside(input, w::add)).isNull();
        Path one = touch("run/name_map_case.json", 1);
        touch("run/other_map.json", 1);
        Files.createDirectories(dir.resolve("run/name_map_dir.json"));
        assertThat(RunLocator.uniqueNameMapBeside(input, w::add)).isEqualTo(one);
        assertThat(w).isEmpty();
        touch("run/name_map.json", 1);
        touch("run/name_map_b.json", 1);
        assertThat(RunLocator.uniqueNameMapBeside(input, w::add)).isNull();
        assertThat(w)
                .containsExactly("Warning: multiple sibling name maps found next to " + input
                        + ": name_map.json, name_map_b.json, name_map_case.json; pass --func-names explicitly.");
    }

    @Test
    void diffTakesTheNewestSiblingNameMapSilently() throws IOException {
        Path deps = touch("run/deps.json", 1);
        assertThat(RunLocator.newestNameMapBeside(deps)).isNull();
        touch("run/name_map_a.json", 100);
        Path newest = touch("run/name_map_b.json", 300);
        touch("run/name_map_c.json", 200);
        Files.createDirectories(dir.resolve("run/name_map_z.json"));
        assertThat(RunLocator.newestNameMapBeside(deps)).isEqualTo(newest);
        Path lastByName = touch("run/name_map_d.json", 300);
        assertThat(RunLocator.newestNameMapBeside(deps)).isEqualTo(lastByName);
        assertThat(RunLocator.uniqueNameMapBeside(deps, w -> {})).isNull(); // the other policy: several, none taken
    }

    @Test
    void nameMapsBesideAnInputAreEveryMatchingEntryByName() throws IOException {
        Path deps = touch("run/deps.json", 1);
        Path b = touch("run/name_map_b.json", 1), a = touch("run/name_map_a.json", 2);
        touch("run/names.json", 1);
        Path folder = Files.createDirectories(dir.resolve("run/name_map_dir.json"));
        assertThat(RunLocator.nameMapsBeside(deps)).containsExactly(a, b, folder);
        assertThat(RunLocator.nameMapsBeside(dir.resolve("missing/deps.json"))).isEmpty();
    }

    @Test
    void depsJsonOfAFolderOrBesideARecordsFile() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        assertThat(RunLocator.depsBeside(run.resolve("l2_swimlane_records.json")))
                .isEqualTo(run.resolve("deps.json"));
        assertThat(RunLocator.depsBeside(Path.of("chip_swimlane_records.json"))).isEqualTo(Path.of("deps.json"));
        assertThatThrownBy(() -> RunLocator.depsOf(run))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("no deps.json in this folder");
        assertThatThrownBy(() -> RunLocator.depsOf(run.resolve("deps.json")))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("no such file");
        Path tree = Files.createDirectories(dir.resolve("dfx_outputs/rank0/d0"))
                .getParent()
                .getParent();
        assertThatThrownBy(() -> RunLocator.depsOf(tree))
                .isInstanceOf(InputProblem.class)
                .hasMessage("no deps.json in this folder, which holds a multi-rank tree: name one capture's folder "
                        + "(rankN/dN) or its deps.json");
        Path deps = touch("run/deps.json", 1);
        assertThat(RunLocator.depsOf(run)).isEqualTo(deps);
        assertThat(RunLocator.depsOf(deps)).isEqualTo(deps);
    }
}
