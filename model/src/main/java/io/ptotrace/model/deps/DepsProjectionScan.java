package io.ptotrace.model.deps;

import io.ptotrace.io.Inputs;
import io.ptotrace.model.util.JsonByteScan;
import io.ptotrace.model.util.PlainValues;
import io.ptotrace.model.util.SecondThread;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The projection's fast path: reads the task ids, kernel ids, block nums and edge endpoints of a deps.json straight
 * from its bytes, for files as the runtime writes them. It accepts a strict subset of JSON, every value of which
 * {@link DepsReader} reads the same way: ASCII strings without surprises in keys, ids as digit strings or plain
 * non-negative integers that fit 64 bits, kernel ids and block nums as plain integers in range, and every other
 * member valid JSON (checked, then skipped without decoding). On anything else (a syntax error, a value the general
 * reader would warn about or refuse, a number or string too long to be ordinary, a pipe that cannot be read twice)
 * it gives up and returns false before the caller keeps anything; {@link DepsProjection#read} then reads the file
 * with {@link DepsReader}, which says what is wrong.
 */
final class DepsProjectionScan extends JsonByteScan {
    private static final byte[] TASKS = key("tasks"),
            EDGES = key("edges"),
            TASK_ID = key("task_id"),
            KERNEL_IDS = key("kernel_ids"),
            BLOCK_NUM = key("block_num"),
            PRED = key("pred"),
            SUCC = key("succ");

    private final DepsVisitor v;
    private final DepsTask task = new DepsTask();
    private final DepsEdge edge = new DepsEdge();
    /** An edges array was read (or the scan began inside one). */
    private boolean edgesListed;

    // a second half scanned beside this scan (DepsSecondHalf): where it starts, and its scan; splitAt −1 when none
    private long splitAt = -1;
    private boolean splitEdges;
    private SecondThread<DepsSecondHalf> half;
    /** Set by the scan of a second half's caller when the half is no longer wanted; read by that half's scan. */
    private AtomicBoolean stop;

    /** Thrown when the second half was handed over: the document has been read whole. */
    private static final class HandedOver extends Exception {
        HandedOver() {
            super(null, null, false, false);
        }
    }

    private static final HandedOver HANDED_OVER = new HandedOver();

    private DepsProjectionScan(InputStream in, DepsVisitor v) {
        super(in);
        this.v = v;
    }

    /**
     * True when the file was read whole into {@code v}; false when {@code v} must be dropped and the file read again.
     * A file of {@link DepsSecondHalf#MIN_BYTES} or more is scanned in two halves when {@code cores}, the cores the
     * read may take, are two or more.
     */
    static boolean read(Path file, DepsVisitor v, int cores) {
        if (!Files.isRegularFile(file)) return false; // a pipe cannot be read a second time
        DepsSecondHalf.Start start = null;
        try {
            long size = Files.size(file);
            if (size >= DepsSecondHalf.MIN_BYTES && cores > 1) start = DepsSecondHalf.find(file, size / 2);
        } catch (IOException e) {
            return false;
        }
        return read(file, v, start);
    }

    /** As {@link #read(Path, DepsVisitor, int)}, its second half (if any) starting at {@code start}. */
    static boolean read(Path file, DepsVisitor v, DepsSecondHalf.Start start) {
        AtomicBoolean stop = new AtomicBoolean();
        try (InputStream in = Inputs.open(file)) {
            DepsProjectionScan scan = new DepsProjectionScan(in, v);
            if (start != null) {
                scan.splitAt = start.offset();
                scan.splitEdges = start.edges();
                scan.stop = stop;
                scan.half = SecondThread.start("deps-read-half", () -> DepsSecondHalf.scan(file, start, stop));
            }
            scan.document();
            return true;
        } catch (HandedOver done) {
            return true;
        } catch (NotCanonical | IOException | RuntimeException e) {
            return false;
        } finally {
            stop.set(true);
        }
    }

    /** Scans a second half from the stream's start, an entry of the edges or tasks array; false when it is not one. */
    static boolean resume(InputStream in, DepsSecondHalf half, boolean edges, AtomicBoolean stop) {
        try {
            DepsProjectionScan scan = new DepsProjectionScan(in, half);
            scan.stop = stop;
            if (edges) {
                scan.edgesListed = true;
                scan.edgesFrom(scan.nextToken());
            } else scan.tasksFrom(scan.nextToken());
            scan.afterMember();
            half.edgesListed = scan.edgesListed;
            return true;
        } catch (NotCanonical | HandedOver | IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * At the opening brace of an entry (of the edges array when {@code edges}): when it is where the second half
     * starts, takes the half over if its scan succeeded and began in the same array, and ends the document. A scan
     * that passed the start without stopping there drops the half.
     */
    private void atEntry(boolean edges) throws HandedOver {
        long at = offset() - 1;
        if (at < splitAt) return;
        if (at == splitAt && edges == splitEdges) {
            DepsSecondHalf h = half.joinUnchecked();
            if (h != null) {
                h.replay(v);
                if (!edgesListed && !h.edgesListed) v.noEdgesList();
                throw HANDED_OVER;
            }
        }
        splitAt = -1;
        stop.set(true);
    }

    /** As {@link #read(Path, DepsVisitor, int)}, from a stream read to its end, in one half. */
    static boolean read(InputStream in, DepsVisitor v) {
        try {
            new DepsProjectionScan(in, v).document();
            return true;
        } catch (NotCanonical | HandedOver | IOException | RuntimeException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ structure

    private void document() throws IOException, NotCanonical, HandedOver {
        expect('{', nextToken());
        int b = nextToken();
        if (b != '}') {
            member(b);
            afterMember();
        } else if (nextToken() != -1) throw GIVE_UP;
        if (!edgesListed) v.noEdgesList();
    }

    /** A top-level member, {@code b} its key's opening quote. */
    private void member(int b) throws IOException, NotCanonical, HandedOver {
        expect('"', b);
        int k = topKey();
        expect(':', nextToken());
        if (k == 1) readTasks();
        else if (k == 2) {
            readEdges();
            edgesListed = true;
        } else skipValue(nextToken(), 1);
    }

    /** After a top-level member's value: the members after it and the end of the document. */
    private void afterMember() throws IOException, NotCanonical, HandedOver {
        while (true) {
            int b = nextToken();
            if (b == '}') break;
            expect(',', b);
            member(nextToken());
        }
        if (nextToken() != -1) throw GIVE_UP;
    }

    /** After the opening quote: 1 for "tasks", 2 for "edges", 0 for another key (checked, skipped). */
    private int topKey() throws IOException, NotCanonical {
        if (matches(TASKS)) return 1;
        if (matches(EDGES)) return 2;
        skipKey();
        return 0;
    }

    private void readTasks() throws IOException, NotCanonical, HandedOver {
        expect('[', nextToken());
        int b = nextToken();
        if (b != ']') tasksFrom(b);
    }

    /** The entries of the tasks array from the one whose opening brace is {@code b} to the array's end. */
    private void tasksFrom(int b) throws IOException, NotCanonical, HandedOver {
        int index = 0;
        while (true) {
            expect('{', b);
            if (splitAt >= 0) atEntry(false);
            if (stop != null && half == null && stop.get()) throw GIVE_UP;
            DepsTask t = task;
            t.index = index++;
            t.idOk = false;
            t.kernelIds = null;
            t.kernelSlots = null;
            t.blockNumRaw = null;
            b = nextToken();
            if (b != '}') {
                while (true) {
                    expect('"', b);
                    if (matches(TASK_ID)) {
                        expect(':', nextToken());
                        t.id = id(nextToken());
                        t.idOk = true;
                    } else if (matches(KERNEL_IDS)) {
                        expect(':', nextToken());
                        kernelIds(t);
                    } else if (matches(BLOCK_NUM)) {
                        expect(':', nextToken());
                        t.blockNumRaw = blockNum(nextToken());
                    } else {
                        int r = PlainValues.membersEnd(buf, pos, end, TASK_ID, KERNEL_IDS, BLOCK_NUM);
                        if (r >= 0) {
                            pos = r;
                            break;
                        }
                        if (r < -1) {
                            pos = -2 - r;
                            continue;
                        }
                        skipKey();
                        expect(':', nextToken());
                        skipValue(nextToken(), 3);
                    }
                    b = nextToken();
                    if (b == '}') break;
                    expect(',', b);
                    b = nextToken();
                }
            }
            v.task(t);
            b = nextToken();
            if (b == ']') return;
            expect(',', b);
            b = nextToken();
        }
    }

    private void readEdges() throws IOException, NotCanonical, HandedOver {
        expect('[', nextToken());
        int b = nextToken();
        if (b != ']') edgesFrom(b);
    }

    /** The entries of the edges array from the one whose opening brace is {@code b} to the array's end. */
    private void edgesFrom(int b) throws IOException, NotCanonical, HandedOver {
        int index = 0;
        while (true) {
            expect('{', b);
            if (splitAt >= 0) atEntry(true);
            if (stop != null && half == null && stop.get()) throw GIVE_UP;
            DepsEdge e = edge;
            e.index = index++;
            boolean predOk = false, succOk = false;
            b = nextToken();
            if (b != '}') {
                while (true) {
                    expect('"', b);
                    if (matches(PRED)) {
                        expect(':', nextToken());
                        e.pred = id(nextToken());
                        predOk = true;
                    } else if (matches(SUCC)) {
                        expect(':', nextToken());
                        e.succ = id(nextToken());
                        succOk = true;
                    } else {
                        int r = PlainValues.membersEnd(buf, pos, end, PRED, SUCC, SUCC);
                        if (r >= 0) {
                            pos = r;
                            break;
                        }
                        if (r < -1) {
                            pos = -2 - r;
                            continue;
                        }
                        skipKey();
                        expect(':', nextToken());
                        skipValue(nextToken(), 3);
                    }
                    b = nextToken();
                    if (b == '}') break;
                    expect(',', b);
                    b = nextToken();
                }
            }
            e.endpointsOk = predOk && succOk;
            v.edge(e);
            b = nextToken();
            if (b == ']') return;
            expect(',', b);
            b = nextToken();
        }
    }

    /** kernel_ids as a list of plain integers in int range; the projection keeps it when it has three. */
    private void kernelIds(DepsTask t) throws IOException, NotCanonical {
        expect('[', nextToken());
        int[] k = {-1, -1, -1};
        int n = 0;
        int b = nextToken();
        if (b != ']') {
            while (true) {
                long val = plainInteger(b, 10);
                if (val < Integer.MIN_VALUE || val > Integer.MAX_VALUE) throw GIVE_UP;
                if (n < 3) k[n] = (int) val;
                n++;
                b = nextToken();
                if (b == ']') break;
                expect(',', b);
                b = nextToken();
            }
        }
        t.kernelSlots = k;
        t.kernelIds = n == 3 ? k : null;
    }

    /** block_num: null, or a plain integer 1..2^31−1 (anything else is the general reader's warning to give). */
    private Long blockNum(int b) throws IOException, NotCanonical {
        if (b == 'n') {
            literal("ull");
            return null;
        }
        long val = plainInteger(b, 10);
        if (val < 1 || val > Integer.MAX_VALUE) throw GIVE_UP;
        return val;
    }

    /** An id: a string of 1..20 digits, or a plain non-negative integer of at most 18 digits; its value fits 64 bits. */
    private long id(int b) throws IOException, NotCanonical {
        if (b != '"') {
            long val = plainInteger(b, 18);
            if (val < 0) throw GIVE_UP;
            return val;
        }
        return digitString();
    }
}
