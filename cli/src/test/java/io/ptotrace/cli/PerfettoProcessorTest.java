package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Perfetto's own trace processor (the engine ui.perfetto.dev runs) imports what convert writes: the sample runs
 * and a generated one, lean and full .pftrace and JSON, with no import error or data loss in its stats, every
 * arrow and hb_violation where the SQL of docs/convert.md looks for them, and peak memory within the estimate's band.
 * Skipped where the processor is not at ../shared/tools/perfetto beside the repository.
 */
class PerfettoProcessorTest {
    private static Path tp;

    @BeforeAll
    static void findProcessor() {
        for (Path base = Path.of("").toAbsolutePath(); base != null; base = base.getParent()) {
            Path p = base.resolve("../shared/tools/perfetto/trace_processor_shell")
                    .normalize();
            if (Files.isExecutable(p) && Files.isDirectory(base.resolve("testdata"))) {
                tp = p;
                return;
            }
        }
    }

    /** What the processor made of one trace. */
    record Imported(long slices, long flows, long hbArrows, long hbMarkersJoined, long importErrors, long peakBytes) {}

    static Imported load(Path trace, Path dir) throws IOException, InterruptedException {
        Path sql = dir.resolve("q.sql");
        Files.writeString(
                sql,
                String.join(
                        "\n",
                        "select (select count(*) from slice where category is null or category != 'hb_violation') || ',' || (select count(*) from flow)",
                        "  || ',' || (select count(*) from flow where (trace_id & 15) = 2)",
                        "  || ',' || (select count(*) from slice m join flow f on f.trace_id = extract_arg(m.arg_set_id, 'debug.flow_trace_id')"
                                + " join slice so on so.id = f.slice_out join slice si on si.id = f.slice_in where m.category = 'hb_violation')",
                        "  || ',' || (select count(*) from stats where severity in ('error', 'data_loss') and value > 0) as c;",
                        ""));
        Path time = dir.resolve("time.txt");
        Process p = new ProcessBuilder("/usr/bin/time", "-v", tp.toString(), "-q", sql.toString(), trace.toString())
                .redirectError(time.toFile())
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as("trace_processor_shell on %s: %s", trace, Files.readString(time))
                .isZero();
        String[] lines = out.trim().split("\\R");
        String[] c = lines[lines.length - 1].replace("\"", "").split(",");
        Matcher m = Pattern.compile("Maximum resident set size \\(kbytes\\): (\\d+)")
                .matcher(Files.readString(time));
        long peak = m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
        return new Imported(
                Long.parseLong(c[0]),
                Long.parseLong(c[1]),
                Long.parseLong(c[2]),
                Long.parseLong(c[3]),
                Long.parseLong(c[4]),
                peak);
    }

    /** convert's "est." line for one output file, in bytes. */
    static long estimate(String stdout, Path file) {
        Matcher m = Pattern.compile(
                        Pattern.quote(file.getFileName().toString()) + ": [^\\n]*est\\. ([0-9.]+) (GB|MB|KB)")
                .matcher(stdout);
        assertThat(m.find()).as("est. line for %s in:\n%s", file, stdout).isTrue();
        double v = Double.parseDouble(m.group(1));
        return Math.round(v * (m.group(2).equals("GB") ? 1e9 : m.group(2).equals("MB") ? 1e6 : 1e3));
    }

    static List<Path> sampleRuns() throws IOException {
        List<Path> runs = new ArrayList<>();
        runs.add(Path.of("../testdata/runs/pa_level4"));
        try (Stream<Path> s = Files.list(Path.of("../testdata/conformance"))) {
            s.filter(d -> Files.exists(d.resolve("l2_swimlane_records.json"))
                            || Files.exists(d.resolve("chip_swimlane_records.json")))
                    .filter(d -> !Files.exists(d.resolve("expected_error.txt")))
                    .sorted()
                    .forEach(runs::add);
        }
        return runs;
    }

