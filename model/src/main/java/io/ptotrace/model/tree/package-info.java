/**
 * A multi-chip job's {@code dfx_outputs/} tree: its {@code rankN/dN/} captures, their
 * {@code dispatch_identity.json} sidecars, and which capture of each rank one merged trace takes
 * ({@code --dispatch dN} or {@code --dispatch-id RUN:SLOT}). Finding and checking only: reading a
 * capture stays the records reader's job.
 */
package io.ptotrace.model.tree;
