package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Completion arrows drawn on a thread of their own join the picture as if they had been drawn in line. */
class CompletionArrowsBesideTest {
    private static byte[] json(TracePicture pic) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeJsonWriter.write(pic, out, 1);
        return out.toByteArray();
    }

    private static byte[] pftrace(TracePicture pic) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.write(pic, out);
        return out.toByteArray();
    }

    @Test
    void everySampleRunGivesTheTraceOfOneDrawnOnOneThread() throws IOException {
        Map<String, TracePicture> beside =
                TestPictures.ofSampleRuns(run -> TraceBuilder.build(run, true, true).picture);
        Map<String, TracePicture> inLine =
                TestPictures.ofSampleRuns(run -> TraceBuilder.build(run, true, false).picture);
        assertThat(beside.keySet()).containsExactlyElementsOf(inLine.keySet());
        int withCompletions = 0;
        for (String name : beside.keySet()) {
            TracePicture a = beside.get(name), b = inLine.get(name);
            assertThat(a.flowCount()).as(name).isEqualTo(b.flowCount());
            // the first byte that differs, -1 for none (a message of two whole traces would hide it)
            assertThat(Arrays.mismatch(json(a), json(b))).as(name + ", JSON").isEqualTo(-1);
            assertThat(Arrays.mismatch(pftrace(a), pftrace(b)))
                    .as(name + ", .pftrace")
                    .isEqualTo(-1);
            boolean completions = false;
            for (int i = 0; i < a.flowCount(); i++) completions |= a.flowKind(i) == FlowKind.COMPLETE;
            if (completions) withCompletions++;
        }
        // the path is taken: sample runs with completion arrows were drawn beside (a two-core machine or more)
        if (Runtime.getRuntime().availableProcessors() > 1)
            assertThat(withCompletions).isGreaterThan(3);
    }
}
