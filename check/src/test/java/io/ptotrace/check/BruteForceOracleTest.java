package io.ptotrace.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The fast path against a brute force that knows nothing of intervals or pruned searches: every byte of every
 * access enumerated element by element, every pair of tasks' reachability from a full closure, the rules applied
 * byte by byte in submit order.
 */
class BruteForceOracleTest {
    static final String[] TYPES = {"INPUT", "TRACKED_INPUT", "INOUT", "OUTPUT_EXISTING", "OUTPUT", "NO_DEP"};
    static final String[] DTYPES = {"FLOAT32", "FLOAT16", "INT8"};

    record Buf(long id, long addr, int version, String dtype, long numel) {}

    record Arg(int slot, String type, int buf, String dtype, long offset, long[] shape, long[] strides) {}

    record Task(long id, boolean manual, List<Arg> args) {}

    record Key(String kind, long firstTask, int firstSlot, long secondTask, int secondSlot) {}

    record Want(List<List<Long>> bytes, boolean certain, boolean manual, String severity) {}

    @Property(tries = 300)
    void fastPathAgreesWithTheBruteForce(@ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        List<Buf> bufs = new ArrayList<>();
        int nb = 1 + rnd.nextInt(2);
        for (int b = 0; b < nb; b++) {
            boolean reuse = b > 0 && rnd.nextInt(3) == 0; // same address, next version
            long addr = reuse ? bufs.get(0).addr() : 4096L * (b + 1);
            bufs.add(new Buf(1000 + b, addr, reuse ? bufs.get(0).version() + 1 : 0, DTYPES[rnd.nextInt(2)], 64));
        }
        int n = 3 + rnd.nextInt(8);
        List<Task> tasks = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            List<Arg> args = new ArrayList<>();
            int na = 1 + rnd.nextInt(3);
            for (int a = 0; a < na; a++) args.add(randomArg(rnd, a, bufs));
            tasks.add(new Task(10 + t, rnd.nextInt(6) == 0, args));
        }
        boolean[][] edge = new boolean[n][n];
        double p = rnd.nextDouble() * 0.6;
        for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) edge[i][j] = rnd.nextDouble() < p;

        Deps d = new Deps();
        for (Buf b : bufs) d.tensor(b.id(), b.addr(), b.version(), b.dtype(), b.numel());
        for (Task t : tasks) {
            List<Map<String, Object>> as = new ArrayList<>();
            for (Arg a : t.args()) {
                Map<String, Object> m =
                        Deps.arg(a.type(), bufs.get(a.buf()).id(), a.dtype(), a.offset(), a.shape(), a.strides());
                m.put("idx", a.slot());
                as.add(m);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object>[] arr = as.toArray(new Map[0]);
            d.task(t.id(), t.manual() ? "manual" : "auto", 1, arr);
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (edge[i][j]) d.edge(tasks.get(i).id(), tasks.get(j).id());

        Path dir = Files.createTempDirectory("oracle");
        try {
            HazardCheck.Result fast = d.check(dir, new ArrayList<>());
            Map<Key, Want> got = new HashMap<>();
            for (Finding f : fast.findings()) {
                List<List<Long>> bytes = new ArrayList<>();
                for (int i = 0; i < f.bytes().length; i += 2) bytes.add(List.of(f.bytes()[i], f.bytes()[i + 1]));
                Key k = new Key(
                        f.kind().key,
                        f.first().taskId(),
                        f.first().slot(),
                        f.second().taskId(),
                        f.second().slot());
                assertThat(got.put(k, new Want(bytes, f.certain(), f.manualScope(), f.severity().word)))
                        .as("duplicate %s", k)
                        .isNull();
            }
            assertThat(got).isEqualTo(bruteForce(tasks, bufs, edge));
        } finally {
            try (var s = Files.list(dir)) {
                for (Path f : (Iterable<Path>) s::iterator) Files.delete(f);
            }
            Files.delete(dir);
        }
    }

    private static Arg randomArg(Random rnd, int slot, List<Buf> bufs) {
        int b = rnd.nextInt(bufs.size());
        String type = TYPES[rnd.nextInt(TYPES.length)];
        String dtype =
                rnd.nextInt(8) == 0 ? DTYPES[rnd.nextInt(3)] : bufs.get(b).dtype(); // sometimes a view in another dtype
        long[] shape, strides;
        if (rnd.nextBoolean()) {
            shape = new long[] {1 + rnd.nextInt(16)};
            strides = new long[] {rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(2)};
        } else {
            long cols = 1 + rnd.nextInt(6);
            shape = new long[] {1 + rnd.nextInt(4), cols};
            long rowStride = cols + rnd.nextInt(6);
            strides = new long[] {rnd.nextInt(12) == 0 ? 0 : rowStride, rnd.nextInt(6) == 0 ? 2 : 1};
        }
        return new Arg(slot, type, b, dtype, rnd.nextInt(24), shape, strides);
    }

    static int size(String dtype) {
        switch (dtype) {
            case "FLOAT32":
                return 4;
            case "FLOAT16":
                return 2;
            default:
                return 1;
        }
    }

    /** Every byte the slice touches, element by element; and whether that is exact (else the bounding range). */
    static TreeSet<Long> bytes(Arg a, Buf b, boolean[] exact) {
        int size = size(a.dtype());
        TreeSet<Long> out = new TreeSet<>();
        boolean ok = a.dtype().equals(b.dtype());
        for (long s : a.strides()) ok &= s > 0;
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        int dims = a.shape().length;
        long[] idx = new long[dims];
        while (true) {
            long o = a.offset();
            for (int d = 0; d < dims; d++) o += idx[d] * a.strides()[d];
            lo = Math.min(lo, o);
            hi = Math.max(hi, o);
            for (long k = 0; k < size; k++) out.add(b.addr() + o * size + k);
            int d = dims - 1;
            while (d >= 0 && ++idx[d] == a.shape()[d]) idx[d--] = 0;
            if (d < 0) break;
        }
        if (ok && (hi + 1) * size > b.numel() * size(b.dtype())) ok = false; // outside the buffer
        exact[0] = ok;
        if (!ok) {
            out.clear();
            for (long x = b.addr() + lo * size; x < b.addr() + (hi + 1) * size; x++) out.add(x);
        }
        return out;
    }

    private record Acc(int task, Arg arg, boolean exact) {}

    static Map<Key, Want> bruteForce(List<Task> tasks, List<Buf> bufs, boolean[][] edge) {
        int n = tasks.size();
        BitSet[] reach = new BitSet[n];
        for (int i = n - 1; i >= 0; i--) {
            reach[i] = new BitSet();
            for (int j = i + 1; j < n; j++)
                if (edge[i][j]) {
                    reach[i].set(j);
                    reach[i].or(reach[j]);
                }
        }
        Map<String, Map<Long, Acc>> last = new HashMap<>();
        Map<String, Map<Long, List<Acc>>> readers = new HashMap<>();
        Map<Key, TreeSet<Long>> found = new TreeMap<>((x, y) -> x.toString().compareTo(y.toString()));
        Map<Key, boolean[]> exactOf = new HashMap<>();
        for (int t = 0; t < n; t++) {
            Task task = tasks.get(t);
            List<Acc> accs = new ArrayList<>();
            List<TreeSet<Long>> bs = new ArrayList<>();
            for (Arg a : task.args()) {
                if (a.type().equals("NO_DEP")) continue;
                boolean[] ex = new boolean[1];
                bs.add(bytes(a, bufs.get(a.buf()), ex));
                accs.add(new Acc(t, a, ex[0]));
            }
            for (int k = 0; k < accs.size(); k++) {
                Acc x = accs.get(k);
                String buf = bufKey(bufs.get(x.arg().buf()));
                String ty = x.arg().type();
                boolean reads = ty.equals("INPUT") || ty.equals("TRACKED_INPUT") || ty.equals("INOUT");
                for (long byt : bs.get(k)) {
                    Acc w = last.getOrDefault(buf, Map.of()).get(byt);
                    if (reads && w != null) note(found, exactOf, "lost_raw", w, x, byt, tasks, reach);
                    if (ty.equals("INOUT") || ty.equals("OUTPUT_EXISTING"))
                        for (Acc r : readers.getOrDefault(buf, Map.of()).getOrDefault(byt, List.of()))
                            note(
                                    found,
                                    exactOf,
                                    r.arg().type().equals("INPUT") ? "untracked_reader" : "lost_war",
                                    r,
                                    x,
                                    byt,
                                    tasks,
                                    reach);
                    if (ty.equals("OUTPUT_EXISTING") && w != null)
                        note(
                                found,
                                exactOf,
                                w.arg().type().equals("INOUT") ? "unordered_overwrite" : "unordered_writers",
                                w,
                                x,
                                byt,
                                tasks,
                                reach);
                }
            }
            for (int k = 0; k < accs.size(); k++) {
                Acc x = accs.get(k);
                String ty = x.arg().type();
                if (!(ty.equals("INOUT") || ty.equals("OUTPUT_EXISTING") || ty.equals("OUTPUT"))) continue;
                String buf = bufKey(bufs.get(x.arg().buf()));
                for (long byt : bs.get(k)) {
                    last.computeIfAbsent(buf, z -> new HashMap<>()).put(byt, x);
                    readers.computeIfAbsent(buf, z -> new HashMap<>()).remove(byt);
                }
            }
            for (int k = 0; k < accs.size(); k++) {
                Acc x = accs.get(k);
                String ty = x.arg().type();
                if (!(ty.equals("INPUT") || ty.equals("TRACKED_INPUT"))) continue;
                String buf = bufKey(bufs.get(x.arg().buf()));
                for (long byt : bs.get(k)) {
                    Acc w = last.getOrDefault(buf, Map.of()).get(byt);
                    if (w != null && w.task() == t) continue; // the task's own write of the byte supersedes its read
                    readers.computeIfAbsent(buf, z -> new HashMap<>())
                            .computeIfAbsent(byt, z -> new ArrayList<>())
                            .add(x);
                }
            }
        }
        Map<Key, Want> out = new HashMap<>();
        for (Map.Entry<Key, TreeSet<Long>> e : found.entrySet()) {
            List<List<Long>> ranges = new ArrayList<>();
            long s = -1, prev = -2;
            for (long b : e.getValue()) {
                if (b != prev + 1) {
                    if (s >= 0) ranges.add(List.of(s, prev + 1));
                    s = b;
                }
                prev = b;
            }
            ranges.add(List.of(s, prev + 1));
            boolean[] m = exactOf.get(e.getKey());
            String kind = e.getKey().kind();
            String sev = kind.equals("lost_raw") || kind.equals("lost_war")
                    ? "error"
                    : kind.equals("unordered_writers") ? "info" : "warning";
            if (m[1] && sev.equals("error")) sev = "warning";
            out.put(e.getKey(), new Want(ranges, m[0], m[1], sev));
        }
        return out;
    }

    private static String bufKey(Buf b) {
        return b.addr() + "/" + b.version();
    }

    private static void note(
            Map<Key, TreeSet<Long>> found,
            Map<Key, boolean[]> exactOf,
            String kind,
            Acc first,
            Acc second,
            long byt,
            List<Task> tasks,
            BitSet[] reach) {
        if (reach[first.task()].get(second.task())) return;
        Task ft = tasks.get(first.task()), st = tasks.get(second.task());
        Key k = new Key(kind, ft.id(), first.arg().slot(), st.id(), second.arg().slot());
        found.computeIfAbsent(k, z -> new TreeSet<>()).add(byt);
        exactOf.put(k, new boolean[] {first.exact() && second.exact(), ft.manual() || st.manual()});
    }

    static String show(long[] a) {
        return Arrays.toString(a);
    }
}
