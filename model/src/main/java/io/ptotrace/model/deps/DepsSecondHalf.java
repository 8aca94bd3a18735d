package io.ptotrace.model.deps;

import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The second half of a large deps.json, scanned on a thread of its own while the first half is scanned from the
 * start: from an entry of the tasks or edges array near the middle to the end of the file, its tasks and edges kept
 * as the projection reads them, to be handed to the projection in file order once the first half's scan has reached
 * that entry. Where the second half starts is a guess from the bytes around the middle; only the first half's scan,
 * arriving there between two entries of that array, confirms it. Unconfirmed or given up, the second half is
 * dropped and the first scan reads on to the end itself.
 */
final class DepsSecondHalf implements DepsVisitor {
    /** Bytes of deps.json from which it is scanned in two halves (the 100k-task synthetic run's is 224 MB). */
    static final long MIN_BYTES = 64L << 20;

    /** Where the second half starts: the offset of an entry's opening brace, in the edges array or the tasks array. */
    record Start(long offset, boolean edges) {}

    private static final byte[] TASK_ENTRY = "{\"task_id\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            EDGE_ENTRY = "{\"pred\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** How far past the middle an entry is looked for. */
    private static final int WINDOW = 1 << 20;

    /**
     * The first entry from {@code from} on that begins with its {@code task_id} or {@code pred} member and follows
     * a comma (so it is not an array's first), or null when the window holds none.
     */
    static Start find(Path file, long from) {
        byte[] b = new byte[WINDOW];
        int n = 0;
        try (InputStream in = Files.newInputStream(file)) {
            if (in.skip(from) != from) return null;
            for (int r; n < b.length && (r = in.read(b, n, b.length - n)) > 0; ) n += r;
        } catch (IOException e) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            if (b[i] != '{') continue;
            boolean task = startsWith(b, n, i, TASK_ENTRY), edge = !task && startsWith(b, n, i, EDGE_ENTRY);
            if (!task && !edge) continue;
            int j = i - 1;
            while (j >= 0 && (b[j] == ' ' || b[j] == '\n' || b[j] == '\r' || b[j] == '\t')) j--;
            if (j >= 0 && b[j] == ',') return new Start(from + i, edge);
        }
        return null;
    }

    private static boolean startsWith(byte[] b, int n, int i, byte[] k) {
        if (n - i < k.length) return false;
        for (int x = 0; x < k.length; x++) if (b[i + x] != k[x]) return false;
        return true;
    }

    // the entries in file order: for each, a task (0) or an edge (1)
    private final IntList kinds = new IntList(1 << 12);
    private final LongList ids = new LongList(1 << 12), blockNums = new LongList(1 << 12);
    private final IntList taskFlags = new IntList(1 << 12), kernels = new IntList(1 << 12);
    private final LongList preds = new LongList(1 << 12), succs = new LongList(1 << 12);
    private final IntList edgeOk = new IntList(1 << 12);
    private static final int ID_OK = 1, HAS_KERNELS = 2, HAS_BLOCK_NUM = 4;

    /** Whether the half holds an edges array (its own start, or a key after it). */
    boolean edgesListed;

    /**
     * Scans the half starting at {@code s} to the end of the file; null when its bytes are not a second half (the
     * guess was wrong, or the file is one the fast path does not read) or {@code stop} was set.
     */
    static DepsSecondHalf scan(Path file, Start s, AtomicBoolean stop) {
        DepsSecondHalf half = new DepsSecondHalf();
        try (InputStream in = Files.newInputStream(file)) {
            if (in.skip(s.offset()) != s.offset()) return null;
            return DepsProjectionScan.resume(in, half, s.edges(), stop) ? half : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public void task(DepsTask t) {
        kinds.add(0);
        ids.add(t.id);
        int[] k = t.kernelIds;
        taskFlags.add(
                (t.idOk ? ID_OK : 0) | (k != null ? HAS_KERNELS : 0) | (t.blockNumRaw != null ? HAS_BLOCK_NUM : 0));
        kernels.add(k != null ? k[0] : -1);
        kernels.add(k != null ? k[1] : -1);
        kernels.add(k != null ? k[2] : -1);
        blockNums.add(t.blockNumRaw != null ? t.blockNumRaw : 0);
    }

    @Override
    public void edge(DepsEdge e) {
        kinds.add(1);
        preds.add(e.pred);
        succs.add(e.succ);
        edgeOk.add(e.endpointsOk ? 1 : 0);
    }

    @Override
    public void noEdgesList() {
        // the first half's scan decides, with edgesListed
    }

    /** Hands the half's tasks and edges to {@code v} in file order, as the scan would have. */
    void replay(DepsVisitor v) {
        DepsTask t = new DepsTask();
        DepsEdge e = new DepsEdge();
        t.index = -1;
        e.index = -1;
        int task = 0, edge = 0;
        for (int i = 0; i < kinds.size(); i++) {
            if (kinds.get(i) == 0) {
                int f = taskFlags.get(task);
                t.idOk = (f & ID_OK) != 0;
                t.id = ids.get(task);
                t.kernelIds = (f & HAS_KERNELS) != 0
                        ? new int[] {kernels.get(3 * task), kernels.get(3 * task + 1), kernels.get(3 * task + 2)}
                        : null;
                t.kernelSlots = t.kernelIds;
                t.blockNumRaw = (f & HAS_BLOCK_NUM) != 0 ? blockNums.get(task) : null;
                v.task(t);
                task++;
            } else {
                e.pred = preds.get(edge);
                e.succ = succs.get(edge);
                e.endpointsOk = edgeOk.get(edge) != 0;
                v.edge(e);
                edge++;
            }
        }
    }
}
