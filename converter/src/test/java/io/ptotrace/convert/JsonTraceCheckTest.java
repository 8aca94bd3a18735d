package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.TraceInspector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class JsonTraceCheckTest {
    static final TracePicture PIC = TestPictures.sample().pic;

    static byte[] written(TracePicture pic, JsonTraceCheck check) throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        TraceWriters.of(ArgSet.LEAN, check, null, null)
                .get(ConvertOptions.Format.JSON)
                .write(pic, file);
        return file.toByteArray();
    }

    @Test
    void theFullCheckJudgesTheBytesWrittenAndLeavesThemAlone() throws IOException {
        JsonTraceCheck check = new JsonTraceCheck(PIC, false);
        byte[] file = written(PIC, check);
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        ChromeJsonWriter.write(PIC, plain);
        assertThat(file).isEqualTo(plain.toByteArray());
        assertThat(check.warning())
                .isEqualTo(TraceInspector.jsonWarning(TraceInspector.inspect(new ByteArrayInputStream(file), "x.json"))
                        + " (add --format both to write the .pftrace)")
                .isEqualTo("Warning: Perfetto will drop 3 of 6 arrows in the JSON trace (2 flow_end_before_start, "
                        + "1 flow_end_unbound, 1 bind_id_mismatch, 1 overlapping_slices); the .pftrace keeps them all \u2014 "
                        + "run 'ptotrace inspect' on the JSON for details (add --format both to write the .pftrace)");
    }

    @Test
    void overTheLimitOnlyTheMarkedArrowsAreCounted() throws IOException {
        JsonTraceCheck check = new JsonTraceCheck(PIC, true, 0);
        written(PIC, check);
        assertThat(check.warning())
                .isEqualTo("Warning: Perfetto will drop at least 3 of 6 arrows in the JSON trace "
                        + "(2 end before they start, 1 have no slice to bind to); the .pftrace keeps them all \u2014 "
                        + "run 'ptotrace inspect' on the JSON for details");
    }

    @Test
    void aCleanTraceHasNoWarning() throws IOException {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4).thread(4, 10000, "AIC_0");
        int a = b.slice(4, 10000, 0.0, 10.0, "a");
        int c = b.slice(4, 10010, 12.0, 10.0, "c");
        b.flow(FlowKind.DEPENDENCY, a, 0.0, c, 12.0);
        for (long limit : new long[] {0, JsonTraceCheck.FULL_CHECK_LIMIT}) {
            JsonTraceCheck check = new JsonTraceCheck(b.pic, true, limit);
            written(b.pic, check);
            assertThat(check.warning()).isNull();
        }
    }

    @Test
    void aFailedWriteEndsTheCheck() {
        TestPictures.Builder b = new TestPictures.Builder();
        b.process(4, "Worker View", 4).thread(4, 10000, "AIC_0");
        for (int i = 0; i < 200_000; i++) b.slice(4, 10000, i * 10.0, 5.0, "task " + i);
        JsonTraceCheck check = new JsonTraceCheck(b.pic, true);
        OutputStream full = new OutputStream() {
            long n;

            @Override
            public void write(int x) throws IOException {
                write(new byte[] {(byte) x}, 0, 1);
            }

            @Override
            public void write(byte[] x, int off, int len) throws IOException {
                n += len;
                if (n > 1 << 20) throw new IOException("No space left on device");
            }
        };
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            assertThatThrownBy(() -> TraceWriters.of(ArgSet.LEAN, check, null, null)
                            .get(ConvertOptions.Format.JSON)
                            .write(b.pic, full))
                    .isInstanceOf(IOException.class)
                    .hasMessage("No space left on device");
        });
        assertThatThrownBy(check::warning).isInstanceOf(IllegalStateException.class);
    }
}
