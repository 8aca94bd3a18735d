package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line that names its subcommand is built with that subcommand alone: it must read, print and word its
 * errors exactly as the command line with every subcommand does.
 */
class CommandLineShapeTest {
    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Class<?> c : Main.SUBCOMMANDS)
            names.add(c.getAnnotation(CommandLine.Command.class).name());
        return names;
    }

    @Test
    void aNamedSubcommandIsBuiltAloneAndTheRestWithAll() {
        assertThat(names()).contains("convert", "diff", "help").hasSize(Main.SUBCOMMANDS.size());
        assertThat(Main.commandLine("convert", "run").getSubcommands()).containsOnlyKeys("convert");
        for (String[] args : new String[][] {{}, {"help", "convert"}, {"--help"}, {"conver"}, {"-V"}})
            assertThat(Main.commandLine(args).getSubcommands())
                    .as(String.join(" ", args))
                    .containsOnlyKeys(names());
    }

    @Test
    void eachSubcommandAloneHasTheSameOptionsAndHelp() {
        CommandLine all = Main.commandLine();
        for (String name : names()) {
            if (name.equals("help")) continue;
            CommandLine alone = Main.commandLine(name).getSubcommands().get(name);
            CommandLine inAll = all.getSubcommands().get(name);
            assertThat(alone.getUsageMessage(CommandLine.Help.Ansi.OFF))
                    .as(name)
                    .isEqualTo(inAll.getUsageMessage(CommandLine.Help.Ansi.OFF))
                    .contains("--help", "--version");
            assertThat(alone.getCommandSpec().optionsMap().keySet())
                    .as(name)
                    .isEqualTo(inAll.getCommandSpec().optionsMap().keySet());
        }
    }

    @Test
    void errorsAndVersionReadTheSameEitherWay() {
        for (String name : names()) {
            if (name.equals("help")) continue;
            for (String[] rest : new String[][] {{"--no-such-option"}, {"--version"}, {"-h"}}) {
                String[] args = new String[rest.length + 1];
                args[0] = name;
                System.arraycopy(rest, 0, args, 1, rest.length);
                assertThat(run(Main.commandLine(args), args))
                        .as(String.join(" ", args))
                        .isEqualTo(run(Main.commandLine(), args));
            }
        }
    }

    /** What a command line prints for {@code args} with the handlers Main sets, and its status. */
    private static String run(CommandLine cl, String[] args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println(ex.getMessage());
            return 2;
        });
        int status = cl.execute(args);
        return status + "\n" + out + "\n" + err;
    }
}
