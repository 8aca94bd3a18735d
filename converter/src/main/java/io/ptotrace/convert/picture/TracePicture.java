package io.ptotrace.convert.picture;

import io.ptotrace.inspect.JsonEventCheck;
import io.ptotrace.model.util.PagedColumns;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a trace shows, independent of the file format: track declarations, slices, counter samples,
 * arrows and the marks on arrows a reader could miss, in emission order, held in columns. What a slice or
 * sample says (name, category, colour, args) comes from its {@link SliceKind} / {@link CounterKind}, which
 * the picture owns. Writers (JSON, protobuf) and {@code inspect} only read it.
 *
 * <p>A picture only grows: an element, once added, never changes, so tools that mark things in a trace add
 * an {@link Overlay} to the picture the rules built.
 *
 * <p>Every arrow end names the slice it belongs to ({@code -1} when no slice encloses it); whether the Chrome
 * JSON carries an explicit {@code bind_id} for that end is a separate flag, so the JSON trace stays what the
 * reference tool writes.
 */
public final class TracePicture {
    private final List<MetaEvent> declarations = new ArrayList<>();
    /** Process and thread declarations (names, sort indexes), in order. */
    public final List<MetaEvent> meta = Collections.unmodifiableList(declarations);

    private Map<String, Object> topLevelMetadata;

    private final Kinds<SliceKind> sliceKinds = new Kinds<>();
    private final Kinds<CounterKind> counterKinds = new Kinds<>();

    // slices
    private int slices, nextJsonId;
    private final PagedColumns.Ints sPid = new PagedColumns.Ints(),
            sTid = new PagedColumns.Ints(),
            sJsonId = new PagedColumns.Ints(),
            sRef = new PagedColumns.Ints();
    private final PagedColumns.Bytes sKind = new PagedColumns.Bytes();
    private final PagedColumns.Doubles sTs = new PagedColumns.Doubles(), sDur = new PagedColumns.Doubles();

    // counters
    private int counters;
    private final PagedColumns.Ints cPid = new PagedColumns.Ints(),
            cTid = new PagedColumns.Ints(),
            cRef = new PagedColumns.Ints();
    private final PagedColumns.Bytes cKind = new PagedColumns.Bytes();
    private final PagedColumns.Doubles cTs = new PagedColumns.Doubles();

    // flows: 30 bytes each. An end bound to a slice takes that slice's pid/tid; only unbound ends keep
    // their own (a few per run), in a side table.
    private int flows;
    private final PagedColumns.Bytes fKind = new PagedColumns.Bytes(), fBindFlags = new PagedColumns.Bytes();
    private final PagedColumns.Ints fSrcSlice = new PagedColumns.Ints(),
            fDstSlice = new PagedColumns.Ints(),
            fCounts = new PagedColumns.Ints();
    private final HashMap<Long, int[]> unboundEnds = new HashMap<>();
    private final PagedColumns.Doubles fSrcTs = new PagedColumns.Doubles(), fDstTs = new PagedColumns.Doubles();
    /** Task counts that do not fit 16 bits each (a task with more than 65535 inputs or outputs), by flow. */
    private final HashMap<Integer, int[]> wideCounts = new HashMap<>();
    /** Names of overlay arrows, by flow. */
    private final HashMap<Integer, String> overlayArrowNames = new HashMap<>();

    private static final byte SRC_BIND = 1,
            DST_BIND = 2,
            HAS_COUNTS = 4,
            SRC_OWN = 8,
            DST_OWN = 16,
            WIDE_COUNTS = 32,
            BACKWARD = 64;
    private static final FlowKind[] KINDS = FlowKind.values();

    private final ArrowMarks marks = new ArrowMarks(this);
    /** Where this picture's numbering of arrows starts: a part of a larger trace continues the one before it. */
    private final int flowIdBase;

    private final List<ProcessTag> tags = new ArrayList<>();
    private ProcessTag lastTag;
    private final Map<String, Overlay> overlays = new LinkedHashMap<>();

    public TracePicture() {
        this(0, 0);
    }

    /**
     * A picture that is one part of a trace written part by part: its slices' Chrome ids start at {@code jsonIdBase}
     * and its arrows' ids at {@code flowIdBase}, so the parts together number them as one picture of all of them would.
     */
    public TracePicture(int jsonIdBase, int flowIdBase) {
        this.nextJsonId = jsonIdBase;
        this.flowIdBase = flowIdBase;
    }

    // ------------------------------------------------------------------ declarations

    public void declare(MetaEvent m) {
        declarations.add(m);
    }

    /** Written as the trace's top-level "metadata" (host-mode captures), or null. */
    public Map<String, Object> topLevelMetadata() {
        return topLevelMetadata;
    }

    public void setTopLevelMetadata(Map<String, Object> m) {
        topLevelMetadata = m;
    }

