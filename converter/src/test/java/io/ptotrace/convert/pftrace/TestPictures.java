package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.CounterKind;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Hand-made pictures and pictures of the sample runs, for the writer and inspect tests. */
public final class TestPictures {
    private TestPictures() {}

    /** The pictures of every sample run under testdata/ (runs/* and conformance/*) that converts, by name. */
    public static Map<String, TracePicture> ofSampleRuns(boolean overhead) throws IOException {
        return ofSampleRuns(overhead, null);
    }

    /** As {@link #ofSampleRuns(boolean)}, telling {@code slicesDrawn} (null: none) of each picture whose arrows are to come. */
    public static Map<String, TracePicture> ofSampleRuns(
            boolean overhead, java.util.function.Consumer<TracePicture> slicesDrawn) throws IOException {
        return ofSampleRuns(run -> TraceBuilder.build(
                        run,
                        io.ptotrace.convert.ProcessLayout.SINGLE,
                        new TracePicture(),
                        overhead,
                        w -> {},
                        null,
                        slicesDrawn)
                .picture);
    }

    /** The pictures {@code draw} makes of every sample run under testdata/ that converts, by name. */
    public static Map<String, TracePicture> ofSampleRuns(java.util.function.Function<Run, TracePicture> draw)
            throws IOException {
        Map<String, TracePicture> out = new LinkedHashMap<>();
        for (String sub : new String[] {"runs", "conformance"}) {
            for (Path root : new Path[] {Path.of("testdata", sub), Path.of("..", "testdata", sub)}) {
                if (!Files.isDirectory(root)) continue;
                List<Path> dirs;
                try (Stream<Path> s = Files.list(root)) {
                    dirs = s.sorted().collect(Collectors.toList());
                }
                for (Path d : dirs) {
                    Path rec = records(d);
                    if (rec == null || d.getFileName().toString().contains("malformed"))
                        continue; // inputs meant to be refused
                    Timeline tl = RecordsReader.read(rec, w -> {});
                    DepsProjection deps = Files.isRegularFile(d.resolve("deps.json"))
                            ? DepsProjection.read(d.resolve("deps.json"))
                            : null;
                    List<Path> maps;
                    try (Stream<Path> s = Files.list(d)) {
                        maps = s.filter(p -> p.getFileName().toString().startsWith("name_map"))
                                .collect(Collectors.toList());
                    }
                    NameMap names = maps.size() == 1 ? NameMap.read(maps.get(0)) : null;
                    out.put(sub + "/" + d.getFileName(), draw.apply(new Run(tl, deps, names)));
                }
                break;
            }
        }
        if (out.isEmpty()) throw new IllegalStateException("no sample runs under testdata/");
        return out;
    }

    private static Path records(Path dir) {
        for (String n : new String[] {"chip_swimlane_records.json", "l2_swimlane_records.json"}) {
            if (Files.isRegularFile(dir.resolve(n))) return dir.resolve(n);
        }
        return null;
    }

    /** What {@code args} gives an {@link ArgSink}, in order: u64 values as {@link U64}, nul as null, raw values as they are. */
    public static Map<String, Object> args(java.util.function.Consumer<ArgSink> args) {
        Map<String, Object> m = new LinkedHashMap<>();
        args.accept(new ArgSink() {
            @Override
            public void str(String key, String value) {
                put(key, value);
            }

            @Override
            public void dbl(String key, double value) {
                put(key, value);
            }

            @Override
            public void i64(String key, long value) {
                put(key, value);
            }

            @Override
            public void u64(String key, long value) {
                put(key, new U64(value));
            }

            @Override
            public void bool(String key, boolean value) {
                put(key, value);
            }

            @Override
            public void nul(String key) {
                put(key, null);
            }

            @Override
            public void raw(String key, Object v) {
                put(key, v);
            }

            private void put(String key, Object v) {
                if (m.containsKey(key)) throw new AssertionError("arg " + key + " twice");
                m.put(key, v);
            }
        });
        return m;
    }

    /** A picture whose slice and counter contents are kept in lists. */
    public static final class Builder {
        public final TracePicture pic = new TracePicture();
        final List<String> names = new ArrayList<>(), cats = new ArrayList<>();
        final List<Map<String, Object>> args = new ArrayList<>();
        final List<String> cNames = new ArrayList<>();
        final List<Map<String, Object>> cArgs = new ArrayList<>();

        /** Slices of category "event" named and with args as given (the ref indexes the lists). */
        final SliceKind sliceKind = new SliceKind("event") {
            @Override
            public String category(int s) {
                return cats.get(s);
            }

            @Override
            public String name(int s) {
                return names.get(s);
            }

            @Override
            public void args(int s, ArgSink sink) {
                emit(args.get(s), sink);
            }
        };

        final CounterKind counterKind = new CounterKind("queue") {
            @Override
            public String name(int c) {
                return cNames.get(c);
            }

            @Override
            public void args(int c, ArgSink sink) {
                emit(cArgs.get(c), sink);
            }
        };

        public Builder process(int pid, String name, int sort) {
            pic.declare(MetaEvent.processName(pid, name));
            pic.declare(MetaEvent.processSort(pid, sort));
            return this;
        }

