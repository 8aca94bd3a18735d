/**
 * The vocabulary a ptotrace trace is written in: what both the converter's writers and {@code inspect} must
 * agree on without either knowing the other. {@link io.ptotrace.vocabulary.ArrowKind} names the arrow kinds,
 * {@link io.ptotrace.vocabulary.FlowIds} is the bit layout of a {@code .pftrace} flow id (the JSON flow id and
 * the kind's code), {@link io.ptotrace.vocabulary.TraceCategories} the categories and track names readers
 * look for, and {@link io.ptotrace.vocabulary.TraceQueries} the trace processor SQL the README documents,
 * built from them. No dependencies: constants and pure functions only.
 */
package io.ptotrace.vocabulary;