    /** Converts {@code run} into lean, full and JSON traces and checks what the processor imports of each. */
    static void check(Path run, Path dir, boolean band) throws Exception {
        String name = run.getFileName().toString();
        Path lean = dir.resolve(name + ".pftrace"),
                full = dir.resolve(name + ".full.pftrace"),
                json = dir.resolve(name + ".json");
        Cli.Result both = Cli.run("convert", run.toString(), "-o", json.toString(), "--format", "both");
        assertThat(both.status()).as(both.stderr()).isZero();
        Files.move(dir.resolve(name + ".pftrace"), lean, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Cli.Result f = Cli.run("convert", run.toString(), "-o", full.toString(), "--full-args");
        assertThat(f.status()).as(f.stderr()).isZero();
        Cli.Result summary = Cli.run("inspect", lean.toString(), "--format", "json");
        long flows = number(summary.stdout(), "flows"), hb = number(summary.stdout(), "hb_violations");

        for (Path trace : List.of(lean, full)) {
            Imported i = load(trace, dir);
            assertThat(i.importErrors())
                    .as("%s: import errors or data loss", trace)
                    .isZero();
            assertThat(i.flows()).as("%s: every arrow", trace).isEqualTo(flows);
            assertThat(i.hbArrows()).as("%s: hb_violation arrows", trace).isEqualTo(hb);
            assertThat(i.hbMarkersJoined())
                    .as("%s: each hb marker joins its arrow and both slices", trace)
                    .isEqualTo(hb);
            if (band) {
                long est = estimate(trace == full ? f.stdout() : both.stdout(), trace);
                assertThat((double) est)
                        .as("%s: estimate against the processor's peak", trace)
                        .isBetween(0.85 * i.peakBytes(), 1.15 * i.peakBytes());
            }
        }
        Imported j = load(json, dir);
        assertThat(j.importErrors()).as("%s: import errors", json).isZero();
    }

    private static long number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*(\\d+)").matcher(json);
        assertThat(m.find()).as("%s in %s", key, json).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void sampleRunsImportWithEveryArrowAndViolation(@TempDir Path dir) throws Exception {
        Needs.need(tp != null, "Perfetto's trace processor is not at " + Needs.TRACE_PROCESSOR);
        for (Path run : sampleRuns()) check(run, dir, true);
    }

    @Test
    void aGeneratedRunImportsWithinTheEstimatesBand(@TempDir Path dir) throws Exception {
        Needs.need(tp != null, "Perfetto's trace processor is not at " + Needs.TRACE_PROCESSOR);
        Path run = dir.resolve("synth_run");
        Cli.Result s = Cli.run(
                "synth", "-n", "5000", "--level", "4", "--seed", "7", "--hb-share", "0.01", "-o", run.toString());
        assertThat(s.status()).as(s.stderr()).isZero();
        check(run, dir, true);
    }

    @Test
    void aMergedTreeImportsWithEveryArrowWithinTheEstimatesBand(@TempDir Path dir) throws Exception {
        Needs.need(tp != null, "Perfetto's trace processor is not at " + Needs.TRACE_PROCESSOR);
        Path tree = dir.resolve("dfx_outputs");
        Cli.Result s = Cli.run(
                "synth",
                "--ranks",
                "3",
                "-n",
                "20000",
                "--level",
                "4",
                "--seed",
                "7",
                "--hb-share",
                "0.01",
                "-o",
                tree.toString());
        assertThat(s.status()).as(s.stderr()).isZero();
        Path trace = dir.resolve("l3.pftrace");
        Cli.Result c = Cli.run("convert", tree.toString(), "--dispatch", "d0", "-o", trace.toString());
        assertThat(c.status()).as(c.stderr()).isZero();
        Cli.Result summary = Cli.run("inspect", trace.toString(), "--format", "json");
        Imported i = load(trace, dir);
        assertThat(i.importErrors()).as("import errors or data loss").isZero();
        assertThat(i.flows()).as("every arrow of every rank").isEqualTo(number(summary.stdout(), "flows"));
        assertThat(i.hbArrows()).as("hb_violation arrows").isEqualTo(number(summary.stdout(), "hb_violations"));
        // every slice carries its rank: arg sets the ranks would otherwise share are each rank's own
        assertThat((double) estimate(c.stdout(), trace))
                .as("estimate against the processor's peak")
                .isBetween(0.85 * i.peakBytes(), 1.15 * i.peakBytes());
    }
}
