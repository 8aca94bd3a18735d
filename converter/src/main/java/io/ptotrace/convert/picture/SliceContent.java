package io.ptotrace.convert.picture;

/**
 * Renders what a slice or counter sample says, on demand, so that a million-task picture does not hold
 * a million name strings and argument maps. Implemented where the trace rules live.
 */
public interface SliceContent {
    String sliceName(int slice);

    String sliceCategory(int slice);

    /** Colour name, or null. */
    String sliceColor(int slice);

    void sliceArgs(int slice, ArgSink sink);

    String counterName(int counter);

    String counterCategory(int counter);

    void counterArgs(int counter, ArgSink sink);
}
