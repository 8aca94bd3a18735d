package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Problem;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** inspect's judgement of pictures the converter's writers render (inspect itself knows no picture). */
class PictureInspectionTest {
    @Test
    void pictureChecksBothFormats() {
        TracePicture pic = TestPictures.sample().pic;
        Summary j = PictureInspection.summarize(pic, TraceInspector.Format.JSON);
        // the JSON loses the overlapping Scheduler View slice (the arrow from it binds to the slice below),
        // both arrows whose end precedes their start and the arrow to a thread with no slice
        assertThat(j.problemCounts)
                .containsOnlyKeys(
                        Problem.Kind.OVERLAPPING_SLICES,
                        Problem.Kind.FLOW_END_BEFORE_START,
                        Problem.Kind.FLOW_END_UNBOUND,
                        Problem.Kind.BIND_ID_MISMATCH);
        assertThat(j.problemCounts.get(Problem.Kind.FLOW_END_BEFORE_START)).isEqualTo(2);
        assertThat(j.flows).isEqualTo(6);
        assertThat(j.flowsShown).isEqualTo(3);
        assertThat(TraceInspector.jsonWarning(j)).startsWith("Warning: Perfetto will drop 3 of 6 arrows");

        Summary p = PictureInspection.summarize(pic, TraceInspector.Format.PFTRACE);
        assertThat(p.problems).isEmpty();
        assertThat(PictureInspection.problems(pic, TraceInspector.Format.PFTRACE))
                .isEmpty();
        assertThat(p.flows).isEqualTo(6);
        assertThat(p.flowsShown).isEqualTo(6);
        assertThat(p.hbViolations).isEqualTo(2);
        assertThat(p.hbMarkers).isEqualTo(2);
        assertThat(p.markerSlices).isEqualTo(4);
        // parity
        assertThat(p.processes).isEqualTo(j.processes);
        assertThat(p.threads).isEqualTo(j.threads);
        assertThat(p.slices).isEqualTo(j.slices);
        // one sample repeats its track's value: the lean .pftrace leaves it out
        assertThat(p.counterSamples).isEqualTo(j.counterSamples - 1);
        assertThat(p.counterTracks).isEqualTo(j.counterTracks);
        assertThat(p.flowsByKind).isEqualTo(j.flowsByKind);
    }

    @Test
    void writtenPftraceInspectsClean() throws Exception {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4).thread(4, 10000, "AIC_0");
        int a = b.slice(4, 10000, 0.0, 10.0, "a");
        int c = b.slice(4, 10010, 12.0, 10.0, "c");
        b.flow(FlowKind.DEPENDENCY, a, 0.0, c, 12.0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.write(b.pic, out);
        Summary s = TraceInspector.inspect(new ByteArrayInputStream(out.toByteArray()), "(bytes)");
        assertThat(s.problems).isEmpty();
        assertThat(s.format).isEqualTo(TraceInspector.Format.PFTRACE);
        assertThat(s.slices).isEqualTo(2);
        assertThat(s.flows).isEqualTo(1);
        assertThat(s.threads.get(4)).containsEntry(10000, "AIC_0").containsEntry(10010, "");
        assertThat(s.lastNs).isEqualTo(22_000);
        assertThat(s.toText()).contains("problems: none");
    }
}
