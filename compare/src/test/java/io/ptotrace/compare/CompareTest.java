package io.ptotrace.compare;

import static io.ptotrace.compare.Fixtures.base;
import static io.ptotrace.compare.Fixtures.compare;
import static io.ptotrace.compare.Fixtures.run;
import static io.ptotrace.compare.Fixtures.significant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import io.ptotrace.synth.SynthOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Planted changes are found and nothing else; noise is never called a change; the makespan's parts add up. */
class CompareTest {
    static final int TASKS = 3000;

    @TempDir
    static Path dir;

    static Path old, noise1, noise2, noise3, slowQk, fastPv, slowSched;

    @BeforeAll
    static void runs() throws IOException {
        old = run(dir.resolve("old"), base(TASKS).timingSeed(1));
        noise1 = run(dir.resolve("noise1"), base(TASKS).timingSeed(2));
        noise2 = run(dir.resolve("noise2"), base(TASKS).timingSeed(3));
        noise3 = run(dir.resolve("noise3"), base(TASKS).timingSeed(4));
        slowQk = run(dir.resolve("slowQk"), base(TASKS).timingSeed(5).kernelScale("QK", 1.3));
        fastPv = run(dir.resolve("fastPv"), base(TASKS).timingSeed(6).kernelScale("PV", 0.7));
        slowSched = run(dir.resolve("slowSched"), base(TASKS).timingSeed(7).schedulerScale(1.5));
    }

    @Test
    void noiseOnlyPairsReportNothingSignificant() throws IOException {
        for (Path n : List.of(noise1, noise2, noise3)) {
            Comparison c = compare(old, n);
            assertThat(c.mode).isEqualTo(Comparison.Mode.WITHIN_RUN);
            assertThat(significant(c)).as(n.toString()).isEmpty();
            assertThat(c.makespan.verdict().significant()).as(n.toString()).isFalse();
            assertThat(c.readyLatency.verdict().significant()).as(n.toString()).isFalse();
            assertThat(c.anySignificant()).isFalse();
            assertThat(c.tasks.matched()).isEqualTo(c.old.tasks());
            assertThat(c.tasks.onlyOldCount() + c.tasks.onlyNewCount()).isZero();
        }
    }

    @Test
    void aSlowedFamilyIsFlaggedAndNothingElse() throws IOException {
        Comparison c = compare(old, slowQk);
        assertThat(significant(c)).containsExactly("QK");
        Comparison.Family qk = Comparer.byName(c).get("QK");
        assertThat(qk.verdict().direction()).isEqualTo(Comparison.Direction.SLOWER);
        assertThat(qk.ratio()).isBetween(1.2, 1.4);
        assertThat(c.readyLatency.verdict().significant()).isFalse();
        assertThat(c.anySignificant()).isTrue();
    }

    @Test
    void aSpedUpFamilyIsFlaggedFaster() throws IOException {
        Comparison c = compare(old, fastPv);
        assertThat(significant(c)).containsExactly("PV");
        assertThat(Comparer.byName(c).get("PV").verdict().direction()).isEqualTo(Comparison.Direction.FASTER);
    }

    @Test
    void aSlowerSchedulerGrowsTheStallsNotTheKernels() throws IOException {
        Comparison c = compare(old, slowSched);
        assertThat(significant(c)).isEmpty();
        assertThat(c.readyLatency.verdict().significant()).isTrue();
        assertThat(c.readyLatency.verdict().direction()).isEqualTo(Comparison.Direction.SLOWER);
        assertThat(c.makespan.delta()).isPositive();
        double stalls = 0, compute = 0;
        for (Comparison.Part p : c.decomposition)
            if (p.name().equals("compute")) compute = p.deltaUs();
            else stalls += p.deltaUs();
        assertThat(stalls).isGreaterThan(Math.abs(compute));
        if (c.makespan.delta() / c.makespan.oldValue() >= 0.03)
            assertThat(c.makespan.verdict().significant()).isTrue();
    }

    @Test
    void theMakespansPartsAddUpToItsChangeExactlyInTicks() throws IOException {
        for (Path n : List.of(noise1, slowQk, slowSched)) {
            Comparison c = compare(old, n);
            long sum = 0;
            double sumUs = 0;
            for (Comparison.Part p : c.decomposition) {
                sum += p.deltaTicks();
                sumUs += p.deltaUs();
            }
            long freq = 50_000_000L;
            long oldTicks = Math.round(c.makespan.oldValue() * freq / 1e6);
            long newTicks = Math.round(c.makespan.newValue() * freq / 1e6);
            assertThat(sum).isEqualTo(newTicks - oldTicks);
            assertThat(sumUs).isCloseTo(c.makespan.delta(), org.assertj.core.data.Offset.offset(1e-6));
            assertThat(c.decomposition)
                    .extracting(Comparison.Part::name)
                    .containsExactly("compute", "data-wait", "core-wait", "front-gap");
        }
    }

