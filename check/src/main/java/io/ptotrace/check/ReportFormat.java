package io.ptotrace.check;

/** How {@code ptotrace check} writes its report. */
public enum ReportFormat {
    TEXT,
    JSON,
    MARKDOWN
}
