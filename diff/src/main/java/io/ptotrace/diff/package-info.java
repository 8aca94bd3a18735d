/**
 * {@code ptotrace diff}: what changed between two deps.json graphs.
 *
 * <p>{@link io.ptotrace.diff.DiffTool} runs it: {@link io.ptotrace.diff.GraphLoader} reads each side (on two
 * threads) into the model's {@link io.ptotrace.model.graph.TaskGraph}, the one graph of a deps.json every tool
 * reads; a {@link io.ptotrace.diff.Side} adds the name map and NEW's string and array codes translated into
 * OLD's, so values compare as ints across the two graphs. The
 * differ matches tasks by id or, with {@code --align}, per ring in submit order ({@code SeqAlign}, a Myers
 * difference), pairs tensors by id or by structure, compares matched entries field by field ({@code Comparer},
 * honouring {@code --ignore} via {@link io.ptotrace.diff.Field}) and merge-joins the edges into a
 * {@link io.ptotrace.diff.GraphDiff}. Renderers (text, JSON, Markdown) only render that result.
 */
package io.ptotrace.diff;
