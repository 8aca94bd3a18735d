package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;

/**
 * The part of a records file an analysis of AICore timing needs, read on its own: {@code metadata.clock_freq_hz}
 * and the {@code aicore_tasks} rows. Every other member is only checked as JSON, so a capture whose other sections
 * are damaged (an unknown level, a host record without its end, an upload before the origin, host and AICPU
 * orchestrator records together) can still be analysed, as the established critical-path analyser analyses it.
 * The rows obey the same rules as in the full reader: five columns or more of integers, a core id of 32 bits,
 * {@code 0 <= start <= end < 2^63}.
 */
public final class AicoreRows {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** The era the file's level key names, else its file name's. */
    public final Era era;

    public final long clockFreqHz;
    public final AicoreCycles cycles;
    /** {@code metadata.core_types} by core id (empty when the file has none or they are not strings). */
    public final String[] coreTypes;

    private AicoreRows(Era era, long clockFreqHz, AicoreCycles cycles, String[] coreTypes) {
        this.era = era;
        this.clockFreqHz = clockFreqHz;
        this.cycles = cycles;
        this.coreTypes = coreTypes;
    }

    /** The core type of core {@code c} as the records reader names it: from the metadata, else {@code aiv}. */
    public String coreType(int c) {
        return c >= 0 && c < coreTypes.length && coreTypes[c] != null ? coreTypes[c] : "aiv";
    }

    public static AicoreRows read(Path file) {
        long[] freq = {-1};
        java.util.List<String> types = new java.util.ArrayList<>();
        Era[] era = {null};
        LongList core = new LongList(), task = new LongList(), start = new LongList(), end = new LongList();
        Inputs.readJson(file, JSON, p -> {
            if (p.nextToken() != JsonToken.START_OBJECT)
                throw InputProblem.at(file, p, "top level is not a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (name.equals("metadata") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String m = p.currentName();
                        p.nextToken();
                        if (m.equals("clock_freq_hz")) freq[0] = frequency(file, p);
                        else if (m.equals("core_types") && p.currentToken() == JsonToken.START_ARRAY) {
                            types.clear();
                            while (p.nextToken() != JsonToken.END_ARRAY) {
                                types.add(p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : null);
                                p.skipChildren();
                            }
                        } else p.skipChildren();
                    }
                } else if (name.equals("aicore_tasks") && t == JsonToken.START_ARRAY) {
                    rows(file, p, core, task, start, end);
                } else {
                    for (Era e : Era.values()) if (era[0] == null && name.equals(e.levelKey)) era[0] = e;
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level object");
        });
        if (freq[0] <= 0)
            throw new InputProblem(file, "metadata.clock_freq_hz is missing or not a positive integer", null);
        Era e = era[0];
        if (e == null)
            for (Era x : Era.values())
                if (e == null
                        && file.getFileName() != null
                        && file.getFileName().toString().equals(x.recordsFile)) e = x;
        if (e == null) e = Era.L2;
        int n = core.size();
        int[] c = new int[n];
        for (int i = 0; i < n; i++) c[i] = (int) core.get(i);
        return new AicoreRows(
                e,
                freq[0],
                new AicoreCycles(c, task.toArray(), start.toArray(), end.toArray()),
                types.toArray(new String[0]));
    }

    /**
     * The rule every older-era AICore row obeys: {@code 0 <= start <= end < 2^63} (a count at or beyond 2^63 is kept
     * as negative bits); the one wording of its refusal, for this reader and the full one.
     */
    static void checkTiming(Path file, int row, long start, long end) {
        if (!(0 <= start && start <= end))
            throw new InputProblem(
                    file,
                    "aicore_tasks[" + row + "] has invalid timing: expected 0 <= start_cycles <= end_cycles < 2^63"
                            + " (start " + Long.toUnsignedString(start) + ", end " + Long.toUnsignedString(end) + ")",
                    null);
    }

    private static long frequency(Path file, JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER)
            return p.getLongValue();
        if (p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            if (d == Math.rint(d) && d > 0 && d < 9.2e18) return (long) d;
        }
        p.skipChildren();
        return -1;
    }

    private static void rows(Path file, JsonParser p, LongList core, LongList task, LongList start, LongList end)
            throws IOException {
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw InputProblem.at(file, p, "aicore_tasks row " + row + " is not an array");
            long[] v = new long[5];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 5) v[col] = integer(file, p, row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 5)
                throw InputProblem.at(
                        file, p, "aicore_tasks row " + row + " has " + col + " columns, expected 5, 6 or 7");
            if (v[0] != (int) v[0])
                throw InputProblem.at(file, p, "aicore_tasks row " + row + " column 0 is beyond a 32-bit core id");
            checkTiming(file, row, v[3], v[4]);
            core.add(v[0]);
            task.add(v[1]);
            start.add(v[3]);
            end.add(v[4]);
            row++;
        }
    }

    private static long integer(Path file, JsonParser p, int row, int col) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) return p.getLongValue();
            BigInteger b = p.getBigIntegerValue();
            if (b.signum() >= 0 && b.bitLength() <= 64) return b.longValue();
        } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9.2e18) return (long) d;
        }
        throw InputProblem.at(file, p, "aicore_tasks row " + row + " column " + col + " is not a 64-bit integer");
    }
}
