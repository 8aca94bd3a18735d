package io.ptotrace.cli;

import io.ptotrace.io.ErrorLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ptotrace} command: one subcommand class per job. */
@Command(name = "ptotrace", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Perfetto traces, graph diffs and checks for the profiling data of the Ascend PTO runtime.",
    subcommands = {ConvertCommand.class, InspectCommand.class, DiffCommand.class, DepsCommand.class, SynthCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /**
     * Runs a command line. Every failure of every command comes out here as one line on stderr
     * ({@link ErrorLine}) and exit status 2; {@code -v} adds the stack trace.
     */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> fail(cmd, ex, Verbosity.requested(parsed)));
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("Error: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
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
