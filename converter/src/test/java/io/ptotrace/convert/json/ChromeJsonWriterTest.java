package io.ptotrace.convert.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.PyFloat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Chrome JSON writer renders exactly its picture (every event, member and arg, in the kinds' order), and
 * its own guarantees: ASCII output, Python-repr numbers, bytes independent of threads.
 */
class ChromeJsonWriterTest {
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void everyEventIsThePictures() throws IOException {
        for (boolean overhead : new boolean[] {false, true}) {
            for (Map.Entry<String, TracePicture> e :
                    TestPictures.ofSampleRuns(overhead).entrySet()) {
                try {
                    PictureInJsonCheck.check(e.getValue());
                } catch (AssertionError x) {
                    throw new AssertionError(e.getKey() + (overhead ? " --overhead" : "") + ": " + x.getMessage(), x);
                }
            }
        }
        PictureInJsonCheck.check(TestPictures.sample().pic);
    }

    private static byte[] render(TestPictures.Builder b, int threads) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeJsonWriter.write(b.pic, out, threads);
        return out.toByteArray();
    }

    @Test
    void nonAsciiIsEscapedEverywhereLikeTheReference() throws IOException {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(2, "AICPU Scheduler", 2);
        int a = b.slice(2, 30000, 1.0, 2.0, "caf\u00e9(t0)", "note", "\u03bcs", "dur-\u00b5s", 1.5);
        int c = b.slice(2, 30000, 5.0, 2.0, "complete(1)");
        b.flow(FlowKind.COMPLETE_READY, a, 3.0, c, 5.0);
        b.flow(FlowKind.SUBMIT_DISPATCH, a, 3.0, c, 5.0);
        byte[] bytes = render(b, 1);
        for (byte x : bytes) assertThat(x).as("every byte is ASCII").isBetween((byte) 0, (byte) 127);
        JsonNode events = M.readTree(bytes).get("traceEvents");
        List<String> names = new ArrayList<>();
        events.forEach(e -> names.add(e.get("name").asText()));
        assertThat(names).contains("caf\u00e9(t0)", "complete\u2192ready", "submit\u2192dispatch");
        assertThat(events.findValues("args"))
                .anySatisfy(
                        args -> assertThat(args.path("dur-\u00b5s").asDouble()).isEqualTo(1.5));
        assertThat(new String(bytes, java.nio.charset.StandardCharsets.US_ASCII))
                .contains("\"complete\\u2192ready\"");
    }

    @Test
    void flowEndsCarryTheirMembersInTheReferenceOrder() throws IOException {
        String json = new String(render(TestPictures.sample(), 1), java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(json)
                .contains(
                        "{\"cat\":\"flow\",\"id\":0,\"name\":\"dependency\",\"ph\":\"s\",\"pid\":4,\"tid\":10000,\"ts\":8.0,"
                                + "\"input_task_count\":1,\"output_task_count\":1,\"bind_id\":0}");
        assertThat(json)
                .contains(
                        "{\"cat\":\"flow\",\"id\":0,\"name\":\"dependency\",\"ph\":\"f\",\"pid\":4,\"tid\":10010,\"ts\":57.0,"
                                + "\"bp\":\"e\",\"input_task_count\":1,\"output_task_count\":1,\"bind_id\":1}");
    }

    @Test
    void numbersPrintAsPythonReprThroughTheTextCacheAndBytesDoNotDependOnThreads() throws IOException {
        // more distinct values than the cache holds, each used twice, far apart: hits, misses and collisions
        Random r = new Random(11);
        double[] values = new double[20_000];
        for (int i = 0; i < values.length; i++) {
            switch (i % 4) {
                case 0:
                    values[i] = r.nextInt(1_000_000) * 0.02;
                    break; // cycles at 50 MHz, in µs
                case 1:
                    values[i] = r.nextDouble() * 1e9;
                    break;
                case 2:
                    values[i] = Math.scalb(r.nextDouble(), r.nextInt(120) - 60);
                    break;
                default:
                    values[i] = -r.nextInt(100) / 3.0;
            }
        }
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < values.length; i++)
                b.slice(4, 10000 + i % 7, values[i], values[values.length - 1 - i], "s");
        b.slice(4, 10000, Double.NaN, Double.POSITIVE_INFINITY, "not finite");
        byte[] one = render(b, 1);
        assertThat(render(b, 2)).isEqualTo(one);
        assertThat(render(b, 3)).isEqualTo(one);
        String json = new String(one, java.nio.charset.StandardCharsets.US_ASCII);
        JsonNode events = M.readTree(one).get("traceEvents");
        int slice = 0;
        for (JsonNode e : events) {
            if (!"X".equals(e.path("ph").asText())) continue;
            if (slice == 2 * values.length) {
                assertThat(e.get("ts").isNull()).isTrue();
                assertThat(e.get("dur").isNull()).isTrue();
                break;
            }
            int i = slice % values.length;
            assertThat(Double.parseDouble(e.get("ts").asText())).isEqualTo(values[i]);
            slice++;
        }
        assertThat(slice).isEqualTo(2 * values.length);
        for (int i = 0; i < values.length; i += 97)
            assertThat(json)
                    .contains("\"ts\":" + PyFloat.repr(values[i]) + ",\"dur\":"
                            + PyFloat.repr(values[values.length - 1 - i]) + "}");
    }
}