    // ------------------------------------------------------------------ slices

    /**
     * Adds a slice of {@code kind} (which renders it from {@code ref}); {@code withJsonId} gives it the next
     * Chrome "id" (arrows bind to slices by it). Returns its index.
     */
    public int addSlice(SliceKind kind, int ref, int pid, int tid, double ts, double dur, boolean withJsonId) {
        int i = slices++;
        sPid.set(i, pid);
        sTid.set(i, tid);
        sTs.set(i, ts);
        sDur.set(i, dur);
        sJsonId.set(i, withJsonId ? nextJsonId++ : -1);
        sKind.set(i, sliceKinds.id(kind));
        sRef.set(i, ref);
        return i;
    }

    public int sliceCount() {
        return slices;
    }

    public int slicePid(int i) {
        return sPid.at(i);
    }

    public int sliceTid(int i) {
        return sTid.at(i);
    }

    public double sliceTs(int i) {
        return sTs.at(i);
    }

    public double sliceDur(int i) {
        return sDur.at(i);
    }

    /** The slice's Chrome "id", or −1 for none. */
    public int sliceJsonId(int i) {
        return sJsonId.at(i);
    }

    public SliceKind sliceKind(int i) {
        return sliceKinds.get(sKind.at(i));
    }

    public int sliceRef(int i) {
        return sRef.at(i);
    }

    public String sliceName(int i) {
        return sliceKind(i).name(sliceRef(i));
    }

    public String sliceCategory(int i) {
        return sliceKind(i).category(sliceRef(i));
    }

    /** Colour name, or null. */
    public String sliceColor(int i) {
        return sliceKind(i).color(sliceRef(i));
    }

    /** The slice's args: its kind's, its {@link #note notes}, then its process's {@link ProcessTag tag}, if any. */
    public void sliceArgs(int i, ArgSink sink) {
        sliceKind(i).args(sliceRef(i), sink);
        noteArgs(i, sink);
        tagArgs(slicePid(i), sink);
    }

    public void sliceArgs(int i, ArgSet set, ArgSink sink) {
        sliceKind(i).args(sliceRef(i), set, sink);
        noteArgs(i, sink);
        tagArgs(slicePid(i), sink);
    }

    /** Numeric args added to single slices after they were drawn, by slice: {key, value, key, value, …}. */
    private final HashMap<Integer, Object[]> notes = new HashMap<>();

    /**
     * Adds args to slice {@code i} after its kind's (a tool that compares runs puts each task's change on its
     * slice). Values are strings or doubles. Only the .pftrace writer shows them; the Chrome JSON writer renders a
     * slice's kind alone.
     */
    public void note(int i, String key, Object value) {
        if (!(value instanceof String) && !(value instanceof Double))
            throw new IllegalArgumentException("a note is a string or a double");
        Object[] old = notes.get(i);
        Object[] kv = old == null ? new Object[2] : java.util.Arrays.copyOf(old, old.length + 2);
        kv[kv.length - 2] = key;
        kv[kv.length - 1] = value;
        notes.put(i, kv);
    }

    private void noteArgs(int i, ArgSink sink) {
        if (notes.isEmpty()) return;
        Object[] kv = notes.get(i);
        if (kv == null) return;
        for (int k = 0; k < kv.length; k += 2)
            if (kv[k + 1] instanceof String) sink.str((String) kv[k], (String) kv[k + 1]);
            else sink.dbl((String) kv[k], (Double) kv[k + 1]);
    }

    /**
     * The slice's args ({@link #sliceArgs(int, ArgSink)}) as a map in their order, numbers boxed: for reading a
     * few slices (tests, small overlays), never for a whole picture.
     */
    public Map<String, Object> sliceArgMap(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        sliceArgs(i, new ArgSink() {
            @Override
            public void str(String k, String v) {
                m.put(k, v);
            }

            @Override
            public void dbl(String k, double v) {
                m.put(k, v);
            }

            @Override
            public void i64(String k, long v) {
                m.put(k, v);
            }

            @Override
            public void u64(String k, long v) {
                m.put(k, v);
            }

            @Override
            public void bool(String k, boolean v) {
                m.put(k, v);
            }

            @Override
            public void nul(String k) {
                m.put(k, null);
            }

            @Override
            public void raw(String k, Object v) {
                m.put(k, v);
            }
        });
        return m;
    }

    // ------------------------------------------------------------------ counters

    public int addCounter(CounterKind kind, int ref, int pid, int tid, double ts) {
        int i = counters++;
        cPid.set(i, pid);
        cTid.set(i, tid);
        cTs.set(i, ts);
        cKind.set(i, counterKinds.id(kind));
        cRef.set(i, ref);
        return i;
    }

    public int counterCount() {
        return counters;
    }

