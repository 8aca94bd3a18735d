package io.ptotrace.cli;

import io.ptotrace.io.ErrorLine;
import io.ptotrace.io.TempFiles;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/** The {@code ptotrace} command: one subcommand class per job; {@code --help} and {@code --version} reach every one. */
@Command(
        name = "ptotrace",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        scope = ScopeType.INHERIT,
        description = "Perfetto traces, graph diffs and checks for the profiling data of the Ascend PTO runtime.")
public final class Main implements Runnable {
    /** The subcommands, in the order {@code --help} lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            ConvertCommand.class,
            InspectCommand.class,
            DiffCommand.class,
            DepsCommand.class,
            CheckCommand.class,
            SynthCommand.class,
            CriticalPathCommand.class,
            CompareCommand.class,
            OpenCommand.class,
            CommandLine.HelpCommand.class);

    /**
     * The command line for {@code args}: when they start with a subcommand's name, with that subcommand alone, else
     * with all of them. picocli reads every option of every subcommand it is given by reflection before it parses a
     * word (measured: 24 ms of a small diff's 0.27 s), and a command line that names its subcommand parses, prints
     * its help and words its errors the same with that one alone.
     */
    static CommandLine commandLine(String... args) {
        CommandLine cl = new CommandLine(new Main());
        Class<?> named = args.length > 0 ? subcommandNamed(args[0]) : null;
        for (Class<?> c : named != null ? List.of(named) : SUBCOMMANDS) cl.addSubcommand(newInstance(c));
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.setHelpSectionKeys(exitStatusLast(sub));
            VerboseOption.describeFor(sub);
        }
        return cl;
    }

    /** Every command's {@code --help} ends with its exit statuses: its footer (examples) comes before them. */
    private static List<String> exitStatusLast(CommandLine cl) {
        List<String> keys = new java.util.ArrayList<>(cl.getHelpSectionKeys());
        List<String> last = List.of(
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);
        keys.removeAll(last);
        keys.addAll(last);
        return keys;
    }

    /** The subcommand called {@code name} (never {@code help}, which lists the others), or null. */
    private static Class<?> subcommandNamed(String name) {
        for (Class<?> c : SUBCOMMANDS) {
            Command command = c.getAnnotation(Command.class);
            if (c != CommandLine.HelpCommand.class && command.name().equals(name) && command.aliases().length == 0)
                return c;
        }
        return null;
    }

    private static Object newInstance(Class<?> c) {
        try {
            return CommandLine.defaultFactory().create(c);
        } catch (Exception e) {
            throw new IllegalStateException("cannot make the " + c.getSimpleName() + " command", e);
        }
    }

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
        installLastResort();
        ErrorLine.begin();
        if (args.length > 0 && !args[0].startsWith("-") && !args[0].equals("help") && subcommandNamed(args[0]) == null)
            return usageError(
                    "ptotrace",
                    "'" + args[0] + "' is not a ptotrace command" + didYouMean(args[0], commandNames())
                            + "; the commands are " + String.join(", ", commandNames()));
        CommandLine cl = commandLine(args);
        cl.registerConverter(java.nio.file.Path.class, new PathNames());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> fail(cmd, ex, VerboseOption.requested(parsed)));
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            String message = ex instanceof CommandLine.UnmatchedArgumentException
                    ? unmatched((CommandLine.UnmatchedArgumentException) ex)
                    : ex.getMessage();
            // picocli words some messages (exclusive argument groups) with the prefix already
            cmd.getErr().println(message.startsWith("Error: ") ? message : "Error: " + message);
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.TROUBLE;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // thrown past picocli's handler when it has no memory or stack left to run it
            ErrorLine.sayOnce(System.err, e);
            if (java.util.Arrays.asList(args).contains("-v")
                    || java.util.Arrays.asList(args).contains("--verbose")) e.printStackTrace();
            return ExitCodes.TROUBLE;
        }
    }

    /** A word picocli could not place: an unknown option named alone with the nearest valid one, else the word. */
    private static String unmatched(CommandLine.UnmatchedArgumentException ex) {
        List<String> words = ex.getUnmatched();
        for (String w : words) {
            if (!w.startsWith("-") || w.equals("-")) continue;
            String name = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            return "unknown option '" + name + "'"
                    + didYouMean(
                            name,
                            ex.getCommandLine().getCommandSpec().optionsMap().keySet());
        }
        return words.size() == 1
                ? "unexpected argument '" + words.get(0) + "'"
                : "unexpected arguments "
                        + words.stream().map(w -> "'" + w + "'").collect(java.util.stream.Collectors.joining(", "));
    }

    private static String didYouMean(String word, java.util.Collection<String> valid) {
        String near = Closest.to(word, valid);
        return near == null ? "" : " (did you mean '" + near + "'?)";
    }

    private static List<String> commandNames() {
        List<String> names = new java.util.ArrayList<>();
        for (Class<?> c : SUBCOMMANDS)
            if (c != CommandLine.HelpCommand.class)
                names.add(c.getAnnotation(Command.class).name());
        return names;
    }

    private static int usageError(String command, String message) {
        System.err.println("Error: " + message);
        System.err.println("Try '" + command + " --help' for more information.");
        return ExitCodes.TROUBLE;
    }

    private static boolean lastResortInstalled;
    private static final AtomicBoolean LAST_RESORT_EXITING = new AtomicBoolean();

    /**
     * A thread of ours that dies of an uncaught error (out of memory on a helper thread) prints the same one line
     * as the main thread would, and stops the command with status 2; the shutdown hook removes the temporary
     * files, and a commit under way finishes or rolls back first. Only the first such error exits, and none while
     * the JVM is already going down: a second exit waits for the first, which waits for the shutdown hooks, so a
     * hook that ran out of memory itself and called exit would hang the command forever.
     */
    static synchronized void installLastResort() {
        if (lastResortInstalled) return;
        lastResortInstalled = true;
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            if (!ErrorLine.outOfMemory(e)) {
                if (previous != null) previous.uncaughtException(t, e);
                else e.printStackTrace();
                return;
            }
            ErrorLine.sayOnce(System.err, e);
            if (TempFiles.stopping() || !LAST_RESORT_EXITING.compareAndSet(false, true)) return;
            System.exit(ExitCodes.TROUBLE); // runs the shutdown hook that removes temporary files
        });
    }

    /** Every path option and parameter: an empty name (an unset shell variable) is refused, never read as ".". */
    static final class PathNames implements CommandLine.ITypeConverter<java.nio.file.Path> {
        @Override
        public java.nio.file.Path convert(String value) {
            if (value.isBlank())
                throw new CommandLine.TypeConversionException(
                        "an empty name (an unset variable?); name a file or folder");
            try {
                return java.nio.file.Path.of(value);
            } catch (java.nio.file.InvalidPathException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a file name: " + e.getReason());
            }
        }
    }

    private static int fail(CommandLine cmd, Throwable ex, boolean verbose) {
        ErrorLine.sayOnce(cmd.getErr(), ex);
        if (verbose) ex.printStackTrace(cmd.getErr());
        cmd.getErr().flush();
        return ExitCodes.TROUBLE;
    }
}
