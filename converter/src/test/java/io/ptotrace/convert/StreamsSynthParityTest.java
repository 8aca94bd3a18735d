package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.model.Era;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generated streams-era run of each runtime converts, and its JSON and .pftrace describe the same trace
 * (processes, threads, slices, counters, arrows by kind); the .pftrace has no problem and shows every arrow.
 */
class StreamsSynthParityTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"tmr", "hbg"})
    void bothFormatsAgree(String runtime) throws Exception {
        Path run = tmp.resolve(runtime);
        SynthRun.write(
                SynthOptions.builder()
                        .tasks(1500)
                        .level(4)
                        .seed(11)
                        .era(Era.STREAMS)
                        .runtime(runtime)
                        .hbViolationShare(0.05)
                        .build(),
                run);
        for (boolean overhead : new boolean[] {false, true}) {
            ConvertOptions o = new ConvertOptions();
            o.input = run;
            o.output = tmp.resolve(runtime + overhead + ".json");
            o.format = ConvertOptions.Format.BOTH;
            o.overhead = overhead;
            List<ConvertJob.Written> w = new ConvertJob(
                            o,
                            new PrintStream(new ByteArrayOutputStream()),
                            new PrintStream(new ByteArrayOutputStream()),
                            false)
                    .run();
            Summary j = TraceInspector.inspect(w.get(0).path), p = TraceInspector.inspect(w.get(1).path);
            assertThat(p.problems).as("pftrace problems").isEmpty();
            assertThat(p.processes).isEqualTo(j.processes).containsValue("Worker View");
            assertThat(p.threads).isEqualTo(j.threads);
            assertThat(p.slices).isEqualTo(j.slices).isPositive();
            // the lean .pftrace leaves out counter values that repeat the one before them on their track
            assertThat(p.counterSamples).isLessThanOrEqualTo(j.counterSamples);
            if (j.counterSamples > 0) assertThat(p.counterSamples).isPositive();
            assertThat(p.counterTracks).isEqualTo(j.counterTracks);
            assertThat(p.flows).isEqualTo(j.flows).isEqualTo(p.flowsShown).isPositive();
            assertThat(p.flowsByKind).isEqualTo(j.flowsByKind);
            assertThat(p.hbViolations)
                    .isEqualTo(j.hbViolations)
                    .isEqualTo(p.hbMarkers)
                    .isPositive();
        }
        assertThat(Files.readString(run.resolve("chip_swimlane_records.json"))).contains("\"runtime\"");
    }
}
