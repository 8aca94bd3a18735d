package io.ptotrace.check;

import static io.ptotrace.check.Deps.arg;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graphs generated the way a runtime that tracks every reader wires them (RAW from the last writer of each row,
 * WAR from every reader since, writers ordered after the last writer), so the check finds nothing in them; then
 * one hazard planted at a time — a tracked reader turned plain with its WAR edge removed, a WAR edge removed
 * alone, a RAW edge removed, an INOUT overwritten by an OUTPUT_EXISTING without the edge — at a pair whose edge is
 * the only path between its tasks and on no other task pair's only path. The check reports exactly that finding.
 */
class RuntimeModelPlantedTest {
    static final int BUFFERS = 3, ROWS = 8, COLS = 16, TASKS = 400;

    @TempDir
    Path dir;

    /** Why the generator added an edge: the kind a missing one gives, and the args involved. */
    record Why(String kind, long first, int firstSlot, long second, int secondSlot) {}

    final Map<List<Long>, List<Why>> reasons = new LinkedHashMap<>();
    final Map<Long, String> typeOf = new HashMap<>();
    final Map<Long, Object[]> argOf = new HashMap<>(); // task -> {buffer, r0, r1}

    Deps generate(long seed) {
        reasons.clear();
        typeOf.clear();
        argOf.clear();
        Random rnd = new Random(seed);
        Deps d = new Deps();
        for (int b = 0; b < BUFFERS; b++) d.tensor(100 + b, 0x10000L * (b + 1), 0, "FLOAT32", ROWS * COLS);
        long[][] writer = new long[BUFFERS][ROWS];
        List<List<Long>> readers = new ArrayList<>();
        for (int i = 0; i < BUFFERS * ROWS; i++) readers.add(new ArrayList<>());
        long id = 1;
        for (int b = 0; b < BUFFERS; b++, id++) {
            d.task(id, arg("OUTPUT", 100 + b, "FLOAT32", 0, ROWS * COLS));
            for (int r = 0; r < ROWS; r++) writer[b][r] = id;
            typeOf.put(id, "OUTPUT");
        }
        String[] types = {"TRACKED_INPUT", "TRACKED_INPUT", "INOUT", "OUTPUT_EXISTING"};
        for (int t = 0; t < TASKS; t++, id++) {
            int b = rnd.nextInt(BUFFERS), r0 = rnd.nextInt(ROWS), r1 = r0 + 1 + rnd.nextInt(Math.min(3, ROWS - r0));
            String type = types[rnd.nextInt(types.length)];
            d.task(id, arg(type, 100 + b, "FLOAT32", (long) r0 * COLS, new long[] {r1 - r0, COLS}, new long[] {COLS, 1
            }));
            typeOf.put(id, type);
            argOf.put(id, new Object[] {b, r0, r1});
            Set<Long> preds = new HashSet<>();
            for (int r = r0; r < r1; r++) {
                long w = writer[b][r];
                if (!type.equals("OUTPUT_EXISTING")) note(w, id, "lost_raw");
                else note(w, id, typeOf.get(w).equals("INOUT") ? "unordered_overwrite" : "unordered_writers");
                preds.add(w);
                if (!type.equals("TRACKED_INPUT"))
                    for (long rd : readers.get(b * ROWS + r)) {
                        note(rd, id, "lost_war");
                        preds.add(rd);
                    }
            }
            for (long p : preds) d.edge(p, id, 0, "tensormap");
            for (int r = r0; r < r1; r++) {
                if (type.equals("TRACKED_INPUT")) readers.get(b * ROWS + r).add(id);
                else {
                    writer[b][r] = id;
                    readers.get(b * ROWS + r).clear();
                }
            }
        }
        return d;
    }

    private void note(long first, long second, String kind) {
        List<Why> l = reasons.computeIfAbsent(List.of(first, second), k -> new ArrayList<>());
        Why w = new Why(kind, first, 0, second, 0);
        if (!l.contains(w)) l.add(w);
    }

    Set<String> found(Deps d) {
        Set<String> out = new HashSet<>();
        for (Finding f : d.check(dir, new ArrayList<>()).findings())
            out.add(f.kind().key + " " + f.first().taskId() + ":" + f.first().slot() + " -> "
                    + f.second().taskId() + ":" + f.second().slot());
        return out;
    }

