package io.ptotrace.convert;

import java.io.PrintStream;

/** One-line progress on stderr, only when stderr is a terminal. */
final class Progress {
    private final PrintStream err;
    private final boolean on;
    private final long t0 = System.nanoTime();
    private final boolean tty = System.console() != null;

    Progress(PrintStream err, boolean on) {
        this.err = err;
        this.on = on;
    }

    synchronized void say(String what) {
        if (!on) return;
        err.print((tty ? "\r\033[K" : "") + "[" + String.format("%5.1fs", (System.nanoTime() - t0) / 1e9) + "] " + what
                + (tty ? "" : "\n"));
        err.flush();
    }

    synchronized void done() {
        if (on) say("done");
        if (on && tty) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
