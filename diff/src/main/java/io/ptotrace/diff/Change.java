package io.ptotrace.diff;

/**
 * One changed attribute: the deps.json member path ({@code block_num}, {@code args[1].shape},
 * {@code hazard}, …) with the OLD and NEW values. Values are null (member absent), {@link String},
 * {@link Integer}, {@link Boolean}, {@link U64Value} (unsigned 64-bit, written as a decimal string),
 * {@code long[]} / {@code int[]} (arrays) or {@code String[]} (flags).
 */
public record Change(String field, Object oldValue, Object newValue) {

    /** An unsigned 64-bit value (ids, offsets, element counts): JSON writes it as a decimal string. */
    public record U64Value(long bits) {
        @Override
        public String toString() {
            return Long.toUnsignedString(bits);
        }
    }
}
