package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A .pftrace layout begun while the picture's arrows are drawn decides what a layout of the whole picture does. */
class PftraceLayoutStartTest {
    private static byte[] write(TracePicture pic, ArgSet args, PftraceLayout.Started started) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.write(pic, out, args, started);
        return out.toByteArray();
    }

    @Test
    void everySampleRunLaidOutWhileItsArrowsAreDrawnHasTheBytesOfOneLaidOutWhole() throws IOException {
        Map<TracePicture, PftraceLayout.Started> started = new IdentityHashMap<>();
        Map<String, TracePicture> pics = TestPictures.ofSampleRuns(false, p -> started.put(p, PftraceLayout.start(p)));
        assertThat(started).hasSize(pics.size());
        for (Map.Entry<String, TracePicture> e : pics.entrySet()) {
            TracePicture pic = e.getValue();
            assertThat(write(pic, ArgSet.LEAN, started.get(pic)))
                    .as(e.getKey())
                    .isEqualTo(write(pic, ArgSet.LEAN, null));
            assertThat(write(pic, ArgSet.FULL, PftraceLayout.start(pic)))
                    .as(e.getKey())
                    .isEqualTo(write(pic, ArgSet.FULL, null));
        }
    }

    /** Slices that overlap on their lanes, counters of two series on two lanes, and lanes only arrows end on. */
    private static TestPictures.Builder slicesAndCounters() {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4).thread(4, 10000, "AIC_0");
        for (int i = 0; i < 3000; i++) {
            b.slice(4, 10000 + 10 * (i % 5), 1.25 * i, i % 11 == 0 ? 9.0 : 0.75, "task(" + i + ")", "n", i);
            if (i % 3 == 0) b.counter(4, 3999 + (i % 2), 1.25 * i + 0.5, "queue", "AIC", i % 13, "AIV", i % 7);
        }
        return b;
    }

    private static void drawArrows(TestPictures.Builder b) {
        for (int i = 0; i + 4 < 3000; i += 3) {
            FlowKind k = i % 9 == 0 ? FlowKind.HB_VIOLATION : FlowKind.DEPENDENCY;
            b.flow(k, i, 1.25 * i + 0.75, i + 4, 1.25 * (i + 4));
        }
        b.flowAt(FlowKind.DEPENDENCY, -1, 7, 7000, 2.0, 10, 4, 10000, 12.5); // a lane only an arrow uses
    }

    @Test
    void aLayoutBegunBeforeTheArrowsIsFinishedAndMatchesOneMadeAfter() throws IOException {
        TestPictures.Builder b = slicesAndCounters();
        PftraceLayout.Started s = PftraceLayout.start(b.pic);
        drawArrows(b);
        PftraceLayout.Started again = PftraceLayout.start(b.pic);
        assertThat(again.finish(b.pic)).isNotNull(); // the early layout is taken, not silently replaced
        assertThat(write(b.pic, ArgSet.LEAN, s)).isEqualTo(write(b.pic, ArgSet.LEAN, null));
    }

    @Test
    void aPictureThatGainedASliceOrCounterOrIsAnotherIsLaidOutWhole() throws IOException {
        TestPictures.Builder b = slicesAndCounters();
        PftraceLayout.Started s = PftraceLayout.start(b.pic);
        b.slice(4, 10000, 0.5, 0.25, "late(1)");
        drawArrows(b);
        assertThat(s.finish(b.pic)).isNull();

        PftraceLayout.Started c = PftraceLayout.start(b.pic);
        b.counter(4, 3999, 3.0, "queue", "AIC", 2);
        assertThat(c.finish(b.pic)).isNull();
        assertThat(write(b.pic, ArgSet.LEAN, PftraceLayout.start(slicesAndCounters().pic)))
                .isEqualTo(write(b.pic, ArgSet.LEAN, null));

        PftraceLayout.Started once = PftraceLayout.start(b.pic);
        assertThat(once.finish(b.pic)).isNotNull();
        assertThat(once.finish(b.pic)).isNull(); // finished once; a second writer lays out its own
    }
}
