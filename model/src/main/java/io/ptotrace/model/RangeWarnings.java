package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonLocation;
import io.ptotrace.io.InputProblem;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values a reader replaced because they were out of range, in a member whose format tolerates junk:
 * counted per kind and reported as one warning line for the whole file.
 */
public final class RangeWarnings {
    private static final class Kind {
        long count;
        String first;
    }

    private final Map<String, Kind> kinds = new LinkedHashMap<>();

    /**
     * Counts one value.
     *
     * @param what the member, e.g. {@code block_num}
     * @param outcome what it was and what was read instead, e.g. {@code out of range (expected ...), read as 1}
     * @param at where the value is (null when not known)
     */
    public void add(String what, String outcome, JsonLocation at) {
        Kind k = kinds.computeIfAbsent(what + '\0' + outcome, x -> new Kind());
        if (k.count++ == 0) k.first = InputProblem.location(at);
    }

    public boolean isEmpty() {
        return kinds.isEmpty();
    }

    /** {@code Warning: <file>: 3 block_num values out of range ..., read as 1 (first at line L, column C)}, or null. */
    public String line(Object file) {
        if (kinds.isEmpty()) return null;
        StringBuilder sb = new StringBuilder("Warning: ").append(file).append(": ");
        String sep = "";
        for (Map.Entry<String, Kind> e : kinds.entrySet()) {
            String[] parts = e.getKey().split("\0", 2);
            Kind k = e.getValue();
            sb.append(sep)
                    .append(k.count)
                    .append(' ')
                    .append(parts[0])
                    .append(k.count == 1 ? " value " : " values ")
                    .append(parts[1]);
            if (k.first != null)
                sb.append(" (")
                        .append(k.count == 1 ? "at " : "first at ")
                        .append(k.first)
                        .append(')');
            sep = "; ";
        }
        return sb.toString();
    }
}
