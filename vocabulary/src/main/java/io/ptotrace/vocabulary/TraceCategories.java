package io.ptotrace.vocabulary;

/** The categories and track names of a ptotrace trace that its readers look for. */
public final class TraceCategories {
    private TraceCategories() {}

    /** The "cat" of every arrow end in the Chrome JSON trace. */
    public static final String FLOW = "flow";
    /** The marker at the successor's end of every happens-before violation (also its name). */
    public static final String HB_VIOLATION = ArrowKind.HB_VIOLATION.eventName;
    /** The marker at an arrow end with no slice to bind to. */
    public static final String UNBOUND_MARKER = "arrow_end";
    /** The marker at the end of an arrow (other than an hb_violation) that ends earlier than it starts. */
    public static final String BACKWARD_MARKER = "backward_arrow";
    /** The child track of a lane that holds its markers. */
    public static final String MARKER_TRACK = "arrow markers";

    /** Whether slices of {@code category} are arrow markers rather than the run's own slices. */
    public static boolean isMarker(String category) {
        return HB_VIOLATION.equals(category) || UNBOUND_MARKER.equals(category) || BACKWARD_MARKER.equals(category);
    }
}
