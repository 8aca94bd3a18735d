package io.ptotrace.convert.estimate;

import java.util.Locale;

/**
 * The estimated peak memory of Perfetto's trace processor (v58, the build ui.perfetto.dev runs) loading a
 * trace, from what the trace costs it ({@link TraceCosts}):
 *
 * <pre>
 *   bytes ≈ FIXED + SLICE·slices + ARG·arg rows + ARG_SET·arg sets + FLOW·flows + COUNTER·counter values
 *           + STRING·distinct strings + distinct string bytes + INTERNED_NAME·interned names + TRACK·tracks
 *           + HELD·held bytes
 * </pre>
 *
 * The per-row costs were measured one kind at a time, on traces that hold a million rows of that kind and
 * nothing else, with import marks (so the sorter holds only a window of events); the held-byte factors were
 * then fitted to lean, full and JSON traces of runs from 10k to 1M tasks. docs/trace-layout.md ("Memory
 * estimate") has the measurements.
 */
public final class MemoryModel {
    private MemoryModel() {}

    /** The processor with its SQL standard library and an empty .pftrace. */
    public static final long FIXED = 39_000_000;
    /** The same for an empty JSON trace. */
    public static final long FIXED_JSON = 23_000_000;
    /**
     * A slice row, its place in the track's slice stack and its events' share of the sorter's window: 95 bytes at 1M
     * slices, 100 at 3M and at 6.7M (a 1M-task run's count).
     */
    public static final long SLICE = 100;
    /**
     * An args-table row. One kind at a time a row costs 37–39 bytes, but the processor's columns grow by doubling, so
     * what a row costs in a whole trace depends on where the count falls: the two rank args on each of 492k arg sets
     * cost 26 bytes a row. 32 fits both, and the whole traces of docs/trace-layout.md.
     */
    public static final long ARG = 32;
    /** An arg set (the args of one slice, deduplicated by hash) beyond its rows. */
    public static final long ARG_SET = 37;
    /** A flow row and the flow-id map entry until the arrow ends: 44 bytes at 1M arrows, 37 at 11.4M (a 1M-task run's count). */
    public static final long FLOW = 38;
    /** A counter row. */
    public static final long COUNTER = 65;
    /** A string-pool entry beyond its bytes: the hash-table slot, the length, the terminator. */
    public static final long STRING = 45;
    /** An event name interned on the packet sequence: its entry in the interning state, kept to the end, beyond its string-pool entry. */
    public static final long INTERNED_NAME = 200;
    /** A track row with its dimension args and the importer's per-track state. */
    public static final long TRACK = 2_000;
    /**
     * A byte of a .pftrace without import marks: the sorter keeps every packet, as bytes and as an event, to the end
     * (and the interned string values with their packets).
     */
    public static final double HELD = 2.6;
    /** A byte of a JSON trace: the importer keeps the text of every event until the events are sorted. */
    public static final double HELD_JSON = 1.4;
    /** The smallest budget a window can be cut to. */
    public static final long MIN_BUDGET = 40_000_000;
    /** Above this a trace is unlikely to open in the browser (whose limit is about 2 GB). */
    public static final long DEFAULT_THRESHOLD = 2_000_000_000L;

    /**
     * What a .pftrace with import marks whose packets are compressed saves against the same trace stored plain: the
     * processor maps the file it reads, and the mapped pages count in its peak, so it maps {@code plain - file} bytes
     * fewer, while the batches it inflates are freed as it goes, like the plain file's events. (A trace held whole
     * keeps every inflated batch instead, and saves nothing.) {@code size}: {file bytes, bytes before compression},
     * -1 where unknown.
     */
    public static long unmappedBytes(long[] size) {
        return size[0] < 0 || size[1] < 0 ? 0 : Math.max(0, size[1] - size[0]);
    }

    /** The rows' part of the estimate, without the fixed cost and the held bytes. */
    static long rows(TraceCosts c) {
        return SLICE * c.slices()
                + ARG * c.argRows()
                + ARG_SET * c.argSets()
                + FLOW * c.flows()
                + COUNTER * c.counterValues()
                + STRING * c.distinctStrings()
                + c.distinctStringBytes()
                + INTERNED_NAME * c.internedNames()
                + TRACK * c.tracks();
    }

    /** The trace processor's memory for a trace with these costs, in bytes. */
    public static long estimate(TraceCosts c, boolean json) {
        return (json ? FIXED_JSON : FIXED) + rows(c) + Math.round((json ? HELD_JSON : HELD) * c.heldBytes());
    }

    /** What the fixed cost leaves of a budget. */
    public static long room(long budget, boolean json) {
        return budget - (json ? FIXED_JSON : FIXED);
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
        if (t.endsWith("B") && t.length() > 1 && Character.isLetter(t.charAt(t.length() - 2)))
            t = t.substring(0, t.length() - 1);
        double unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K':
                    unit = 1e3;
                    break;
                case 'M':
                    unit = 1e6;
                    break;
                case 'G':
                    unit = 1e9;
                    break;
                default:
                    break;
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
        if (v < MIN_BUDGET)
            throw new IllegalArgumentException("'" + text + "' leaves no room beside the trace processor's own "
                    + shown(FIXED) + "; give at least " + shown(MIN_BUDGET));
        if (v > 1e15) throw new IllegalArgumentException("'" + text + "' is too large a size");
        return (long) v;
    }
}
