package io.ptotrace.cli;

/** Exit statuses of every command. */
public final class ExitCodes {
    private ExitCodes() {}

    public static final int OK = 0;
    /** diff: differences found; inspect: problems found. */
    public static final int DIFFERENCES = 1;
    /** bad input, bad usage, or any failure. */
    public static final int TROUBLE = 2;
}
