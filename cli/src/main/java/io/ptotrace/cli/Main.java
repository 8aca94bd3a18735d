package io.ptotrace.cli;

import io.ptotrace.io.ErrorLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/** The {@code ptotrace} command: one subcommand class per job; {@code --help} and {@code --version} reach every one. */
@Command(name = "ptotrace", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, scope = ScopeType.INHERIT,
    description = "Perfetto traces, graph diffs and checks for the profiling data of the Ascend PTO runtime.",
    subcommands = {ConvertCommand.class, InspectCommand.class, DiffCommand.class, DepsCommand.class, CheckCommand.class, SynthCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /**
     * Runs a command line. Every failure of every command comes out here: a usage error as picocli's message and
     * a hint, anything else as one line ({@link ErrorLine}); both exit with status 2, and {@code -v} adds the stack
     * trace of a failure.
     */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> fail(cmd, ex, VerboseOption.requested(parsed)));
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println("Error: " + ex.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.TROUBLE;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // thrown past picocli's handler when it has no memory or stack left to run it
            System.err.println(ErrorLine.of(e));
            return ExitCodes.TROUBLE;
        }
    }

    private static int fail(CommandLine cmd, Throwable ex, boolean verbose) {
        cmd.getErr().println(ErrorLine.of(ex));
        if (verbose) ex.printStackTrace(cmd.getErr());
        cmd.getErr().flush();
        return ExitCodes.TROUBLE;
    }
}
