package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Problem;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Our lean traces, with import marks as often as every few events, lose nothing in Perfetto's sorter. */
class ImportMarksInspectTest {
    static Summary inspected(TracePicture pic, int importWindow) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PftraceEncoder(PftraceLayout.of(pic), out, ArgSet.LEAN, importWindow).encode();
        return TraceInspector.inspect(new ByteArrayInputStream(out.toByteArray()), "t.pftrace");
    }

    @TestFactory
    List<DynamicTest> everySampleRunsLeanTraceKeepsEveryEvent() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, TracePicture> e : TestPictures.ofSampleRuns(true).entrySet()) {
            tests.add(DynamicTest.dynamicTest(e.getKey(), () -> {
                Summary unmarked = inspected(e.getValue(), 0);
                for (int window : new int[] {1, 3, 64, PftraceEncoder.IMPORT_WINDOW}) {
                    Summary marked = inspected(e.getValue(), window);
                    assertThat(marked.problemCounts)
                            .as("window %d", window)
                            .doesNotContainKey(Problem.Kind.SORTER_DROPPED);
                    assertThat(marked.toJson()).as("window %d", window).isEqualTo(unmarked.toJson());
                }
            }));
        }
        return tests;
    }
}