    public int counterPid(int i) {
        return cPid.at(i);
    }

    public int counterTid(int i) {
        return cTid.at(i);
    }

    public double counterTs(int i) {
        return cTs.at(i);
    }

    public CounterKind counterKind(int i) {
        return counterKinds.get(cKind.at(i));
    }

    /** What the sample's kind renders it from. */
    public int counterRef(int i) {
        return cRef.at(i);
    }

    public String counterName(int i) {
        return counterKind(i).name(cRef.at(i));
    }

    public String counterCategory(int i) {
        return counterKind(i).category(cRef.at(i));
    }

    public void counterArgs(int i, ArgSink sink) {
        counterKind(i).args(cRef.at(i), sink);
    }

    // ------------------------------------------------------------------ flows

    /**
     * Adds an arrow. {@code srcSlice}/{@code dstSlice} are the slices the ends belong to (−1 unknown);
     * {@code srcBind}/{@code dstBind} say whether the Chrome JSON writes {@code bind_id} for that end.
     * {@code inCount}/{@code outCount} are the dependency task counts, or −1 for other kinds. The arrow
     * gets its {@link ArrowMarks marks} here.
     */
    public int addFlow(
            FlowKind kind,
            int srcPid,
            int srcTid,
            double srcTs,
            int srcSlice,
            boolean srcBind,
            int dstPid,
            int dstTid,
            double dstTs,
            int dstSlice,
            boolean dstBind,
            int inCount,
            int outCount) {
        int i = flows++;
        fKind.set(i, (byte) kind.ordinal());
        boolean srcOwn = srcSlice < 0 || slicePid(srcSlice) != srcPid || sliceTid(srcSlice) != srcTid;
        boolean dstOwn = dstSlice < 0 || slicePid(dstSlice) != dstPid || sliceTid(dstSlice) != dstTid;
        boolean wide = inCount > 0xFFFF || outCount > 0xFFFF;
        boolean backward = JsonEventCheck.endsBeforeStart(srcTs, dstTs);
        fBindFlags.set(i, (byte) ((srcBind && srcSlice >= 0 ? SRC_BIND : 0)
                | (dstBind && dstSlice >= 0 ? DST_BIND : 0)
                | (inCount >= 0 ? HAS_COUNTS : 0)
                | (srcOwn ? SRC_OWN : 0)
                | (dstOwn ? DST_OWN : 0)
                | (wide ? WIDE_COUNTS : 0)
                | (backward ? BACKWARD : 0)));
        fSrcTs.set(i, srcTs);
        fSrcSlice.set(i, srcSlice);
        fDstTs.set(i, dstTs);
        fDstSlice.set(i, dstSlice);
        if (srcOwn) unboundEnds.put(2L * i, new int[] {srcPid, srcTid});
        if (dstOwn) unboundEnds.put(2L * i + 1, new int[] {dstPid, dstTid});
        fCounts.set(i, inCount >= 0 && !wide ? inCount << 16 | outCount : 0);
        if (wide) wideCounts.put(i, new int[] {inCount, outCount});
        marks.markArrow(i, kind, srcSlice, dstSlice, dstTs, backward);
        return i;
    }

    int addOverlayFlow(String name, int src, double srcTs, int dst, double dstTs) {
        int f = flows; // named before it is marked: a mark's name is its arrow's
        overlayArrowNames.put(f, name);
        return addFlow(
                FlowKind.OVERLAY,
                slicePid(src),
                sliceTid(src),
                srcTs,
                src,
                sliceJsonId(src) >= 0,
                slicePid(dst),
                sliceTid(dst),
                dstTs,
                dst,
                sliceJsonId(dst) >= 0,
                -1,
                -1);
    }

    public int flowCount() {
        return flows;
    }

    /** The id arrow {@code i} is written with (its JSON "id"; the .pftrace's flow id is made from it). */
    public int flowId(int i) {
        return flowIdBase + i;
    }

    /** The Chrome id the next slice with one would get: where a following part's numbering starts. */
    public int nextJsonId() {
        return nextJsonId;
    }

    public FlowKind flowKind(int i) {
        return KINDS[fKind.at(i)];
    }

    /** The arrow's name: its kind's, or for an overlay arrow the overlay's. */
    public String flowName(int i) {
        FlowKind k = flowKind(i);
        return k == FlowKind.OVERLAY ? overlayArrowNames.get(i) : k.eventName;
    }

    /**
     * Whether end {@code end} (0 the source, 1 the destination) of flow {@code i} lies at a pid/tid of its own: it has
     * no slice, or its slice is on another lane. Otherwise it is on its slice's lane.
     */
    public boolean flowEndHasOwnLane(int i, int end) {
        return (fBindFlags.at(i) & (end == 0 ? SRC_OWN : DST_OWN)) != 0;
    }

