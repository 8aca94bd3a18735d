package io.ptotrace.synth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timing seed and the planted slowdowns keep the graph and change only the timing they name. */
class PlantedChangesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private Path run(String name, SynthOptions.Builder b) throws IOException {
        Path d = dir.resolve(name);
        SynthRun.write(b.tasks(3000).level(4).seed(11).build(), d);
        return d;
    }

    /** Mean AICore row duration in cycles by kernel name (single-kernel tasks only). */
    private static Map<String, Double> meanByKernel(Path d) throws IOException {
        JsonNode deps = MAPPER.readTree(d.resolve("deps.json").toFile());
        JsonNode names =
                MAPPER.readTree(d.resolve("name_map_synth.json").toFile()).get("callable_id_to_name");
        Map<Long, String> kernelOf = new HashMap<>();
        for (JsonNode t : deps.get("tasks")) {
            int only = -2;
            for (JsonNode k : t.get("kernel_ids")) {
                if (k.asInt() < 0) continue;
                only = only == -2 ? k.asInt() : -1;
            }
            if (only >= 0 && names.has(Integer.toString(only)))
                kernelOf.put(
                        t.get("task_id").asLong(),
                        names.get(Integer.toString(only)).asText());
        }
        Map<String, double[]> sums = new HashMap<>();
        for (JsonNode r :
                MAPPER.readTree(d.resolve("l2_swimlane_records.json").toFile()).get("aicore_tasks")) {
            String k = kernelOf.get(r.get(1).asLong());
            if (k == null) continue;
            double[] s = sums.computeIfAbsent(k, x -> new double[2]);
            s[0] += r.get(4).asLong() - r.get(3).asLong();
            s[1]++;
        }
        Map<String, Double> mean = new HashMap<>();
        sums.forEach((k, s) -> mean.put(k, s[0] / s[1]));
        return mean;
    }

    @Test
    void aTimingSeedKeepsTheGraphAndChangesTheTimes() throws IOException {
        Path a = run("a", SynthOptions.builder());
        Path b = run("b", SynthOptions.builder().timingSeed(99));
        assertThat(Files.readAllBytes(b.resolve("deps.json"))).isEqualTo(Files.readAllBytes(a.resolve("deps.json")));
        assertThat(Files.readAllBytes(b.resolve("l2_swimlane_records.json")))
                .isNotEqualTo(Files.readAllBytes(a.resolve("l2_swimlane_records.json")));
        // the seed itself as timing seed is the default
        Path c = run("c", SynthOptions.builder().timingSeed(11));
        assertThat(Files.readAllBytes(c.resolve("l2_swimlane_records.json")))
                .isEqualTo(Files.readAllBytes(a.resolve("l2_swimlane_records.json")));
    }

    @Test
    void aKernelScaleSlowsThatKernelAlone() throws IOException {
        Map<String, Double> base = meanByKernel(run("base", SynthOptions.builder()));
        Path slow = run("slow", SynthOptions.builder().kernelScale("QK", 1.5));
        Map<String, Double> after = meanByKernel(slow);
        assertThat(Files.readAllBytes(slow.resolve("deps.json")))
                .isEqualTo(Files.readAllBytes(dir.resolve("base/deps.json")));
        for (String k : base.keySet()) {
            double ratio = after.get(k) / base.get(k);
            if (k.equals("QK")) assertThat(ratio).as(k).isBetween(1.49, 1.51);
            else assertThat(ratio).as(k).isBetween(0.999, 1.001);
        }
    }

    @Test
    void aSchedulerScaleLeavesKernelTimesAndStretchesTheRun() throws IOException {
        Path base = run("base", SynthOptions.builder());
        Path slow = run("slow", SynthOptions.builder().schedulerScale(2.0));
        Map<String, Double> a = meanByKernel(base), b = meanByKernel(slow);
        for (String k : a.keySet()) assertThat(b.get(k) / a.get(k)).as(k).isBetween(0.999, 1.001);
        assertThat(span(slow)).isGreaterThan((long) (span(base) * 1.05));
    }

    private static long span(Path d) throws IOException {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (JsonNode r :
                MAPPER.readTree(d.resolve("l2_swimlane_records.json").toFile()).get("aicore_tasks")) {
            lo = Math.min(lo, r.get(3).asLong());
            hi = Math.max(hi, r.get(4).asLong());
        }
        return hi - lo;
    }

    @Test
    void badPlantsAreRefusedInOneLine() {
        assertThatThrownBy(() ->
                        SynthOptions.builder().set("kernel-scale", "nosuch:2").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nosuch");
        assertThatThrownBy(
                        () -> SynthOptions.builder().set("kernel-scale", "QK").build())
                .hasMessageContaining("NAME:FACTOR");
        assertThatThrownBy(
                        () -> SynthOptions.builder().set("scheduler-scale", "0").build())
                .hasMessageContaining("scheduler_scale");
        assertThat(SynthOptions.builder()
                        .set("kernel-scale", "QK:1.3,PV:0.8")
                        .build()
                        .kernelScale())
                .containsEntry("QK", 1.3)
                .containsEntry("PV", 0.8);
    }
}
