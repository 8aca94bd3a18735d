package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.testing.Needs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hazard markers in the trace: {@code check --trace} and {@code convert --check} write a .pftrace whose
 * findings are slices of category hazard on both tasks with an arrow between them; Perfetto's own trace
 * processor (when present beside the project) imports them without problems, and the query of docs/check.md lists them.
 */
class HazardTraceTest {
    static final Path TP = Path.of("..", "..", "shared", "tools", "perfetto", "trace_processor_shell");
    /** The query of docs/check.md, as it is printed there. */
    static final String LIST =
            "select extract_arg(m.arg_set_id, 'debug.kind') as kind, extract_arg(m.arg_set_id, 'debug.severity') as severity,\n"
                    + "       extract_arg(m.arg_set_id, 'debug.earlier') as earlier, extract_arg(m.arg_set_id, 'debug.later') as later,\n"
                    + "       extract_arg(m.arg_set_id, 'debug.bytes') as bytes, extract_arg(m.arg_set_id, 'debug.fix') as fix\n"
                    + "from flow f join slice m on m.id = f.slice_out\n"
                    + "where m.category = 'hazard' order by m.ts;";

    @TempDir
    Path dir;

    Path run() throws IOException {
        Path to = Files.createDirectories(dir.resolve("run"));
        try (Stream<Path> s = Files.list(CheckCliTest.CASES.resolve("hand-kv_cache_race"))) {
            for (Path f : (Iterable<Path>) s::iterator) {
                String n = f.getFileName().toString();
                if (!n.equals("expected.json") && !n.equals("case.json")) Files.copy(f, to.resolve(n));
            }
        }
        return to;
    }

    @Test
    void checkTraceMarksBothTasksAndDrawsTheArrow() throws Exception {
        Path trace = dir.resolve("hz.pftrace");
        Cli.Result r = Cli.run("check", run().toString(), "--trace", trace.toString(), "--format", "json");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.stderr()).contains("Wrote " + trace + " (2 of 3 finding(s) marked, category hazard)");
        assertThat(r.stdout()).startsWith("{\"schema\":\"ptotrace-check/1\"");
        Needs.traceProcessor();
        assertThat(query(trace, "select count(*) from stats where value > 0 and severity in ('error', 'data_loss');"))
                .containsExactly("0");
        assertThat(query(trace, "select count(*) from slice where category = 'hazard';"))
                .containsExactly("4");
        assertThat(query(
                        trace,
                        "select p.name from slice s join slice p on p.id = s.parent_id where s.category = 'hazard' "
                                + "and s.name = 'hazard: untracked reader' order by s.ts;"))
                .containsExactly("\"attn_decode_spmd(r2t11)\"", "\"kv_rotate(r2t13)\"");
        List<String> listed = query(trace, LIST);
        assertThat(listed).hasSize(2);
        assertThat(listed.get(0))
                .startsWith(
                        "\"untracked_reader\",\"error\",\"attn_decode_spmd(r2t11) arg 0 INPUT\",\"kv_rotate(r2t13) arg 0 INOUT\"")
                .contains("TRACKED_INPUT");
        assertThat(listed.get(1))
                .startsWith("\"lost_raw\",\"error\",\"kv_rotate(r2t13) arg 0 INOUT\",\"kv_gather(r2t14) arg 0 INPUT\"");
    }

    @Test
    void convertCheckDoesTheSame() throws Exception {
        Path trace = dir.resolve("c.pftrace");
        Cli.Result r = Cli.run("convert", run().toString(), "--check", "-o", trace.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout())
                .contains("Hazard check: 3 finding(s)")
                .contains("(1 observed as race(s)), 2 marked (category hazard)");
        Needs.traceProcessor();
        assertThat(query(trace, LIST)).hasSize(2);
        // the timing the trace shows: the untracked reader raced (10.8 us), the lost RAW edge's tasks ran apart
        assertThat(
                        query(
                                trace,
                                "select extract_arg(arg_set_id, 'debug.observed'), extract_arg(arg_set_id, 'debug.overlap_us') from slice "
                                        + "where category = 'hazard' and extract_arg(arg_set_id, 'debug.role') = 'later' order by ts;"))
                .containsExactly("\"race\",10.800000", "\"apart\",0.000000");
    }

    /** The CSV rows of a query (header dropped). */
    static List<String> query(Path trace, String sql) throws Exception {
        Path q = Files.writeString(Files.createTempFile("q", ".sql"), sql + "\n");
        Process p = new ProcessBuilder(TP.toString(), "-q", q.toString(), trace.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Files.delete(q);
        List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
        return lines.subList(1, lines.size());
    }
}
