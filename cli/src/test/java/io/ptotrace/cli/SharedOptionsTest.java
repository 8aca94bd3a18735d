package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.ConvertOptions;
import io.ptotrace.diff.DiffOptions;
import io.ptotrace.diff.DiffTool;
import io.ptotrace.diff.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What every command shares: --help, --version, -v, the word options' spellings and refusals, the exit statuses. */
class SharedOptionsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"convert", "diff", "inspect", "synth"})
    void everyCommandHasHelpVersionAndVerbose(String command) {
        Cli.Result help = Cli.run(command, "--help");
        assertThat(help.status()).isZero();
        assertThat(help.stdout())
                .startsWith("Usage: ptotrace " + command)
                .contains("-v, --verbose", "-h, --help", "-V, --version");
        assertThat(help.stderr()).isEmpty();
        Cli.Result version = Cli.run(command, "--version");
        assertThat(version.status()).isZero();
        assertThat(version.stdout()).startsWith("ptotrace ").contains("Java ");
    }

    @Test
    void noCommandPrintsTheUsageOnStderr() {
        Cli.Result r = Cli.run();
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).startsWith("Usage: ptotrace").contains("convert", "diff", "inspect", "synth");
    }

    @Test
    void wordOptionsTakeAnyCaseBlanksAndAliases() {
        assertThat(new DiffCommand.ReportFormats().convert(" MD ")).isEqualTo(Format.MARKDOWN);
        assertThat(new DiffCommand.ReportFormats().convert("Txt")).isEqualTo(Format.TEXT);
        assertThat(new DiffCommand.Colors().convert("ALWAYS")).isEqualTo(DiffTool.Color.ALWAYS);
        assertThat(new DiffCommand.TensorMatches().convert("Structure")).isEqualTo(DiffOptions.TensorMatch.STRUCTURE);
        assertThat(new ConvertCommand.TraceFormats().convert("protobuf")).isEqualTo(ConvertOptions.Format.PFTRACE);
        assertThat(new ConvertCommand.TraceFormats().convert("Perfetto")).isEqualTo(ConvertOptions.Format.PFTRACE);
        assertThat(new InspectCommand.ReportFormats().convert("JSON")).isEqualTo(InspectCommand.ReportFormat.JSON);
        List<String> shown = new ArrayList<>();
        new ConvertCommand.TraceFormats().forEach(shown::add);
        assertThat(shown).containsExactly("json", "pftrace", "both");
    }

    @Test
    void theHelpListsTheWords() {
        assertThat(Cli.run("diff", "--help").stdout()).contains("Report format: text, json, markdown, html (default:");
        assertThat(Cli.run("inspect", "--help").stdout()).contains("Report format: text, json (default: text).");
        assertThat(Cli.run("convert", "--help").stdout()).contains("Trace format(s) to write: json, pftrace, both");
    }

    private Path deps(String name, String kernel) throws IOException {
        return Files.writeString(
                dir.resolve(name + ".json"),
                "{\"tasks\": [{\"task_id\": \"0\", \"kernel_ids\": [" + kernel
                        + ", -1, -1], \"block_num\": 1}], \"edges\": []}");
    }

    @Test
    void diffTakesTheWordsOnItsCommandLine() throws IOException {
        Path a = deps("a", "0"), b = deps("b", "1"), report = dir.resolve("report.md");
        Cli.Result r = Cli.run(
                "diff",
                a.toString(),
                b.toString(),
                "--format",
                "MD",
                "--color",
                "Never",
                "--match-tensors",
                "STRUCTURE",
                "--ignore",
                "Block-Num,args",
                "-o",
                report.toString());
        assertThat(r.status()).as(r.stderr()).isEqualTo(1);
        assertThat(Files.readString(report)).startsWith("#").contains("kernel_ids");
        Cli.Result same = Cli.run("diff", a.toString(), a.toString(), "--format", "json");
        assertThat(same.status()).isZero();
        assertThat(same.stdout()).startsWith("{").contains("\"match_tensors\":\"address\"");
    }

    @Test
    void anUnknownWordIsAUsageErrorListingTheWords() throws IOException {
        Path a = deps("a", "0");
        assertThat(Cli.run("diff", a.toString(), a.toString(), "--color", "bad").errLines())
                .containsExactly(
                        "Error: Invalid value for option '--color': expected auto, always or never, not 'bad'",
                        "Try 'ptotrace diff --help' for more information.");
        assertThat(Cli.run("diff", a.toString(), a.toString(), "--match-tensors", "name")
                        .errLines()
                        .get(0))
                .isEqualTo(
                        "Error: Invalid value for option '--match-tensors': expected address or structure, not 'name'");
        Cli.Result format = Cli.run("diff", a.toString(), a.toString(), "--format", "xml");
        assertThat(format.status()).isEqualTo(2);
        assertThat(format.stdout()).isEmpty();
        assertThat(format.errLines().get(0))
                .isEqualTo(
                        "Error: Invalid value for option '--format': expected text, json, markdown or html, not 'xml'");
        assertThat(Cli.run("convert", a.toString(), "--format", "svg")
                        .errLines()
                        .get(0))
                .isEqualTo("Error: Invalid value for option '--format': expected json, pftrace or both, not 'svg'");
        assertThat(Cli.run("inspect", a.toString(), "--format", "md").errLines().get(0))
                .isEqualTo("Error: Invalid value for option '--format': expected text or json, not 'md'");
        Cli.Result ignore = Cli.run("diff", a.toString(), a.toString(), "--ignore", "args,colour");
        assertThat(ignore.status()).isEqualTo(2);
        assertThat(ignore.errLines().get(0)).contains("unknown field 'colour'", "(known: scope, kernel_ids");
        Cli.Result era = Cli.run("synth", "-o", dir.resolve("run").toString(), "--era", "iron");
        assertThat(era.status()).isEqualTo(2);
        assertThat(era.errLines().get(0))
                .isEqualTo("Error: Invalid value for option '--era': era must be one of l2, chip, streams, got 'iron'");
        assertThat(Files.exists(dir.resolve("run"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"convert", "diff", "inspect"})
    void verboseAddsTheStackTraceOnEveryCommand(String command) {
        String missing = dir.resolve("nope.json").toString();
        String[] args =
                command.equals("diff") ? new String[] {command, missing, missing} : new String[] {command, missing};
        Cli.Result quiet = Cli.run(args);
        assertThat(quiet.status()).isEqualTo(2);
        assertThat(quiet.errorLine()).contains(missing);
        assertThat(quiet.stderr()).doesNotContain("\tat ");
        List<String> verbose = new ArrayList<>(List.of(args));
        verbose.add("-v");
        Cli.Result loud = Cli.run(verbose.toArray(new String[0]));
        assertThat(loud.status()).isEqualTo(2);
        assertThat(loud.errLines().get(0)).isEqualTo(quiet.errorLine());
        assertThat(loud.stderr()).contains("\tat ");
    }

    @Test
    void synthWritesItsSummaryThroughTheCommandsOutput() {
        Cli.Result r = Cli.run("synth", "-o", dir.resolve("run").toString(), "-n", "20");
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).startsWith("wrote " + dir.resolve("run")).contains("  tasks ");
    }
}
