package io.ptotrace.inspect;

import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.util.IndexSort;
import io.ptotrace.model.util.LongIntMap;
import io.ptotrace.vocabulary.ArrowKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges a Chrome JSON trace the way Perfetto's JSON importer reads it: events sorted by (ts, end events
 * first, longer complete slices first, file order); one slice stack per (pid, tid); an "s", "t" or
 * "f" with bp "e" binds to the slice on top of its thread's stack (bind_id is ignored), an "f" without
 * bp "e" to the next slice that begins on its thread; a flow end imported before its start is dropped;
 * a complete slice that overlaps the open one without nesting is dropped. Memory is a few columns per
 * event (no names).
 */
final class JsonAnalyzer {
    static final byte X = 1, B = 2, E = 3, I = 4, S = 5, T = 6, F = 7;
    private static final long NONE = Long.MIN_VALUE;
    /**
     * The importer truncates ts and dur to ns separately, so a flow at a slice's end in µs can land 1–2 ns
     * after it; it still binds to that slice (the stack is not popped until the next slice begins).
     */
    private static final long TRUNCATION_NS = 2;

    private final Summary sum;
    private final LongIntMap trackIndex = new LongIntMap(64);
    private final GrowableColumns.Ints trackPid = new GrowableColumns.Ints(), trackTid = new GrowableColumns.Ints();

    // events (slices and flow ends) in file order
    private final GrowableColumns.Bytes evType = new GrowableColumns.Bytes();
    private final GrowableColumns.Ints evTrack = new GrowableColumns.Ints(), evRef = new GrowableColumns.Ints();
    private final GrowableColumns.Longs evTs = new GrowableColumns.Longs(),
            evDur = new GrowableColumns.Longs(),
            evFile = new GrowableColumns.Longs();
    // slices
    private final GrowableColumns.Ints sEv = new GrowableColumns.Ints();
    private final GrowableColumns.Longs sJsonId = new GrowableColumns.Longs();
    private final LongIntMap byJsonId = new LongIntMap(1024);
    // flow events
    private final GrowableColumns.Ints fGroup = new GrowableColumns.Ints(), fEv = new GrowableColumns.Ints();
    private final GrowableColumns.Longs fBind = new GrowableColumns.Longs();
    // flow groups (id, cat, name)
    private final LongIntMap groupHead = new LongIntMap(1024);
    private final GrowableColumns.Ints gNext = new GrowableColumns.Ints(),
            gCat = new GrowableColumns.Ints(),
            gName = new GrowableColumns.Ints();
    private final GrowableColumns.Ints gS = new GrowableColumns.Ints(),
            gF = new GrowableColumns.Ints(),
            gSCount = new GrowableColumns.Ints(),
            gFCount = new GrowableColumns.Ints();
    private final GrowableColumns.Longs gId = new GrowableColumns.Longs();
    private final Map<String, Integer> strings = new HashMap<>();
    private final List<String> stringList = new ArrayList<>();
    private final Set<String> counterTracks = new HashSet<>();
    private int invalidFlowIds;

    JsonAnalyzer(Summary sum) {
        this.sum = sum;
        sum.format = TraceInspector.Format.JSON;
    }

    private int intern(String s) {
        if (s == null) s = "";
        Integer i = strings.get(s);
        if (i == null) {
            i = stringList.size();
            strings.put(s, i);
            stringList.add(s);
        }
        return i;
    }

    private int track(int pid, int tid) {
        long k = ((long) pid << 32) | (tid & 0xFFFFFFFFL);
        int t = trackIndex.get(k);
        if (t >= 0) return t;
        t = trackPid.n;
        trackPid.add(pid);
        trackTid.add(tid);
        trackIndex.put(k, t);
        sum.processes.putIfAbsent(pid, "");
        sum.thread(pid, tid, null);
        return t;
    }

    void processName(int pid, String name) {
        sum.processes.put(pid, name == null ? "" : name);
    }

    void process(int pid) {
        sum.processes.putIfAbsent(pid, "");
    }

