package io.ptotrace.convert.estimate;

/**
 * What one trace file costs Perfetto's trace processor, in the rows it creates: slices (marker slices
 * included), arg rows (one per scalar debug annotation or JSON arg; a list or object counts its leaves),
 * flows, counter values, the distinct strings it interns (names, categories, arg keys and string values)
 * with their total length, and tracks.
 *
 * <p>A writer that knows exactly what it emits (a leaner writer leaving args out, say) reports these counts
 * for the file it wrote; {@link CostCounter} counts them from a picture with the rule the writers follow today.
 */
public record TraceCosts(long slices, long argRows, long flows, long counterValues, long distinctStrings,
                         long distinctStringBytes, long tracks) {
    public static final TraceCosts NONE = new TraceCosts(0, 0, 0, 0, 0, 0, 0);

    public TraceCosts withoutArgs() { return new TraceCosts(slices, 0, flows, counterValues, 0, 0, tracks); }

    public TraceCosts withoutFlows() { return new TraceCosts(slices, argRows, 0, counterValues, distinctStrings, distinctStringBytes, tracks); }
}
