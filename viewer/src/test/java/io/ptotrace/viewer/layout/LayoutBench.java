package io.ptotrace.viewer.layout;

import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Run by bench/layout.sh on the test classpath.
 * {@code pairs DEPS_JSON OUT}: reads a deps.json through TaskGraph and writes its unique (pred, succ) pairs as a
 * LayoutGraph in a small binary file, so that the layout can then be measured in a JVM with a small heap.
 * {@code random NODES K OUT}: writes a random DAG of about K/2 edges per node (most short, a tenth long) instead.
 * {@code layout FILE [REPEAT]}: lays the graph out with FAST, with LAYERED as the effort is applied (above
 * {@link LayeredLayout#LAYERED_MAX_NODES} it falls back to FAST) and with the full LAYERED work whatever the size;
 * prints the best wall and CPU time of REPEAT runs of each and the crossings between adjacent ranks against the index order.
 */
public final class LayoutBench {
    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("pairs")) {
            long t0 = System.nanoTime();
            TaskGraph tg =
                    TaskGraph.read(Path.of(args[1]), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, w -> {});
            int m = tg.pairCount();
            int[] from = new int[m], to = new int[m];
            for (int p = 0; p < m; p++) {
                from[p] = tg.pairPred(p);
                to[p] = tg.pairSucc(p);
            }
            save(new LayoutGraph(tg.nodeCount(), from, to), Path.of(args[2]));
            System.out.printf(
                    Locale.ROOT,
                    "  read %s: %d tasks, %d pairs, %.2f s%n",
                    args[1],
                    tg.nodeCount(),
                    m,
                    (System.nanoTime() - t0) / 1e9);
        } else if (args.length >= 4 && args[0].equals("random")) {
            LayoutGraph g = Graphs.randomDag(7, Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            save(g, Path.of(args[3]));
            System.out.printf(Locale.ROOT, "  random DAG: %d nodes, %d edges%n", g.nodeCount(), g.edgeCount());
        } else if (args.length >= 3 && args[0].equals("draw")) {
            LayoutGraph g = load(Path.of(args[1]));
            draw(g, GraphLayout.compute(g, GraphLayout.Effort.LAYERED), Path.of(args[2]));
        } else if (args.length >= 2 && args[0].equals("layout")) {
            LayoutGraph g = load(Path.of(args[1]));
            int repeat = args.length > 2 ? Integer.parseInt(args[2]) : 3;
            GraphLayout fast = timed("FAST", repeat, () -> GraphLayout.compute(g, GraphLayout.Effort.FAST));
            GraphLayout layered = timed("LAYERED", repeat, () -> GraphLayout.compute(g, GraphLayout.Effort.LAYERED));
            GraphLayout full = g.nodeCount() > LayeredLayout.LAYERED_MAX_NODES
                    ? timed("LAYERED, no fallback", repeat, () -> LayeredLayout.compute(g, false))
                    : layered;
            long spanOne = 0;
            for (int e = 0; e < g.edgeCount(); e++)
                if (full.rank(g.edgeTo()[e]) - full.rank(g.edgeFrom()[e]) == 1) spanOne++;
            System.out.printf(
                    Locale.ROOT,
                    "  %d ranks, width %.0f; %d of %d edges join adjacent ranks%n",
                    full.rankCount(),
                    full.width(),
                    spanOne,
                    g.edgeCount());
            System.out.printf(
                    Locale.ROOT,
                    "  crossings: index order %,d   FAST %,d   LAYERED %,d%n",
                    Crossings.count(g, Graphs.indexOrder(full)),
                    Crossings.count(g, fast),
                    Crossings.count(g, full));
        } else {
            System.err.println(
                    "usage: LayoutBench pairs DEPS_JSON OUT | random NODES EDGES_PER_NODE OUT | layout FILE [REPEAT]");
            System.exit(2);
        }
    }

    private static GraphLayout timed(String label, int repeat, java.util.function.Supplier<GraphLayout> run) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        GraphLayout result = null;
        long best = Long.MAX_VALUE, bestCpu = Long.MAX_VALUE;
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime(), c0 = threads.getCurrentThreadCpuTime();
            result = run.get();
            best = Math.min(best, System.nanoTime() - t0);
            bestCpu = Math.min(bestCpu, threads.getCurrentThreadCpuTime() - c0);
        }
        System.out.printf(
                Locale.ROOT,
                "  layout %-21s %6.2f s wall, %6.2f s CPU (best of %d)%n",
                label,
                best / 1e9,
                bestCpu / 1e9,
                repeat);
        return result;
    }

    /** A picture of a small layout (top to bottom), to look at by eye. */
    private static void draw(LayoutGraph g, GraphLayout layout, Path png) throws IOException {
        int scale = 12, pad = 10;
        int w = (int) (layout.width() * scale) + 2 * pad, h = layout.rankCount() * scale * 3 + 2 * pad;
        java.awt.image.BufferedImage img =
                new java.awt.image.BufferedImage(w, h, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D gr = img.createGraphics();
        gr.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        gr.setColor(java.awt.Color.WHITE);
        gr.fillRect(0, 0, w, h);
        gr.setColor(new java.awt.Color(0, 0, 0, 90));
        for (int e = 0; e < g.edgeCount(); e++) {
            int a = g.edgeFrom()[e], b = g.edgeTo()[e];
            gr.drawLine(
                    pad + (int) (layout.x(a) * scale),
                    pad + layout.rank(a) * scale * 3,
                    pad + (int) (layout.x(b) * scale),
                    pad + layout.rank(b) * scale * 3);
        }
        gr.setColor(new java.awt.Color(40, 90, 200));
        for (int v = 0; v < g.nodeCount(); v++)
            gr.fillOval(pad + (int) (layout.x(v) * scale) - 4, pad + layout.rank(v) * scale * 3 - 4, 8, 8);
        javax.imageio.ImageIO.write(img, "png", png.toFile());
    }

    private static void save(LayoutGraph g, Path file) throws IOException {
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            out.writeInt(g.nodeCount());
            out.writeInt(g.edgeCount());
            for (int v : g.edgeFrom()) out.writeInt(v);
            for (int v : g.edgeTo()) out.writeInt(v);
        }
    }

    private static LayoutGraph load(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            int n = in.readInt(), m = in.readInt();
            int[] from = new int[m], to = new int[m];
            for (int i = 0; i < m; i++) from[i] = in.readInt();
            for (int i = 0; i < m; i++) to[i] = in.readInt();
            return new LayoutGraph(n, from, to);
        }
    }
}
