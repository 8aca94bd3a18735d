package io.ptotrace.diff;

import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.RadixSort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Side × Side → {@link GraphDiff}. Steps: match tasks (by id, or aligned per ring), match tensors
 * (by id, or by structure through the task matching), compare matched tasks, diff the edges — all
 * edges are keyed in one common id space, radix-sorted and merge-joined, so the whole diff is
 * O(E) plus the sorts — and compare matched tensors.
 */
final class Differ {
    private static final long PHANTOM = 0x7F4A7C159E3779B9L;

    private final Side sa, sb;
    private final TaskGraph a, b;
    private final DiffOptions o;
    final int[] nodeA2B, nodeB2A;
    final int[] tenA2B, tenB2A;
    int alignedPairs;
    /** Distinct (pred, succ) pairs of OLD and NEW. */
    int pairsOld, pairsNew;

    int tensorsByStructure, tensorsByIdFallback, tensorsByPosition;
    Comparer cmp;

    final IntList tasksRemoved = new IntList(), tasksAdded = new IntList();
    final IntList tasksChangedA = new IntList(), tasksChangedB = new IntList();
    final IntList pairsRemoved = new IntList(), pairsAdded = new IntList();
    final IntList edgesRemoved = new IntList(), edgesAdded = new IntList();
    final IntList edgesChangedA = new IntList(), edgesChangedB = new IntList();
    final IntList tensorsRemoved = new IntList(), tensorsAdded = new IntList();
    final IntList tensorsChangedA = new IntList(), tensorsChangedB = new IntList();
    final List<String> notes = new ArrayList<>();

    Differ(Side a, Side b, DiffOptions o) {
        this.sa = a;
        this.sb = b;
        this.a = a.graph();
        this.b = b.graph();
        this.o = o;
        nodeA2B = filled(this.a.nodeCount());
        nodeB2A = filled(this.b.nodeCount());
        tenA2B = filled(this.a.tensorCount());
        tenB2A = filled(this.b.tensorCount());
    }

    private static int[] filled(int n) {
        int[] x = new int[n];
        Arrays.fill(x, -1);
        return x;
    }

    /** Wall time per step, for -v. */
    final StringBuilder timings = new StringBuilder();

    private long mark = System.nanoTime();

    private void lap(String step) {
        long now = System.nanoTime();
        timings.append(timings.length() == 0 ? "" : ", ")
                .append(step)
                .append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.2f", (now - mark) / 1e9));
        mark = now;
    }

    /** Matches the tasks alone (by id, or aligned): for each node of OLD, the node of NEW, or −1. */
    int[] matchTasks() {
        sb.codesIn(sa);
        if (o.align) alignNodes();
        else matchNodesById();
        return nodeA2B;
    }

    GraphDiff run() {
        sb.codesIn(sa);
        if (o.align) alignNodes();
        else matchNodesById();
        lap("match tasks");
        if (o.matchTensors == DiffOptions.TensorMatch.STRUCTURE) matchTensorsByStructure();
        else matchTensorsById();
        lap("match tensors");
        cmp = new Comparer(sa, sb, o, tenA2B);
        if (!o.projected) compareTasks();
        lap("tasks");
        diffEdges();
        lap("edges");
        if (!o.projected) compareTensors();
        sortResults();
        writeNotes();
        lap("tensors+order");
        return new GraphDiff(sa, sb, o, this);
    }

    // ---------------------------------------------------------------- task matching

    private void pair(int x, int y) {
        nodeA2B[x] = y;
        nodeB2A[y] = x;
    }

    /** Both graphs number their nodes in unsigned id order, so matching by id is one merge. */
    private void matchNodesById() {
        for (int i = 0, j = 0, nb = b.nodeCount(); i < a.nodeCount() && j < nb; i++) {
            long id = a.nodeId(i);
            while (j < nb && U64.compare(b.nodeId(j), id) < 0) j++;
            if (j < nb && b.nodeId(j) == id) pair(i, j);
        }
    }