    /** A thread an event names explicitly (thread metadata, slices and flow ends; not counters). */
    void thread(int pid, int tid) {
        track(pid, tid);
    }

    void threadName(int pid, int tid, String name) {
        track(pid, tid);
        sum.thread(pid, tid, name == null ? "" : name);
    }

    private int event(byte type, int pid, int tid, long ts, long dur, long file) {
        int e = evType.n;
        evType.add(type);
        evTrack.add(track(pid, tid));
        evTs.add(ts);
        evDur.add(dur);
        evFile.add(file);
        return e;
    }

    /** X (dur), B, E or an instant (I, dur 0). */
    void slice(byte type, int pid, int tid, long ts, long dur, long jsonId, long file) {
        int e = event(type, pid, tid, ts, type == X ? dur : type == I ? 0 : 0, file);
        if (type == E) {
            evRef.add(-1);
            sum.span(ts);
            return;
        }
        int s = sEv.n;
        sEv.add(e);
        sJsonId.add(jsonId);
        evRef.add(s);
        if (jsonId != NONE) byJsonId.put(jsonId, s);
        sum.slices++;
        sum.span(ts);
        if (type == X && dur > 0) sum.span(ts + dur);
    }

    void counter(int pid, String name, List<String> numericKeys, long ts) {
        process(pid);
        sum.counterSamples += numericKeys.size();
        for (String k : numericKeys) counterTracks.add(pid + "\u0000" + name + " " + k);
        sum.span(ts);
    }

    /** An s, t or f event; {@code id} NONE when Perfetto cannot read it. */
    void flow(
            byte type,
            long id,
            String cat,
            String name,
            int pid,
            int tid,
            long ts,
            long bindId,
            boolean bpE,
            long file) {
        int e = event(type, pid, tid, ts, bpE ? 1 : 0, file);
        sum.span(ts);
        if (id == NONE) {
            invalidFlowIds++;
            evRef.add(-1);
            sum.problem(
                    Problem.Kind.DANGLING_FLOW_END, where(e), "flow event without a readable id: Perfetto ignores it");
            return;
        }
        int ci = intern(cat), ni = intern(name);
        int g = groupHead.get(id);
        int prev = -1;
        while (g >= 0 && !(gCat.a[g] == ci && gName.a[g] == ni)) {
            prev = g;
            g = gNext.a[g];
        }
        if (g < 0) {
            g = gId.n;
            gId.add(id);
            gCat.add(ci);
            gName.add(ni);
            gNext.add(-1);
            gS.add(-1);
            gF.add(-1);
            gSCount.add(0);
            gFCount.add(0);
            if (prev < 0) groupHead.put(id, g);
            else gNext.a[prev] = g;
        }
        int fe = fGroup.n;
        fGroup.add(g);
        fEv.add(e);
        fBind.add(bindId);
        evRef.add(fe);
        if (type == S) {
            if (gSCount.a[g]++ == 0) gS.a[g] = fe;
        } else if (type == F) {
            if (gFCount.a[g]++ == 0) gF.a[g] = fe;
        }
    }

    String where(int e) {
        return "traceEvents[" + evFile.a[e] + "] pid " + trackPid.a[evTrack.a[e]] + " tid " + trackTid.a[evTrack.a[e]]
                + " ts " + Summary.us(evTs.a[e]) + " us";
    }

    private long sortKey(int e) {
        byte t = evType.a[e];
        if (t == E) return Long.MIN_VALUE;
        if (t == X) return Long.MAX_VALUE - Math.max(0, evDur.a[e]);
        if (t == I) return Long.MAX_VALUE;
        return Long.MAX_VALUE;
    }

    /** Perfetto's import order of two events. */
    private int importOrder(int a, int b) {
        if (evTs.a[a] != evTs.a[b]) return Long.compare(evTs.a[a], evTs.a[b]);
        long ka = sortKey(a), kb = sortKey(b);
        if (ka != kb) return Long.compare(ka, kb);
        return Long.compare(evFile.a[a], evFile.a[b]);
    }

