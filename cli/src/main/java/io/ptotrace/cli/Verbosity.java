package io.ptotrace.cli;

import picocli.CommandLine;

/** Whether the parsed command line asked for -v (stack traces on failure). */
final class Verbosity {
    private Verbosity() {}

    static boolean requested(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult p = parsed;
        while (p != null) {
            if (p.hasMatchedOption("-v")) return true;
            p = p.subcommand();
        }
        return false;
    }
}
