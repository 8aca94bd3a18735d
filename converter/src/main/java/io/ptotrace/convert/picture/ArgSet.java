package io.ptotrace.convert.picture;

/**
 * Which args a slice shows. {@link #FULL} is every arg of the Chrome JSON trace; {@link #LEAN} keeps what a
 * person reads and cannot see otherwise — the task, function and core, timings other than the slice's own
 * start and duration, happens-before details — and leaves out what the trace already says another way: the
 * slice's name, track, start, duration or arrows, the same task's details on its other views, and args that
 * only restate the counter tracks.
 */
public enum ArgSet {
    LEAN,
    FULL
}
