package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.deps.DepsProjection;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunTest {
    @TempDir
    Path dir;

    private static final String RECORDS = """
        {"l2_swimlane_level": 2,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 2, "core_types": ["aic", "aiv"]},
         "aicore_tasks": [[0, 0, 1, 110, 150, 2], [1, 1, 1, 160, 200, 3], [0, 2, 1, 210, 230, 1], [1, 2, 1, 240, 250, 1],
                          [1, 3, 1, 260, 270, 1]],
         "aicpu_tasks": []}
        """;

    @Test
    void functionsComeFromTheKernelIdsOfTheRowsCoreType() {
        Timeline tl = TestFiles.read(dir, "l2_swimlane_records.json", RECORDS).tl;
        DepsProjection deps = DepsProjection.read(TestFiles.write(dir, "deps.json", """
            {"tasks": [
               {"task_id": "0", "kernel_ids": [7, -1, -1]},
               {"task_id": "1", "kernel_ids": [-1, -1, 5]},
               {"task_id": "2", "kernel_ids": [-1, 3, 4]}],
             "edges": []}
            """));
        // task 0 on AIC: slot 0; task 1 on AIV: slot 1 empty, slot 2; task 2: AIC has no kernel, AIV slot 1; task 3
        // unlisted
        assertThat(new Run(tl, deps, null).funcId).containsExactly(7, 5, -1, 3, -1);
        assertThat(new Run(tl, null, null).funcId).containsExactly(-1, -1, -1, -1, -1);
    }
}
