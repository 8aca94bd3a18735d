package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.ArrowMarks;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import io.ptotrace.proto.TrackDescriptor;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a .pftrace against the picture it was written from: every slice and mark with its lane, time,
 * duration, name, category and args, every counter value, every arrow between the right two slices — in both
 * arg sets: everything but the args is the same in each.
 */
final class PictureInTraceCheck {
    private PictureInTraceCheck() {}

    /** Checks the lean and the full trace; returns the full one read back. */
    static Readback check(TracePicture pic) throws Exception {
        check(pic, ArgSet.LEAN);
        return check(pic, ArgSet.FULL);
    }

    static Readback check(TracePicture pic, ArgSet set) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProtoWriter.write(pic, out, set);
        Readback rb = new Readback(out.toByteArray());
        assertThat(rb.errors).isEmpty();

        Map<String, Deque<Readback.Slice>> byPlace = new HashMap<>();
        for (Readback.Slice s : rb.slices) {
            TrackDescriptor lane = rb.lane(s);
            byPlace.computeIfAbsent(
                            lane.getThread().getPid() + "/" + lane.getThread().getTid() + "@" + s.ts + " " + s.name,
                            k -> new ArrayDeque<>())
                    .add(s);
        }
        int n = pic.sliceCount();
        ArrowMarks marks = pic.marks();
        Readback.Slice[] item = new Readback.Slice[n + marks.count()];
        for (int i = 0; i < n; i++) {
            String place = pic.slicePid(i) + "/" + pic.sliceTid(i) + "@" + PerfettoProtoWriter.ns(pic.sliceTs(i)) + " "
                    + pic.sliceName(i);
            Readback.Slice s = take(byPlace, place);
            assertThat(s).as("slice %d %s", i, place).isNotNull();
            assertThat(s.category).as("slice %d", i).isEqualTo(pic.sliceCategory(i));
            assertThat(s.dur).as("slice %d", i).isEqualTo(Math.max(0, PerfettoProtoWriter.ns(pic.sliceDur(i))));
            final int slice = i;
            assertThat(s.args)
                    .as("slice %d args", i)
                    .isEqualTo(expected(TestPictures.args(a -> pic.sliceArgs(slice, set, a))));
            item[i] = s;
        }
        for (int m = 0; m < marks.count(); m++) {
            String place =
                    marks.pid(m) + "/" + marks.tid(m) + "@" + PerfettoProtoWriter.ns(marks.ts(m)) + " " + marks.name(m);
            Readback.Slice s = take(byPlace, place);
            assertThat(s).as("mark %d %s", m, place).isNotNull();
            assertThat(s.category).isEqualTo(marks.category(m));
            assertThat(s.dur).isZero();
            assertThat(rb.track(s.track).getName()).isEqualTo(PftraceConventions.MARKER_TRACK_NAME);
            final int mark = m;
            assertThat(s.args)
                    .as("mark %d args", m)
                    .isEqualTo(expected(TestPictures.args(a -> marks.args(mark, set, a))));
            item[n + m] = s;
        }
        assertThat(byPlace.values().stream().mapToInt(Deque::size).sum())
                .as("slices not in the picture")
                .isZero();

        // counter values: one per numeric arg of a sample, on the track "<counter name> <arg key>" of the sample's
        // process
        // (the lean trace leaves out a value equal to the one before it on its track)
        List<String> want = new ArrayList<>(), got = new ArrayList<>();
        Map<String, List<Object[]>> byTrack = new java.util.LinkedHashMap<>();
        for (int c = 0; c < pic.counterCount(); c++) {
            final int sample = c;
            for (Map.Entry<String, Object> e :
                    TestPictures.args(a -> pic.counterArgs(sample, a)).entrySet()) {
                Object v = e.getValue();
                if (!(v instanceof Number)) continue;
                byTrack.computeIfAbsent(
                                pic.counterPid(c) + " " + pic.counterName(c) + " " + e.getKey(), k -> new ArrayList<>())
                        .add(new Object[] {PerfettoProtoWriter.ns(pic.counterTs(c)), ((Number) v).doubleValue()});
            }
        }
        for (Map.Entry<String, List<Object[]>> t : byTrack.entrySet()) {
            List<Object[]> values = t.getValue();
            values.sort(java.util.Comparator.comparingLong(x -> (Long) x[0]));
            Double last = null;
            for (Object[] x : values) {
                if (set == ArgSet.LEAN && x[1].equals(last)) continue;
                last = (Double) x[1];
                want.add(t.getKey() + "@" + x[0] + "=" + x[1]);
            }
        }
        for (int i = 0; i < rb.counters.size(); i++) {
            TrackDescriptor t = rb.track(rb.counters.get(i)[0]);
            got.add(rb.track(t.getParentUuid()).getProcess().getPid() + " " + t.getName() + "@"
                    + rb.counters.get(i)[1] + "=" + rb.counterValues.get(i));
        }
        assertThat(got).containsExactlyInAnyOrderElementsOf(want);

        // arrows: each once, between its two slices (or the marks of its unbound ends)
        assertThat(rb.flows).hasSize(pic.flowCount());
        Map<Long, Readback.Flow> flows = new HashMap<>();
        for (Readback.Flow f : rb.flows) flows.put(f.id, f);
        for (int f = 0; f < pic.flowCount(); f++) {
            Readback.Flow rf = flows.get(pic.flowKind(f).traceId(f));
            assertThat(rf).as("arrow %d", f).isNotNull();
            int s = pic.flowSrcSlice(f), d = pic.flowDstSlice(f);
            Readback.Slice src = item[s >= 0 ? s : n + marks.ofUnboundEnd(f, 0)],
                    dst = item[d >= 0 ? d : n + marks.ofUnboundEnd(f, 1)];
            assertThat(List.of(rf.out, rf.in)).as("arrow %d", f).containsExactlyInAnyOrder(src, dst);
        }
        return rb;
    }

    private static Readback.Slice take(Map<String, Deque<Readback.Slice>> byPlace, String place) {
        Deque<Readback.Slice> d = byPlace.get(place);
        return d == null ? null : d.poll();
    }

    /** Args as {@link Readback} reads the debug annotations back. */
    static Map<String, Object> expected(Map<String, Object> args) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : args.entrySet()) m.put(e.getKey(), value(e.getValue()));
        return m;
    }

    private static Object value(Object v) {
        if (v == null || v == JsonValues.NULL || v == JsonValues.ABSENT) return "json:null";
        if (v instanceof TestPictures.U64) return "u" + Long.toUnsignedString(((TestPictures.U64) v).v);
        if (v instanceof Integer) return ((Integer) v).longValue();
        if (v instanceof BigInteger) {
            BigInteger b = (BigInteger) v;
            return b.signum() >= 0 && b.bitLength() <= 64 ? "u" + b : b.toString();
        }
        if (v instanceof List) {
            List<?> l = (List<?>) v;
            if (l.isEmpty()) return "json:[]";
            List<Object> out = new ArrayList<>();
            for (Object o : l) out.add(value(o));
            return out;
        }
        if (v instanceof Map) {
            Map<?, ?> mp = (Map<?, ?>) v;
            if (mp.isEmpty()) return "json:{}";
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : mp.entrySet()) out.put(String.valueOf(e.getKey()), value(e.getValue()));
            return out;
        }
        return v;
    }
}
