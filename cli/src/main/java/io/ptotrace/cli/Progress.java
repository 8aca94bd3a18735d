package io.ptotrace.cli;

/** Progress lines go to stderr when it is a terminal, or when PTOTRACE_PROGRESS=1 (benchmarks). */
final class Progress {
    private Progress() {}

    static boolean wanted() {
        String env = System.getenv("PTOTRACE_PROGRESS");
        if (env != null) return env.equals("1");
        return System.console() != null;
    }
}
