package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small JSON values (one record, one metadata object) as plain Java values: Long, BigInteger,
 * Double, String, Boolean, {@link #NULL}, List, LinkedHashMap. Used for values copied verbatim into
 * the trace; never for a whole file. Strings and member names are {@link Text#wellFormed well-formed}.
 */
public final class JsonValues {
    private JsonValues() {}

    /** JSON null. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };
    /** A member that is not there at all. */
    public static final Object ABSENT = new Object() {
        @Override
        public String toString() {
            return "<absent>";
        }
    };

    public static Object read(JsonParser p) throws IOException {
        return read(p, null);
    }

    private static final com.fasterxml.jackson.core.JsonFactory FILES =
            com.fasterxml.jackson.core.JsonFactory.builder().build();

    /** A small JSON file (a sidecar) as one value, through the one input opener. */
    public static Object readFile(java.nio.file.Path file) {
        Object[] out = new Object[1];
        io.ptotrace.io.Inputs.readJson(file, FILES, p -> {
            if (p.nextToken() == null) throw new io.ptotrace.io.InputProblem(file, "empty file, not JSON", null);
            out[0] = read(p);
        });
        return out[0];
    }

    /**
     * As {@link #read(JsonParser)}, noting in {@code where} (an identity map) where each value was that a
     * range check may refuse: big and float numbers, strings, and integers outside 32 bits.
     */
    public static Object read(JsonParser p, Map<Object, JsonLocation> where) throws IOException {
        JsonToken t = p.currentToken();
        Object v;
        switch (t) {
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) v = p.getBigIntegerValue();
                else {
                    long l = p.getLongValue();
                    if (where == null || l == (int) l) return l;
                    v = l;
                }
                break;
            case VALUE_NUMBER_FLOAT:
                v = p.getDoubleValue();
                break;
            case VALUE_STRING:
                v = Text.wellFormed(p.getText());
                break;
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return NULL;
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) list.add(read(p, where));
                return list;
            }
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = Text.wellFormed(p.currentName());
                    p.nextToken();
                    map.put(k, read(p, where));
                }
                return map;
            }
            default:
                throw new IOException("unexpected token " + t);
        }
        if (where != null) where.put(v, p.currentTokenLocation());
        return v;
    }

    public static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null || v == NULL || v == ABSENT) g.writeNull();
        else if (v instanceof Long) g.writeNumber((Long) v);
        else if (v instanceof Integer) g.writeNumber((Integer) v);
        else if (v instanceof BigInteger) g.writeNumber((BigInteger) v);
        else if (v instanceof Double) PyFloat.write(g, (Double) v);
        else if (v instanceof String) g.writeString((String) v);
        else if (v instanceof Boolean) g.writeBoolean((Boolean) v);
        else if (v instanceof List) {
            g.writeStartArray();
            for (Object o : (List<?>) v) write(g, o);
            g.writeEndArray();
        } else if (v instanceof Map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else throw new IllegalArgumentException("not a JSON value: " + v.getClass());
    }

    /** Python truthiness-free integer conversion: int, integral float, numeric string, bool. */
    public static Long asLong(Object v) {
        if (v instanceof Long) return (Long) v;
        if (v instanceof BigInteger) return ((BigInteger) v).longValue();
        if (v instanceof Double) {
            double d = (Double) v;
            if (Double.isNaN(d) || Double.isInfinite(d)) return null;
            return new BigDecimal(d).toBigInteger().longValue();
        }
        if (v instanceof Boolean) return ((Boolean) v) ? 1L : 0L;
        if (v instanceof String) {
            U64.Slot s = new U64.Slot();
            return U64.parse((String) v, s) ? s.value : null;
        }
        return null;
    }

    /**
     * Whether {@link #asLong} gives {@code v}'s own value: true for what is not a number or a numeric
     * string, and for integral numbers in [−2^63, 2^63).
     */
    public static boolean exact(Object v) {
        if (v instanceof BigInteger) return ((BigInteger) v).bitLength() < 64;
        if (v instanceof Double) {
            double d = (Double) v;
            return d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63;
        }
        if (v instanceof String) {
            U64.Slot s = new U64.Slot();
            return !U64.parse((String) v, s) || s.fitsSigned();
        }
        return true;
    }

    /** A value for a message: strings quoted, floats as Python prints them. */
    public static String shown(Object v) {
        if (v instanceof String) return '"' + (String) v + '"';
        if (v instanceof Double) return PyFloat.repr((Double) v);
        return String.valueOf(v);
    }

    public static boolean isPresent(Object v) {
        return v != null && v != ABSENT && v != NULL;
    }
}
