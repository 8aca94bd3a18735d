package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.convert.picture.Overlay;
import io.ptotrace.convert.picture.OverlayContext;
import io.ptotrace.convert.picture.OverlayProducer;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.model.Run;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An analysis plugs into convert as one overlay producer; both traces carry its marks. */
class OverlayProducerTest {
    @TempDir
    Path dir;

    /** Marks the run's first task slice with a slice of its own lane and an arrow from it. */
    static final class FirstTask implements OverlayProducer {
        final List<Integer> rowsSeen = new ArrayList<>();

        @Override
        public String category() {
            return "first_task";
        }

        @Override
        public void mark(OverlayContext ctx, Overlay overlay) {
            Run run = ctx.run();
            TracePicture pic = ctx.picture();
            rowsSeen.add(run.timeline.rows);
            overlay.process(900, "First task", 900).thread(900, 900, "marks");
            int mark = overlay.slice(
                    900, 900, pic.sliceTs(0), 1.0, "first", null, Map.of("rows", (long) run.timeline.rows));
            overlay.arrow(0, mark);
        }
    }

    @Test
    void theCommandAppliesTheProducerBeforeEveryWriter() throws IOException {
        Path in = dir.resolve("run/l2_swimlane_records.json");
        Files.createDirectories(in.getParent());
        Files.writeString(in, ConvertJobTest.LEVEL1);
        ConvertOptions o = new ConvertOptions();
        o.input = in;
        o.format = ConvertOptions.Format.BOTH;
        FirstTask producer = new FirstTask();
        o.overlays.add(producer);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
        new ConvertJob(o, quiet, quiet, false).run();

        assertThat(producer.rowsSeen).containsExactly(2);
        JsonNode root = Trace.parse(Files.readString(dir.resolve("run/merged_swimlane.json")));
        List<JsonNode> marks = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents"))
            if ("first_task".equals(e.path("cat").asText())) marks.add(e);
        assertThat(marks).hasSize(1);
        assertThat(marks.get(0).get("args").get("rows").asLong()).isEqualTo(2);

        Summary json = TraceInspector.inspect(dir.resolve("run/merged_swimlane.json"));
        Summary pftrace = TraceInspector.inspect(dir.resolve("run/merged_swimlane.pftrace"));
        assertThat(json.flowsByKind).containsEntry("first_task", 1L);
        assertThat(pftrace.flowsByKind).containsEntry("overlay", 1L);
        assertThat(pftrace.processes).containsEntry(900, "First task");
        assertThat(pftrace.problems).isEmpty();
    }
}
