package io.ptotrace.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the run's timing says about each finding, against spans computed here from the generated records. */
class ObservedRacesTest {
    @TempDir
    Path dir;

    @Test
    void eachFindingIsARaceExactlyWhenTheLaterTaskStartedBeforeTheEarlierEnded() throws Exception {
        Path run = dir.resolve("run");
        SynthRun.write(SynthOptions.builder().tasks(4000).level(1).seed(11).build(), run);
        CheckJob.Request r = new CheckJob.Request();
        r.input = run;
        r.format = ReportFormat.JSON;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CheckJob.run(r, out, w -> {});
        ObjectMapper json = new ObjectMapper();
        JsonNode report = json.readTree(out.toByteArray());

        JsonNode records = json.readTree(run.resolve("l2_swimlane_records.json").toFile());
        double hz = records.get("metadata").get("clock_freq_hz").asDouble();
        Map<String, long[]> span = new HashMap<>();
        for (JsonNode row : records.get("aicore_tasks")) {
            long[] s = span.computeIfAbsent(row.get(1).asText(), k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
            s[0] = Math.min(s[0], row.get(3).asLong());
            s[1] = Math.max(s[1], row.get(4).asLong());
        }
        int races = 0, apart = 0, none = 0;
        boolean racesDone = false;
        for (JsonNode f : report.get("findings")) {
            long[] a = span.get(f.get("first").get("task").asText()),
                    b = span.get(f.get("second").get("task").asText());
            String observed =
                    f.get("observed").isNull() ? null : f.get("observed").asText();
            if (a == null || b == null) {
                assertThat(observed).isNull();
                assertThat(f.get("overlap_us").isNull()).isTrue();
                none++;
            } else if (b[0] < a[1]) {
                assertThat(observed).isEqualTo("race");
                assertThat(f.get("overlap_us").asDouble()).isCloseTo((a[1] - b[0]) / hz * 1e6, within(1e-3));
                assertThat(racesDone).as("races come first").isFalse();
                races++;
            } else {
                assertThat(observed).isEqualTo("apart");
                assertThat(f.get("overlap_us").asDouble()).isZero();
                apart++;
            }
            if (!"race".equals(observed)) racesDone = true;
            HazardKind kind = HazardKind.ofKey(f.get("kind").asText());
            Severity base = f.get("manual_scope").asBoolean() && kind.severity == Severity.ERROR
                    ? Severity.WARNING
                    : kind.severity;
            Severity expected =
                    "race".equals(observed) && kind != HazardKind.EDGE_WITHOUT_OVERLAP ? base.oneUp() : base;
            assertThat(f.get("severity").asText()).as(f.toString()).isEqualTo(expected.word);
        }
        assertThat(races).isPositive();
        assertThat(apart).isPositive();
        assertThat(none).isPositive(); // tasks without AICore rows: dummies and false predicates
    }

    @Test
    void spansOverSeveralRowsRunFromTheFirstStartToTheLastEnd() {
        Access first = new Access(0, 1, 0, "INPUT", "a(t1)"), second = new Access(1, 2, 0, "INOUT", "b(t2)");
        Finding f = new Finding(
                HazardKind.UNTRACKED_READER,
                Severity.WARNING,
                first,
                second,
                7,
                8,
                new long[] {0, 4},
                true,
                false,
                null,
                Double.NaN);
        // task 0 ran [10, 20] and [15, 30]; task 1 [25, 40]: started 5 µs before task 0's last end
        Finding race =
                TaskSpans.of(new double[] {10, 25}, new double[] {30, 40}).observe(f);
        assertThat(race.observed()).isEqualTo(Finding.Observed.RACE);
        assertThat(race.overlapUs()).isEqualTo(5.0);
        Finding apart =
                TaskSpans.of(new double[] {10, 30}, new double[] {30, 40}).observe(f);
        assertThat(apart.observed()).isEqualTo(Finding.Observed.APART);
        assertThat(apart.overlapUs()).isZero();
        Finding none = TaskSpans.of(new double[] {10, Double.NaN}, new double[] {30, Double.NaN})
                .observe(f);
        assertThat(none.observed()).isNull();
        assertThat(none.overlapUs()).isNaN();
        assertThat(race.severity()).as("a raced untracked reader is an error").isEqualTo(Severity.ERROR);
        assertThat(apart.severity()).isEqualTo(Severity.WARNING);
        assertThat(none.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void aRacedFindingIsOneLevelMoreSevereButAnEdgeWithoutOverlapKeepsItsLevel() {
        Access first = new Access(0, 1, 0, "OUTPUT_EXISTING", "a(t1)"),
                second = new Access(1, 2, 0, "OUTPUT_EXISTING", "b(t2)");
        TaskSpans together = TaskSpans.of(new double[] {10, 15}, new double[] {30, 40});
        TaskSpans apart = TaskSpans.of(new double[] {10, 30}, new double[] {30, 40});
        Map<HazardKind, Severity> raced = new HashMap<>();
        for (HazardKind k : HazardKind.values()) {
            Finding f =
                    new Finding(k, k.severity, first, second, 7, 8, new long[] {0, 4}, true, false, null, Double.NaN);
            raced.put(k, together.observe(f).severity());
            assertThat(apart.observe(f).severity()).as(k + " apart").isEqualTo(k.severity);
        }
        assertThat(raced)
                .containsEntry(HazardKind.UNTRACKED_READER, Severity.ERROR)
                .containsEntry(HazardKind.UNORDERED_OVERWRITE, Severity.ERROR)
                .containsEntry(HazardKind.LOST_WAR, Severity.ERROR)
                .containsEntry(HazardKind.LOST_RAW, Severity.ERROR)
                .containsEntry(HazardKind.UNORDERED_WRITERS, Severity.WARNING)
                .containsEntry(HazardKind.EDGE_WITHOUT_OVERLAP, Severity.INFO);
        Finding manual = new Finding(
                HazardKind.LOST_RAW,
                Severity.WARNING,
                first,
                second,
                7,
                8,
                new long[] {0, 4},
                true,
                true,
                null,
                Double.NaN);
        assertThat(together.observe(manual).severity())
                .as("a manual-scope error that raced")
                .isEqualTo(Severity.ERROR);
    }
}
