package io.ptotrace.critpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The worked example of the contract, number by number: graph, both paths, the tiling, families. */
class SpecExampleTest {
    static final Path RUN = Path.of("..", "testdata", "critpath", "spec_example_8", "input", "r", "outputs", "case_A");

    static RunAnalysis analyse() {
        Timeline tl = RecordsReader.read(RUN.resolve("l2_swimlane_records.json"), s -> {}, true);
        TaskGraph g = TaskGraph.read(
                RUN.resolve("deps.json"), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {});
        NameMap names = NameMap.read(RUN.resolve("name_map_case_A.json"));
        return new RunAnalysis(
                "outputs/case_A", tl.era, RunGraph.build(tl.file, tl.cycles(), tl.clockFreqHz, g, names, 2), tl);
    }

    static int t(RunGraph g, long id) {
        return g.taskOf(id);
    }

    @Test
    void graphMatchesTheWorkedExample() {
        RunGraph g = analyse().graph;
        assertThat(g.tasks).isEqualTo(5);
        assertThat(g.hbEdges).isEqualTo(4);
        assertThat(g.corePrev[t(g, 3)]).isEqualTo(t(g, 2));
        assertThat(g.corePrevEnd[t(g, 3)]).isEqualTo(150);
        assertThat(g.corePrev[t(g, 4)]).isEqualTo(t(g, 1));
        assertThat(g.corePrevEnd[t(g, 4)]).isEqualTo(200);
        assertThat(g.name).containsExactly("gate_0_aic", "exp_up_mm_2", "hc_pre_fused_3_aic", "cid4", "attn");
        assertThat(g.makespan()).isEqualTo(300);
    }

    @Test
    void staticPathIsT1T4T5Of230Ticks() {
        RunAnalysis a = analyse();
        RunGraph g = a.graph;
        assertThat(a.staticPath.finish).containsExactly(100, 50, 140, 150, 230);
        assertThat(a.staticPath.path).containsExactly(t(g, 1), t(g, 4), t(g, 5));
        assertThat(a.staticPath.length).isEqualTo(230);
        long[] slack = a.staticPath.slack(g);
        assertThat(slack[t(g, 1)]).isZero();
        assertThat(slack[t(g, 4)]).isZero();
        assertThat(slack[t(g, 5)]).isZero();
        assertThat(slack[t(g, 3)]).isEqualTo(10); // finishes at 140, needed by 150
        assertThat(slack[t(g, 2)]).isEqualTo(100);
    }

    @Test
    void observedPathTilesTheMakespan() {
        RunAnalysis a = analyse();
        RunGraph g = a.graph;
        ObservedPath o = a.observed;
        assertThat(o.task).containsExactly(t(g, 2), t(g, 3), t(g, 5));
        assertThat(o.kind).containsExactly(StallKind.FRONT_GAP, StallKind.CORE_WAIT, StallKind.DATA_WAIT);
        assertThat(o.stall).containsExactly(0, 10, 20);
        assertThat(o.compute).containsExactly(50, 140, 80);
        assertThat(o.computeTotal + o.stallTotal).isEqualTo(a.makespan());
        assertThat(a.stallKinds()).containsExactly(StallKind.DATA_WAIT, StallKind.CORE_WAIT);
        assertThat(a.families).extracting(r -> r.family).containsExactly("hc_pre_fused", "attn", "exp_up_mm");
        assertThat(MarkdownReport.summary(a))
                .isEqualTo(
                        "[outputs/case_A] makespan=0.300ms  CPM=0.23ms(77%)  compute=90.0%  stall=10.0% (data-wait 6.7%, core-wait 3.3%)");
    }

    @Test
    void whatIfAndSchedulerSections() {
        RunAnalysis a = analyse();
        Extended x = new Extended(a, 1.0, 0.1, 25);
        // t1 -> t4 -> t5: gate 100, cid4 50, attn 80; attn 10 % faster saves 8 ticks, gate 10; t3's chain (140) is not
        // binding
        Extended.WhatIf best = x.whatIf.get(0);
        assertThat(best.family).isEqualTo("gate");
        assertThat(best.floorFaster).isEqualTo(220.0);
        assertThat(x.zeroSlack).isEqualTo(3);
        assertThat(x.near).hasSize(3);
        assertThat(x.scheduler).isNull(); // level 1: no AICPU records
    }
}
