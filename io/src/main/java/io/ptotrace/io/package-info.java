/**
 * How every command touches files: one input opener, one output writer, one error line.
 *
 * <p>{@link io.ptotrace.io.Inputs} opens inputs read-only and turns open and parse failures into an
 * {@link io.ptotrace.io.InputProblem} in the user's words. {@link io.ptotrace.io.Outputs} refuses outputs that
 * are inputs of the command (same device and inode) before any work, writes each output to a temporary sibling
 * ({@link io.ptotrace.io.TempFiles}, removed on failure and on shutdown) and renames all of a command's files
 * into place together; {@link io.ptotrace.io.OutputFile} decides per path whether it is replaced, followed (a
 * link) or written straight into (a device or pipe). {@link io.ptotrace.io.ErrorLine} is the one
 * {@code Error: <file>: <what> (at line L, column C)} line a failing command prints. The contract these classes
 * keep is described in {@code docs/files-and-errors.md}.
 */
package io.ptotrace.io;
