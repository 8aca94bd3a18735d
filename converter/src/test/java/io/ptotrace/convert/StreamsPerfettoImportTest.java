package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.testing.Needs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streams-era sample traces as Perfetto's own trace processor imports them: no import error or data loss,
 * every slice and every arrow of the picture in both trace forms. Skips where the trace processor is not
 * installed beside the checkout.
 */
class StreamsPerfettoImportTest {
    static final Path TP = Path.of("..", "..", "shared", "tools", "perfetto", "trace_processor_shell");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"streams_sample_tmr_level4", "streams_sample_hbg_host_placed"})
    void importsWithEveryArrow(String name) throws Exception {
        Needs.traceProcessor();
        Path c = ConformanceTest.TESTDATA.resolve(name);
        ConvertOptions o = new ConvertOptions();
        o.input = c.resolve("chip_swimlane_records.json");
        o.output = tmp.resolve("t.json");
        o.format = ConvertOptions.Format.BOTH;
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        new ConvertJob(o, quiet, quiet, false).run();

        Timeline tl = RecordsReader.read(o.input, w -> {});
        List<Path> maps = Files.list(c)
                .filter(p -> p.getFileName().toString().startsWith("name_map"))
                .toList();
        TraceBuilder.Result r = TraceBuilder.build(
                new Run(tl, DepsProjection.read(c.resolve("deps.json")), NameMap.read(maps.get(0))),
                false,
                w -> {},
                null);
        for (String trace : new String[] {"t.json", "t.pftrace"}) {
            String out = query(
                    tmp.resolve(trace),
                    "select count(*) from slice;",
                    "select count(*) from flow;",
                    "select count(*) from stats where value > 0 and severity in ('error', 'data_loss');",
                    "select name, value from stats where value > 0 and severity in ('error', 'data_loss');");
            List<String> lines =
                    out.lines().filter(l -> !l.startsWith("\"") && !l.isBlank()).toList();
            assertThat(Long.parseLong(lines.get(2)))
                    .as(trace + " import errors: " + out)
                    .isZero();
            assertThat(Long.parseLong(lines.get(0))).as(trace + " slices").isEqualTo(r.picture.sliceCount());
            assertThat(Long.parseLong(lines.get(1))).as(trace + " arrows").isEqualTo(r.picture.flowCount());
        }
    }

    private String query(Path trace, String... sql) throws Exception {
        Path q = Files.writeString(tmp.resolve("q.sql"), String.join("\n", sql) + "\n");
        Process p = new ProcessBuilder(TP.toString(), "-q", q.toString(), trace.toString())
                .redirectErrorStream(false)
                .start();
        p.getErrorStream().transferTo(java.io.OutputStream.nullOutputStream());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
