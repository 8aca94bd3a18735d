package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.model.util.SecondThread;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where everything of a picture goes in a protobuf trace, decided before a byte is written: the tracks, the
 * track of every slice and arrow mark, the counter values, the order of all events and which event carries
 * each arrow's id.
 *
 * <p>Tracks: one process track per pid (the last process_name wins), one thread track per (pid, tid) used by
 * a slice, an arrow end or thread metadata (the trace processor keys threads by (tid, pid), so tid 10000 in
 * pid 3 and in pid 4 stay two threads), counter tracks per (pid, tid, counter name, arg key) parented to the
 * process; children ordered by sort index, then thread before counter, then tid. The trace processor nests
 * slices on a track by time, so a slice that overlaps an earlier one on its lane without nesting moves to the
 * lane's first child "overflow" track that takes it; arrow marks go to the lane's child track
 * {@value PftraceConventions#MARKER_TRACK_NAME}. Events are merged in timestamp order (µs × 1000, rounded),
 * begins before counter values before ends, then by track.
 *
 * <p>Arrows: the trace processor imports events in time order and drops a terminating id it sees before the
 * flow began, so an arrow's id goes on whichever of its source's begin and its destination's end comes first
 * and the terminating id on the other; an unbound end uses its mark instead of a slice.
 */
public final class PftraceLayout {
    public enum EventType {
        BEGIN,
        COUNTER,
        END
    }

    final TracePicture pic;
    final ArrowMarks marks;
    final PerfettoProtoWriter.Report report = new PerfettoProtoWriter.Report();

    final List<PftraceTrack> tracks = new ArrayList<>();
    private final Map<Integer, PftraceTrack> processes = new TreeMap<>();
    private final Map<Integer, String> processNames = new HashMap<>();
    private final Map<Integer, Integer> processSort = new HashMap<>();
    private final LongIntMap laneIndex = new LongIntMap(64);
    private final List<PftraceTrack> lanes = new ArrayList<>();

    /** Items are the slices, then the marks (item = slices + mark). */
    final int slices;

    int items;
    int[] itemTrack;
    private int[] markLane;
    /** The picture's metadata and counter samples when the slices and counters were laid out. */
    private final int metaLaidOut, countersLaidOut;

    final CounterValues counters;

    // events in order: item·2 a begin, item·2+1 an end, ~v counter value v
    int[] order;
    // the arrows that touch each event: attFlow[attStart[code] .. attStart[code + 1]), in flow order, f where the
    // event is f's source slice's begin, ~f where it is f's destination slice's end. Which of its two events carries
    // f's id and which its terminating id follows from the order: the earlier starts it (FlowEnds).
    int[] attStart;
    int[] attFlow;

    static long ns(double us) {
        return Math.round(us * 1000.0);
    }

    private static long laneKey(int pid, int tid) {
        return ((long) pid << 32) | (tid & 0xFFFFFFFFL);
    }

    /** The first uuid minus one, and the first process's sibling rank: a part of a trace continues the one before it. */
    private final long uuidBase;

    private final int processRankBase;
    /** The largest uuid given out. */
    private long lastUuid;

    public static PftraceLayout of(TracePicture pic) {
        return new PftraceLayout(pic, 0, 0, pic.meta, pic.sliceCount(), pic.counterCount()).finish();
    }

    /** The layout of one part of a trace written part by part: its uuids after {@code uuidBase}, its processes ranked from {@code processRankBase}. */
    static PftraceLayout ofPart(TracePicture pic, long uuidBase, int processRankBase) {
        return new PftraceLayout(pic, uuidBase, processRankBase, pic.meta, pic.sliceCount(), pic.counterCount())
                .finish();
    }

    /**
     * Lays out what of {@code p} is complete once only its arrows are still to come: its lanes, the nesting of its
     * slices and its counter values (of its metadata {@code meta}, first {@code sliceCount} slices and first {@code
     * counterCount} counter samples). {@link #finish} adds the arrows and their marks and orders the events; what the
     * two decide is the same as for a picture laid out whole.
     */
    private PftraceLayout(
            TracePicture p,
            long uuidBase,
            int processRankBase,
            List<MetaEvent> meta,
            int sliceCount,
            int counterCount) {
        this.pic = p;
        this.uuidBase = uuidBase;
        this.processRankBase = processRankBase;
        this.marks = p.marks();
        this.metaLaidOut = meta.size();
        this.countersLaidOut = counterCount;
        for (MetaEvent m : meta) {
            switch (m.kind) {
                case PROCESS_NAME:
                    process(m.pid);
                    processNames.put(m.pid, m.name);
                    break;
                case PROCESS_SORT_INDEX:
                    process(m.pid);
                    processSort.put(m.pid, m.sortIndex);
                    break;
                case THREAD_NAME:
                    lanes.get(lane(m.pid, m.tid)).name = m.name;
                    break;
                case THREAD_SORT_INDEX:
                    lanes.get(lane(m.pid, m.tid)).sortIndex = m.sortIndex;
                    break;
                default:
                    break;
            }
        }
        slices = sliceCount;
        int[] sliceLane = new int[slices];
        for (int i = 0; i < slices; i++) sliceLane[i] = lane(p.slicePid(i), p.sliceTid(i));
        for (int c = 0; c < countersLaidOut; c++) process(p.counterPid(c));
        itemTrack = new int[slices];
        for (int i = 0; i < slices; i++) if (ns(p.sliceDur(i)) < 0) report.negativeDurations++;
        report.slices = slices;
        nestOnLanes(sliceLane); // a slice's lane is in itemTrack from here on
        counters = CounterValues.place(p, countersLaidOut, report);
    }

    /** Lays out the arrows and their marks and merges every track's events into one order. */
    private PftraceLayout finish() {
        // lanes only arrows use come after the slices' lanes, as they would if made first (an end on its slice's
        // lane finds that lane made already)
        int flows = pic.flowCount();
        for (int f = 0; f < flows; f++) {
            if (pic.flowEndHasOwnLane(f, 0)) lane(pic.flowSrcPid(f), pic.flowSrcTid(f));
            if (pic.flowEndHasOwnLane(f, 1)) lane(pic.flowDstPid(f), pic.flowDstTid(f));
        }
        int markCount = marks.count();
        markLane = new int[markCount];
        for (int m = 0; m < markCount; m++) {
            markLane[m] = lane(marks.pid(m), marks.tid(m));
            switch (marks.type(m)) {
                case HB_VIOLATION:
                    report.hbMarkers++;
                    break;
                case BACKWARD:
                    report.backwardMarkers++;
                    break;
                default:
                    report.unboundEndMarkers++;
            }
        }
        items = slices + markCount;
        itemTrack = Arrays.copyOf(itemTrack, items);
        report.markerSlices = markCount;
        report.flows = flows;
        // which events each arrow touches does not depend on the order: found beside the merge
        SecondThread<Void> touched = SecondThread.start("pftrace-arrows", () -> {
            indexFlowEnds();
            return null;
        });
        placeMarks();
        counters.number(this::trackId);
        orderTracks();
        order = new TrackMerge(tracks, this::codeNs).order;
        for (PftraceTrack t : tracks) t.stream = null; // the merged order replaces them
        touched.joinUnchecked();
        return this;
    }

    /**
     * The first half of a picture's layout, made on a thread of its own from the moment the picture's slices and
     * counter samples are complete, while its arrows are drawn.
     */
    public static final class Started {
        private final TracePicture pic;
        private final List<MetaEvent> meta;
        private final int slices, counters;
        private final Thread thread;
        private PftraceLayout first;
        private Throwable failure;

        private Started(TracePicture pic) {
            this.pic = pic;
            this.meta = new ArrayList<>(pic.meta);
            this.slices = pic.sliceCount();
            this.counters = pic.counterCount();
            this.thread = new Thread(this::layOut, "pftrace-layout");
            thread.setDaemon(true);
        }

        private void layOut() {
            try {
                first = new PftraceLayout(pic, 0, 0, meta, slices, counters);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        /**
         * Waits for the first half and finishes it for {@code picture} as it now is; null when it is another picture,
         * its metadata, slices or counter samples changed since, or the first half failed (the writer then lays the
         * picture out itself).
         */
        PftraceLayout finish(TracePicture picture) throws InterruptedIOException {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while writing the trace");
            }
            PftraceLayout l = first;
            first = null; // a layout is finished once
            if (l == null
                    || failure != null
                    || picture != pic
                    || pic.meta.size() != l.metaLaidOut
                    || pic.sliceCount() != l.slices
                    || pic.counterCount() != l.countersLaidOut) return null;
            return l.finish();
        }
    }

    /**
     * Starts laying out {@code pic}, whose slices and counter samples are complete: from now on only arrows may be
     * added to it until the layout is {@link Started#finish finished} (anything else makes it unusable, never wrong).
     */
    public static Started start(TracePicture pic) {
        Started s = new Started(pic);
        s.thread.start();
        return s;
    }

    private PftraceTrack process(int pid) {
        return processes.computeIfAbsent(pid, p -> {
            PftraceTrack t = new PftraceTrack(PftraceTrack.Type.PROCESS, p, -1, null);
            t.hasChildren = true;
            return t;
        });
    }

    private int lane(int pid, int tid) {
        long k = laneKey(pid, tid);
        int i = laneIndex.get(k);
        if (i >= 0) return i;
        process(pid);
        PftraceTrack t = new PftraceTrack(PftraceTrack.Type.THREAD, pid, tid, null);
        lanes.add(t);
        laneIndex.put(k, lanes.size() - 1);
        return lanes.size() - 1;
    }

    private int trackId(PftraceTrack t) {
        if (t.idx >= 0) return t.idx;
        tracks.add(t);
        t.idx = tracks.size() - 1;
        return t.idx;
    }

    /** Nesting walk per lane; a slice that would overlap without nesting goes to the first overflow track that takes it. */
    private void nestOnLanes(int[] sliceLane) {
        // the times once more as arrays, for the sort's many comparisons; dropped before the merge, where the
        // layout's other arrays peak
        long[] begin = new long[slices], end = new long[slices];
        for (int i = 0; i < slices; i++) {
            begin[i] = begin(i);
            end[i] = end(i);
        }
        // by (lane, begin, longest first), ties by slice index
        int[] ix = IndexSort.groupedSortByKey(
                slices, lanes.size(), s -> sliceLane[s], s -> begin[s], s -> ~end[s], new int[lanes.size() + 1]);
        List<IntStack> stacks = new ArrayList<>();
        int i = 0;
        while (i < slices) {
            int laneIdx = sliceLane[ix[i]];
            PftraceTrack base = lanes.get(laneIdx);
            int j = i;
            while (j < slices && sliceLane[ix[j]] == laneIdx) j++;
            base.stream.ensureRoom(2 * (j - i)); // a begin and an end each, unless a slice overflows
            for (IntStack s : stacks) s.size = 0;
            for (int k = i; k < j; k++) {
                int x = ix[k];
                int sub = 0;
                while (true) {
                    if (sub == stacks.size()) stacks.add(new IntStack());
                    PftraceTrack t = sub == 0 ? base : overflowTrack(base, sub);
                    IntStack st = stacks.get(sub);
                    while (st.size > 0 && end[st.top()] <= begin[x]) {
                        int y = st.pop();
                        t.add(y * 2 + 1, end[y]);
                    }
                    if (st.size == 0 || end[x] <= end[st.top()]) {
                        itemTrack[x] = trackId(t);
                        t.add(x * 2, begin[x]);
                        if (end[x] == begin[x]) t.add(x * 2 + 1, end[x]);
                        else st.add(x);
                        if (sub > 0) {
                            report.overflowSlices++;
                            if (report.overflowExamples.size() < 5)
                                report.overflowExamples.add(base.pid + "/" + base.tid + " ts " + pic.sliceTs(x) + "us: "
                                        + pic.sliceName(x));
                        }
                        break;
                    }
                    sub++;
                }
            }
            for (int sub = 0; sub < stacks.size(); sub++) {
                IntStack st = stacks.get(sub);
                if (st.size == 0) continue;
                PftraceTrack t = sub == 0 ? base : overflowTrack(base, sub);
                while (st.size > 0) {
                    int y = st.pop();
                    t.add(y * 2 + 1, end[y]);
                }
            }
            i = j;
        }
    }

    private PftraceTrack overflowTrack(PftraceTrack base, int sub) {
        while (base.overflow.size() < sub) {
            PftraceTrack o = new PftraceTrack(PftraceTrack.Type.OVERFLOW, base.pid, base.tid, null);
            base.overflow.add(o);
            base.hasChildren = true;
            report.overflowTracks++;
        }
        return base.overflow.get(sub - 1);
    }

    /** Each mark on its lane's marker track, in time order. */
    private void placeMarks() {
        int n = markLane.length;
        if (n == 0) return;
        int[] ix = IndexSort.identity(n);
        IndexSort.sortByKey(ix, 0, n, m -> markLane[m], m -> begin(slices + m));
        for (int m : ix) {
            PftraceTrack lane = lanes.get(markLane[m]);
            if (lane.markers == null) {
                lane.markers = new PftraceTrack(
                        PftraceTrack.Type.MARKERS, lane.pid, lane.tid, PftraceConventions.MARKER_TRACK_NAME);
                lane.hasChildren = true;
            }
            int item = slices + m;
            itemTrack[item] = trackId(lane.markers);
            long ns = begin(item); // a mark is an instant
            lane.markers.add(item * 2, ns);
            lane.markers.add(item * 2 + 1, ns);
        }
    }

    /** uuids and sibling ranks: processes by sort index, then per process thread lanes and counters. */
    private void orderTracks() {
        for (PftraceTrack l : lanes) trackId(l);
        List<PftraceTrack> procs = new ArrayList<>(processes.values());
        procs.sort((a, b) -> {
            int ka = processSort.getOrDefault(a.pid, a.pid), kb = processSort.getOrDefault(b.pid, b.pid);
            return ka != kb ? Integer.compare(ka, kb) : Integer.compare(a.pid, b.pid);
        });
        long uuid = uuidBase + 1;
        int rank = processRankBase;
        for (PftraceTrack pt : procs) {
            pt.uuid = uuid++;
            pt.rank = rank++;
            pt.name = processNames.get(pt.pid);
            trackId(pt);
        }
        Map<Integer, List<PftraceTrack>> children = new HashMap<>();
        for (PftraceTrack l : lanes)
            children.computeIfAbsent(l.pid, k -> new ArrayList<>()).add(l);
        for (PftraceTrack c : counters.tracks())
            children.computeIfAbsent(c.pid, k -> new ArrayList<>()).add(c);
        for (PftraceTrack pt : procs) {
            List<PftraceTrack> ch = children.getOrDefault(pt.pid, Collections.emptyList());
            ch.sort((a, b) -> {
                int sa = sortOf(a), sb = sortOf(b);
                if (sa != sb) return Integer.compare(sa, sb);
                int ka = a.type == PftraceTrack.Type.COUNTER ? 1 : 0, kb = b.type == PftraceTrack.Type.COUNTER ? 1 : 0;
                if (ka != kb) return Integer.compare(ka, kb);
                if (a.tid != b.tid) return Integer.compare(a.tid, b.tid);
                return String.valueOf(a.name).compareTo(String.valueOf(b.name));
            });
            int r = 0;
            for (PftraceTrack c : ch) {
                c.uuid = uuid++;
                c.parentUuid = pt.uuid;
                c.rank = r++;
                int k = 1;
                for (PftraceTrack o : c.overflow) {
                    o.uuid = uuid++;
                    o.parentUuid = c.uuid;
                    o.rank = k;
                    o.name = (c.name != null ? c.name : "tid " + c.tid) + " (overflow " + k + ")";
                    k++;
                    trackId(o);
                }
                if (c.markers != null) {
                    c.markers.uuid = uuid++;
                    c.markers.parentUuid = c.uuid;
                    c.markers.rank = k;
                }
            }
        }
        lastUuid = uuid - 1;
    }

    /** The largest uuid of this layout's tracks. */
    long lastUuid() {
        return lastUuid;
    }

    /** How many process tracks there are. */
    int processCount() {
        return processes.size();
    }

    private int sortOf(PftraceTrack t) {
        Integer s = null;
        int li = laneIndex.get(laneKey(t.pid, t.tid));
        if (li >= 0) s = lanes.get(li).sortIndex;
        return s == null ? 0 : s;
    }

    private long codeNs(int code) {
        if (code < 0) return counters.ns[~code];
        int item = code >>> 1;
        return (code & 1) == 0 ? begin(item) : end(item);
    }

    /**
     * An item's begin in ns. Derived from the picture when asked rather than held: two longs per item are the
     * largest arrays a layout would keep (at 16 ranks of 100k tasks, 170 MB).
     */
    long begin(int item) {
        return item < slices ? ns(pic.sliceTs(item)) : ns(marks.ts(item - slices));
    }

    /** An item's end in ns: a negative duration counts as none, a mark is an instant. */
    long end(int item) {
        return item < slices ? begin(item) + Math.max(0, ns(pic.sliceDur(item))) : begin(item);
    }

    /** Lists the arrows that touch each event code (see {@link #attFlow}); counts the arrows that point back in time. */
    private void indexFlowEnds() {
        int flows = pic.flowCount();
        // a counting sort of the flow ends by event code, in place in attStart (no second array of that size)
        attStart = new int[items * 2 + 1];
        int reversed = 0;
        for (int f = 0; f < flows; f++) {
            int s = srcItem(f), d = dstItem(f);
            attStart[s * 2]++;
            attStart[d * 2 + 1]++;
            if (begin(d) < begin(s)) reversed++;
        }
        int acc = 0;
        for (int c = 0; c <= items * 2; c++) {
            int n = attStart[c];
            attStart[c] = acc;
            acc += n;
        }
        attFlow = new int[acc];
        // attStart[c] now serves as code c's fill cursor; afterwards it points at code c + 1's start
        for (int f = 0; f < flows; f++) {
            attFlow[attStart[srcItem(f) * 2]++] = f;
            attFlow[attStart[dstItem(f) * 2 + 1]++] = ~f;
        }
        for (int c = items * 2; c > 0; c--) attStart[c] = attStart[c - 1];
        attStart[0] = 0;
        report.reversedFlows = reversed;
    }

    /** The other event arrow entry {@code e} of {@link #attFlow} touches: the destination's end or the source's begin. */
    int otherEnd(int e) {
        return e >= 0 ? dstItem(e) * 2 + 1 : srcItem(~e) * 2;
    }

    private int srcItem(int f) {
        int s = pic.flowSrcSlice(f);
        return s >= 0 ? s : slices + marks.ofUnboundEnd(f, 0);
    }

    private int dstItem(int f) {
        int d = pic.flowDstSlice(f);
        return d >= 0 ? d : slices + marks.ofUnboundEnd(f, 1);
    }

    // ------------------------------------------------------------------ reading the layout

    public PerfettoProtoWriter.Report report() {
        return report;
    }

    /** Every track, by uuid (the order their descriptors are written in). */
    public List<PftraceTrack> tracks() {
        List<PftraceTrack> l = new ArrayList<>(tracks);
        l.sort((a, b) -> Long.compare(a.uuid, b.uuid));
        return l;
    }

    public PftraceTrack trackOfSlice(int slice) {
        return tracks.get(itemTrack[slice]);
    }

    public PftraceTrack trackOfMark(int mark) {
        return tracks.get(itemTrack[slices + mark]);
    }

    public int eventCount() {
        return order.length;
    }

    public EventType eventType(int k) {
        return order[k] < 0 ? EventType.COUNTER : (order[k] & 1) == 0 ? EventType.BEGIN : EventType.END;
    }

    /** The slice (below the picture's slice count) or mark (slice count + mark) a begin or end belongs to, or the counter value. */
    public int eventItem(int k) {
        return order[k] < 0 ? ~order[k] : order[k] >>> 1;
    }

    public PftraceTrack eventTrack(int k) {
        return tracks.get(order[k] < 0 ? counters.track[~order[k]] : itemTrack[order[k] >>> 1]);
    }

    /** The event's time in ns. */
    public long eventNs(int k) {
        return codeNs(order[k]);
    }

    /**
     * The arrows whose id event {@code k} carries: f when it starts there, ~f when it terminates there; the starts
     * first, each kind in flow order, as the encoder writes them.
     */
    public int[] eventArrows(int k) {
        int code = order[k];
        if (code < 0) return new int[0];
        FlowEnds ends = new FlowEnds(this);
        for (int i = 0; i < k; i++) if (order[i] >= 0) ends.written(order[i]);
        ends.at(code);
        int[] out = Arrays.copyOf(ends.starts, ends.startCount + ends.terminationCount);
        for (int i = 0; i < ends.terminationCount; i++) out[ends.startCount + i] = ~ends.terminations[i];
        return out;
    }
}