    /** Alignment signature of every node: kernel ids, block num, arg types/dtypes/shapes (minus ignored fields). */
    private long[] signatures(Side side, boolean strong) {
        TaskGraph g = side.graph();
        long[] s = new long[g.nodeCount()];
        for (int n = 0; n < g.nodeCount(); n++) {
            int row = g.taskRow(n);
            if (row < 0) {
                s[n] = PHANTOM;
                continue;
            }
            long h = 0x2545F4914F6CDD1DL;
            if (!o.ignores(Field.KERNEL_IDS)) {
                h = Comparer.mix(h, side.kernel(row, 0));
                h = Comparer.mix(h, side.kernel(row, 1));
                h = Comparer.mix(h, side.kernel(row, 2));
            }
            if (strong) {
                if (!o.ignores(Field.BLOCK_NUM)) h = Comparer.mix(h, g.blockNum(row));
                int from = g.argFrom(row), to = g.argTo(row);
                if (!o.ignores(Field.ARG_COUNT)) h = Comparer.mix(h, to - from);
                for (int k = from; k < to; k++) {
                    if (!o.ignores(Field.ARG_TYPE)) h = Comparer.mix(h, side.text(g.argTypeCode(k)));
                    if (!o.ignores(Field.ARG_DTYPE)) h = Comparer.mix(h, side.text(g.argDtypeCode(k)));
                    if (!o.ignores(Field.ARG_SHAPE)) h = Comparer.mix(h, side.array(g.argShapeCode(k)));
                }
            }
            s[n] = h == PHANTOM ? h + 1 : h;
        }
        return s;
    }

    private long[] strongA, strongB, weakA, weakB;

    /** Per ring (upper 32 bits of the id), align the submit-ordered node sequences. */
    private void alignNodes() {
        strongA = signatures(sa, true);
        strongB = signatures(sb, true);
        weakA = signatures(sa, false);
        weakB = signatures(sb, false);
        int i = 0, j = 0;
        while (i < a.nodeCount() && j < b.nodeCount()) {
            long ra = a.nodeId(i) >>> 32, rb = b.nodeId(j) >>> 32;
            int ie = i, je = j;
            if (ra <= rb) while (ie < a.nodeCount() && a.nodeId(ie) >>> 32 == ra) ie++;
            if (rb <= ra) while (je < b.nodeCount() && b.nodeId(je) >>> 32 == rb) je++;
            if (ra == rb) alignRange(i, ie, j, je);
            i = ie;
            j = je;
        }
        strongA = strongB = weakA = weakB = null;
        for (int x = 0; x < a.nodeCount(); x++) {
            int y = nodeA2B[x];
            if (y >= 0 && a.taskRow(x) >= 0 && b.taskRow(y) >= 0 && a.nodeId(x) != b.nodeId(y)) alignedPairs++;
        }
    }

    private void alignRange(int x0, int x1, int y0, int y1) {
        int[] m = SeqAlign.align(Arrays.copyOfRange(strongA, x0, x1), Arrays.copyOfRange(strongB, y0, y1));
        int px = x0, py = y0;
        for (int k = 0; k < m.length; k++) {
            if (m[k] < 0) continue;
            int x = x0 + k, y = y0 + m[k];
            weakGap(px, x, py, y);
            pair(x, y);
            px = x + 1;
            py = y + 1;
        }
        weakGap(px, x1, py, y1);
    }

    /** Inside a hunk the strong signatures left unmatched: pair tasks of the same kernels (changed tasks). */
    private void weakGap(int x0, int x1, int y0, int y1) {
        if (x0 >= x1 || y0 >= y1) return;
        int[] m = SeqAlign.align(Arrays.copyOfRange(weakA, x0, x1), Arrays.copyOfRange(weakB, y0, y1));
        int px = x0, py = y0;
        for (int k = 0; k < m.length; k++) {
            if (m[k] < 0) continue;
            int x = x0 + k, y = y0 + m[k];
            idGap(px, x, py, y);
            pair(x, y);
            px = x + 1;
            py = y + 1;
        }
        idGap(px, x1, py, y1);
    }

    /** Last resort inside a hunk: pair equal ids (both ranges are sorted by id). */
    private void idGap(int x0, int x1, int y0, int y1) {
        int x = x0, y = y0;
        while (x < x1 && y < y1) {
            int c = U64.compare(a.nodeId(x), b.nodeId(y));
            if (c == 0) pair(x++, y++);
            else if (c < 0) x++;
            else y++;
        }
    }