    @Test
    void repeatedRunsDecideOnRunLevelFigures() throws IOException {
        Path a = dir.resolve("repOld"), b = dir.resolve("repNoise"), s = dir.resolve("repSlow");
        for (int i = 0; i < 4; i++) {
            run(a.resolve("run" + i), base(2000).timingSeed(100 + i));
            run(b.resolve("run" + i), base(2000).timingSeed(200 + i));
            run(s.resolve("run" + i), base(2000).timingSeed(300 + i).kernelScale("QK", 1.3));
        }
        Comparison noise = compare(a, b);
        assertThat(noise.mode).isEqualTo(Comparison.Mode.REPEATED);
        assertThat(noise.old.runs()).hasSize(4);
        assertThat(noise.anySignificant()).isFalse();
        Comparison slow = compare(a, s);
        assertThat(significant(slow)).containsExactly("QK");
        assertThat(Comparer.byName(slow).get("QK").verdict().p()).isLessThan(0.05);
        // 4 against 4 with complete separation: the smallest two-sided p of the exact test, 2/70
        assertThat(Comparer.byName(slow).get("QK").verdict().p())
                .isCloseTo(2.0 / 70, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void fewerThanFourRunsASideAreWarnedAbout() throws IOException {
        Path a = dir.resolve("twoOld"), b = dir.resolve("twoNew");
        for (int i = 0; i < 2; i++) {
            run(a.resolve("r" + i), base(500).timingSeed(400 + i));
            run(b.resolve("r" + i), base(500).timingSeed(500 + i));
        }
        List<String> warnings = new ArrayList<>();
        Comparison c = compare(a, b, false, warnings);
        assertThat(c.mode).isEqualTo(Comparison.Mode.REPEATED);
        assertThat(warnings).anyMatch(w -> w.contains("fewer than 4 runs"));
        assertThat(c.anySignificant()).isFalse();
    }

    @Test
    void anInsertedTaskIsFoundWithAlignAndNothingElse() throws IOException {
        Path a = run(dir.resolve("insOld"), base(TASKS).level(1).timingSeed(1));
        Path b = Fixtures.withInsertedTask(a, dir.resolve("insNew"), TASKS / 2);
        assertThatThrownBy(() -> compare(a, b))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("different graphs")
                .hasMessageContaining("--align");
        Comparison c = compare(a, b, true, new ArrayList<>());
        assertThat(c.tasks.onlyNewCount()).isEqualTo(1);
        assertThat(c.tasks.onlyOldCount()).isZero();
        assertThat(c.tasks.matched()).isEqualTo(c.old.tasks());
        assertThat(c.anySignificant()).isFalse();
        // every matched task kept its timing: nothing moved
        for (Comparison.TaskMove m : c.tasks.durationMoved())
            assertThat(m.durDelta()).isZero();
    }

    @Test
    void sidesOfDifferentLevelsAreRefused() throws IOException {
        Path l2 = run(dir.resolve("level2"), base(500).level(2));
        Path l4 = run(dir.resolve("level4"), base(500).level(4));
        assertThatThrownBy(() -> compare(l2, l4))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("level-2")
                .hasMessageContaining("level-4");
    }

    @Test
    void repeatedRunsOfDifferentGraphsAreRefused() throws IOException {
        Path side = dir.resolve("mixed");
        run(side.resolve("a"), base(500).seed(3));
        run(side.resolve("b"), base(500).seed(4));
        assertThatThrownBy(() -> compare(side, side))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("ran different graphs");
    }

    @Test
    void aSideWithNoRunIsRefused() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> compare(empty, old))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("no run found");
        assertThatThrownBy(() -> compare(dir.resolve("nosuch"), old))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("no such file");
    }

    @Test
    void withoutDepsOrNamesWhatCanBeComparedIsAndTheRestIsSaid() throws IOException {
        Path a = run(dir.resolve("nodepsOld"), base(800).timingSeed(1).withDeps(false));
        Path b = run(dir.resolve("nodepsNew"), base(800).timingSeed(2).withDeps(false));
        List<String> warnings = new ArrayList<>();
        Comparison c = compare(a, b, false, warnings);
        assertThat(warnings).anyMatch(w -> w.startsWith("Warning: OLD") && w.contains("no deps.json"));
        assertThat(c.decomposition).isEmpty();
        assertThat(c.staticFloor).isNull();
        assertThat(c.families).extracting(Comparison.Family::name).containsExactly("task");
        assertThat(c.tasks.matched()).isEqualTo(c.old.tasks());

        Path n1 = run(dir.resolve("nonamesOld"), base(800).timingSeed(1).withNameMap(false));
        Path n2 = run(dir.resolve("nonamesNew"), base(800).timingSeed(2).withNameMap(false));
        warnings.clear();
        Comparison named = compare(n1, n2, false, warnings);
        assertThat(warnings).anyMatch(w -> w.contains("no name map"));
        assertThat(named.families).extracting(Comparison.Family::name).contains("func_0_a", "func_19_t");
    }