    /** The pid/tid an end keeps for itself (flagged, so the common bound end costs no lookup), or null. */
    private int[] ownEnd(int i, int end) {
        return flowEndHasOwnLane(i, end) ? unboundEnds.get(2L * i + end) : null;
    }

    public int flowSrcPid(int i) {
        int[] own = ownEnd(i, 0);
        return own != null ? own[0] : slicePid(fSrcSlice.at(i));
    }

    public int flowSrcTid(int i) {
        int[] own = ownEnd(i, 0);
        return own != null ? own[1] : sliceTid(fSrcSlice.at(i));
    }

    public double flowSrcTs(int i) {
        return fSrcTs.at(i);
    }

    public int flowSrcSlice(int i) {
        return fSrcSlice.at(i);
    }

    public boolean flowSrcJsonBind(int i) {
        return (fBindFlags.at(i) & SRC_BIND) != 0;
    }

    public int flowDstPid(int i) {
        int[] own = ownEnd(i, 1);
        return own != null ? own[0] : slicePid(fDstSlice.at(i));
    }

    public int flowDstTid(int i) {
        int[] own = ownEnd(i, 1);
        return own != null ? own[1] : sliceTid(fDstSlice.at(i));
    }

    public double flowDstTs(int i) {
        return fDstTs.at(i);
    }

    public int flowDstSlice(int i) {
        return fDstSlice.at(i);
    }

    public boolean flowDstJsonBind(int i) {
        return (fBindFlags.at(i) & DST_BIND) != 0;
    }

    /** True when the arrow ends earlier than it starts as Perfetto reads the Chrome JSON (which cannot show it). */
    public boolean flowBackward(int i) {
        return (fBindFlags.at(i) & BACKWARD) != 0;
    }

    /** True for dependency arrows, which carry input/output task counts. */
    public boolean flowHasCounts(int i) {
        return (fBindFlags.at(i) & HAS_COUNTS) != 0;
    }

    /** Input task count of a dependency arrow, or −1. Counts live in 16 bits each; the rare larger ones in a side table. */
    public int flowInputTaskCount(int i) {
        return !flowHasCounts(i) ? -1 : wide(i) ? wideCounts.get(i)[0] : fCounts.at(i) >>> 16;
    }

    public int flowOutputTaskCount(int i) {
        return !flowHasCounts(i) ? -1 : wide(i) ? wideCounts.get(i)[1] : fCounts.at(i) & 0xFFFF;
    }

    private boolean wide(int i) {
        return (fBindFlags.at(i) & WIDE_COUNTS) != 0;
    }

    // ------------------------------------------------------------------ process tags

    /** Gives every slice and arrow end of the tag's processes its args (the pid ranges of tags do not overlap). */
    public void addProcessTag(ProcessTag t) {
        for (ProcessTag o : tags)
            if (t.fromPid < o.toPid && o.fromPid < t.toPid) throw new IllegalArgumentException(t + " overlaps " + o);
        tags.add(t);
    }

    /** Every process tag, in the order added. */
    public List<ProcessTag> processTags() {
        return java.util.Collections.unmodifiableList(tags);
    }

    /** The tag of a process, or null. */
    public ProcessTag processTag(int pid) {
        if (tags.isEmpty()) return null;
        ProcessTag last = lastTag;
        if (last != null && last.covers(pid)) return last;
        for (ProcessTag t : tags) if (t.covers(pid)) return lastTag = t;
        return null;
    }

    /** Appends the args of {@code pid}'s tag, if it has one. */
    public void tagArgs(int pid, ArgSink sink) {
        ProcessTag t = processTag(pid);
        if (t != null) t.args(sink);
    }

    // ------------------------------------------------------------------ marks and overlays

    public ArrowMarks marks() {
        return marks;
    }

    /** The overlay of {@code category}, created empty on first use. */
    public Overlay overlay(String category) {
        return overlays.computeIfAbsent(category, c -> new Overlay(this, c));
    }

    /** The overlays added so far, in the order they were first asked for. */
    public List<Overlay> overlays() {
        return List.copyOf(overlays.values());
    }

    /** The kinds of a picture, numbered in order of first use (at most 256 of each). */
    private static final class Kinds<K> {
        private final List<K> list = new ArrayList<>();
        private final Map<K, Byte> ids = new IdentityHashMap<>();
        private K last;
        private byte lastId;

        byte id(K k) {
            if (k == last) return lastId;
            Byte id = ids.get(k);
            if (id == null) {
                if (list.size() == 256) throw new IllegalStateException("more than 256 kinds in one picture");
                id = (byte) list.size();
                list.add(k);
                ids.put(k, id);
            }
            last = k;
            lastId = id;
            return id;
        }

        K get(byte id) {
            return list.get(id & 0xFF);
        }
    }
}
