package io.ptotrace.convert.pftrace;

import com.google.protobuf.CodedOutputStream;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceContent;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.IntList;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.proto.CounterDescriptor;
import io.ptotrace.proto.DebugAnnotation;
import io.ptotrace.proto.InternedData;
import io.ptotrace.proto.ProcessDescriptor;
import io.ptotrace.proto.ThreadDescriptor;
import io.ptotrace.proto.Trace;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import io.ptotrace.proto.TracePacket;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders a {@link TracePicture} as a native Perfetto protobuf trace ({@code .pftrace}), streamed: every
 * TracePacket is written as one length-delimited field 1 of {@code Trace} as soon as it is encoded.
 *
 * <p>Layout: one process track per pid (ProcessDescriptor; the last process_name wins), one thread track
 * per (pid, tid) used by a slice, a flow end or thread metadata (ThreadDescriptor with the real pid and
 * tid: the trace processor keys threads by (tid, pid), so tid 10000 in pid 3 and in pid 4 stay two
 * threads), counter tracks per (pid, tid, counter name, arg key) parented to the process, children
 * ordered EXPLICIT by sort index then tid. Slices are SLICE_BEGIN/SLICE_END pairs emitted per track in
 * nesting order (a slice that overlaps an earlier one on its lane without nesting moves to a child
 * "overflow" track); all events are merged in timestamp order (µs × 1000, rounded, default clock).
 * Names, categories and annotation names are interned. Arrows and hb_violations: see
 * {@link PftraceConventions}.
 */
public final class PerfettoProtoWriter {
    private PerfettoProtoWriter() {}

    /** What the writer did beyond a 1:1 rendering; see {@link #plan(TracePicture)}. */
    public static final class Report {
        public int slices, markerSlices, hbMarkers, unboundEndMarkers, backwardMarkers;
        public int overflowSlices, overflowTracks, negativeDurations;
        public int flows, swappedFlows, reversedFlows;
        public int counterValues, skippedCounterValues;
        public long packets, bytes;
        /** A few "pid/tid ts: name" of slices moved to an overflow track. */
        public final List<String> overflowExamples = new ArrayList<>();

        @Override
        public String toString() {
            return "slices=" + slices + " markers=" + markerSlices + " (hb=" + hbMarkers + " unbound=" + unboundEndMarkers
                + " backward=" + backwardMarkers + ") overflowSlices=" + overflowSlices + " overflowTracks=" + overflowTracks
                + " negativeDurations=" + negativeDurations + " flows=" + flows + " swapped=" + swappedFlows
                + " reversed=" + reversedFlows + " counterValues=" + counterValues + " packets=" + packets + " bytes=" + bytes;
        }
    }

