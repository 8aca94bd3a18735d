package io.ptotrace.convert.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.model.JsonValues;
import io.ptotrace.model.PyFloat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link JsonText} writes the bytes Jackson's generator writes (non-ASCII escaped) for every kind of member. */
class JsonTextTest {
    /** One object {"k0":v0,"k1":v1,...} written by the generator. */
    private static String byGenerator(List<String> names, List<Object> values) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = ChromeJsonWriter.JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            g.writeStartObject();
            for (int i = 0; i < names.size(); i++) {
                g.writeFieldName(names.get(i));
                Object v = values.get(i);
                if (v instanceof Double) PyFloat.write(g, (Double) v);
                else JsonValues.write(g, v);
            }
            g.writeEndObject();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The same object written by JsonText: strings, numbers and doubles by their own methods, the rest as values. */
    private static String byText(List<String> names, List<Object> values) throws IOException {
        JsonText t = new JsonText(16);
        DoubleTexts texts = new DoubleTexts();
        t.beginObject();
        for (int i = 0; i < names.size(); i++) {
            t.member(JsonText.name(names.get(i)));
            Object v = values.get(i);
            if (v instanceof String) t.string((String) v);
            else if (v instanceof Integer) t.number((int) (Integer) v);
            else if (v instanceof Long) t.number((long) (Long) v);
            else if (v instanceof Double) t.dbl((Double) v, texts);
            else t.value(v);
        }
        t.endObject();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String randomString(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0:
                    sb.append((char) r.nextInt(0x20)); // control characters
                    break;
                case 1:
                    sb.append("\"\\/\u007f".charAt(r.nextInt(4)));
                    break;
                case 2:
                    sb.append((char) (0x80 + r.nextInt(0xFF80))); // non-ASCII, surrogates included
                    break;
                default:
                    sb.append((char) (0x20 + r.nextInt(0x5F)));
            }
        }
        return sb.toString();
    }

    private static Object randomValue(Random r) {
        switch (r.nextInt(10)) {
            case 0:
                return randomString(r);
            case 1:
                return r.nextInt();
            case 2:
                return r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            case 3:
                return r.nextLong();
            case 4:
                double[] odd = {Double.NaN, Double.POSITIVE_INFINITY, -0.0, 0.0, 1e22, 5e-324, 0.1 + 0.2, -1e-7, 1e16};
                return odd[r.nextInt(odd.length)];
            case 5:
                return r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            case 6:
                return r.nextBoolean();
            case 7:
                return r.nextBoolean() ? null : JsonValues.NULL;
            case 8:
                return new BigInteger(70, r);
            default:
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(randomString(r), List.of(1L, randomString(r), 2.5));
                return r.nextBoolean() ? m : List.of(m, 3L);
        }
    }

    @Test
    void everyMemberReadsAsTheGeneratorWritesIt() throws IOException {
        Random r = new Random(22);
        for (int round = 0; round < 2000; round++) {
            List<String> names = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            int n = 1 + r.nextInt(6);
            for (int i = 0; i < n; i++) {
                names.add(r.nextInt(3) == 0 ? randomString(r) : "k" + i);
                values.add(randomValue(r));
            }
            assertThat(byText(names, values)).as("%s = %s", names, values).isEqualTo(byGenerator(names, values));
        }
    }

    @Test
    void nestedObjectsSeparateTheirOwnMembers() throws IOException {
        JsonText t = new JsonText(4);
        t.beginObject();
        t.member(JsonText.name("args"));
        t.beginObject();
        t.endObject();
        t.member(JsonText.name("a"));
        t.beginObject();
        t.member(JsonText.name("x"));
        t.number(1);
        t.member(JsonText.name("y"));
        t.string("caf\u00e9");
        t.endObject();
        t.members(",\"ph\":\"X\"".getBytes(StandardCharsets.US_ASCII));
        t.member(JsonText.name("z"));
        t.unsigned(-1L);
        t.endObject();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.writeTo(out);
        assertThat(out.toString(StandardCharsets.US_ASCII))
                .isEqualTo(
                        "{\"args\":{},\"a\":{\"x\":1,\"y\":\"caf\\u00E9\"},\"ph\":\"X\",\"z\":18446744073709551615}");
    }
}
