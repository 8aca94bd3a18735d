package io.ptotrace.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code -v/--verbose}, mixed into every command. */
final class VerboseOption {
    @Option(
            names = {"-v", "--verbose"},
            description =
                    "Say more while working (convert: progress details on stdout; diff: timings on stderr) and print the stack trace of a failure.")
    boolean verbose;

    /**
     * Whether a parsed command line asked for {@code -v}: the one failure handler reads it from the parse result,
     * because the command that failed may not have set its fields.
     */
    static boolean requested(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("-v")) return true;
        }
        return false;
    }
}
