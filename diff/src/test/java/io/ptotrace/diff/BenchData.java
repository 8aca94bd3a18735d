package io.ptotrace.diff;

import io.ptotrace.model.TaskIds;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Benchmark inputs for bench/diff.sh (run with plain {@code java -cp}):
 * <pre>
 *   synth  DIR TASKS [SEED]   a synthetic run (level 1, 2 rings, newer era, ~5 edges per task) via SynthRun
 *   mutate OLD_DEPS NEW_DIR   NEW = OLD + known changes (one submit inserted early on ring 1, one arg
 *                             shape changed, one reader turned TRACKED_INPUT with a WAR edge, 3 edges removed)
 * </pre>
 */
public final class BenchData {
    private BenchData() {}

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("synth")) {
            int tasks = Integer.parseInt(args[2]);
            long seed = args.length > 3 ? Long.parseLong(args[3]) : 7;
            SynthOptions o = SynthOptions.builder()
                    .tasks(tasks)
                    .level(1)
                    .rings(2)
                    .era(io.ptotrace.model.Era.CHIP)
                    .edgesPerTask(5.0)
                    .seed(seed)
                    .build();
            SynthRun.Result r = SynthRun.write(o, Path.of(args[1]));
            System.out.println(r.summary());
        } else if (args.length == 3 && args[0].equals("mutate")) {
            long t0 = System.nanoTime();
            FixtureGraph g = FixtureGraph.read(Path.of(args[1]));
            String what = mutate(g);
            Path dir = Path.of(args[2]);
            Files.createDirectories(dir);
            g.write(dir.resolve("deps.json"));
            Path names = Path.of(args[1]).resolveSibling(SynthRun.NAME_MAP_FILE);
            if (Files.exists(names))
                Files.copy(
                        names, dir.resolve(SynthRun.NAME_MAP_FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            System.out.printf("mutated in %.1f s: %s%n", (System.nanoTime() - t0) / 1e9, what);
        } else {
            System.err.println("usage: BenchData synth DIR TASKS [SEED] | mutate OLD_DEPS NEW_DIR");
            System.exit(2);
        }
    }

    /** Applies the benchmark's known changes; returns a description. */
    static String mutate(FixtureGraph g) {
        StringBuilder sb = new StringBuilder();
        // 1. an arg shape changes on a task in the middle
        FixtureGraph.Task shaped = null;
        for (int i = g.tasks.size() / 2; i < g.tasks.size(); i++) {
            FixtureGraph.Task t = g.tasks.get(i);
            if (!t.args.isEmpty() && t.args.get(0).shape != null) {
                shaped = t;
                break;
            }
        }
        if (shaped != null) {
            long[] s = shaped.args.get(0).shape;
            s[0] = s[0] * 2;
            sb.append("args[0].shape of ").append(TaskIds.display(shaped.id)).append("; ");
        }
        // 2. a plain reader becomes TRACKED_INPUT, and a later task gets a WAR edge from it
        for (int i = g.tasks.size() / 3; i < g.tasks.size() - 10; i++) {
            FixtureGraph.Task t = g.tasks.get(i);
            int k = -1;
            for (int a = 0; a < t.args.size(); a++)
                if ("INPUT".equals(t.args.get(a).type) && t.args.get(a).tensorId != null) {
                    k = a;
                    break;
                }
            if (k < 0) continue;
            t.args.get(k).type = "TRACKED_INPUT";
            FixtureGraph.Task w = g.tasks.get(i + 7);
            FixtureGraph.Arg r = t.args.get(k);
            FixtureGraph.Edge e = new FixtureGraph.Edge();
            e.pred = t.id;
            e.succ = w.id;
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
            sb.append(TaskIds.display(t.id))
                    .append(" arg ")
                    .append(k)
                    .append(" TRACKED_INPUT + WAR edge to ")
                    .append(TaskIds.display(w.id))
                    .append("; ");
            break;
        }
        // 3. three edges disappear
        for (int k = 0; k < 3; k++) g.edges.remove(g.edges.size() / 2 + k * 1000);
        sb.append("3 edges removed; ");
        // 4. one submit inserted early on ring 1 (every later local id on that ring shifts)
        FixtureGraph.Task proto = null;
        for (FixtureGraph.Task t : g.tasks)
            if (TaskIds.ring(t.id) == 1 && t.args.size() > 0) {
                proto = t;
                break;
            }
        if (proto != null) {
            long local = TaskIds.local(proto.id) + 5;
            FixtureGraph.Task ins = proto.copy();
            ins.kernels = new int[] {-1, 3, -1};
            g.insertTask(1, local, ins);
            sb.append("inserted ").append(TaskIds.display(ins.id));
        }
        return sb.toString();
    }
}