        public Builder thread(int pid, int tid, String name) {
            pic.declare(MetaEvent.threadName(pid, tid, name));
            return this;
        }

        public int slice(int pid, int tid, double ts, double dur, String name, Object... kv) {
            names.add(name);
            cats.add("event");
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
            args.add(m);
            return pic.addSlice(sliceKind, names.size() - 1, pid, tid, ts, dur, true);
        }

        public int counter(int pid, int tid, double ts, String name, Object... kv) {
            cNames.add(name);
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
            cArgs.add(m);
            return pic.addCounter(counterKind, cNames.size() - 1, pid, tid, ts);
        }

        /** A flow between two slices (or −1), endpoints at the given pid/tid/ts. */
        public int flow(FlowKind k, int src, double srcTs, int dst, double dstTs) {
            int sp = src >= 0 ? pic.slicePid(src) : 4, st = src >= 0 ? pic.sliceTid(src) : 10000;
            int dp = dst >= 0 ? pic.slicePid(dst) : 4, dt = dst >= 0 ? pic.sliceTid(dst) : 10000;
            return flowAt(k, src, sp, st, srcTs, dst, dp, dt, dstTs);
        }

        public int flowAt(FlowKind k, int src, int sp, int st, double srcTs, int dst, int dp, int dt, double dstTs) {
            boolean dep = k.isDependency();
            return pic.addFlow(
                    k, sp, st, srcTs, src, src >= 0, dp, dt, dstTs, dst, dst >= 0, dep ? 1 : -1, dep ? 1 : -1);
        }

        static void emit(Map<String, Object> m, ArgSink sink) {
            for (Map.Entry<String, Object> e : m.entrySet()) {
                Object v = e.getValue();
                if (v instanceof String) sink.str(e.getKey(), (String) v);
                else if (v instanceof Double) sink.dbl(e.getKey(), (Double) v);
                else if (v instanceof U64) sink.u64(e.getKey(), ((U64) v).v);
                else if (v instanceof Long || v instanceof Integer) sink.i64(e.getKey(), ((Number) v).longValue());
                else if (v instanceof Boolean) sink.bool(e.getKey(), (Boolean) v);
                else if (v == null) sink.nul(e.getKey());
                else sink.raw(e.getKey(), v);
            }
        }
    }

    /** Marks a value for {@link ArgSink#u64}. */
    public static final class U64 {
        public final long v;

        public U64(long v) {
            this.v = v;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof U64 && ((U64) o).v == v;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(v);
        }

        @Override
        public String toString() {
            return "u" + Long.toUnsignedString(v);
        }
    }

    /**
     * Worker View + Scheduler View like the level-2 worked example (Example141Level2Test), plus a backward hb_violation, a flow
     * with no destination slice, an overlapping pair on one lane and counters.
     */
    public static Builder sample() {
        Builder b = new Builder();
        b.process(4, "Worker View", 4).process(3, "Scheduler View", 3).process(2, "AICPU Scheduler", 2);
        b.thread(4, 10000, "AIC_0").thread(4, 10010, "AIV_1");
        int t0 = b.slice(
                4,
                10000,
                8.0,
                42.0,
                "QK(t0)",
                "event-hint",
                "Task:t0, FuncId:0, CoreId:0",
                "duration-us",
                42.0,
                "taskId",
                0L);
        int t1 = b.slice(4, 10010, 57.0, 43.0, "SF(t1)", "taskId", new U64(-2L), "shape", List.of(1L, 2L, 3L));
        int t2 = b.slice(4, 10010, 109.0, 21.0, "func_2_c(r1t2)", "map", Map.of("a", 1L), "nothing", null, "ok", true);
        b.thread(3, 10000, "AIC_0").thread(3, 10010, "AIV_1");
        int s0 = b.slice(3, 10000, 0.0, 55.0, "QK(t0)");
        int s1 = b.slice(3, 10010, 52.0, 53.0, "SF(t1)");
        int s2 = b.slice(3, 10010, 103.0, 37.0, "func_2_c(r1t2)"); // overlaps s1 on the same lane → overflow
        b.thread(2, 30000, "Sched_0");
        int c0 = b.slice(2, 30000, 43.0, 2.0, "complete(1)");
        b.flow(FlowKind.DEPENDENCY, t0, 8.0, t1, 57.0);
        b.flow(FlowKind.DEPENDENCY, t1, 57.0, t2, 109.0);
        b.flow(FlowKind.HB_VIOLATION, s0, 0.0, s1, 52.0);
        b.flow(FlowKind.HB_VIOLATION, s2, 103.0, s0, 0.0); // backward: ends before it starts
        b.flowAt(FlowKind.DISPATCH, c0, 2, 30000, 44.0, -1, 3, 10020, 60.0); // no slice at the destination
        b.flow(FlowKind.COMPLETE, t0, 49.99, c0, 45.0); // dst slice ends before src ends, still forward by begin
        b.counter(2, 3999, 45.0, "shared_ready_queue", "AIC", 1L, "AIV", 0L, "MIX", 2L);
        b.counter(2, 3999, 47.0, "shared_ready_queue", "AIC", 0L, "AIV", 0L, "MIX", 1L);
        b.counter(2, 9101, 20.0, "oh_aic_idle", "oh_aic_idle", 2L);
        return b;
    }
}
