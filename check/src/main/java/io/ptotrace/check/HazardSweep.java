package io.ptotrace.check;

import io.ptotrace.model.graph.ByteRanges;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.LongList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The access rules, applied byte by byte in submit order: the accesses are grouped by buffer (address and
 * version) and each buffer is swept once, in {@code tasks[]} order, keeping for every byte range its last writer
 * and the readers since that write. A task's args are all looked up against the state before the task, then its
 * writes and reads are registered. Every pair the rules need ordered is asked of {@link Reach}; the pairs with no
 * path become findings, one per (kind, earlier access, later access), their bytes merged.
 */
final class HazardSweep {
    static final int INPUT = 0, TRACKED = 1, INOUT = 2, OUTEX = 3, OUTPUT = 4;
    private static final String[] TYPES = {"INPUT", "TRACKED_INPUT", "INOUT", "OUTPUT_EXISTING", "OUTPUT"};

    private final TaskGraph g;
    private final Reach reach;
    private final int[] kindOfCode;
    private final Map<Key, Pending> found = new HashMap<>();
    /** Accesses whose region could not be placed even as a bounding range. */
    long unplaced;

    long accesses;

    private record Key(int kind, int firstArg, int secondArg) {}

    private static final class Pending {
        final ByteRanges.Union bytes = new ByteRanges.Union();
        boolean exact = true;
        long buffer;
    }

    /**
     * The readers of a range since its last write, newest first: an immutable list, so the two halves of a split
     * range share it and a split costs nothing however many readers the range has.
     */
    private record Readers(int reader, Readers next) {}

    /** One byte range with its state. */
    private static final class Seg {
        final long start;
        long end;
        int writer; // local access, or -1
        Readers readers;

        Seg(long start, long end, int writer, Readers readers) {
            this.start = start;
            this.end = end;
            this.writer = writer;
            this.readers = readers;
        }
    }

    HazardSweep(TaskGraph g, Reach reach) {
        this.g = g;
        this.reach = reach;
        kindOfCode = new int[g.stringCount()];
        Arrays.fill(kindOfCode, -1);
        for (int k = 0; k < TYPES.length; k++) {
            int c = g.code(TYPES[k]);
            if (c >= 0) kindOfCode[c] = k;
        }
    }

    static boolean reads(int kind) {
        return kind == INPUT || kind == TRACKED || kind == INOUT;
    }

    static boolean writes(int kind) {
        return kind >= INOUT;
    }

    int kindOf(int arg) {
        int c = g.argTypeCode(arg);
        return c < 0 ? -1 : kindOfCode[c];
    }

    /** Sweeps every buffer; then {@link #findings} has what it found. */
    void run() {
        int[] keyOfRow = bufferKeys();
        int[] rowOfArg = new int[g.argCount()];
        LongList order = new LongList();
        for (int row = 0; row < g.taskRowCount(); row++) {
            boolean live = g.taskNode(row) >= 0;
            for (int a = g.argFrom(row), end = g.argTo(row); a < end; a++) {
                rowOfArg[a] = row;
                if (!live || kindOf(a) < 0) continue;
                int t = g.argTensor(a);
                int tr = t < 0 ? -1 : g.tensorRow(t);
                if (tr < 0 || keyOfRow[tr] < 0) {
                    if (t >= 0 || kindOf(a) != OUTPUT)
                        unplaced++; // a fresh OUTPUT named by no tensor has nothing to check
                    continue;
                }
                order.add((long) keyOfRow[tr] << 32 | a);
            }
        }
        long[] acc = order.toArray();
        Arrays.sort(acc);
        accesses = acc.length;
        for (int i = 0; i < acc.length; ) {
            int key = (int) (acc[i] >>> 32);
            int j = i;
            while (j < acc.length && (int) (acc[j] >>> 32) == key) j++;
            sweep(acc, i, j, rowOfArg);
            i = j;
        }
    }

    // ---- one buffer

    private int[] accArg, accRow, accKind, accNode;
    private long[][] accBytes;
    private boolean[] accExact;
    private TreeMap<Long, Seg> segs;

    private void sweep(long[] acc, int from, int to, int[] rowOfArg) {
        int n = to - from;
        accArg = new int[n];
        accRow = new int[n];
        accKind = new int[n];
        accNode = new int[n];
        accBytes = new long[n][];
        accExact = new boolean[n];
        int m = 0;
        long buffer = 0;
        for (int i = from; i < to; i++) {
            int a = (int) acc[i];
            Regions.Region r = Regions.ofArg(g, a);
            if (r == null) {
                unplaced++;
                continue;
            }
            if (r.bytes().length == 0) continue;
            buffer = r.buffer();
            accArg[m] = a;
            accRow[m] = rowOfArg[a];
            accKind[m] = kindOf(a);
            accNode[m] = g.taskNode(accRow[m]);
            accBytes[m] = r.bytes();
            accExact[m] = r.exact();
            m++;
        }
        segs = new TreeMap<>();
        for (int x = 0; x < m; ) {
            int y = x;
            while (y < m && accRow[y] == accRow[x]) y++;
            for (int k = x; k < y; k++) lookUp(k, buffer);
            for (int k = x; k < y; k++) if (writes(accKind[k])) registerWrite(k);
            for (int k = x; k < y; k++) if (!writes(accKind[k])) registerRead(k);
            x = y;
        }
        segs = null;
        accBytes = null;
    }

