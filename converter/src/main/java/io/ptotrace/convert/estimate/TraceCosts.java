package io.ptotrace.convert.estimate;

/**
 * What one trace file costs Perfetto's trace processor, in the rows it creates and what it holds until the end:
 * slices (marker slices included), arg rows (one per scalar debug annotation or JSON arg; a list or object counts
 * its leaves, see {@link ArgLeaves}), arg sets (the items that have args), flows, counter values, the distinct
 * strings of the string pool with their total length, the event names interned on the packet sequence (each kept
 * with its interning state), tracks, and {@code heldBytes}: the file bytes the processor holds to the end (all of
 * a file without import marks, none of one with them).
 *
 * <p>A writer that knows exactly what it emits may report these counts for the file it wrote; {@link CostCounter}
 * counts them from a picture with the rules the writers follow.
 */
public record TraceCosts(
        long slices,
        long argRows,
        long argSets,
        long flows,
        long counterValues,
        long distinctStrings,
        long distinctStringBytes,
        long internedNames,
        long tracks,
        long heldBytes) {
    public static final TraceCosts NONE = new TraceCosts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The same trace, held bytes as measured (the size of the file written). */
    public TraceCosts withHeldBytes(long bytes) {
        return new TraceCosts(
                slices,
                argRows,
                argSets,
                flows,
                counterValues,
                distinctStrings,
                distinctStringBytes,
                internedNames,
                tracks,
                bytes);
    }
}
