package io.ptotrace.critpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Both paths on random runs: the static length equals a brute-force longest chain, the static path is a chain of
 * accepted edges summing to it, every task's slack is non-negative and zero on the path, and the observed
 * segments tile the makespan exactly, each released by a real predecessor.
 */
class PathPropertiesTest {
    record Case(long[][] rows, int[][] edges, long tol, int tasks) {}

    static Case randomCase(long seed, int tasks) {
        Random r = new Random(seed);
        List<long[]> rows = new ArrayList<>();
        for (int t = 1; t <= tasks; t++) {
            int blocks = 1 + r.nextInt(2);
            long base = r.nextInt(120);
            for (int b = 0; b < blocks; b++) {
                long st = base + r.nextInt(4), en = st + 1 + r.nextInt(40);
                rows.add(new long[] {r.nextInt(3), t, b, st, en, 0});
            }
        }
        java.util.Collections.shuffle(rows, r);
        int m = r.nextInt(tasks * 3 + 1);
        int[][] edges = new int[m][];
        for (int e = 0; e < m; e++)
            edges[e] = new int[] {1 + r.nextInt(tasks), 1 + r.nextInt(tasks + 1)}; // may name an untimed task
        return new Case(rows.toArray(new long[0][]), edges, r.nextInt(4), tasks);
    }

    static RunAnalysis analyse(Path dir, Case c) throws IOException {
        StringBuilder rows = new StringBuilder();
        for (long[] row : c.rows) {
            if (rows.length() > 0) rows.append(", ");
            rows.append(java.util.Arrays.toString(row));
        }
        java.util.Map<String, String> kernels = new java.util.LinkedHashMap<>();
        for (int t = 1; t <= c.tasks + 1; t++) kernels.put(String.valueOf(t), "[" + (t % 3) + ",-1,-1]");
        String[] edges = new String[c.edges.length];
        for (int e = 0; e < edges.length; e++) edges[e] = c.edges[e][0] + ">" + c.edges[e][1];
        Runs.folder(
                dir,
                Runs.records(1_000_000, rows.toString()),
                Runs.deps(kernels, edges),
                "{\"callable_id_to_name\": {\"1\": \"k_1\"}}");
        Timeline tl = RecordsReader.read(dir.resolve("l2_swimlane_records.json"), s -> {}, true);
        TaskGraph g = TaskGraph.read(
                dir.resolve("deps.json"), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {});
        return new RunAnalysis(
                "x",
                tl.era,
                RunGraph.build(
                        tl.file, tl.cycles(), tl.clockFreqHz, g, NameMap.read(dir.resolve("name_map_x.json")), c.tol),
                tl);
    }

    /** The accepted pairs, independently of the implementation. */
    static Set<Long> accepted(RunGraph g, Case c) {
        Set<Long> out = new HashSet<>();
        for (int[] e : c.edges) {
            int p = g.taskOf(e[0]), s = g.taskOf(e[1]);
            if (p < 0 || s < 0 || p == s) continue;
            if (g.end[p] <= g.start[s] + c.tol && g.start[p] < g.start[s]) out.add((long) p << 32 | s);
        }
        return out;
    }

    static long longest(RunGraph g, Set<Long> hb, int v, List<Integer> stack) {
        long best = 0;
        for (int p = 0; p < g.tasks; p++) {
            if (!hb.contains((long) p << 32 | v)) continue;
            assertThat(stack).doesNotContain(p); // acyclic
            stack.add(p);
            best = Math.max(best, longest(g, hb, p, stack));
            stack.remove(stack.size() - 1);
        }
        return best + g.duration(v);
    }

    @Property(tries = 150)
    void staticPathIsTheLongestChain(
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed, @ForAll @IntRange(min = 1, max = 9) int tasks)
            throws IOException {
        Path dir = Files.createTempDirectory("critpath-prop");
        try {
            Case c = randomCase(seed, tasks);
            RunAnalysis a = analyse(dir, c);
            RunGraph g = a.graph;
            Set<Long> hb = accepted(g, c);
            assertThat(g.hbEdges).isEqualTo(hb.size());
            long brute = 0;
            for (int v = 0; v < g.tasks; v++) brute = Math.max(brute, longest(g, hb, v, new ArrayList<>()));
            assertThat(a.staticPath.length).isEqualTo(brute);
            long sum = 0;
            int[] path = a.staticPath.path;
            for (int i = 0; i < path.length; i++) {
                sum += g.duration(path[i]);
                if (i > 0) assertThat(hb).contains((long) path[i - 1] << 32 | path[i]);
            }
            assertThat(sum).isEqualTo(a.staticPath.length);
            long[] slack = a.staticPath.slack(g);
            for (long s : slack) assertThat(s).isNotNegative();
            for (int t : path) assertThat(slack[t]).isZero();
            checkObserved(a, hb);
        } finally {
            Runs.delete(dir);
        }
    }

    static void checkObserved(RunAnalysis a, Set<Long> hb) {
        RunGraph g = a.graph;
        ObservedPath o = a.observed;
        assertThat(o.computeTotal + o.stallTotal).isEqualTo(g.makespan());
        assertThat(o.kind[0]).isEqualTo(StallKind.FRONT_GAP);
        int last = o.task[o.size() - 1];
        for (int t = 0; t < g.tasks; t++) assertThat(g.end[t]).isLessThanOrEqualTo(g.end[last]);
        for (int i = 1; i < o.size(); i++) {
            int p = o.releasedBy[i], v = o.task[i];
            assertThat(p).isEqualTo(o.task[i - 1]);
            if (o.kind[i] == StallKind.DATA_WAIT)
                assertThat(hb == null || hb.contains((long) p << 32 | v)).isTrue();
            else assertThat(g.corePrev[v]).isEqualTo(p);
            assertThat(g.start[p]).isLessThan(g.start[v]);
        }
    }

    @Property(tries = 12)
    void generatedRunsTileExactly(
            @ForAll @LongRange(min = 1, max = 10_000) long seed,
            @ForAll @IntRange(min = 1, max = 4) int level,
            @ForAll boolean chipEra)
            throws IOException {
        Path dir = Files.createTempDirectory("critpath-synth");
        try {
            SynthOptions o = SynthOptions.builder()
                    .tasks(300)
                    .level(level)
                    .seed(seed)
                    .era(chipEra ? io.ptotrace.model.Era.CHIP : io.ptotrace.model.Era.L2)
                    .build();
            SynthRun.write(o, dir);
            Path records = dir.resolve(o.recordsFileName());
            Timeline tl = RecordsReader.read(records, s -> {}, true);
            TaskGraph g = TaskGraph.read(
                    dir.resolve("deps.json"), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {});
            RunAnalysis a = new RunAnalysis(
                    "s", tl.era, RunGraph.build(records, tl.cycles(), tl.clockFreqHz, g, NameMap.EMPTY, 2), tl);
            assertThat(a.graph.tasks).isGreaterThan(100);
            checkObserved(a, null);
            Extended x = new Extended(a, 1.0, 0.1, 25);
            for (Extended.WhatIf w : x.whatIf) assertThat(w.floorFaster).isLessThanOrEqualTo(w.floor);
            if (level >= 2) {
                assertThat(x.scheduler).isNotNull();
                for (StallKind k : a.stallKinds()) {
                    int i = k.ordinal();
                    assertThat(x.scheduler.finishSeen[i] + x.scheduler.toDispatch[i] + x.scheduler.dispatchToStart[i])
                            .isCloseTo(x.scheduler.stall[i], org.assertj.core.data.Offset.offset(1e-6));
                }
            }
        } finally {
            Runs.delete(dir);
        }
    }
}
