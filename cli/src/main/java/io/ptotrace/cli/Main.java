package io.ptotrace.cli;

import io.ptotrace.model.InputProblem;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ptotrace} command: one subcommand class per job. */
@Command(name = "ptotrace", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Perfetto traces, graph diffs and checks for the profiling data of the Ascend PTO runtime.",
    subcommands = {ConvertCommand.class, InspectCommand.class, DiffCommand.class, SynthCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    public static void main(String[] args) {
        int status;
        try {
            status = execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("Error: out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB heap); give Java more, e.g. PTOTRACE_JAVA_OPTS=-Xmx8g bin/ptotrace ...");
            status = ExitCodes.TROUBLE;
        }
        System.exit(status);
    }

    /** Runs a command line and maps failures to exit status 2 (one line, no stack trace). */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            boolean verbose = Verbosity.requested(parsed);
            if (ex instanceof InputProblem) {
                cmd.getErr().println("Error: " + ((InputProblem) ex).oneLine());
            } else if (ex instanceof java.io.IOException || ex instanceof java.io.UncheckedIOException) {
                cmd.getErr().println("Error: " + ex.getMessage());
            } else {
                cmd.getErr().println("Error: internal error: " + ex);
            }
            if (verbose) ex.printStackTrace(cmd.getErr());
            return ExitCodes.TROUBLE;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("Error: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.TROUBLE;
        });
        return cl.execute(args);
    }
}