    private void lookUp(int x, long buffer) {
        int kind = accKind[x];
        long[] r = accBytes[x];
        for (int k = 0; k < r.length; k += 2) {
            long s = r[k], e = r[k + 1];
            for (Seg seg : overlapping(s, e)) {
                long ps = Math.max(seg.start, s), pe = Math.min(seg.end, e);
                if (ps >= pe) continue;
                int w = seg.writer;
                if (reads(kind) && w >= 0) candidate(HazardKind.LOST_RAW, w, x, ps, pe, buffer);
                if (kind == INOUT || kind == OUTEX) {
                    for (Readers l = seg.readers; l != null; l = l.next()) {
                        int rd = l.reader();
                        candidate(
                                accKind[rd] == INPUT ? HazardKind.UNTRACKED_READER : HazardKind.LOST_WAR,
                                rd,
                                x,
                                ps,
                                pe,
                                buffer);
                    }
                }
                if (kind == OUTEX && w >= 0)
                    candidate(
                            accKind[w] == INOUT ? HazardKind.UNORDERED_OVERWRITE : HazardKind.UNORDERED_WRITERS,
                            w,
                            x,
                            ps,
                            pe,
                            buffer);
            }
        }
    }

    private void candidate(HazardKind kind, int first, int second, long s, long e, long buffer) {
        if (reach.reaches(accNode[first], accNode[second])) return;
        Pending p = found.computeIfAbsent(new Key(kind.ordinal(), accArg[first], accArg[second]), k -> new Pending());
        p.bytes.add(new long[] {s, e});
        p.exact &= accExact[first] && accExact[second];
        p.buffer = buffer;
    }

    private Iterable<Seg> overlapping(long s, long e) {
        Map.Entry<Long, Seg> before = segs.lowerEntry(s);
        long from = before != null && before.getValue().end > s ? before.getKey() : s;
        return segs.subMap(from, true, e, false).values();
    }

    private void split(long at) {
        Map.Entry<Long, Seg> before = segs.lowerEntry(at);
        if (before == null) return;
        Seg b = before.getValue();
        if (b.end <= at) return;
        Seg right = new Seg(at, b.end, b.writer, b.readers);
        b.end = at;
        segs.put(at, right);
    }

    private void registerWrite(int x) {
        long[] r = accBytes[x];
        for (int k = 0; k < r.length; k += 2) {
            long s = r[k], e = r[k + 1];
            split(s);
            split(e);
            segs.subMap(s, true, e, false).clear();
            segs.put(s, new Seg(s, e, x, null));
        }
    }

    private void registerRead(int x) {
        long[] r = accBytes[x];
        int row = accRow[x];
        List<Seg> gaps = new ArrayList<>();
        for (int k = 0; k < r.length; k += 2) {
            long s = r[k], e = r[k + 1];
            split(s);
            split(e);
            long cursor = s;
            for (Seg seg : segs.subMap(s, true, e, false).values()) {
                if (seg.start > cursor) gaps.add(new Seg(cursor, seg.start, -1, new Readers(x, null)));
                if (seg.writer < 0 || accRow[seg.writer] != row)
                    seg.readers = new Readers(x, seg.readers); // a task's own write supersedes its read
                cursor = seg.end;
            }
            if (cursor < e) gaps.add(new Seg(cursor, e, -1, new Readers(x, null)));
        }
        for (Seg gap : gaps) segs.put(gap.start, gap);
    }

    // ---- results

    /** One finding of the sweep before it is dressed: kind, the two args, the merged bytes, exact or not. */
    record Raw(HazardKind kind, int firstArg, int secondArg, long buffer, long[] bytes, boolean exact) {}

    List<Raw> findings() {
        List<Raw> out = new ArrayList<>();
        for (Map.Entry<Key, Pending> e : found.entrySet()) {
            Key k = e.getKey();
            Pending p = e.getValue();
            out.add(new Raw(
                    HazardKind.values()[k.kind()], k.firstArg(), k.secondArg(), p.buffer, p.bytes.result(), p.exact));
        }
        return out;
    }

    /** The key of each tensor row: one per (buffer address, version); −1 without an address. */
    private int[] bufferKeys() {
        int rows = g.tensorRowCount();
        int[] key = new int[rows];
        Integer[] idx = new Integer[rows];
        int n = 0;
        for (int r = 0; r < rows; r++) {
            key[r] = -1;
            if (g.bufferAddrOk(r)) idx[n++] = r;
        }
        Arrays.sort(idx, 0, n, (a, b) -> {
            int c = Long.compare(g.bufferAddr(a), g.bufferAddr(b));
            return c != 0 ? c : Long.compare(version(a), version(b));
        });
        int next = -1;
        for (int i = 0; i < n; i++) {
            int r = idx[i];
            if (i == 0 || g.bufferAddr(r) != g.bufferAddr(idx[i - 1]) || version(r) != version(idx[i - 1])) next++;
            key[r] = next;
        }
        return key;
    }

    private long version(int row) {
        return g.versionPresent(row) ? g.version(row) : 0;
    }
}
