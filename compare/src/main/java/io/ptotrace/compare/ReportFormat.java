package io.ptotrace.compare;

/** The formats of the comparison report. */
public enum ReportFormat {
    TEXT,
    MARKDOWN,
    JSON,
    HTML
}
