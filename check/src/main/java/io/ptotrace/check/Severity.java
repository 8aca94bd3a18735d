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

    /** The next level up; an error stays an error. */
    public Severity oneUp() {
        return this == ERROR ? ERROR : values()[ordinal() - 1];
    }

    /** This severity is {@code threshold} or worse. */
    public boolean atLeast(Severity threshold) {
        return ordinal() <= threshold.ordinal();
    }
}