    // ---------------------------------------------------------------- tensor matching

    private void matchTensorsById() {
        tensorCursor = 0;
        for (int t = 0; t < a.tensorCount(); t++) {
            int u = sameTensorId(t);
            if (u >= 0) {
                tenA2B[t] = u;
                tenB2A[u] = t;
            }
        }
    }

    private int tensorCursor;

    /**
     * NEW's tensor with OLD tensor t's id, or −1. Asked for ascending t after setting the cursor to 0: both graphs
     * number tensors in unsigned id order, so this is a merge.
     */
    private int sameTensorId(int t) {
        long id = a.tensorId(t);
        int u = tensorCursor, n = b.tensorCount();
        while (u < n && U64.compare(b.tensorId(u), id) < 0) u++;
        tensorCursor = u;
        return u < n && b.tensorId(u) == id ? u : -1;
    }

    private void matchTensorsByStructure() {
        int[] commonB = new int[b.nodeCount()];
        for (int n = 0; n < b.nodeCount(); n++) commonB[n] = nodeB2A[n] >= 0 ? n : -1;
        long[] ka = TensorKeys.roles(a, nodeA2B), kb = TensorKeys.roles(b, commonB);
        LongIntMap byRole = new LongIntMap(Math.max(16, b.tensorCount()));
        for (int u = 0; u < b.tensorCount(); u++) if (kb[u] >= 0) byRole.putIfAbsent(kb[u], u);
        for (int t = 0; t < a.tensorCount(); t++) {
            if (ka[t] < 0) continue;
            int u = byRole.get(ka[t]);
            if (u < 0 || tenB2A[u] >= 0 || !sameVersion(t, u)) continue;
            tenA2B[t] = u;
            tenB2A[u] = t;
            tensorsByStructure++;
        }
        // tensors no matched task touches: the same tensor_id (when dtype, buffer_numel and version
        // agree too — after a shift another buffer may have landed on the old address), else their
        // place in tensors[]
        tensorCursor = 0;
        for (int t = 0; t < a.tensorCount(); t++) {
            if (tenA2B[t] >= 0) continue;
            int u = sameTensorId(t);
            if (u < 0 || tenB2A[u] >= 0) continue;
            int ra = a.tensorRow(t), rb = b.tensorRow(u);
            if (ra >= 0 && rb >= 0 && TensorKeys.signature(a, ra) != TensorKeys.signature(b, rb)) continue;
            tenA2B[t] = u;
            tenB2A[u] = t;
            tensorsByIdFallback++;
        }
        alignUntouchedTensors();
    }

    /**
     * Tensors listed in tensors[] that are still unmatched (no matched task touches them and their
     * address moved): align both lists in file order by (dtype, buffer_numel, version).
     */
    private void alignUntouchedTensors() {
        IntList ra = new IntList(), rb = new IntList();
        for (int r = 0; r < a.tensorRowCount(); r++) if (a.rowTensor(r) >= 0 && tenA2B[a.rowTensor(r)] < 0) ra.add(r);
        for (int r = 0; r < b.tensorRowCount(); r++) if (b.rowTensor(r) >= 0 && tenB2A[b.rowTensor(r)] < 0) rb.add(r);
        if (ra.size() == 0 || rb.size() == 0) return;
        long[] sa = new long[ra.size()], sb = new long[rb.size()];
        for (int i = 0; i < sa.length; i++) sa[i] = TensorKeys.signature(a, ra.get(i));
        for (int i = 0; i < sb.length; i++) sb[i] = TensorKeys.signature(b, rb.get(i));
        int[] m = SeqAlign.align(sa, sb);
        for (int i = 0; i < m.length; i++) {
            if (m[i] < 0) continue;
            int t = a.rowTensor(ra.get(i)), u = b.rowTensor(rb.get(m[i]));
            tenA2B[t] = u;
            tenB2A[u] = t;
            tensorsByPosition++;
        }
    }

