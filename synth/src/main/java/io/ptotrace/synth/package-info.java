/**
 * Deterministic generator of synthetic PTO runtime captures.
 *
 * <p>Entry points: {@link io.ptotrace.synth.SynthOptions} (what to generate; CLI-friendly builder)
 * and {@link io.ptotrace.synth.SynthRun#write} (writes the records file, {@code deps.json} and
 * {@code name_map_synth.json} into a directory).
 *
 * <p>Model, in brief: a replayable graph generator ({@code GraphGen}) emits tasks in submit order —
 * kernel tasks (AIC, AIV, MIX; SPMD with {@code block_num > 1}; some predicated-off), dummy tasks
 * and {@code alloc_tensors()} tasks — on 1–4 rings, with a miniature TensorMap deciding the
 * annotated {@code creator}/{@code tensormap}/{@code explicit} edges. A simulation
 * ({@code Simulation}) replays it once: orchestrator submits (round-robin over orchestrator
 * threads, with ring back-pressure), then a best-fit list scheduler over per-type core pools
 * dispatches each task after its respected predecessors are released, producing one AICore row
 * per block dispatch. The records writer derives the scheduler phase records of each scheduler
 * thread from the time-sorted dispatch/finish/marker points it handled; the deps writer replays
 * the graph once per section.
 */
package io.ptotrace.synth;
