package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.clock.HostLog;
import io.ptotrace.model.clock.Placement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Host block of a merged multi-rank trace, below the ranks' pids: the processes that dispatched to the
 * ranks (pids 1–10, their spans from the Host logs), then per rank three processes at {@code 11 + 3·rank}:
 * the rank's Host invocation, its device phases placed on the Host axis, and the Placement Bound (the
 * runner window and how far the device block could slide in it).
 */
final class HostBlock {
    static final int MAX_DISPATCHERS = 10, FIRST_RANK_PID = 11;

    /** One slice of the block: what it shows, held as values (a few per rank). */
    private static final class Entry {
        final String name, category;
        final Map<String, Object> args;

        Entry(String name, String category, Map<String, Object> args) {
            this.name = name;
            this.category = category;
            this.args = args;
        }
    }

    private static final class Kind extends SliceKind {
        final List<Entry> entries = new ArrayList<>();

        Kind() {
            super("host");
        }

        @Override
        public String category(int ref) {
            return entries.get(ref).category;
        }

        @Override
        public String name(int ref) {
            return entries.get(ref).name;
        }

        @Override
        public void args(int ref, ArgSink sink) {
            for (Map.Entry<String, Object> e : entries.get(ref).args.entrySet()) sink.raw(e.getKey(), e.getValue());
        }
    }

    private final TracePicture pic;
    private final long originNs;
    private final Kind kind = new Kind();

    HostBlock(TracePicture pic, long originNs) {
        this.pic = pic;
        this.originNs = originNs;
    }

    private void slice(
            int pid, int tid, String name, String category, double tsNs, double durNs, Map<String, Object> args) {
        kind.entries.add(new Entry(name, category, args));
        pic.addSlice(kind, kind.entries.size() - 1, pid, tid, (tsNs - originNs) / 1000.0, durNs / 1000.0, false);
    }

    /** The processes that dispatched to the ranks, one pid each from 1, spans by OS thread. */
    void dispatchers(Map<Long, List<HostLog.Span>> byPid) {
        if (byPid.size() > MAX_DISPATCHERS)
            throw new InputProblem(
                    (String) null,
                    byPid.size() + " dispatching processes is more than the " + MAX_DISPATCHERS
                            + " the Host block reserves pids for",
                    null,
                    null);
        int pid = 1;
        for (Map.Entry<Long, List<HostLog.Span>> e : byPid.entrySet()) {
            List<HostLog.Span> spans = e.getValue();
            pic.declare(MetaEvent.processName(pid, processName(e.getKey(), spans)));
            pic.declare(MetaEvent.processSort(pid, pid));
            TreeMap<Long, String> threads = new TreeMap<>();
            for (HostLog.Span s : spans) threads.putIfAbsent(s.tid, threadName(s));
            for (Map.Entry<Long, String> t : threads.entrySet())
                pic.declare(MetaEvent.threadName(pid, (int) (long) t.getKey(), t.getValue()));
            for (HostLog.Span s : spans) {
                Map<String, Object> args = new LinkedHashMap<>();
                args.put("inv", s.inv);
                args.put("os_pid", s.pid);
                args.put("os_tid", s.tid);
                args.put("depth", s.depth);
                for (Map.Entry<String, String> a : s.attrs.entrySet()) args.put(a.getKey(), attrValue(a.getValue()));
                slice(pid, (int) s.tid, s.name, "host", s.ts, s.dur, args);
            }
            pid++;
        }
    }

    private static String processName(long osPid, List<HostLog.Span> spans) {
        for (HostLog.Span s : spans) if (s.name.startsWith("node.")) return "simpler node (pid=" + osPid + ")";
        for (HostLog.Span s : spans) if (s.name.startsWith("chip.")) return "simpler chip child (pid=" + osPid + ")";
        String first = spans.isEmpty() ? "?" : spans.get(0).name;
        int dot = first.indexOf('.');
        return "external producer " + (dot > 0 ? first.substring(0, dot) : first) + " (pid=" + osPid + ")";
    }

    /** A dispatcher thread by the role its spans name: the facade, the scheduler, a worker. */
    private static String threadName(HostLog.Span s) {
        String role = s.attrs.get("role");
        if ("facade".equals(role)) return "orchestrator / facade";
        if ("worker".equals(role))
            return "worker" + (s.attrs.containsKey("worker_id") ? " " + s.attrs.get("worker_id") : "");
        if (role != null) return role;
        return "tid " + s.tid;
    }

    /** An attribute as the log wrote it: an integer where it is one, else the text. */
    private static Object attrValue(String v) {
        if (v.matches("-?[0-9]{1,18}")) return Long.parseLong(v);
        return v;
    }

    /** The rank's three Host-block processes. */
    void rank(int rank, List<HostLog.Span> invocation, Placement placement) {
        int base = FIRST_RANK_PID + 3 * rank;
        if (base + 2 >= ProcessLayout.RANK_STRIDE)
            throw new InputProblem(
                    (String) null,
                    "rank" + rank + " needs Host-block pid " + (base + 2) + ", which does not fit below the "
                            + "per-Rank stride " + ProcessLayout.RANK_STRIDE + "; the merge supports at most 29 Ranks",
                    null,
                    null);
        String prefix = "rank" + rank + " / ";
        long slack = Math.round(placement.slackNs);
        long osPid = placement.window.pid;

        pic.declare(MetaEvent.processName(base, prefix + "Host"));
        pic.declare(MetaEvent.processSort(base, base));
        pic.declare(MetaEvent.threadName(base, 0, "pid " + osPid));
        List<HostLog.Span> host = new ArrayList<>(), device = new ArrayList<>();
        for (HostLog.Span s : invocation) (s.deviceClock() ? device : host).add(s);
        Comparator<HostLog.Span> order =
                Comparator.<HostLog.Span>comparingLong(s -> s.ts).thenComparingLong(s -> -s.dur);
        host.sort(order);
        device.sort(order);
        for (HostLog.Span s : host) {
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("rank", (long) rank);
            args.put("inv", s.inv);
            args.put("os_pid", s.pid);
            args.put("depth", s.depth);
            slice(base, 0, s.name, "host", s.ts, s.dur, args);
        }

        pic.declare(MetaEvent.processName(base + 1, prefix + "Device phases (placed)"));
        pic.declare(MetaEvent.processSort(base + 1, base + 1));
        Map<String, Integer> tids = new LinkedHashMap<>();
        for (HostLog.Span s : device) {
            Integer tid = tids.get(s.name);
            if (tid == null) {
                tids.put(s.name, tid = tids.size());
                pic.declare(MetaEvent.threadName(base + 1, tid, s.name.substring(s.name.lastIndexOf('.') + 1)));
            }
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("rank", (long) rank);
            args.put("device_ts_ns", s.ts);
            args.put("slack_ns", slack);
            slice(base + 1, tid, s.name, "host.device", placement.phaseHostNs(s.ts), s.dur, args);
        }

        PlacementLanes.emitBound(pic, placement, base + 2, prefix + "Placement Bound", "rank" + rank, originNs);
    }
}
