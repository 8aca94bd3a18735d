package io.ptotrace.convert.picture;

/** Receives the args of one slice or counter sample, in order. */
public interface ArgSink {
    void str(String key, String value);

    void dbl(String key, double value);

    void i64(String key, long value);

    /** An unsigned 64-bit id (printed unsigned in JSON). */
    void u64(String key, long value);

    void bool(String key, boolean value);

    void nul(String key);

    /** A value copied from the input as it was (see {@code io.ptotrace.model.JsonValues}). */
    void raw(String key, Object jsonValue);
}
