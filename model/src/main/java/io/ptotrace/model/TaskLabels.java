package io.ptotrace.model;

/**
 * How a capture's task ids are shown ({@code t5}, {@code r1t3}, {@code r0t5}, {@code g7t3}, {@code p4}): the
 * id layout depends on the era and, in the streams era, on the runtime that minted the ids.
 */
@FunctionalInterface
public interface TaskLabels {
    String label(long rawId);
}
