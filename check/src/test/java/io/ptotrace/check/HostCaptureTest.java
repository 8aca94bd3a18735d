package io.ptotrace.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Timeline;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host-orchestrated capture (the records' host origin and clock alignment): its records are found in the run
 * folder, and a planted lost RAW edge is judged on the aligned task spans.
 */
class HostCaptureTest {
    static final Path RUN = Path.of("..", "testdata", "conformance", "chip_host_aligned");

    @TempDir
    Path dir;

    @Test
    void aLostRawEdgeInAHostOrchestratedRunIsJudgedOnItsTiming() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (String f : new String[] {"chip_swimlane_records.json", "name_map_chip_host_aligned.json"})
            Files.copy(RUN.resolve(f), dir.resolve(f));
        ObjectNode deps = (ObjectNode) json.readTree(RUN.resolve("deps.json").toFile());
        // as captured: nothing to report
        json.writeValue(dir.resolve("deps.json").toFile(), deps);
        assertThat(check().result().findings()).isEmpty();
        ArrayNode kept = json.createArrayNode();
        deps.get("edges").forEach(e -> {
            if (!(e.get("pred").asText().equals("1") && e.get("succ").asText().equals("2"))) kept.add(e);
        });
        deps.set("edges", kept);
        json.writeValue(dir.resolve("deps.json").toFile(), deps);

        CheckJob.Outcome o = check();
        assertThat(o.records()).isNotNull();
        assertThat(o.result().findings()).hasSize(1);
        Finding f = o.result().findings().get(0);
        assertThat(f.kind()).isEqualTo(HazardKind.LOST_RAW);
        assertThat(f.first().taskId()).isEqualTo(1);
        assertThat(f.first().slot()).isEqualTo(2);
        assertThat(f.second().taskId()).isEqualTo(2);
        assertThat(f.second().display()).doesNotStartWith("func_").endsWith("(t2)"); // named from the run's name map

        Timeline tl = RecordsReader.read(dir.resolve("chip_swimlane_records.json"), w -> {});
        double end1 = Double.NEGATIVE_INFINITY, start2 = Double.POSITIVE_INFINITY;
        for (int r = 0; r < tl.rows; r++) {
            if (tl.taskId[r] == 1) end1 = Math.max(end1, tl.end[r]);
            if (tl.taskId[r] == 2) start2 = Math.min(start2, tl.start[r]);
        }
        assertThat(f.observed()).isEqualTo(start2 < end1 ? Finding.Observed.RACE : Finding.Observed.APART);
    }

    private CheckJob.Outcome check() throws Exception {
        CheckJob.Request r = new CheckJob.Request();
        r.input = dir;
        return CheckJob.run(r, new ByteArrayOutputStream(), w -> {});
    }
}
