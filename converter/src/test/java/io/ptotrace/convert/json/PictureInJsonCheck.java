package io.ptotrace.convert.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.pftrace.TestPictures;
import io.ptotrace.convert.picture.JsonMember;
import io.ptotrace.convert.picture.MetaEvent;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.JsonValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks the Chrome JSON of a picture against the picture: every event in order (metadata, slices, counter
 * samples, arrow pairs), each with the members its kind lists in that order, its values and args.
 */
public final class PictureInJsonCheck {
    private PictureInJsonCheck() {}

    private static final ObjectMapper M = new ObjectMapper();

    public static void check(TracePicture pic) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeJsonWriter.write(pic, out, 2);
        JsonNode root = M.readTree(out.toByteArray());
        List<JsonNode> ev = new ArrayList<>();
        root.get("traceEvents").forEach(ev::add);
        int m = pic.meta.size(), n = pic.sliceCount(), c = pic.counterCount(), f = pic.flowCount();
        assertThat(ev).hasSize(m + n + c + 2 * f);
        if (pic.topLevelMetadata() == null) assertThat(root.has("metadata")).isFalse();
        else
            assertThat(norm(M.convertValue(root.get("metadata"), Object.class)))
                    .isEqualTo(norm(pic.topLevelMetadata()));
        for (int i = 0; i < m; i++) {
            MetaEvent me = pic.meta.get(i);
            JsonNode e = ev.get(i);
            assertThat(e.get("ph").asText()).isEqualTo("M");
            assertThat(e.get("pid").asInt()).isEqualTo(me.pid);
            assertThat(e.has("tid")).isEqualTo(me.tid >= 0);
            assertThat(e.get("name").asText()).isEqualTo(me.kind.name().toLowerCase(Locale.ROOT));
            JsonNode a = e.get("args");
            if (me.name != null) assertThat(a.get("name").asText()).isEqualTo(me.name);
            else assertThat(a.get("sort_index").asInt()).isEqualTo(me.sortIndex);
        }
        for (int i = 0; i < n; i++) {
            JsonNode e = ev.get(m + i);
            SliceKind kind = pic.sliceKind(i);
            List<String> members = new ArrayList<>();
            for (JsonMember k : kind.jsonOrder()) {
                if (k == JsonMember.CNAME && pic.sliceColor(i) == null || k == JsonMember.ID && pic.sliceJsonId(i) < 0)
                    continue;
                members.add(k.name().toLowerCase(Locale.ROOT));
            }
            assertThat(fieldNames(e)).as("slice %d", i).isEqualTo(members);
            assertThat(e.get("ph").asText()).isEqualTo("X");
            assertThat(e.get("name").asText()).isEqualTo(pic.sliceName(i));
            assertThat(e.get("cat").asText()).isEqualTo(pic.sliceCategory(i));
            if (pic.sliceColor(i) != null) assertThat(e.get("cname").asText()).isEqualTo(pic.sliceColor(i));
            if (pic.sliceJsonId(i) >= 0) assertThat(e.get("id").asInt()).isEqualTo(pic.sliceJsonId(i));
            assertThat(e.get("pid").asInt()).isEqualTo(pic.slicePid(i));
            assertThat(e.get("tid").asInt()).isEqualTo(pic.sliceTid(i));
            assertThat(number(e.get("ts"))).isEqualTo(pic.sliceTs(i));
            assertThat(number(e.get("dur"))).isEqualTo(pic.sliceDur(i));
            final int slice = i;
            assertArgs(e.get("args"), TestPictures.args(a -> pic.sliceArgs(slice, a)));
        }
        for (int i = 0; i < c; i++) {
            JsonNode e = ev.get(m + n + i);
            List<String> members = new ArrayList<>();
            for (JsonMember k : pic.counterKind(i).jsonOrder())
                members.add(k.name().toLowerCase(Locale.ROOT));
            assertThat(fieldNames(e)).as("counter %d", i).isEqualTo(members);
            assertThat(e.get("ph").asText()).isEqualTo("C");
            assertThat(e.get("name").asText()).isEqualTo(pic.counterName(i));
            assertThat(e.get("cat").asText()).isEqualTo(pic.counterCategory(i));
            assertThat(e.get("pid").asInt()).isEqualTo(pic.counterPid(i));
            assertThat(e.get("tid").asInt()).isEqualTo(pic.counterTid(i));
            assertThat(number(e.get("ts"))).isEqualTo(pic.counterTs(i));
            final int sample = i;
            assertArgs(e.get("args"), TestPictures.args(a -> pic.counterArgs(sample, a)));
        }
        for (int i = 0; i < f; i++) {
            for (int end = 0; end < 2; end++) {
                JsonNode e = ev.get(m + n + c + 2 * i + end);
                boolean start = end == 0;
                List<String> members = new ArrayList<>(List.of("cat", "id", "name", "ph", "pid", "tid", "ts"));
                if (!start) members.add("bp");
                if (pic.flowHasCounts(i)) members.addAll(List.of("input_task_count", "output_task_count"));
                boolean bind = start ? pic.flowSrcJsonBind(i) : pic.flowDstJsonBind(i);
                if (bind) members.add("bind_id");
                assertThat(fieldNames(e)).as("arrow %d end %d", i, end).isEqualTo(members);
                assertThat(e.get("cat").asText()).isEqualTo("flow");
                assertThat(e.get("id").asInt()).isEqualTo(i);
                assertThat(e.get("name").asText()).isEqualTo(pic.flowName(i));
                assertThat(e.get("ph").asText()).isEqualTo(start ? "s" : "f");
                assertThat(e.get("pid").asInt()).isEqualTo(start ? pic.flowSrcPid(i) : pic.flowDstPid(i));
                assertThat(e.get("tid").asInt()).isEqualTo(start ? pic.flowSrcTid(i) : pic.flowDstTid(i));
                assertThat(number(e.get("ts"))).isEqualTo(start ? pic.flowSrcTs(i) : pic.flowDstTs(i));
                if (!start) assertThat(e.get("bp").asText()).isEqualTo("e");
                if (pic.flowHasCounts(i)) {
                    assertThat(e.get("input_task_count").asInt()).isEqualTo(pic.flowInputTaskCount(i));
                    assertThat(e.get("output_task_count").asInt()).isEqualTo(pic.flowOutputTaskCount(i));
                }
                if (bind)
                    assertThat(e.get("bind_id").asInt())
                            .isEqualTo(pic.sliceJsonId(start ? pic.flowSrcSlice(i) : pic.flowDstSlice(i)));
            }
        }
    }

    private static List<String> fieldNames(JsonNode e) {
        List<String> l = new ArrayList<>();
        e.fieldNames().forEachRemaining(l::add);
        return l;
    }

    /** A number member as a double (non-finite values are written as null). */
    private static double number(JsonNode n) {
        return n.isNull() ? Double.NaN : n.asDouble();
    }

    private static void assertArgs(JsonNode args, Map<String, Object> want) {
        assertThat(fieldNames(args)).isEqualTo(new ArrayList<>(want.keySet()));
        for (Map.Entry<String, Object> w : want.entrySet()) {
            Object v = w.getValue();
            Object got = M.convertValue(args.get(w.getKey()), Object.class);
            if (v instanceof Double && !Double.isFinite((Double) v))
                assertThat(got).as(w.getKey()).isNull();
            else assertThat(norm(got)).as(w.getKey()).isEqualTo(norm(v));
        }
    }

    /** Values compared by what they say: integers as BigInteger, other numbers as double, JSON null as null. */
    private static Object norm(Object v) {
        if (v == null || v == JsonValues.NULL) return null;
        if (v instanceof TestPictures.U64) return new BigInteger(Long.toUnsignedString(((TestPictures.U64) v).v));
        if (v instanceof Long || v instanceof Integer || v instanceof Short)
            return BigInteger.valueOf(((Number) v).longValue());
        if (v instanceof BigInteger) return v;
        if (v instanceof Number) return ((Number) v).doubleValue();
        if (v instanceof List) {
            List<Object> l = new ArrayList<>();
            for (Object o : (List<?>) v) l.add(norm(o));
            return l;
        }
        if (v instanceof Map) {
            List<Object> l = new ArrayList<>(); // entries in order: member order counts too
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet())
                l.add(List.of(String.valueOf(e.getKey()), String.valueOf(norm(e.getValue()))));
            return l;
        }
        return v;
    }
}