    void finish() {
        sum.counterTracks = counterTracks.size();
        int n = evType.n;
        int[] ix = IndexSort.identity(n);
        IndexSort.stableSort(ix, (a, b) -> {
            if (evTrack.a[a] != evTrack.a[b]) return Integer.compare(evTrack.a[a], evTrack.a[b]);
            return importOrder(a, b);
        });
        int slices = sEv.n;
        long[] sEnd = new long[slices];
        boolean[] sDropped = new boolean[slices];
        int[] bound = new int[fGroup.n];
        java.util.Arrays.fill(bound, -1);
        int[] stack = new int[64];
        int[] pending = new int[16];
        int i = 0;
        while (i < n) {
            int tr = evTrack.a[ix[i]];
            int sp = 0, pn = 0;
            for (; i < n && evTrack.a[ix[i]] == tr; i++) {
                int e = ix[i];
                byte t = evType.a[e];
                long ts = evTs.a[e];
                switch (t) {
                    case X:
                    case I:
                    case B: {
                        int s = evRef.a[e];
                        long dur = t == X ? evDur.a[e] : t == I ? 0 : -1;
                        if (t == X && dur < 0) {
                            sDropped[s] = true;
                            sum.problem(
                                    Problem.Kind.NEGATIVE_DURATION,
                                    where(e),
                                    "complete slice with dur " + Summary.us(dur) + " us is dropped");
                            break;
                        }
                        // close finished slices (intervals are [start, end); instants stack on instants)
                        while (sp > 0) {
                            int top = stack[sp - 1];
                            long te = sEnd[top];
                            if (te == Long.MAX_VALUE) break; // an open B
                            long tdur = te - evTs.a[sEv.a[top]];
                            if (te < ts || (te == ts && !(tdur == 0 && dur == 0))) sp--;
                            else break;
                        }
                        if (t != B && sp > 0) {
                            int top = stack[sp - 1];
                            long te = sEnd[top];
                            if (te != Long.MAX_VALUE && ts < te && ts + dur > te) {
                                sDropped[s] = true;
                                sum.problem(
                                        Problem.Kind.OVERLAPPING_SLICES,
                                        where(e),
                                        "slice [" + Summary.us(ts) + ", "
                                                + Summary.us(ts + dur) + "] us overlaps the slice at "
                                                + where(sEv.a[top]) + " ending at "
                                                + Summary.us(te) + " us without nesting: Perfetto drops it");
                                break;
                            }
                        }
                        sEnd[s] = t == B ? Long.MAX_VALUE : ts + dur;
                        if (sp == stack.length) stack = java.util.Arrays.copyOf(stack, sp * 2);
                        stack[sp++] = s;
                        for (int q = 0; q < pn; q++) bound[pending[q]] = s;
                        pn = 0;
                        break;
                    }
                    case E: {
                        int q = sp - 1;
                        while (q >= 0 && sEnd[stack[q]] != Long.MAX_VALUE) q--;
                        if (q < 0) {
                            sum.problem(
                                    Problem.Kind.UNMATCHED_SLICE_END,
                                    where(e),
                                    "E event with no open B slice on its thread");
                            break;
                        }
                        sEnd[stack[q]] = ts;
                        if (q == sp - 1) sp--;
                        break;
                    }
                    default: {
                        int fe = evRef.a[e];
                        if (fe < 0) break;
                        boolean bpE = evDur.a[e] == 1;
                        if (t == F && !bpE) {
                            if (pn == pending.length) pending = java.util.Arrays.copyOf(pending, pn * 2);
                            pending[pn++] = fe;
                        } else if (sp > 0) {
                            bound[fe] = stack[sp - 1];
                        }
                    }
                }
            }
        }
        for (int s = 0; s < slices; s++) {
            if (sEnd[s] == Long.MAX_VALUE) {
                sum.problem(Problem.Kind.UNTERMINATED_SLICE, where(sEv.a[s]), "B event never ended");
            } else if (sEnd[s] > evTs.a[sEv.a[s]]) {
                sum.span(sEnd[s]);
            }
        }
        // flow ends
        int groups = gId.n;
        boolean[] ok = new boolean[fGroup.n];
        for (int fe = 0; fe < fGroup.n; fe++) {
            int e = fEv.a[fe];
            int g = fGroup.a[fe];
            int b = bound[fe];
            long ts = evTs.a[e];
            ok[fe] = true;
            long bind = fBind.a[fe];
            boolean clean = b >= 0
                    && !sDropped[b]
                    && (sEnd[b] == Long.MAX_VALUE || ts - sEnd[b] <= TRUNCATION_NS)
                    && (bind == NONE || (evType.a[e] != S && evType.a[e] != F) || byJsonId.get(bind) == b);
            if (clean) continue;
            String what = "flow '" + stringList.get(gName.a[g]) + "' id " + gId.a[g] + " "
                    + (evType.a[e] == S ? "start" : evType.a[e] == F ? "end" : "step");
            if (b < 0) {
                ok[fe] = false;
                sum.problem(
                        Problem.Kind.FLOW_END_UNBOUND,
                        where(e),
                        what + ": no slice on its thread to bind to; Perfetto drops the arrow");
            } else if (sDropped[b]) {
                ok[fe] = false;
                sum.problem(Problem.Kind.FLOW_END_UNBOUND, where(e), what + ": binds to a slice Perfetto drops");
            } else if (sEnd[b] != Long.MAX_VALUE && ts - sEnd[b] > TRUNCATION_NS) {
                sum.problem(
                        Problem.Kind.FLOW_END_MISPLACED,
                        where(e),
                        what + ": binds to the slice at " + where(sEv.a[b]) + " which ended at " + Summary.us(sEnd[b])
                                + " us");
            }
            if (bind != NONE && (evType.a[e] == S || evType.a[e] == F)) {
                int named = byJsonId.get(bind);
                if (named < 0) {
                    sum.problem(Problem.Kind.BIND_ID_UNKNOWN, where(e), what + ": bind_id " + bind + " names no slice");
                } else if (b >= 0 && named != b) {
                    sum.problem(
                            Problem.Kind.BIND_ID_MISMATCH,
                            where(e),
                            what + ": bind_id " + bind + " names the slice at " + where(sEv.a[named])
                                    + " but Perfetto binds the one at " + where(sEv.a[b]));
                }
            }
        }
        for (int g = 0; g < groups; g++) {
            String name = stringList.get(gName.a[g]);
            int s = gS.a[g], f = gF.a[g];
            if (gSCount.a[g] > 1) {
                sum.problem(
                        Problem.Kind.DUPLICATE_FLOW_ID,
                        where(fEv.a[s]),
                        "flow '" + name + "' id " + gId.a[g] + " starts " + gSCount.a[g] + " times");
            }
            if (s < 0) {
                sum.problem(
                        Problem.Kind.DANGLING_FLOW_END,
                        where(fEv.a[f >= 0 ? f : firstEventOf(g)]),
                        "flow '" + name + "' id " + gId.a[g] + " has no start (\"s\")");
                continue;
            }
            if (f < 0) {
                sum.problem(
                        Problem.Kind.UNTERMINATED_FLOW,
                        where(fEv.a[s]),
                        "flow '" + name + "' id " + gId.a[g] + " has no end (\"f\")");
                continue;
            }
            sum.flows++;
            sum.flowsByKind.merge(name, 1L, Long::sum);
            if (ArrowKind.HB_VIOLATION.eventName.equals(name)) sum.hbViolations++;
            boolean backward = importOrder(fEv.a[f], fEv.a[s]) < 0;
            if (backward) {
                sum.problem(
                        Problem.Kind.FLOW_END_BEFORE_START,
                        where(fEv.a[f]),
                        "flow '" + name + "' id " + gId.a[g]
                                + " ends at " + Summary.us(evTs.a[fEv.a[f]]) + " us, before its start at "
                                + where(fEv.a[s])
                                + ": Perfetto drops the arrow");
            }
            if (!backward && ok[s] && ok[f]) sum.flowsShown++;
        }
    }

    private int firstEventOf(int g) {
        for (int fe = 0; fe < fGroup.n; fe++) if (fGroup.a[fe] == g) return fe;
        return 0;
    }
}
