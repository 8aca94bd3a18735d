package io.ptotrace.model.clock;

/**
 * Why a capture could not be placed in its Host window. Not an input error: the capture still converts, on
 * its own clock, and the reason is reported as a warning and in the trace's metadata.
 */
public final class PlacementFailure extends RuntimeException {
    public PlacementFailure(String reason) {
        super(reason, null, false, false);
    }
}
