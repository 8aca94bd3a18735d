package io.ptotrace.check;

/** How much a finding matters; {@code --fail-on} gates on it. */
public enum Severity {
    ERROR("error"),
    WARNING("warning"),
    INFO("info");

    public final String word;

    Severity(String word) {
        this.word = word;
    }

    /** This severity is {@code threshold} or worse. */
    public boolean atLeast(Severity threshold) {
        return ordinal() <= threshold.ordinal();
    }
}
