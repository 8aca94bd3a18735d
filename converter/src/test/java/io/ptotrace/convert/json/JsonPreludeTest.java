package io.ptotrace.convert.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.FlowKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The JSON trace's first chunks, rendered while the arrows are drawn, change no byte of the trace. */
class JsonPreludeTest {
    /** A picture of {@code slices} slices and a counter sample on every tenth, its arrows not yet drawn. */
    private static TestPictures.Builder slicesOnly(int slices) {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4);
        b.thread(4, 10000, "AIC_0");
        for (int i = 0; i < slices; i++) {
            b.slice(4, 10000 + 10 * (i % 7), 1.25 * i, 0.75, "task(" + i + ")", "func_id", i % 5, "dur-us", 0.1 * i);
            if (i % 10 == 0) b.counter(4, 3999, 1.25 * i + 0.5, "queue", "depth", i % 13);
        }
        return b;
    }

    private static void drawArrows(TestPictures.Builder b, int slices) {
        for (int i = 0; i + 3 < slices; i += 2)
            b.flow(i % 3 == 0 ? FlowKind.HB_VIOLATION : FlowKind.DEPENDENCY, i, 1.25 * i + 0.75, i + 3, 1.25 * (i + 3));
    }

    private static byte[] write(TestPictures.Builder b, int threads, JsonPrelude prelude) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeJsonWriter.write(b.pic, out, threads, prelude);
        return out.toByteArray();
    }

    @Test
    void aTraceBegunWhileItsArrowsAreDrawnHasTheBytesOfOneRenderedWhole() throws Exception {
        for (int threads : new int[] {1, 2}) {
            TestPictures.Builder b = slicesOnly(5000);
            JsonPrelude p = JsonPrelude.start(b.pic, Long.MAX_VALUE);
            drawArrows(b, 5000);
            p.awaitRendered();
            assertThat(write(b, threads, p)).isEqualTo(write(b, threads, null));
        }
        // stopped part-way, by the writer
        TestPictures.Builder b = slicesOnly(20000);
        JsonPrelude p = JsonPrelude.start(b.pic);
        drawArrows(b, 20000);
        assertThat(write(b, 2, p)).isEqualTo(write(b, 2, null));
    }

    @Test
    void onlyChunksOfCompleteSectionsAreRenderedAndNoMoreThanTheBudget() throws Exception {
        TestPictures.Builder b = slicesOnly(5000);
        long complete = b.pic.meta.size() + b.pic.sliceCount() + b.pic.counterCount();
        JsonPrelude all = JsonPrelude.start(b.pic, Long.MAX_VALUE);
        all.awaitRendered();
        assertThat(all.take(b.pic)).hasSize((int) (complete / ChromeJsonWriter.CHUNK));

        JsonPrelude one = JsonPrelude.start(b.pic, 1);
        one.awaitRendered();
        assertThat(one.take(b.pic)).hasSize(1);
    }

    @Test
    void aPictureThatGainedASliceOrIsAnotherIsRenderedWhole() throws Exception {
        TestPictures.Builder b = slicesOnly(5000);
        JsonPrelude p = JsonPrelude.start(b.pic, Long.MAX_VALUE);
        p.awaitRendered();
        b.slice(4, 10000, 0.5, 0.25, "late(1)"); // drawn after the prelude began: its chunks no longer hold
        assertThat(p.take(b.pic)).isEmpty();

        JsonPrelude q = JsonPrelude.start(b.pic, Long.MAX_VALUE);
        q.awaitRendered();
        TestPictures.Builder other = slicesOnly(5000);
        assertThat(q.take(other.pic)).isEmpty();
        JsonPrelude r = JsonPrelude.start(b.pic, Long.MAX_VALUE);
        drawArrows(b, 5000);
        assertThat(write(b, 2, r)).isEqualTo(write(b, 2, null));
    }
}
