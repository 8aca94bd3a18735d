package io.ptotrace.diff;

import static io.ptotrace.diff.Fixtures.diff;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ptotrace.model.TaskIds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Synthetic runs (SynthRun, 2 rings, newer era) mutated with known changes; the diff must report
 * exactly those changes and nothing else.
 */
class SyntheticScenarioTest {
    static final int TASKS = 4000;

    @TempDir
    static Path dir;

    static Path base;
    static FixtureGraph graph;

    @BeforeAll
    static void generate() {
        base = Fixtures.synth(dir.resolve("base"), TASKS, 11);
        graph = FixtureGraph.read(base);
    }

    private static Path write(FixtureGraph g, String name) throws IOException {
        Path f = dir.resolve(name).resolve("deps.json");
        g.write(f);
        return f;
    }

    private static Map<String, Integer> pairCounts(FixtureGraph g) {
        Map<String, Integer> m = new HashMap<>();
        for (FixtureGraph.Edge e : g.edges) m.merge(e.pred + ">" + e.succ, 1, Integer::sum);
        return m;
    }

    @Test
    void sameGraphWrittenAgainIsIdentical() throws IOException {
        Path again = write(graph.copy(), "again");
        Fixtures.Result r = diff(base, again).json();
        assertThat(r.diff().identical()).isTrue();
        assertThat(r.json().get("identical").asBoolean()).isTrue();
        assertThat(diff(base, again).align().structure().run().diff().identical())
                .isTrue();
        assertThat(r.warnings()).isEmpty();
        assertThat(graph.edges.size()).isGreaterThan(TASKS * 3);
        assertThat(graph.edges).anySatisfy(e -> assertThat(e.flags).isNotNull());
    }

    @Test
    void edgesRemovedAndAdded() throws IOException {
        FixtureGraph g = graph.copy();
        Map<String, Integer> pairs = pairCounts(g);
        int projectedRemoved = 0;
        for (int k = 0; k < 3; k++) {
            FixtureGraph.Edge e = g.edges.remove(g.edges.size() / 4 + k * 997);
            String key = e.pred + ">" + e.succ;
            if (pairs.merge(key, -1, Integer::sum) == 0) projectedRemoved++;
        }
        // two new explicit dependencies between tasks that had none
        long a = g.tasks.get(100).id, b = g.tasks.get(300).id, c = g.tasks.get(310).id;
        assertThat(pairs).doesNotContainKeys(a + ">" + b, a + ">" + c);
        for (long succ : new long[] {b, c}) {
            FixtureGraph.Edge e = new FixtureGraph.Edge();
            e.pred = a;
            e.succ = succ;
            e.arg = -1;
            e.source = "explicit";
            e.flags = List.of("wait", "retain");
            g.edges.add(e);
        }
        Fixtures.Result r = diff(base, write(g, "edges")).json();
        assertThat(r.summary()).isEqualTo(new GraphDiff.Summary(0, 0, 0, 0, 2, projectedRemoved, 2, 3, 0, 0, 0, 0));
        JsonNode added = r.json().get("annotated_edges_added");
        assertThat(added.get(0).get("source").asText()).isEqualTo("explicit");
        assertThat(added.get(0).get("succ").asText()).isEqualTo(Long.toUnsignedString(b));
        assertThat(added.get(1).get("succ").asText()).isEqualTo(Long.toUnsignedString(c));
    }

    @Test
    void readerTurnedTrackedInputCreatesAWarEdge() throws IOException {
        FixtureGraph g = graph.copy();
        Set<String> pairs = pairCounts(g).keySet();
        FixtureGraph.Task reader = null, writer = null;
        int argIndex = -1;
        for (int i = 200; i < g.tasks.size() && reader == null; i++) {
            FixtureGraph.Task t = g.tasks.get(i);
            for (int k = 0; k < t.args.size(); k++) {
                if ("INPUT".equals(t.args.get(k).type) && t.args.get(k).tensorId != null) {
                    FixtureGraph.Task w = g.tasks.get(i + 5);
                    if (!pairs.contains(t.id + ">" + w.id)) {
                        reader = t;
                        writer = w;
                        argIndex = k;
                    }
                    break;
                }
            }
        }
        assertThat(reader).isNotNull();
        FixtureGraph.Arg r = reader.args.get(argIndex);
        r.type = "TRACKED_INPUT";
        FixtureGraph.Edge e = new FixtureGraph.Edge();
        e.pred = reader.id;
        e.succ = writer.id;
        e.arg = 0;
        e.source = "tensormap";
        e.flags = List.of("wait");
        e.overlap = "covered";
        e.hazard = "WAR";
        e.accessKind = "READER";
        e.tensorId = r.tensorId;
        e.cDtype = r.dtype;
        e.cShape = r.shape;
        e.cOff = r.offset;
        e.cStrides = r.strides;
        e.pShape = r.shape;
        e.pOff = r.offset;
        e.pStrides = r.strides;
        g.edges.add(e);

        Fixtures.Result res = diff(base, write(g, "war")).json();
        assertThat(res.summary()).isEqualTo(new GraphDiff.Summary(0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0));
        JsonNode j = res.json();
        assertThat(j.at("/tasks_changed/0/task_id").asText()).isEqualTo(Long.toUnsignedString(reader.id));
        assertThat(j.at("/tasks_changed/0/changes/0/field").asText()).isEqualTo("args[" + argIndex + "].type");
        assertThat(j.at("/tasks_changed/0/changes/0/old").asText()).isEqualTo("INPUT");
        assertThat(j.at("/tasks_changed/0/changes/0/new").asText()).isEqualTo("TRACKED_INPUT");
        assertThat(j.at("/annotated_edges_added/0/hazard").asText()).isEqualTo("WAR");
        assertThat(j.at("/annotated_edges_added/0/access_kind").asText()).isEqualTo("READER");
        assertThat(j.at("/edges_added/0/pred").asText()).isEqualTo(Long.toUnsignedString(reader.id));
        assertThat(j.at("/edges_added/0/succ").asText()).isEqualTo(Long.toUnsignedString(writer.id));
    }

