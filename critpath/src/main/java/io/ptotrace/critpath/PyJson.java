package io.ptotrace.critpath;

import io.ptotrace.model.JsonValues;
import io.ptotrace.model.PyFloat;
import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * JSON text laid out as Python's {@code json.dump(v, indent=2, ensure_ascii=False)} lays it out: one member or
 * item a line, {@code ": "} between key and value, non-ASCII characters raw, floats as Python's repr.
 */
final class PyJson {
    private PyJson() {}

    static void indent(Writer w, int level) throws IOException {
        w.write('\n');
        for (int i = 0; i < level; i++) w.write("  ");
    }

    static void value(Writer w, Object v, int level) throws IOException {
        if (v == null || v == JsonValues.NULL) w.write("null");
        else if (v instanceof String) string(w, (String) v);
        else if (v instanceof Boolean) w.write((Boolean) v ? "true" : "false");
        else if (v instanceof Long || v instanceof Integer || v instanceof BigInteger) w.write(v.toString());
        else if (v instanceof Double) w.write(PyFloat.repr((Double) v));
        else if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            if (m.isEmpty()) {
                w.write("{}");
                return;
            }
            w.write('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) w.write(',');
                first = false;
                indent(w, level + 1);
                string(w, String.valueOf(e.getKey()));
                w.write(": ");
                value(w, e.getValue(), level + 1);
            }
            indent(w, level);
            w.write('}');
        } else if (v instanceof List) {
            List<?> l = (List<?>) v;
            if (l.isEmpty()) {
                w.write("[]");
                return;
            }
            w.write('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) w.write(',');
                indent(w, level + 1);
                value(w, l.get(i), level + 1);
            }
            indent(w, level);
            w.write(']');
        } else throw new IllegalArgumentException("not a JSON value: " + v.getClass());
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static void string(Writer w, String s) throws IOException {
        w.write('"');
        int from = 0, n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') continue;
            w.write(s, from, i - from);
            from = i + 1;
            switch (c) {
                case '"':
                    w.write("\\\"");
                    break;
                case '\\':
                    w.write("\\\\");
                    break;
                case '\n':
                    w.write("\\n");
                    break;
                case '\r':
                    w.write("\\r");
                    break;
                case '\t':
                    w.write("\\t");
                    break;
                case '\b':
                    w.write("\\b");
                    break;
                case '\f':
                    w.write("\\f");
                    break;
                default:
                    w.write("\\u00");
                    w.write(HEX[c >> 4]);
                    w.write(HEX[c & 15]);
            }
        }
        w.write(s, from, n - from);
        w.write('"');
    }
}
