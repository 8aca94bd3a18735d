package io.ptotrace.viewer;

/** Which of a graph's unique pairs a view shows. */
public enum EdgeMode {
    /** Every pair. */
    FULL("full"),
    /** The transitive reduction, keeping every pair that carries a tensor-lifetime ({@code creator}) row. */
    REDUCED("reduced"),
    /** Only the pairs {@link #REDUCED} drops. */
    OMITTED("omitted"),
    /** Every pair but those whose redundancy the slices' byte ranges prove. */
    REDUCED_DATAFLOW("reduced_dataflow"),
    /** Only the pairs {@link #REDUCED_DATAFLOW} drops. */
    OMITTED_DATAFLOW("omitted_dataflow");

    /** The name on the command line and in default output names. */
    public final String cliName;

    EdgeMode(String cliName) {
        this.cliName = cliName;
    }

    /** The mode of a command-line name (exact spelling), or null. */
    public static EdgeMode of(String name) {
        for (EdgeMode m : values()) if (m.cliName.equals(name)) return m;
        return null;
    }

    boolean dataflow() {
        return this == REDUCED_DATAFLOW || this == OMITTED_DATAFLOW;
    }

    boolean onlyRedundant() {
        return this == OMITTED || this == OMITTED_DATAFLOW;
    }
}
