/**
 * The picture of a trace, independent of any file format: {@link io.ptotrace.convert.picture.TracePicture} holds
 * track declarations, slices, counter samples and arrows (each with its {@link io.ptotrace.convert.picture.FlowKind}
 * and the slices its ends belong to) in paged primitive columns, in emission order. The trace rules fill it; the
 * JSON and protobuf writers and {@code inspect} read it. Names and args are rendered on demand rather than
 * stored, so a million-task picture holds no per-slice strings.
 */
package io.ptotrace.convert.picture;