    @Test
    void treesAreComparedRankByRankOnTheirHostClock() throws IOException {
        Path a = dir.resolve("treeOld"), b = dir.resolve("treeNoise"), s = dir.resolve("treeSlow");
        SynthOptions.Builder tree = base(1500).era(io.ptotrace.model.Era.STREAMS);
        io.ptotrace.synth.SynthTree.write(tree.timingSeed(1).build(), 2, 1, a);
        io.ptotrace.synth.SynthTree.write(tree.timingSeed(2).build(), 2, 1, b);
        io.ptotrace.synth.SynthTree.write(
                tree.timingSeed(3).kernelScale("QK", 1.3).build(), 2, 1, s);
        Comparison noise = compare(a, b);
        assertThat(noise.anySignificant()).isFalse();
        assertThat(noise.ranks).extracting(Comparison.Rank::rank).containsExactly(0, 1);
        assertThat(noise.old.ranks()).isEqualTo(2);
        assertThat(noise.oldSkewUs).isNotNaN().isGreaterThanOrEqualTo(0);
        assertThat(noise.ranks.get(0).slackUs()).isPositive();
        double slowest =
                Math.max(noise.ranks.get(0).oldMakespanUs(), noise.ranks.get(1).oldMakespanUs());
        double fastest =
                Math.min(noise.ranks.get(0).oldMakespanUs(), noise.ranks.get(1).oldMakespanUs());
        assertThat(noise.makespan.oldValue()).isEqualTo(slowest);
        assertThat(noise.old.fastestRankUs()).isEqualTo(fastest);
        assertThat(noise.tasks.matched()).isEqualTo(noise.old.tasks());
        for (Comparison.Rank r : noise.ranks) {
            // each rank's observed-path parts add up to its own makespan's change
            assertThat(r.parts())
                    .extracting(Comparison.Part::name)
                    .containsExactly("compute", "data-wait", "core-wait", "front-gap");
            double sum = 0;
            for (Comparison.Part p : r.parts()) sum += p.deltaUs();
            assertThat(sum).isCloseTo(r.newMakespanUs() - r.oldMakespanUs(), org.assertj.core.data.Offset.offset(1e-6));
        }
        Comparison slow = compare(a, s);
        assertThat(significant(slow)).containsExactly("QK");
        // a tree against a single capture is refused
        assertThatThrownBy(() -> compare(a, old))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("multi-rank tree");
    }

    @Test
    void aCaptureDamagedElsewhereIsComparedFromItsRows() throws IOException {
        Path damaged = dir.resolve("damaged");
        Files.createDirectories(damaged);
        try (var s = Files.list(noise1)) {
            for (Path f : (Iterable<Path>) s::iterator) Files.copy(f, damaged.resolve(f.getFileName()));
        }
        Path records = damaged.resolve("l2_swimlane_records.json");
        String text = Files.readString(records);
        Files.writeString(records, text.replaceFirst("\"l2_swimlane_level\": ?4", "\"l2_swimlane_level\": 7"));
        assertThat(Files.readString(records)).isNotEqualTo(text);
        List<String> warnings = new ArrayList<>();
        Comparison c = compare(old, damaged, false, warnings);
        Comparison clean = compare(old, noise1);
        assertThat(warnings)
                .anyMatch(w -> w.startsWith("Warning: " + records) && w.contains("needs only the AICore rows"));
        assertThat(c.makespan.newValue()).isEqualTo(clean.makespan.newValue());
        assertThat(c.decomposition).isEqualTo(clean.decomposition);
        assertThat(Comparer.names(c)).isEqualTo(Comparer.names(clean));
        assertThat(c.anySignificant()).isFalse();
        CompareJob.Options o = new CompareJob.Options();
        o.oldPath = old;
        o.newPath = damaged;
        o.trace = dir.resolve("damaged.pftrace");
        assertThatThrownBy(() -> CompareJob.run(o, new java.io.ByteArrayOutputStream(), w -> {}))
                .isInstanceOf(InputProblem.class)
                .hasMessageContaining("--trace draws whole captures");
        assertThat(o.trace).doesNotExist();
    }
}
