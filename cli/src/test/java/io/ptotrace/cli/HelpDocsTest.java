package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Every command's {@code --help} against its page in docs/: each option the command has is documented there, each
 * option the page's synopsis and option tables name is one the command has, and the help ends with the exit
 * statuses.
 */
class HelpDocsTest {
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--?[a-zA-Z][\\w-]*)");

    @ParameterizedTest
    @ValueSource(strings = {"convert", "inspect", "deps", "diff", "check", "critical-path", "compare", "synth", "open"})
    void theHelpAndTheManualNameTheSameOptions(String command) throws IOException {
        CommandLine cl = Main.commandLine(command).getSubcommands().get(command);
        String page = Files.readString(Path.of("..", "docs", command + ".md"));
        Set<String> has = new TreeSet<>();
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            has.addAll(List.of(o.names()));
            if (o.usageHelp() || o.versionHelp()) continue;
            assertThat(List.of(o.names()))
                    .as(command + "'s page documents " + o.longestName())
                    .anyMatch(n -> Pattern.compile("(?<![\\w-])" + Pattern.quote(n) + "(?![\\w-])")
                            .matcher(page)
                            .find());
        }
        for (String documented : documentedOptions(page, command))
            assertThat(has).as(command + "'s page names " + documented).contains(documented);
        String help = cl.getUsageMessage();
        List<String> tail = help.strip().lines().toList();
        int heading = tail.lastIndexOf("Exit status:");
        assertThat(heading).as(command + " --help has its exit statuses").isPositive();
        assertThat(tail.subList(heading + 1, tail.size()))
                .as(command + " --help ends with them")
                .allMatch(l -> l.matches("\\s+[0-9]+\\s+.*|\\s{4,}.*"))
                .anyMatch(l -> l.trim().startsWith("0 "))
                .anyMatch(l -> l.trim().startsWith("2 "));
    }

    @org.junit.jupiter.api.Test
    void verboseSaysWhatItDoesForEachCommand() {
        java.util.Map<String, String> said = new java.util.TreeMap<>();
        for (String c : List.of("convert", "inspect", "diff", "check", "critical-path", "compare")) {
            CommandLine cl = Main.commandLine(c).getSubcommands().get(c);
            said.put(c, String.join(" ", cl.getCommandSpec().findOption("-v").description()));
        }
        assertThat(said.get("convert")).contains("progress").doesNotContain("diff");
        assertThat(said.get("diff")).contains("on stderr").doesNotContain("convert");
        assertThat(said.get("inspect")).isEqualTo("Print the stack trace of a failure.");
        assertThat(said.values()).allMatch(d -> d.contains("stack trace of a failure"));
    }

    /** The options of the page's synopsis (its {@code ptotrace COMMAND …} lines and their continuations) and tables. */
    static Set<String> documentedOptions(String page, String command) {
        Set<String> out = new TreeSet<>();
        List<String> synopsis = new ArrayList<>();
        boolean code = false, in = false;
        for (String line : page.split("\n")) {
            if (line.startsWith("```")) {
                code = !code;
                in = false;
                continue;
            }
            if (code) {
                if (line.startsWith("ptotrace " + command + " ") && line.contains("[")) in = true;
                else if (!line.startsWith(" ")) in = false;
                if (in) synopsis.add(line);
            } else if (line.startsWith("| `-")) synopsis.add(line.substring(0, line.indexOf('|', 2)));
        }
        for (String l : synopsis) {
            Matcher m = OPTION.matcher(l.replaceAll("[A-Z_]+(\\.\\.[A-Z_]+)?", " "));
            while (m.find()) out.add(m.group(1));
        }
        return out;
    }
}