    /** Writes the trace; the stream is flushed, not closed. */
    public static Report write(TracePicture pic, OutputStream out) throws IOException {
        Plan plan = new Plan(pic);
        plan.layout();
        try {
            new Emitter(plan, out).emit();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return plan.report;
    }

    /** Lays the trace out without writing it: overflow moves, markers, swapped arrows. */
    public static Report plan(TracePicture pic) {
        Plan plan = new Plan(pic);
        plan.layout();
        return plan.report;
    }

    static long ns(double us) { return Math.round(us * 1000.0); }

    static long laneKey(int pid, int tid) { return ((long) pid << 32) | (tid & 0xFFFFFFFFL); }

    // ====================================================================== plan

    static final int T_PROCESS = 0, T_THREAD = 1, T_OVERFLOW = 2, T_MARKERS = 3, T_COUNTER = 4;
    static final byte M_HB = 0, M_UNBOUND_SRC = 1, M_UNBOUND_DST = 2, M_BACKWARD = 3;

    static final class Track {
        final int kind, pid, tid;
        String name;
        long uuid, parentUuid;
        int rank;
        boolean hasChildren;
        int idx = -1;
        IntList stream = new IntList(16); // dropped once merged into the plan's order
        int head;
        // lane only
        Integer sortIndex;
        final List<Track> overflow = new ArrayList<>();
        Track markers;

        Track(int kind, int pid, int tid, String name) { this.kind = kind; this.pid = pid; this.tid = tid; this.name = name; }
    }

    /** A direct-mapped cache of recently used strings and their iids (a collision evicts). */
    static final class StringCache {
        final String[] key;
        final long[] iid;
        final int mask;

        StringCache(int size) {
            key = new String[size];
            iid = new long[size];
            mask = size - 1;
        }

        private int index(String s) {
            int h = s.hashCode();
            return (h ^ (h >>> 16)) & mask;
        }

        /** The slot holding {@code s}, or −1. */
        int slot(String s) {
            int i = index(s);
            String k = key[i];
            return k != null && (k == s || k.equals(s)) ? i : -1;
        }

        void put(String s, long v) {
            int i = index(s);
            key[i] = s;
            iid[i] = v;
        }
    }

    static final class IntStack {
        int[] a = new int[16];
        int size;

        void add(int v) {
            if (size == a.length) a = java.util.Arrays.copyOf(a, size * 2);
            a[size++] = v;
        }

        int top() { return a[size - 1]; }

        int pop() { return a[--size]; }
    }

    static final class Plan {
        final TracePicture pic;
        final SliceContent content;
        final Report report = new Report();

        final List<Track> tracks = new ArrayList<>();
        final Map<Integer, Track> processes = new TreeMap<>();
        final Map<Integer, String> processNames = new HashMap<>();
        final Map<Integer, Integer> processSort = new HashMap<>();
        final LongIntMap laneIndex = new LongIntMap(64);
        final List<Track> lanes = new ArrayList<>();

        int slices, items;
        long[] begin, end;
        int[] itemTrack;
        // markers (item = slices + m)
        int markers;
        int[] mFlow = new int[16];
        byte[] mType = new byte[16];
        int[] mLane = new int[16];
        long[] mNs = new long[16];
        /** Marker of each unbound arrow end, by flow index (unbound ends are few). */
        final io.ptotrace.model.util.LongIntMap srcMarker = new io.ptotrace.model.util.LongIntMap(64),
            dstMarker = new io.ptotrace.model.util.LongIntMap(64);

        // counter values
        int cvCount;
        int[] cvTrack = new int[64];
        long[] cvNs = new long[64];
        double[] cvVal = new double[64];

        // merged order and attachments
        int[] order;
        int[] seqOfCode;
        int[] attStart;
        int[] attFlow;       // flow index f (starts here) or ~f (terminates here)

        Plan(TracePicture pic) {
            this.pic = pic;
            this.content = pic.content();
        }

        Track process(int pid) {
            return processes.computeIfAbsent(pid, p -> {
                Track t = new Track(T_PROCESS, p, -1, null);
                t.hasChildren = true;
                return t;
            });
        }

        int lane(int pid, int tid) {
            long k = laneKey(pid, tid);
            int i = laneIndex.get(k);
            if (i >= 0) return i;
            process(pid);
            Track t = new Track(T_THREAD, pid, tid, null);
            lanes.add(t);
            laneIndex.put(k, lanes.size() - 1);
            return lanes.size() - 1;
        }

        void layout() {
            TracePicture p = pic;
            // ---- declarations
            for (MetaEvent m : p.meta) {
                switch (m.kind) {
                    case PROCESS_NAME: process(m.pid); processNames.put(m.pid, m.name); break;
                    case PROCESS_SORT_INDEX: process(m.pid); processSort.put(m.pid, m.sortIndex); break;
                    case THREAD_NAME: lanes.get(lane(m.pid, m.tid)).name = m.name; break;
                    case THREAD_SORT_INDEX: lanes.get(lane(m.pid, m.tid)).sortIndex = m.sortIndex; break;
                    default: break;
                }
            }
            slices = p.sliceCount();
            int[] sliceLane = new int[slices];
            for (int i = 0; i < slices; i++) sliceLane[i] = lane(p.slicePid(i), p.sliceTid(i));
            int flows = p.flowCount();
            for (int f = 0; f < flows; f++) {
                int sl = lane(p.flowSrcPid(f), p.flowSrcTid(f));
                int dl = lane(p.flowDstPid(f), p.flowDstTid(f));
                if (p.flowSrcSlice(f) < 0) srcMarker.put(f, addMarker(f, M_UNBOUND_SRC, sl, ns(p.flowSrcTs(f))));
                if (p.flowDstSlice(f) < 0) dstMarker.put(f, addMarker(f, M_UNBOUND_DST, dl, ns(p.flowDstTs(f))));
                if (p.flowKind(f) == FlowKind.HB_VIOLATION) addMarker(f, M_HB, dl, ns(p.flowDstTs(f)));
                else if (p.flowDstTs(f) < p.flowSrcTs(f)) addMarker(f, M_BACKWARD, dl, ns(p.flowDstTs(f)));
            }
            for (int c = 0; c < p.counterCount(); c++) process(p.counterPid(c));
            items = slices + markers;
            begin = new long[items];
            end = new long[items];
            itemTrack = new int[items];
            for (int i = 0; i < slices; i++) {
                long b = ns(p.sliceTs(i));
                long d = ns(p.sliceDur(i));
                if (!(d >= 0)) { d = 0; report.negativeDurations++; }
                begin[i] = b;
                end[i] = b + d;
            }
            for (int m = 0; m < markers; m++) { begin[slices + m] = mNs[m]; end[slices + m] = mNs[m]; }
            report.slices = slices;
            report.markerSlices = markers;
            report.flows = flows;

            buildLaneStreams(sliceLane);
            sliceLane = null; // a slice's lane is in itemTrack from here on; at 1M tasks this is ~27 MB
            buildMarkerStreams();
            buildCounters();
            orderTracks();
            merge();
            for (Track t : tracks) t.stream = null; // the merged order replaces them
            attachFlows();
            seqOfCode = null; // only needed to attach the flows
        }

        private int addMarker(int flow, byte type, int lane, long ts) {
            if (markers == mFlow.length) {
                int n = markers * 2;
                mFlow = java.util.Arrays.copyOf(mFlow, n); mType = java.util.Arrays.copyOf(mType, n);
                mLane = java.util.Arrays.copyOf(mLane, n); mNs = java.util.Arrays.copyOf(mNs, n);
            }
            mFlow[markers] = flow; mType[markers] = type; mLane[markers] = lane; mNs[markers] = ts;
            switch (type) {
                case M_HB: report.hbMarkers++; break;
                case M_BACKWARD: report.backwardMarkers++; break;
                default: report.unboundEndMarkers++;
            }
            return markers++;
        }

        /** Nesting walk per lane; a slice that would overlap without nesting goes to the first overflow lane that takes it. */
        private void buildLaneStreams(int[] sliceLane) {
            // by (lane, begin, longest first), ties by slice index
            int[] ix = IndexSort.groupedSort(slices, lanes.size(), s -> sliceLane[s],
                (a, b) -> begin[a] != begin[b] ? Long.compare(begin[a], begin[b]) : Long.compare(end[b], end[a]));
            List<IntStack> stacks = new ArrayList<>();
            int i = 0;
            while (i < slices) {
                int laneIdx = sliceLane[ix[i]];
                Track base = lanes.get(laneIdx);
                int j = i;
                while (j < slices && sliceLane[ix[j]] == laneIdx) j++;
                for (IntStack s : stacks) s.size = 0;
                for (int k = i; k < j; k++) {
                    int x = ix[k];
                    int sub = 0;
                    while (true) {
                        if (sub == stacks.size()) stacks.add(new IntStack());
                        Track t = sub == 0 ? base : overflowTrack(base, sub);
                        IntStack st = stacks.get(sub);
                        while (st.size > 0 && end[st.top()] <= begin[x]) t.stream.add(st.pop() * 2 + 1);
                        if (st.size == 0 || end[x] <= end[st.top()]) {
                            itemTrack[x] = trackId(t);
                            t.stream.add(x * 2);
                            if (end[x] == begin[x]) t.stream.add(x * 2 + 1);
                            else st.add(x);
                            if (sub > 0) {
                                report.overflowSlices++;
                                if (report.overflowExamples.size() < 5) {
                                    report.overflowExamples.add(base.pid + "/" + base.tid + " ts " + pic.sliceTs(x) + "us: "
                                        + content.sliceName(x));
                                }
                            }
                            break;
                        }
                        sub++;
                    }
                }
                for (int sub = 0; sub < stacks.size(); sub++) {
                    IntStack st = stacks.get(sub);
                    if (st.size == 0) continue;
                    Track t = sub == 0 ? base : overflowTrack(base, sub);
                    while (st.size > 0) t.stream.add(st.pop() * 2 + 1);
                }
                i = j;
            }
        }

        private int trackId(Track t) {
            if (t.idx >= 0) return t.idx;
            tracks.add(t);
            t.idx = tracks.size() - 1;
            return t.idx;
        }

        private Track overflowTrack(Track base, int sub) {
            while (base.overflow.size() < sub) {
                Track o = new Track(T_OVERFLOW, base.pid, base.tid, null);
                base.overflow.add(o);
                base.hasChildren = true;
                report.overflowTracks++;
            }
            return base.overflow.get(sub - 1);
        }

        private void buildMarkerStreams() {
            if (markers == 0) return;
            int[] ix = IndexSort.identity(markers);
            IndexSort.stableSort(ix, (a, b) -> mLane[a] != mLane[b] ? Integer.compare(mLane[a], mLane[b]) : Long.compare(mNs[a], mNs[b]));
            for (int m : ix) {
                Track lane = lanes.get(mLane[m]);
                if (lane.markers == null) {
                    lane.markers = new Track(T_MARKERS, lane.pid, lane.tid, PftraceConventions.MARKER_TRACK_NAME);
                    lane.hasChildren = true;
                }
                int item = slices + m;
                itemTrack[item] = trackId(lane.markers);
                lane.markers.stream.add(item * 2);
                lane.markers.stream.add(item * 2 + 1);
            }
        }

        final Map<String, Track> counterTracks = new LinkedHashMap<>();
        final Map<Track, Integer> counterTrackTid = new HashMap<>();

        private void buildCounters() {
            int n = pic.counterCount();
            if (n == 0) return;
            final int[] cur = new int[1];
            ArgSink sink = new ArgSink() {
                @Override public void str(String key, String value) {
                    try { add(key, Double.parseDouble(value)); } catch (NumberFormatException e) { report.skippedCounterValues++; }
                }
                @Override public void dbl(String key, double value) { add(key, value); }
                @Override public void i64(String key, long value) { add(key, value); }
                @Override public void u64(String key, long value) { add(key, value >= 0 ? value : value + 0x1p64); }
                @Override public void bool(String key, boolean value) { add(key, value ? 1 : 0); }
                @Override public void nul(String key) { report.skippedCounterValues++; }
                @Override public void raw(String key, Object v) {
                    if (v instanceof Number) add(key, ((Number) v).doubleValue());
                    else if (v instanceof Boolean) add(key, (Boolean) v ? 1 : 0);
                    else if (v instanceof String) str(key, (String) v);
                    else report.skippedCounterValues++;
                }
                private void add(String key, double value) {
                    int c = cur[0];
                    int pid = pic.counterPid(c), tid = pic.counterTid(c);
                    String name = content.counterName(c);
                    String k = pid + "\u0000" + tid + "\u0000" + name + "\u0000" + key;
                    Track t = counterTracks.get(k);
                    if (t == null) {
                        t = new Track(T_COUNTER, pid, tid, name + " " + key);
                        counterTracks.put(k, t);
                    }
                    if (cvCount == cvTrack.length) {
                        int m = cvCount * 2;
                        cvTrack = java.util.Arrays.copyOf(cvTrack, m); cvNs = java.util.Arrays.copyOf(cvNs, m);
                        cvVal = java.util.Arrays.copyOf(cvVal, m);
                    }
                    cvTrack[cvCount] = trackId(t);
                    cvNs[cvCount] = ns(pic.counterTs(c));
                    cvVal[cvCount] = value;
                    cvCount++;
                }
            };
            for (int c = 0; c < n; c++) {
                cur[0] = c;
                content.counterArgs(c, sink);
            }
            report.counterValues = cvCount;
            // exact sizes from here on: the doubling left up to half of each array unused
            cvTrack = java.util.Arrays.copyOf(cvTrack, cvCount);
            cvNs = java.util.Arrays.copyOf(cvNs, cvCount);
            cvVal = java.util.Arrays.copyOf(cvVal, cvCount);
            int[] ix = IndexSort.groupedSort(cvCount, tracks.size(), v -> cvTrack[v], (a, b) -> Long.compare(cvNs[a], cvNs[b]));
            for (int v : ix) tracks.get(cvTrack[v]).stream.add(~v);
        }

        /** uuids and sibling ranks: processes by sort index, then per process thread lanes and counters. */
        private void orderTracks() {
            for (Track l : lanes) trackId(l);
            List<Track> procs = new ArrayList<>(processes.values());
            procs.sort((a, b) -> {
                int ka = processSort.getOrDefault(a.pid, a.pid), kb = processSort.getOrDefault(b.pid, b.pid);
                return ka != kb ? Integer.compare(ka, kb) : Integer.compare(a.pid, b.pid);
            });
            long uuid = 1;
            int rank = 0;
            for (Track pt : procs) {
                pt.uuid = uuid++;
                pt.rank = rank++;
                pt.name = processNames.get(pt.pid);
                trackId(pt);
            }
            Map<Integer, List<Track>> children = new HashMap<>();
            for (Track l : lanes) children.computeIfAbsent(l.pid, k -> new ArrayList<>()).add(l);
            for (Track c : counterTracks.values()) children.computeIfAbsent(c.pid, k -> new ArrayList<>()).add(c);
            for (Track pt : procs) {
                List<Track> ch = children.getOrDefault(pt.pid, Collections.emptyList());
                ch.sort((a, b) -> {
                    int sa = sortOf(a), sb = sortOf(b);
                    if (sa != sb) return Integer.compare(sa, sb);
                    int ka = a.kind == T_COUNTER ? 1 : 0, kb = b.kind == T_COUNTER ? 1 : 0;
                    if (ka != kb) return Integer.compare(ka, kb);
                    if (a.tid != b.tid) return Integer.compare(a.tid, b.tid);
                    return String.valueOf(a.name).compareTo(String.valueOf(b.name));
                });
                int r = 0;
                for (Track c : ch) {
                    c.uuid = uuid++;
                    c.parentUuid = pt.uuid;
                    c.rank = r++;
                    int k = 1;
                    for (Track o : c.overflow) {
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
        }

        private int sortOf(Track t) {
            Integer s = null;
            int li = laneIndex.get(laneKey(t.pid, t.tid));
            if (li >= 0) s = lanes.get(li).sortIndex;
            return s == null ? 0 : s;
        }

        long codeNs(int code) {
            if (code < 0) return cvNs[~code];
            int item = code >>> 1;
            return (code & 1) == 0 ? begin[item] : end[item];
        }

        static int codeRank(int code) { return code < 0 ? 1 : (code & 1) == 0 ? 0 : 2; }

        /** k-way merge of the per-track streams by (ts, begin < counter < end, track); keys held in primitive heap arrays. */
        private void merge() {
            int total = 0;
            List<Track> live = new ArrayList<>();
            for (Track t : tracks) {
                t.stream.trimToSize(); // before the merged order is allocated: lowers the peak
                total += t.stream.size();
                t.head = 0;
                if (t.stream.size() > 0) live.add(t);
            }
            order = new int[total];
            seqOfCode = new int[items * 2];
            int n = live.size();
            Track[] ht = live.toArray(new Track[0]);
            long[] hts = new long[n];
            int[] hrk = new int[n];
            for (int i = 0; i < n; i++) { int c = ht[i].stream.get(0); hts[i] = codeNs(c); hrk[i] = (codeRank(c) << 24) | ht[i].idx; }
            for (int i = n / 2 - 1; i >= 0; i--) siftDown(ht, hts, hrk, i, n);
            int o = 0;
            while (n > 0) {
                Track t = ht[0];
                int code = t.stream.get(t.head++);
                if (code >= 0) seqOfCode[code] = o;
                order[o++] = code;
                if (t.head == t.stream.size()) {
                    n--;
                    ht[0] = ht[n]; hts[0] = hts[n]; hrk[0] = hrk[n];
                } else {
                    int c = t.stream.get(t.head);
                    hts[0] = codeNs(c);
                    hrk[0] = (codeRank(c) << 24) | t.idx;
                }
                siftDown(ht, hts, hrk, 0, n);
            }
        }

        private static void siftDown(Track[] ht, long[] hts, int[] hrk, int i, int n) {
            Track t = ht[i];
            long ts = hts[i];
            int rk = hrk[i];
            while (true) {
                int l = 2 * i + 1;
                if (l >= n) break;
                int r = l + 1;
                int m = l;
                if (r < n && (hts[r] < hts[l] || hts[r] == hts[l] && hrk[r] < hrk[l])) m = r;
                if (hts[m] < ts || hts[m] == ts && hrk[m] < rk) {
                    ht[i] = ht[m]; hts[i] = hts[m]; hrk[i] = hrk[m];
                    i = m;
                } else {
                    break;
                }
            }
            ht[i] = t; hts[i] = ts; hrk[i] = rk;
        }

        /** Puts each flow id on the event processed first and its terminating id on the later one. */
        private void attachFlows() {
            int flows = pic.flowCount();
            // a counting sort of the flow ends by event code, in place in attStart (no second array of that size)
            attStart = new int[items * 2 + 1];
            for (int f = 0; f < flows; f++) {
                long oc = outTerm(f);
                attStart[(int) (oc >>> 32)]++;
                attStart[(int) oc]++;
                int s = srcItem(f), d = dstItem(f);
                if (seqOfCode[s * 2] >= seqOfCode[d * 2 + 1]) report.swappedFlows++;
                if (begin[d] < begin[s]) report.reversedFlows++;
            }
            int acc = 0;
            for (int c = 0; c <= items * 2; c++) { int n = attStart[c]; attStart[c] = acc; acc += n; }
            attFlow = new int[acc];
            // attStart[c] now serves as code c's fill cursor; afterwards it points at code c + 1's start
            for (int f = 0; f < flows; f++) {
                long oc = outTerm(f);
                int out = (int) (oc >>> 32), term = (int) oc;
                attFlow[attStart[out]++] = f;
                attFlow[attStart[term]++] = ~f;
            }
            for (int c = items * 2; c > 0; c--) attStart[c] = attStart[c - 1];
            attStart[0] = 0;
        }

        private int srcItem(int f) { return pic.flowSrcSlice(f) >= 0 ? pic.flowSrcSlice(f) : slices + srcMarker.get(f); }

        private int dstItem(int f) { return pic.flowDstSlice(f) >= 0 ? pic.flowDstSlice(f) : slices + dstMarker.get(f); }

        /** Event codes (item·2 = begin, item·2+1 = end) that carry flow f's id: start in the high half, end low. */
        private long outTerm(int f) {
            int sb = srcItem(f) * 2, de = dstItem(f) * 2 + 1;
            return seqOfCode[sb] < seqOfCode[de] ? ((long) sb << 32) | de : ((long) de << 32) | sb;
        }
    }

    // ====================================================================== emit

    static final class Emitter {
        private static final int PKT_TS = TracePacket.TIMESTAMP_FIELD_NUMBER;
        private static final int PKT_SEQ = TracePacket.TRUSTED_PACKET_SEQUENCE_ID_FIELD_NUMBER;
        private static final int PKT_FLAGS = TracePacket.SEQUENCE_FLAGS_FIELD_NUMBER;
        private static final int PKT_INTERNED = TracePacket.INTERNED_DATA_FIELD_NUMBER;
        private static final int PKT_EVENT = TracePacket.TRACK_EVENT_FIELD_NUMBER;
        private static final int EV_TYPE = TrackEvent.TYPE_FIELD_NUMBER;
        private static final int EV_TRACK = TrackEvent.TRACK_UUID_FIELD_NUMBER;
        private static final int EV_NAME_IID = TrackEvent.NAME_IID_FIELD_NUMBER;
        private static final int EV_CAT_IIDS = TrackEvent.CATEGORY_IIDS_FIELD_NUMBER;
        private static final int EV_ANNOT = TrackEvent.DEBUG_ANNOTATIONS_FIELD_NUMBER;
        private static final int EV_FLOW = TrackEvent.FLOW_IDS_FIELD_NUMBER;
        private static final int EV_TERM = TrackEvent.TERMINATING_FLOW_IDS_FIELD_NUMBER;
        private static final int EV_DCOUNTER = TrackEvent.DOUBLE_COUNTER_VALUE_FIELD_NUMBER;
        private static final int EV_COUNTER = TrackEvent.COUNTER_VALUE_FIELD_NUMBER;
        private static final int ID_STRINGS = InternedData.DEBUG_ANNOTATION_STRING_VALUES_FIELD_NUMBER;
        private static final int DA_STRING_IID = DebugAnnotation.STRING_VALUE_IID_FIELD_NUMBER;
        private static final int ID_CATS = InternedData.EVENT_CATEGORIES_FIELD_NUMBER;
        private static final int ID_NAMES = InternedData.EVENT_NAMES_FIELD_NUMBER;
        private static final int ID_ANNOT_NAMES = InternedData.DEBUG_ANNOTATION_NAMES_FIELD_NUMBER;
        private static final int DA_NAME_IID = DebugAnnotation.NAME_IID_FIELD_NUMBER;
        private static final int DA_NAME = DebugAnnotation.NAME_FIELD_NUMBER;
        private static final int DA_BOOL = DebugAnnotation.BOOL_VALUE_FIELD_NUMBER;
        private static final int DA_UINT = DebugAnnotation.UINT_VALUE_FIELD_NUMBER;
        private static final int DA_INT = DebugAnnotation.INT_VALUE_FIELD_NUMBER;
        private static final int DA_DOUBLE = DebugAnnotation.DOUBLE_VALUE_FIELD_NUMBER;
        private static final int DA_STRING = DebugAnnotation.STRING_VALUE_FIELD_NUMBER;
        private static final int DA_JSON = DebugAnnotation.LEGACY_JSON_VALUE_FIELD_NUMBER;
        private static final int DA_DICT = DebugAnnotation.DICT_ENTRIES_FIELD_NUMBER;
        private static final int DA_ARRAY = DebugAnnotation.ARRAY_VALUES_FIELD_NUMBER;
        private static final int NEEDS_STATE = TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE;
        private static final int NAME_CACHE = 1 << 16;
        private static final int SMALL_TABLE_LIMIT = 100_000;

        private final Plan plan;
        private final TracePicture pic;
        private final SliceContent content;
        private final CodedOutputStream cos;
        private final PbWriter pkt = new PbWriter(), ev = new PbWriter(), interned = new PbWriter();
        private final Annotations annotations = new Annotations();

        private long nextIid = 1;
        private final Map<String, Long> categories = new HashMap<>();
        private final Map<String, Long> annotationNames = new HashMap<>();
        private final StringCache eventNames = new StringCache(NAME_CACHE);
        /** Recently seen annotation string values (iid 0: seen once, not interned yet). */
        private final StringCache stringValues = new StringCache(NAME_CACHE);
        private boolean internedOpen;
        private boolean catsOpen, namesOpen, annotOpen;

        Emitter(Plan plan, OutputStream out) {
            this.plan = plan;
            this.pic = plan.pic;
            this.content = plan.content;
            this.cos = CodedOutputStream.newInstance(out, 1 << 16);
        }

        void emit() throws IOException {
            boolean first = true;
            List<Track> ordered = new ArrayList<>(plan.tracks);
            ordered.sort((a, b) -> Long.compare(a.uuid, b.uuid));
            for (Track t : ordered) {
                if (t.uuid == 0) continue;
                TracePacket.Builder b = TracePacket.newBuilder()
                    .setTrustedPacketSequenceId(PftraceConventions.SEQUENCE_ID)
                    .setTrackDescriptor(descriptor(t));
                if (first) {
                    b.setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                        .setFirstPacketOnSequence(true);
                    first = false;
                }
                writePacket(b.build());
            }
            if (first) {
                writePacket(TracePacket.newBuilder().setTrustedPacketSequenceId(PftraceConventions.SEQUENCE_ID)
                    .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                    .setFirstPacketOnSequence(true).build());
            }
            for (int code : plan.order) {
                if (code < 0) counter(~code);
                else if ((code & 1) == 0) begin(code >>> 1);
                else end(code >>> 1);
            }
            cos.flush();
            plan.report.bytes = cos.getTotalBytesWritten();
        }

        private TrackDescriptor descriptor(Track t) {
            TrackDescriptor.Builder d = TrackDescriptor.newBuilder().setUuid(t.uuid);
            if (t.parentUuid != 0) d.setParentUuid(t.parentUuid);
            d.setSiblingOrderRank(t.rank);
            if (t.hasChildren) d.setChildOrdering(TrackDescriptor.ChildTracksOrdering.EXPLICIT);
            switch (t.kind) {
                case T_PROCESS: {
                    ProcessDescriptor.Builder p = ProcessDescriptor.newBuilder().setPid(t.pid);
                    if (t.name != null) p.setProcessName(t.name);
                    d.setProcess(p);
                    break;
                }
                case T_THREAD: {
                    ThreadDescriptor.Builder th = ThreadDescriptor.newBuilder().setPid(t.pid).setTid(t.tid);
                    if (t.name != null) th.setThreadName(t.name);
                    d.setThread(th);
                    break;
                }
                case T_COUNTER:
                    d.setName(t.name).setCounter(CounterDescriptor.getDefaultInstance());
                    break;
                default:
                    d.setName(t.name).setSiblingMergeBehavior(TrackDescriptor.SiblingMergeBehavior.SIBLING_MERGE_BEHAVIOR_NONE);
            }
            return d.build();
        }

        private void writePacket(TracePacket p) throws IOException {
            cos.writeMessage(Trace.PACKET_FIELD_NUMBER, p);
            plan.report.packets++;
        }

        private void flushPacket(long ts, boolean usesState) throws IOException {
            pkt.reset();
            pkt.varint(PKT_TS, ts);
            pkt.varint(PKT_SEQ, PftraceConventions.SEQUENCE_ID);
            if (usesState) pkt.varint(PKT_FLAGS, NEEDS_STATE);
            if (internedOpen) {
                closeInternedGroup();
                pkt.bytes(PKT_INTERNED, interned.buffer(), 0, interned.size());
            }
            pkt.bytes(PKT_EVENT, ev.buffer(), 0, ev.size());
            cos.writeTag(Trace.PACKET_FIELD_NUMBER, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
            cos.writeUInt32NoTag(pkt.size());
            cos.writeRawBytes(pkt.buffer(), 0, pkt.size());
            plan.report.packets++;
        }

        // ---- interning (entries of one packet are grouped per table)
        private void startPacketInterning() {
            interned.reset();
            internedOpen = false;
            catsOpen = namesOpen = annotOpen = false;
        }

        private void closeInternedGroup() { /* entries are written as complete sub-messages */ }

        private void internEntry(int table, long iid, String s) {
            internedOpen = true;
            interned.begin(table);
            interned.varint(1, iid);
            interned.string(2, s);
            interned.end();
        }

        long categoryIid(String c) {
            Long iid = categories.get(c);
            if (iid == null) {
                if (categories.size() >= SMALL_TABLE_LIMIT) return -1;
                iid = nextIid++;
                categories.put(c, iid);
                internEntry(ID_CATS, iid, c);
            }
            return iid;
        }

        long nameIid(String n) {
            int slot = eventNames.slot(n);
            if (slot >= 0) return eventNames.iid[slot];
            long iid = nextIid++;
            eventNames.put(n, iid);
            internEntry(ID_NAMES, iid, n);
            return iid;
        }

        long annotationNameIid(String n) {
            Long iid = annotationNames.get(n);
            if (iid == null) {
                if (annotationNames.size() >= SMALL_TABLE_LIMIT) return -1;
                iid = nextIid++;
                annotationNames.put(n, iid);
                internEntry(ID_ANNOT_NAMES, iid, n);
            }
            return iid;
        }

        // ---- events
        private void begin(int item) throws IOException {
            startPacketInterning();
            ev.reset();
            ev.varint(EV_TYPE, TrackEvent.Type.TYPE_SLICE_BEGIN_VALUE);
            ev.varint(EV_TRACK, plan.tracks.get(plan.itemTrack[item]).uuid);
            String name, cat;
            if (item < plan.slices) {
                name = content.sliceName(item);
                cat = content.sliceCategory(item);
            } else {
                int m = item - plan.slices;
                byte type = plan.mType[m];
                FlowKind kind = pic.flowKind(plan.mFlow[m]);
                if (type == M_HB) { name = PftraceConventions.HB_CATEGORY; cat = PftraceConventions.HB_CATEGORY; }
                else if (type == M_BACKWARD) { name = kind.eventName + " (backward)"; cat = PftraceConventions.BACKWARD_MARKER_CATEGORY; }
                else { name = kind.eventName + (type == M_UNBOUND_SRC ? " (unbound start)" : " (unbound end)"); cat = PftraceConventions.UNBOUND_MARKER_CATEGORY; }
            }
            if (name == null) name = "";
            ev.varint(EV_NAME_IID, nameIid(name));
            if (cat != null) {
                long ci = categoryIid(cat);
                if (ci > 0) ev.varint(EV_CAT_IIDS, ci);
                else ev.string(TrackEvent.CATEGORIES_FIELD_NUMBER, cat);
            }
            if (item < plan.slices) content.sliceArgs(item, annotations);
            else markerArgs(item - plan.slices);
            flows(item * 2);
            flushPacket(plan.begin[item], true);
        }

        private void end(int item) throws IOException {
            startPacketInterning();
            ev.reset();
            ev.varint(EV_TYPE, TrackEvent.Type.TYPE_SLICE_END_VALUE);
            ev.varint(EV_TRACK, plan.tracks.get(plan.itemTrack[item]).uuid);
            flows(item * 2 + 1);
            flushPacket(plan.end[item], false);
        }

        private void flows(int code) {
            int a = plan.attStart[code], b = plan.attStart[code + 1];
            for (int i = a; i < b; i++) {
                int f = plan.attFlow[i];
                if (f >= 0) ev.fixed64(EV_FLOW, PftraceConventions.flowId(f, pic.flowKind(f)));
            }
            for (int i = a; i < b; i++) {
                int f = plan.attFlow[i];
                if (f < 0) ev.fixed64(EV_TERM, PftraceConventions.flowId(~f, pic.flowKind(~f)));
            }
        }

        private void counter(int v) throws IOException {
            startPacketInterning();
            ev.reset();
            ev.varint(EV_TYPE, TrackEvent.Type.TYPE_COUNTER_VALUE);
            ev.varint(EV_TRACK, plan.tracks.get(plan.cvTrack[v]).uuid);
            double val = plan.cvVal[v];
            if (val == Math.rint(val) && Math.abs(val) < 0x1p53 && !(val == 0 && 1 / val < 0)) ev.int64(EV_COUNTER, (long) val);
            else ev.dbl(EV_DCOUNTER, val);
            flushPacket(plan.cvNs[v], false);
        }

        private void markerArgs(int m) {
            int f = plan.mFlow[m];
            byte type = plan.mType[m];
            Annotations a = annotations;
            a.u64("flow_id", f);
            a.u64("flow_trace_id", PftraceConventions.flowId(f, pic.flowKind(f)));
            a.str("kind", pic.flowKind(f).eventName);
            int s = pic.flowSrcSlice(f), d = pic.flowDstSlice(f);
            boolean dep = pic.flowKind(f).isDependency();
            String srcKey = dep ? "pred" : "src", dstKey = dep ? "succ" : "dst";
            a.str(srcKey, s >= 0 ? content.sliceName(s) : "(no slice)");
            a.i64(srcKey + "_pid", pic.flowSrcPid(f));
            a.i64(srcKey + "_tid", pic.flowSrcTid(f));
            a.dbl(srcKey + "_ts_us", pic.flowSrcTs(f));
            if (s >= 0) a.dbl(srcKey + "_end_us", pic.sliceTs(s) + pic.sliceDur(s));
            a.str(dstKey, d >= 0 ? content.sliceName(d) : "(no slice)");
            a.i64(dstKey + "_pid", pic.flowDstPid(f));
            a.i64(dstKey + "_tid", pic.flowDstTid(f));
            a.dbl(dstKey + "_ts_us", pic.flowDstTs(f));
            if (type == M_HB && s >= 0) a.dbl("overlap_us", pic.sliceTs(s) + pic.sliceDur(s) - pic.flowDstTs(f));
            a.bool("backward", pic.flowDstTs(f) < pic.flowSrcTs(f));
            if (type == M_UNBOUND_SRC || type == M_UNBOUND_DST) a.str("unbound", type == M_UNBOUND_SRC ? "start" : "end");
            if (pic.flowHasCounts(f)) {
                a.i64("input_task_count", pic.flowInputTaskCount(f));
                a.i64("output_task_count", pic.flowOutputTaskCount(f));
            }
        }

        /**
         * A string annotation value: inline the first time it is seen, interned (InternedString + iid) from
         * the second time on, so repeated values (phases, hints shared by the two views of a task) cost an iid.
         */
        void stringValue(String v) {
            if (v.length() < 4) { ev.string(DA_STRING, v); return; }
            int slot = stringValues.slot(v);
            if (slot < 0) {
                stringValues.put(v, 0);
                ev.string(DA_STRING, v);
                return;
            }
            long iid = stringValues.iid[slot];
            if (iid == 0) {
                iid = nextIid++;
                stringValues.iid[slot] = iid;
                internedOpen = true;
                interned.begin(ID_STRINGS);
                interned.varint(1, iid);
                interned.string(2, v);      // InternedString.str is bytes: same wire format as a string
                interned.end();
            }
            ev.varint(DA_STRING_IID, iid);
        }

        /** Renders slice args as debug annotations of the current event. */
        final class Annotations implements ArgSink {
            private void name(String key) {
                ev.begin(EV_ANNOT);
                long iid = annotationNameIid(key);
                if (iid > 0) ev.varint(DA_NAME_IID, iid);
                else ev.string(DA_NAME, key);
            }

            @Override public void str(String key, String value) { name(key); stringValue(value == null ? "" : value); ev.end(); }

            @Override public void dbl(String key, double value) { name(key); ev.dbl(DA_DOUBLE, value); ev.end(); }

            @Override public void i64(String key, long value) { name(key); ev.int64(DA_INT, value); ev.end(); }

            @Override public void u64(String key, long value) { name(key); ev.varint(DA_UINT, value); ev.end(); }

            @Override public void bool(String key, boolean value) { name(key); ev.bool(DA_BOOL, value); ev.end(); }

            @Override public void nul(String key) { name(key); ev.string(DA_JSON, "null"); ev.end(); }

            @Override public void raw(String key, Object v) { name(key); value(v); ev.end(); }

            private void value(Object v) {
                if (v == null || v == JsonValues.NULL || v == JsonValues.ABSENT) ev.string(DA_JSON, "null");
                else if (v instanceof Long || v instanceof Integer) ev.int64(DA_INT, ((Number) v).longValue());
                else if (v instanceof BigInteger) {
                    BigInteger b = (BigInteger) v;
                    if (b.signum() >= 0 && b.bitLength() <= 64) ev.varint(DA_UINT, b.longValue());
                    else ev.string(DA_STRING, b.toString());
                } else if (v instanceof Double || v instanceof Float) ev.dbl(DA_DOUBLE, ((Number) v).doubleValue());
                else if (v instanceof Boolean) ev.bool(DA_BOOL, (Boolean) v);
                else if (v instanceof String) stringValue((String) v);
                else if (v instanceof List) {
                    List<?> l = (List<?>) v;
                    if (l.isEmpty()) { ev.string(DA_JSON, "[]"); return; }
                    for (Object o : l) {
                        ev.begin(DA_ARRAY);
                        value(o);
                        ev.end();
                    }
                } else if (v instanceof Map) {
                    Map<?, ?> mp = (Map<?, ?>) v;
                    if (mp.isEmpty()) { ev.string(DA_JSON, "{}"); return; }
                    for (Map.Entry<?, ?> e : mp.entrySet()) {
                        ev.begin(DA_DICT);
                        ev.string(DA_NAME, String.valueOf(e.getKey()));
                        value(e.getValue());
                        ev.end();
                    }
                } else ev.string(DA_STRING, String.valueOf(v));
            }
        }
    }
}
