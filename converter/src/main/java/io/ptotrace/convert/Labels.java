package io.ptotrace.convert;

import io.ptotrace.model.JsonValues;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.PyFloat;
import io.ptotrace.model.TaskDisplay;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** How task slices are named: function name (or func_<n>_<letters>) and task id, with {@code _spmd} for SPMD tasks. */
public final class Labels {
    private Labels() {}

    /** Bijective base-26 letters of n+1 ({@code 0→a, 26→aa}); empty for negative n. */
    public static String letters(long n) {
        return TaskDisplay.letters(n);
    }

    /** {@code <n>_<letters>}. */
    public static String funcLabel(long funcId) {
        return funcId + "_" + letters(funcId);
    }

    /**
     * A task slice's name: {@link TaskDisplay#named} of its function (from the name map, else
     * {@code func_<n>_<letters>}; {@code task} when the function is unknown) and {@code disp}.
     */
    public static String taskName(int funcId, String disp, boolean spmd, NameMap names) {
        String function;
        if (funcId < 0) function = "task";
        else {
            String n = names.name(funcId);
            function = n != null ? n : "func_" + funcLabel(funcId);
        }
        return spmd ? TaskDisplay.spmdNamed(function, disp) : TaskDisplay.named(function, disp);
    }

    /** Python {@code str()} of a JSON value, for names built from copied values. */
    public static String pyStr(Object v) {
        if (v == null || v == JsonValues.NULL) return "None";
        if (v instanceof Boolean) return ((Boolean) v) ? "True" : "False";
        if (v instanceof Double) return PyFloat.repr((Double) v);
        if (v instanceof Long || v instanceof BigInteger || v instanceof Integer) return v.toString();
        if (v instanceof String) return (String) v;
        if (v instanceof List) {
            StringBuilder sb = new StringBuilder("[");
            boolean first = true;
            for (Object o : (List<?>) v) {
                if (!first) sb.append(", ");
                first = false;
                sb.append(o instanceof String ? "'" + o + "'" : pyStr(o));
            }
            return sb.append(']').toString();
        }
        if (v instanceof Map) {
            StringBuilder sb = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) sb.append(", ");
                first = false;
                sb.append('\'').append(e.getKey()).append("': ");
                Object o = e.getValue();
                sb.append(o instanceof String ? "'" + o + "'" : pyStr(o));
            }
            return sb.append('}').toString();
        }
        return String.valueOf(v);
    }
}
