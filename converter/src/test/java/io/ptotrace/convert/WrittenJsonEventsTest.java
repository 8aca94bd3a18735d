package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Problem;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Judging a picture's JSON trace on the writer's events says exactly what inspecting the written file says. */
class WrittenJsonEventsTest {
    static Summary ofWrittenFile(TracePicture pic) throws IOException {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ChromeJsonWriter.write(pic, json);
        return TraceInspector.inspect(new ByteArrayInputStream(json.toByteArray()), "(picture)");
    }

    static void sameAsTheFile(TracePicture pic) throws IOException {
        assertThat(PictureInspection.summarize(pic, TraceInspector.Format.JSON).toJson())
                .isEqualTo(ofWrittenFile(pic).toJson());
    }

    @TestFactory
    List<DynamicTest> everySampleRun() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (boolean overhead : new boolean[] {false, true})
            for (Map.Entry<String, TracePicture> e :
                    TestPictures.ofSampleRuns(overhead).entrySet())
                tests.add(DynamicTest.dynamicTest(
                        e.getKey() + (overhead ? " --overhead" : ""), () -> sameAsTheFile(e.getValue())));
        return tests;
    }

    @Test
    void theSamplePictureWithItsProblems() throws IOException {
        TracePicture pic = TestPictures.sample().pic;
        sameAsTheFile(pic);
        assertThat(PictureInspection.summarize(pic, TraceInspector.Format.JSON).problemCounts)
                .containsKeys(
                        Problem.Kind.FLOW_END_BEFORE_START,
                        Problem.Kind.FLOW_END_UNBOUND,
                        Problem.Kind.OVERLAPPING_SLICES);
    }

    @Test
    void valuesThatReadBackDifferentlyFromHowTheyAreHeld() throws IOException {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View \u00e9", 4).thread(4, 10000, "AIC_\u4e00").thread(4, -1, "process-level thread name");
        int a = b.slice(4, 10000, 0.1 + 0.2, 1e-7, "tiny");
        int nan = b.slice(4, 10000, 5.0, Double.NaN, "no duration"); // written with dur null: not a slice
        int inf = b.slice(4, 10000, Double.POSITIVE_INFINITY, 3.0, "ts null"); // read at 0
        int big = b.slice(4, 10010, 1e16, 123456.789, "far");
        b.slice(4, 10010, -0.0, 0.0, "instant-like");
        b.flow(FlowKind.DEPENDENCY, a, 0.30000000000000004, big, 1e16);
        b.flow(FlowKind.DEPENDENCY, nan, 5.0, inf, 0.0);
        b.flowAt(FlowKind.DISPATCH, -1, 4, 10020, 7.0, -1, 4, 10030, 6.0);
        b.counter(
                4,
                1,
                3.0,
                "mixed",
                "n",
                1L,
                "d",
                2.5,
                "nanv",
                Double.NaN,
                "s",
                "12",
                "t",
                "abc",
                "e",
                "",
                "name",
                "7",
                "nul",
                null,
                "b",
                true,
                "u",
                new TestPictures.U64(-1L),
                "bigint",
                new BigInteger("123456789012345678901234"),
                "list",
                List.of(1L),
                "rawd",
                (Object) Double.valueOf(Double.NEGATIVE_INFINITY),
                "plus",
                "+Infinity");
        b.counter(4, 1, Double.NaN, null, "only", "x");
        sameAsTheFile(b.pic);
        Summary s = PictureInspection.summarize(b.pic, TraceInspector.Format.JSON);
        assertThat(s.slices).isEqualTo(4);
        assertThat(s.counterSamples).as("n, d, s, u, bigint, plus").isEqualTo(6);
    }
}
