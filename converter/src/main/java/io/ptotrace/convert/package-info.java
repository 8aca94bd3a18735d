/**
 * {@code ptotrace convert}: a run becomes a trace.
 *
 * <p>{@link io.ptotrace.convert.ConvertJob} is the whole command as a library call: it finds the inputs, reads
 * the records and deps.json on two threads into a {@link io.ptotrace.model.Run}, has the trace rules build a
 * {@link io.ptotrace.convert.picture.TracePicture}, writes the requested formats through the io module, and
 * prints the statistics table and the happens-before summary. The rules — which views, lanes, slices, counters
 * and arrows a run produces, and which dependencies are hb_violations — live in this package; what they produce
 * is described in {@code docs/trace-layout.md}, and where they deliberately differ from the Python converter in
 * {@code docs/differences.md}.
 */
package io.ptotrace.convert;