    @Test
    void theGeneratedGraphIsClean() {
        assertThat(found(generate(1))).isEmpty();
    }

    @Test
    void aTrackedReaderTurnedPlainWithoutItsWarEdgeIsAnUntrackedReader() {
        plant("lost_war", true, "untracked_reader");
    }

    @Test
    void aWarEdgeRemovedAloneIsALostWar() {
        plant("lost_war", false, "lost_war");
    }

    @Test
    void aRawEdgeRemovedIsALostRaw() {
        plant("lost_raw", false, "lost_raw");
    }

    @Test
    void anInoutOverwrittenByAnUnorderedOutputExistingIsAnUnorderedOverwrite() {
        plant("unordered_overwrite", false, "unordered_overwrite");
    }

    /** At up to three sites with one {@code reason} for their edge: remove it (and make the reader plain), expect {@code kind}. */
    private void plant(String reason, boolean plain, String kind) {
        int planted = 0;
        for (long seed = 7; seed < 40 && planted < 3; seed++) planted += plant(seed, reason, plain, kind, 3 - planted);
        assertThat(planted).as("sites planted").isPositive();
    }

    private int plant(long seed, String reason, boolean plain, String kind, int most) {
        Deps clean = generate(seed);
        int planted = 0;
        for (Map.Entry<List<Long>, List<Why>> e : new ArrayList<>(reasons.entrySet())) {
            if (e.getValue().size() != 1 || !e.getValue().get(0).kind().equals(reason)) continue;
            long a = e.getKey().get(0), b = e.getKey().get(1);
            if (plain && onlyReaderOf(a) == false) continue;
            if (!onlyPath(clean, a, b)) continue;
            Deps d = generate(seed);
            d.edges.removeIf(
                    x -> x.get("pred").equals(Long.toString(a)) && x.get("succ").equals(Long.toString(b)));
            if (plain)
                for (Map<String, Object> t : d.tasks)
                    if (t.get("task_id").equals(Long.toString(a))) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> arg0 = ((List<Map<String, Object>>) t.get("args")).get(0);
                        arg0.put("type", "INPUT");
                    }
            assertThat(found(d)).containsExactly(kind + " " + a + ":0 -> " + b + ":0");
            if (++planted == most) break;
            generate(seed);
        }
        return planted;
    }

    /** A plain reader is only judged by later writes: every later writer of its rows must already be this pair's writer. */
    private boolean onlyReaderOf(long reader) {
        int n = 0;
        for (Map.Entry<List<Long>, List<Why>> e : reasons.entrySet())
            if (e.getKey().get(0) == reader) n++;
        return n == 1;
    }

    /** The edge a -> b is the only path between them, and on no other pair's only path. */
    private static boolean onlyPath(Deps d, long a, long b) {
        Map<Long, Set<Long>> out = new HashMap<>(), in = new HashMap<>();
        for (Map<String, Object> e : d.edges) {
            long p = Long.parseLong((String) e.get("pred")), s = Long.parseLong((String) e.get("succ"));
            out.computeIfAbsent(p, k -> new HashSet<>()).add(s);
            in.computeIfAbsent(s, k -> new HashSet<>()).add(p);
        }
        if (walk(a, out, a, b).contains(b)) return false;
        Set<Long> anc = walk(a, in, -1, -1), desc = walk(b, out, -1, -1);
        for (long x : anc) {
            Set<Long> r = walk(x, out, a, b);
            for (long y : desc) if (!(x == a && y == b) && !r.contains(y)) return false;
        }
        return true;
    }

    private static Set<Long> walk(long from, Map<Long, Set<Long>> next, long skipFrom, long skipTo) {
        Set<Long> seen = new HashSet<>(List.of(from));
        ArrayDeque<Long> q = new ArrayDeque<>(List.of(from));
        while (!q.isEmpty()) {
            long x = q.poll();
            for (long y : next.getOrDefault(x, Set.of())) {
                if (x == skipFrom && y == skipTo) continue;
                if (seen.add(y)) q.add(y);
            }
        }
        return seen;
    }
}