    @Test
    void argShapeChanged() throws IOException {
        FixtureGraph g = graph.copy();
        FixtureGraph.Task t = null;
        for (int i = g.tasks.size() / 2; t == null; i++)
            if (!g.tasks.get(i).args.isEmpty() && g.tasks.get(i).args.get(0).shape != null) t = g.tasks.get(i);
        long[] before = t.args.get(0).shape.clone();
        t.args.get(0).shape = new long[] {before[0] * 2};
        Fixtures.Result r = diff(base, write(g, "shape")).json();
        assertThat(r.summary()).isEqualTo(new GraphDiff.Summary(0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        JsonNode c = r.json().at("/tasks_changed/0/changes/0");
        assertThat(c.get("field").asText()).isEqualTo("args[0].shape");
        assertThat(c.get("old").toString())
                .isEqualTo(java.util.Arrays.toString(before).replace(" ", ""));
        assertThat(c.get("new").toString()).isEqualTo("[" + before[0] * 2 + "]");
        // with --align the changed task is still one changed task (paired inside its hunk)
        assertThat(diff(base, write(g, "shape")).align().run().summary())
                .isEqualTo(new GraphDiff.Summary(0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void buffersShiftedByAConstantOffset() throws IOException {
        FixtureGraph g = graph.copy();
        g.shiftAddresses(1L << 40); // 1 TiB: no buffer lands on an address the run used
        Path shifted = write(g, "shifted");
        Fixtures.Result structure = diff(base, shifted).structure().run();
        assertThat(structure.diff().identical()).as(structure.out()).isTrue();
        assertThat(structure.warnings()).isEmpty();
        GraphDiff.Summary s = diff(base, shifted).run().summary();
        assertThat(s.tensorsAdded()).isEqualTo(graph.tensors.size());
        assertThat(s.tensorsRemoved()).isEqualTo(graph.tensors.size());
        assertThat(s.tensorsChanged()).isZero();
        assertThat(s.tasksAdded() + s.tasksRemoved()).isZero();
        assertThat(s.edgesAdded() + s.edgesRemoved()).isZero(); // the (pred, succ) set did not move
        assertThat(diff(base, shifted).projected().run().diff().identical()).isTrue();
    }

    @Test
    void oneTaskInsertedEarlyOnOneRing() throws IOException {
        FixtureGraph g = graph.copy();
        // P: an early ring-1 task with a tensor arg; the new submit reads P's tensor right after P
        FixtureGraph.Task p = null;
        for (FixtureGraph.Task t : g.tasks) {
            if (TaskIds.ring(t.id) == 1
                    && TaskIds.local(t.id) > 3
                    && !t.args.isEmpty()
                    && t.args.get(0).tensorId != null) {
                p = t;
                break;
            }
        }
        assertThat(p).isNotNull();
        FixtureGraph.Arg src = p.args.get(0);
        FixtureGraph.Task ins = new FixtureGraph.Task();
        ins.kernels = new int[] {-1, -1, 99};
        FixtureGraph.Arg a = src.copy();
        a.idx = 0;
        a.type = "INPUT";
        ins.args.add(a);
        long local = TaskIds.local(p.id) + 1;
        int ringTasksAfter = 0;
        for (FixtureGraph.Task t : g.tasks)
            if (TaskIds.ring(t.id) == 1 && TaskIds.local(t.id) >= local) ringTasksAfter++;
        g.insertTask(1, local, ins);
        FixtureGraph.Edge e = new FixtureGraph.Edge();
        e.pred = p.id;
        e.succ = ins.id;
        e.arg = 0;
        e.source = "tensormap";
        e.flags = List.of("wait");
        e.overlap = "covered";
        e.hazard = "RAW";
        e.accessKind = "WRITER";
        e.tensorId = a.tensorId;
        e.cDtype = a.dtype;
        e.cShape = a.shape;
        e.cOff = a.offset;
        e.cStrides = a.strides;
        e.pShape = a.shape;
        e.pOff = a.offset;
        e.pStrides = a.strides;
        g.edges.add(e);
        Path inserted = write(g, "inserted");

        Fixtures.Result r = diff(base, inserted).align().json();
        GraphDiff.Summary s = r.summary();
        assertThat(s).isEqualTo(new GraphDiff.Summary(1, 0, 0, ringTasksAfter, 1, 0, 1, 0, 0, 0, 0, 0));
        JsonNode j = r.json();
        assertThat(j.at("/tasks_added/0/task_id").asText()).isEqualTo(Long.toUnsignedString(ins.id));
        assertThat(j.at("/annotated_edges_added/0/pred").asText()).isEqualTo(Long.toUnsignedString(p.id));
        assertThat(r.diff().notes()).isEmpty();
        String text = diff(base, inserted).align().run().out();
        assertThat(text).contains("(" + ringTasksAfter + " tasks matched by alignment rather than by id)");
        // the same with structure matching of tensors
        assertThat(diff(base, inserted).align().structure().run().summary()).isEqualTo(s);
        // an id-by-id diff reports the whole tail of the ring instead
        GraphDiff.Summary byId = diff(base, inserted).run().summary();
        assertThat(byId.tasksChanged() + byId.annotatedEdgesAdded()).isGreaterThan(100);
    }

    @Test
    void taskRemovedWithItsEdgesUnderAlignment() throws IOException {
        FixtureGraph g = graph.copy();
        // remove a ring-0 task nobody depends on (it may have predecessors), renumbering the rest of ring 0
        Set<Long> preds = new HashSet<>();
        for (FixtureGraph.Edge e : g.edges) preds.add(e.pred);
        FixtureGraph.Task victim = null;
        for (int i = 50; i < g.tasks.size(); i++) {
            FixtureGraph.Task t = g.tasks.get(i);
            if (TaskIds.ring(t.id) == 0 && !preds.contains(t.id)) {
                victim = t;
                break;
            }
        }
        assertThat(victim).isNotNull();
        long vid = victim.id;
        g.tasks.remove(victim);
        int removedEdges = 0;
        Set<Long> removedPairs = new HashSet<>();
        for (var it = g.edges.iterator(); it.hasNext(); ) {
            FixtureGraph.Edge e = it.next();
            if (e.succ == vid) {
                it.remove();
                removedEdges++;
                removedPairs.add(e.pred);
            }
        }
        for (FixtureGraph.Task t : g.tasks) if (TaskIds.ring(t.id) == 0 && t.id > vid) t.id--;
        for (FixtureGraph.Edge e : g.edges) {
            if (TaskIds.ring(e.pred) == 0 && e.pred > vid) e.pred--;
            if (TaskIds.ring(e.succ) == 0 && e.succ > vid) e.succ--;
        }
        GraphDiff.Summary s = diff(base, write(g, "removed")).align().run().summary();
        assertThat(s.tasksRemoved()).isEqualTo(1);
        assertThat(s.tasksAdded() + s.tasksChanged()).isZero();
        assertThat(s.edgesRemoved()).isEqualTo(removedPairs.size());
        assertThat(s.annotatedEdgesRemoved()).isEqualTo(removedEdges);
        assertThat(s.edgesAdded() + s.annotatedEdgesAdded() + s.annotatedEdgesChanged())
                .isZero();
        assertThat(s.tensorsAdded() + s.tensorsRemoved() + s.tensorsChanged()).isZero();
    }

    @Test
    void olderEraCopyIsIdentical() throws IOException {
        FixtureGraph g = graph.copy();
        g.stripFlags();
        Fixtures.Result r = diff(write(g, "older"), base).run();
        assertThat(r.diff().identical()).isTrue();
        assertThat(r.diff().notes()).anySatisfy(n -> assertThat(n).contains("flags not recorded in OLD"));
    }

    @Test
    void loadsTheSyntheticNameMap() throws IOException {
        String out = diff(base, base).run().out();
        assertThat(out).startsWith("ptotrace diff\n");
        Fixtures.Result r = diff(base, write(graph.copy(), "named")).run();
        assertThat(r.diff().oldNames().size()).isPositive(); // name_map_synth.json next to the base
    }
}