    private boolean sameVersion(int t, int u) {
        int ra = a.tensorRow(t), rb = b.tensorRow(u);
        if (ra < 0 || rb < 0) return true;
        if (!a.versionPresent(ra) || !b.versionPresent(rb)) return true;
        return a.version(ra) == b.version(rb);
    }

    // ---------------------------------------------------------------- tasks

    private void compareTasks() {
        for (int x = 0; x < a.nodeCount(); x++) {
            int ra = a.taskRow(x);
            if (ra < 0) continue;
            int y = nodeA2B[x];
            int rb = y >= 0 ? b.taskRow(y) : -1;
            if (rb < 0) tasksRemoved.add(x);
            else if (cmp.task(ra, rb, null)) {
                tasksChangedA.add(x);
                tasksChangedB.add(y);
            }
        }
        for (int y = 0; y < b.nodeCount(); y++) {
            if (b.taskRow(y) < 0) continue;
            int x = nodeB2A[y];
            if (x < 0 || a.taskRow(x) < 0) tasksAdded.add(y);
        }
    }

    // ---------------------------------------------------------------- edges

    private void diffEdges() {
        int nb = b.nodeCount(), na = a.nodeCount();
        int nodes = nb + na;
        int tb = b.tensorCount(), ta = a.tensorCount();
        int tBits = RadixSort.bitsFor((long) tb + ta + 1);
        // rank the distinct (arg, source) combinations of both sides
        LongIntMap combos = new LongIntMap(64);
        io.ptotrace.model.util.LongList distinct = new io.ptotrace.model.util.LongList();
        for (Side g : new Side[] {sa, sb}) {
            long last = Long.MIN_VALUE;
            for (int e = 0; e < g.graph().edgeCount(); e++) {
                long c = argSource(g, e);
                if (c == last) continue;
                last = c;
                if (combos.putIfAbsent(c, 0) < 0) distinct.add(c);
            }
        }
        long[] d = distinct.toArray();
        Arrays.sort(d);
        for (int r = 0; r < d.length; r++) combos.put(d[r], r);
        int rankBits = RadixSort.bitsFor(d.length);
        if (rankBits + tBits > 63) throw new IllegalStateException("graphs too large to diff: too many tensors");

        int[] succA = new int[a.edgeCount()], predA = new int[a.edgeCount()];
        long[] secA = new long[a.edgeCount()];
        long lastCombo = Long.MIN_VALUE;
        long lastRank = 0;
        for (int e = 0; e < a.edgeCount(); e++) {
            int p = a.edgePred(e), s = a.edgeSucc(e);
            predA[e] = nodeA2B[p] >= 0 ? nodeA2B[p] : nb + p;
            succA[e] = nodeA2B[s] >= 0 ? nodeA2B[s] : nb + s;
            int t = a.edgeTensor(e);
            long ct = t < 0 ? 0 : (tenA2B[t] >= 0 ? tenA2B[t] : (long) tb + t) + 1;
            long c = argSource(sa, e);
            if (c != lastCombo) {
                lastCombo = c;
                lastRank = (long) combos.get(c) << tBits;
            }
            secA[e] = lastRank | ct;
        }
        lap("edge keys old");
        EdgeKeys ka = EdgeKeys.sorted(succA, predA, secA, nodes);
        lap("sort old");
        succA = predA = null;
        secA = null;
        int[] succB = new int[b.edgeCount()], predB = new int[b.edgeCount()];
        long[] secB = new long[b.edgeCount()];
        lastCombo = Long.MIN_VALUE;
        for (int e = 0; e < b.edgeCount(); e++) {
            predB[e] = b.edgePred(e);
            succB[e] = b.edgeSucc(e);
            int t = b.edgeTensor(e);
            long c = argSource(sb, e);
            if (c != lastCombo) {
                lastCombo = c;
                lastRank = (long) combos.get(c) << tBits;
            }
            secB[e] = lastRank | (t < 0 ? 0 : t + 1L);
        }
        EdgeKeys kb = EdgeKeys.sorted(succB, predB, secB, nodes);
        lap("keys+sort new");
        walk(ka, kb);
    }

    /** An edge's (arg, source) in codes comparable across the sides. */
    private static long argSource(Side s, int e) {
        TaskGraph g = s.graph();
        return ((long) g.edgeArg(e) << 32) | (s.text(g.edgeSourceCode(e)) & 0xFFFFFFFFL);
    }

