package io.ptotrace.convert.estimate;

import java.util.Locale;

/**
 * The estimated peak memory of Perfetto's trace processor (v58, the build ui.perfetto.dev runs) loading a
 * trace, from what the trace costs it:
 *
 * <pre>
 *   bytes ≈ FIXED + SLICE·slices + ARG·arg rows + FLOW·flows + COUNTER·counter values
 *           + STRING·distinct strings + distinct string bytes + TRACK·tracks
 * </pre>
 *
 * for the protobuf trace, and {@code FIXED + JSON_FACTOR·(the rest)} for the JSON trace. Each per-row cost is
 * the row of the processor's table plus what its import holds until the trace is sorted (the sorter keeps
 * every event, and the bytes of its packet, until the end of a file that has no flush points). The
 * constants are fitted to trace-processor measurements; docs/trace-layout.md ("Memory estimate") says which.
 */
public final class MemoryModel {
    private MemoryModel() {}

    /** The processor with its SQL standard library and an empty trace. */
    public static final long FIXED = 32_000_000;
    /** A slice row (~64 bytes of columns), its begin and end events in the sorter, their packets, the nesting stacks. */
    public static final long SLICE = 260;
    /** An args-table row (~40 bytes of columns), its share of the arg-set hash and of the event's packet. */
    public static final long ARG = 96;
    /** A flow row, the flow-id map entry until the arrow ends, the two 9-byte ids in the packets. */
    public static final long FLOW = 36;
    /** A counter row (ts, track, value, arg set), its event in the sorter and its packet. */
    public static final long COUNTER = 80;
    /** A string-pool entry beyond its bytes: the hash-table slot, the length, the terminator. */
    public static final long STRING = 40;
    /** A track row with its dimension args and the importer's per-track state. */
    public static final long TRACK = 2_000;
    /** The smallest budget a window can be cut to. */
    public static final long MIN_BUDGET = 40_000_000;
    /** Above this a trace is unlikely to open in the browser (whose limit is about 2 GB). */
    public static final long DEFAULT_THRESHOLD = 1_500_000_000;
    /** The JSON importer keeps each event's text, not a compact packet, until the events are sorted. */
    public static final double JSON_FACTOR = 1.25;

    /** The trace processor's memory for a trace with these costs, in bytes. */
    public static long estimate(TraceCosts c, boolean json) {
        long rows = SLICE * c.slices() + ARG * c.argRows() + FLOW * c.flows() + COUNTER * c.counterValues()
            + STRING * c.distinctStrings() + c.distinctStringBytes() + TRACK * c.tracks();
        return FIXED + (json ? Math.round(JSON_FACTOR * rows) : rows);
    }

    /** {@code 87 MB}, {@code 2.24 GB} (decimal units, as the budget is written). */
    public static String shown(long bytes) {
        if (bytes >= 1_000_000_000L) return String.format(Locale.ROOT, "%.2f GB", bytes / 1e9);
        if (bytes >= 1_000_000L) return Math.round(bytes / 1e6) + " MB";
        if (bytes >= 1_000L) return Math.round(bytes / 1e3) + " KB";
        return bytes + " bytes";
    }

    /**
     * A size as the user writes it: a number with an optional unit K, M or G (decimal: 1.5G is 1 500 000 000
     * bytes; a trailing B is allowed, any case). Throws IllegalArgumentException with the reason.
     */
    public static long parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("B") && t.length() > 1 && Character.isLetter(t.charAt(t.length() - 2))) t = t.substring(0, t.length() - 1);
        double unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K': unit = 1e3; break;
                case 'M': unit = 1e6; break;
                case 'G': unit = 1e9; break;
                default: break;
            }
            if (unit != 1) t = t.substring(0, t.length() - 1).trim();
        }
        double v;
        try {
            if (!t.matches("[0-9]+(\\.[0-9]*)?|\\.[0-9]+")) throw new NumberFormatException();
            v = Double.parseDouble(t) * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size (write e.g. 1.5G, 800M; units K, M, G)");
        }
        if (v < MIN_BUDGET) throw new IllegalArgumentException("'" + text + "' leaves no room beside the trace processor's own "
            + shown(FIXED) + "; give at least " + shown(MIN_BUDGET));
        if (v > 1e15) throw new IllegalArgumentException("'" + text + "' is too large a size");
        return (long) v;
    }
}
