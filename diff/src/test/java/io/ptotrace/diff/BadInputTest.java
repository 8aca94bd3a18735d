package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.OutputProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line naming the file and what is wrong; no report is written. */
class BadInputTest {
    @TempDir
    Path dir;

    private InputProblem problem(Fixtures.Diff d) {
        return catchThrowableOfType(d::run, InputProblem.class);
    }

    @Test
    void missingFileFolderWithoutDepsAndBrokenJson() throws Exception {
        Path good = Fixtures.resource("small_old.json", dir.resolve("good/deps.json"));
        Path missing = dir.resolve("nope/deps.json");
        assertThat(problem(diff(good, missing)).oneLine()).isEqualTo(missing + ": no such file");
        Path empty = Files.createDirectories(dir.resolve("emptyrun"));
        assertThat(problem(diff(empty, good)).oneLine()).isEqualTo(empty + ": no deps.json in this folder");
        Path broken = Fixtures.write(dir.resolve("broken/deps.json"), "{\"tasks\": [{\"task_id\": \"1\"}");
        InputProblem p = problem(diff(good, broken));
        assertThat(p.oneLine())
                .isEqualTo(
                        broken
                                + ": not valid JSON: the file ends inside an array opened at line 1, column 11 (truncated?) (at line 1, column 28)");
        assertThat(p.oneLine()).doesNotContain("\n");
        Path notDeps = Fixtures.write(dir.resolve("other/deps.json"), "{\"l2_swimlane_level\": 2}");
        assertThat(problem(diff(notDeps, good)).oneLine())
                .isEqualTo(notDeps + ": not a deps.json: no tasks, tensors or edges array");
    }

    @Test
    void aProblemWithOldIsReportedFirst() {
        Path a = Fixtures.write(dir.resolve("a.json"), "nonsense");
        Path b = Fixtures.write(dir.resolve("b.json"), "[");
        assertThat(problem(diff(a, b)).file()).isEqualTo(a.toString());
    }

    @Test
    void explicitNameMapMustExist() {
        Path good = Fixtures.resource("small_old.json", dir.resolve("good/deps.json"));
        Path names = dir.resolve("names.json");
        assertThat(problem(diff(good, good).funcNames(names)).oneLine()).isEqualTo(names + ": name map not found");
    }

    @Test
    void unreadableSiblingNameMapIsOnlyAWarning() {
        Path good = Fixtures.resource("small_old.json", dir.resolve("good/deps.json"));
        Fixtures.write(dir.resolve("good/name_map_x.json"), "{oops");
        Fixtures.Result r = diff(good, good).run();
        assertThat(r.diff().identical()).isTrue();
        assertThat(r.warnings()).hasSize(2).allSatisfy(w -> assertThat(w).startsWith("Warning: couldn't read "));
    }

    @Test
    void noReportIsLeftBehindOnBadInput() throws Exception {
        Path good = Fixtures.resource("small_old.json", dir.resolve("good/deps.json"));
        Path broken = Fixtures.write(dir.resolve("broken.json"), "{");
        Path out = dir.resolve("out/report.json");
        Files.createDirectories(out.getParent());
        problem(diff(good, broken).output(out));
        try (var s = Files.list(out.getParent())) {
            assertThat(s).isEmpty();
        }
        Path nowhere = dir.resolve("no/such/dir/report.txt");
        OutputProblem p = catchThrowableOfType(diff(good, good).output(nowhere)::run, OutputProblem.class);
        assertThat(p.oneLine())
                .isEqualTo(nowhere + ": cannot write: folder " + dir.resolve("no/such/dir") + " does not exist");
    }
}