    private void walk(EdgeKeys ka, EdgeKeys kb) {
        int i = 0, j = 0;
        long[] pa = ka.p, pb = kb.p;
        while (i < ka.n || j < kb.n) {
            if (j >= kb.n || (i < ka.n && pa[i] < pb[j])) {
                int i2 = i;
                while (i2 < ka.n && pa[i2] == pa[i]) i2++;
                pairsRemoved.add(ka.perm[i]);
                pairsOld++;
                if (!o.projected) for (int k = i; k < i2; k++) edgesRemoved.add(ka.perm[k]);
                i = i2;
            } else if (i >= ka.n || pb[j] < pa[i]) {
                int j2 = j;
                while (j2 < kb.n && pb[j2] == pb[j]) j2++;
                pairsAdded.add(kb.perm[j]);
                pairsNew++;
                if (!o.projected) for (int k = j; k < j2; k++) edgesAdded.add(kb.perm[k]);
                j = j2;
            } else {
                int i2 = i, j2 = j;
                while (i2 < ka.n && pa[i2] == pa[i]) i2++;
                while (j2 < kb.n && pb[j2] == pb[j]) j2++;
                pairsOld++;
                pairsNew++;
                if (!o.projected) walkGroups(ka, i, i2, kb, j, j2);
                i = i2;
                j = j2;
            }
        }
    }

    private void walkGroups(EdgeKeys ka, int i, int i2, EdgeKeys kb, int j, int j2) {
        long[] sa = ka.s, sb = kb.s;
        while (i < i2 || j < j2) {
            if (j >= j2 || (i < i2 && sa[i] < sb[j])) {
                edgesRemoved.add(ka.perm[i++]);
            } else if (i >= i2 || sb[j] < sa[i]) {
                edgesAdded.add(kb.perm[j++]);
            } else {
                int ie = i, je = j;
                while (ie < i2 && sa[ie] == sa[i]) ie++;
                while (je < j2 && sb[je] == sb[j]) je++;
                matchGroup(ka.perm, i, ie, kb.perm, j, je);
                i = ie;
                j = je;
            }
        }
    }

    /**
     * Edges sharing one matching key (pred, succ, arg, source, tensor): pair identical annotations
     * first, then the rest in file order as changed; what is left over was removed or added.
     */
    private void matchGroup(int[] permA, int i, int ie, int[] permB, int j, int je) {
        int ka = ie - i, kb = je - j;
        if (ka == 1 && kb == 1) {
            if (cmp.edge(permA[i], permB[j], null)) {
                edgesChangedA.add(permA[i]);
                edgesChangedB.add(permB[j]);
            }
            return;
        }
        boolean[] usedA = new boolean[ka], usedB = new boolean[kb];
        if ((long) ka * kb <= 4096) {
            for (int x = 0; x < ka; x++) {
                for (int y = 0; y < kb; y++) {
                    if (!usedB[y] && !cmp.edge(permA[i + x], permB[j + y], null)) {
                        usedA[x] = true;
                        usedB[y] = true;
                        break;
                    }
                }
            }
        } else {
            long[] hb = new long[kb];
            for (int y = 0; y < kb; y++) hb[y] = cmp.edgeHash(sb, permB[j + y]);
            int[] order = IndexSort.identity(kb);
            IndexSort.sortByKey(order, y -> hb[y]);
            long[] sorted = new long[kb];
            for (int y = 0; y < kb; y++) sorted[y] = hb[order[y]];
            for (int x = 0; x < ka; x++) {
                long h = cmp.edgeHash(sa, permA[i + x]);
                int pos = Arrays.binarySearch(sorted, h);
                if (pos < 0) continue;
                while (pos > 0 && sorted[pos - 1] == h) pos--;
                for (; pos < kb && sorted[pos] == h; pos++) {
                    int y = order[pos];
                    if (!usedB[y] && !cmp.edge(permA[i + x], permB[j + y], null)) {
                        usedA[x] = true;
                        usedB[y] = true;
                        break;
                    }
                }
            }
        }
        int x = 0, y = 0;
        while (true) {
            while (x < ka && usedA[x]) x++;
            while (y < kb && usedB[y]) y++;
            if (x >= ka || y >= kb) break;
            edgesChangedA.add(permA[i + x]);
            edgesChangedB.add(permB[j + y]);
            x++;
            y++;
        }
        for (; x < ka; x++) if (!usedA[x]) edgesRemoved.add(permA[i + x]);
        for (; y < kb; y++) if (!usedB[y]) edgesAdded.add(permB[j + y]);
    }

