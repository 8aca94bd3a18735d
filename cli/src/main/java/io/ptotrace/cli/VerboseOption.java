package io.ptotrace.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code -v/--verbose}, mixed into every command. */
final class VerboseOption {
    @Option(
            names = {"-v", "--verbose"},
            description = "Print the stack trace of a failure.")
    boolean verbose;

    /** What {@code -v} adds for each command besides a failure's stack trace. */
    private static final java.util.Map<String, String> MORE = java.util.Map.of(
            "convert", "Print progress details on stdout",
            "deps", "Print the time each step took (read, page model, layout, write) on stderr",
            "diff", "Print the time each step took on stderr",
            "check", "Print the time each step took and the work done (accesses, path searches) on stderr",
            "critical-path", "Print the time each run's steps took on stderr",
            "compare", "Print the time each step took (reading, comparing, writing) on stderr");

    /** Words {@code -v}'s help for what it does in {@code cl}'s command. */
    static void describeFor(CommandLine cl) {
        CommandLine.Model.CommandSpec spec = cl.getCommandSpec();
        CommandLine.Model.OptionSpec v = spec.findOption("-v");
        String more = MORE.get(spec.name());
        if (v == null || more == null) return;
        spec.remove(v);
        spec.addOption(v.toBuilder()
                .description(more + ", and the stack trace of a failure.")
                .build());
    }

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