    // ---------------------------------------------------------------- tensors

    private void compareTensors() {
        for (int t = 0; t < a.tensorCount(); t++) {
            int ra = a.tensorRow(t);
            if (ra < 0) continue;
            int u = tenA2B[t];
            int rb = u >= 0 ? b.tensorRow(u) : -1;
            if (rb < 0) tensorsRemoved.add(t);
            else if (cmp.tensor(ra, rb, null)) {
                tensorsChangedA.add(t);
                tensorsChangedB.add(u);
            }
        }
        for (int u = 0; u < b.tensorCount(); u++) {
            if (b.tensorRow(u) < 0) continue;
            int t = tenB2A[u];
            if (t < 0 || a.tensorRow(t) < 0) tensorsAdded.add(u);
        }
    }

    // ---------------------------------------------------------------- order and notes

    private void sortResults() {
        // the lists are independent; OLD's rows sort on another thread (two cores halve the step)
        java.util.concurrent.CompletableFuture<Void> old = java.util.concurrent.CompletableFuture.runAsync(() -> {
            ReportOrder.sortRows(pairsRemoved, a);
            ReportOrder.sortRows(edgesRemoved, a);
        });
        ReportOrder.sortPairsBy(
                tasksChangedA, tasksChangedB, (p, q) -> Integer.compare(tasksChangedB.get(p), tasksChangedB.get(q)));
        ReportOrder.sortRows(pairsAdded, b);
        ReportOrder.sortRows(edgesAdded, b);
        old.join();
        ReportOrder.sortPairsBy(
                edgesChangedA,
                edgesChangedB,
                (p, q) -> ReportOrder.edgeOrder(b, edgesChangedB.get(p), edgesChangedB.get(q)));
        ReportOrder.sortPairsBy(
                tensorsChangedA,
                tensorsChangedB,
                (p, q) -> Integer.compare(tensorsChangedB.get(p), tensorsChangedB.get(q)));
    }

    private void writeNotes() {
        String ra = a.runtime(), rb = b.runtime();
        if (ra != null && rb != null && !ra.equals(rb))
            notes.add("runtime changed: OLD was built by " + ra + ", NEW by " + rb
                    + "; their task ids have different layouts");
        else if ((ra == null) != (rb == null))
            notes.add("runtime recorded only in " + (ra != null ? "OLD (" + ra + ")" : "NEW (" + rb + ")"));
        if (a.edgeCount() > 0 && b.edgeCount() > 0 && !o.ignores(Field.FLAGS)) {
            if (sa.edgesWithFlags() == 0 && sb.edgesWithFlags() > 0) {
                notes.add(
                        "flags not recorded in OLD (an older-era or host-built deps.json); edge flags are compared only where both sides carry them");
            } else if (sb.edgesWithFlags() == 0 && sa.edgesWithFlags() > 0) {
                notes.add(
                        "flags not recorded in NEW (an older-era or host-built deps.json); edge flags are compared only where both sides carry them");
            }
        }
        if (o.matchTensors == DiffOptions.TensorMatch.STRUCTURE) {
            notes.add(tensorsByStructure
                    + " tensor(s) matched by structure (first task and arg that touch them, and version)"
                    + (tensorsByIdFallback > 0
                            ? ", " + tensorsByIdFallback + " by tensor_id (touched by no matched task)"
                            : "")
                    + (tensorsByPosition > 0
                            ? ", " + tensorsByPosition + " by their place in tensors[] (untouched, address moved)"
                            : ""));
        }
        if (!o.ignore.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (Field f : o.ignore) names.add(f.key());
            notes.add("ignored: " + String.join(", ", names));
        }
    }
}
