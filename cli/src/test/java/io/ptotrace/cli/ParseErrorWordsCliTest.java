package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every reader's parse errors in ptotrace's words: a truncated, non-JSON or wrongly typed records file, deps.json or
 * name map is one line naming the file and what is wrong — never the parser's wording or a Java class name.
 */
class ParseErrorWordsCliTest {
    @TempDir
    Path dir;

    /** What the JSON library says and a user should never read. */
    static final List<String> LIBRARY_WORDS = List.of(
            "Unexpected character",
            "was expecting",
            "Unrecognized token",
            "CTRL-CHAR",
            "com.fasterxml",
            "java.",
            "Exception",
            "JsonToken",
            "START_OBJECT",
            "VALUE_",
            "Source: ");

    static String damage(String text, String how) {
        return switch (how) {
            case "truncated" -> text.substring(0, text.length() / 2);
            case "not json" -> "this is not json at all\n";
            case "binary" -> "\u0000\u0001\u0002garbage";
            case "an array" -> "[" + text + "]";
            case "a number" -> "42";
            case "trailing" -> text + " {}";
            case "single quotes" -> text.replaceFirst("\"", "'").replaceFirst("\"", "'");
            default -> throw new IllegalArgumentException(how);
        };
    }

    @ParameterizedTest
    @CsvSource({
        "l2_swimlane_records.json, truncated",
        "l2_swimlane_records.json, not json",
        "l2_swimlane_records.json, binary",
        "l2_swimlane_records.json, an array",
        "l2_swimlane_records.json, a number",
        "l2_swimlane_records.json, trailing",
        "l2_swimlane_records.json, single quotes",
        "deps.json, truncated",
        "deps.json, not json",
        "deps.json, binary",
        "deps.json, an array",
        "deps.json, a number",
        "deps.json, trailing",
        "deps.json, single quotes",
        "name_map_pa_level4.json, truncated",
        "name_map_pa_level4.json, not json",
        "name_map_pa_level4.json, an array",
        "name_map_pa_level4.json, a number",
        "name_map_pa_level4.json, single quotes"
    })
    void everyReaderSaysItInWords(String file, String how) throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        for (String f : List.of("l2_swimlane_records.json", "deps.json", "name_map_pa_level4.json"))
            Files.copy(Path.of("..", "testdata", "runs", "pa_level4", f), run.resolve(f));
        Path victim = run.resolve(file);
        Files.writeString(
                victim, damage(Files.readString(victim, StandardCharsets.UTF_8), how), StandardCharsets.UTF_8);
        List<List<String>> commands = List.of(
                List.of("convert", run.toString(), "-o", dir.resolve("t.json").toString()),
                List.of("deps", run.resolve("deps.json").toString()),
                List.of(
                        "diff",
                        run.resolve("deps.json").toString(),
                        run.resolve("deps.json").toString()),
                List.of("check", run.toString()),
                List.of("critical-path", run.toString()),
                List.of("compare", run.toString(), run.toString()));
        for (List<String> cmd : commands) {
            Cli.Result r = Cli.run(cmd.toArray(new String[0]));
            String said = r.stderr();
            for (String w : LIBRARY_WORDS)
                assertThat(said).as(cmd + " on " + file + " " + how).doesNotContain(w);
            if (r.status() == 2 && !cmd.get(0).equals("critical-path"))
                assertThat(r.errorLine()).as(cmd + " " + how).contains(file);
            boolean syntax = !how.equals("an array") && !how.equals("a number");
            List<String> about = said.lines().filter(l -> l.contains(file)).toList();
            if (syntax && r.status() != 0)
                assertThat(about)
                        .as(cmd + " on " + file + " " + how + ": where the file goes wrong")
                        .isNotEmpty()
                        .anySatisfy(l -> assertThat(l).containsPattern("\\(at line \\d+, column \\d+\\)"));
        }
    }

    /** The position a parse error names is where the damage is, counted from 1 as an editor counts. */
    @Test
    void theLineAndColumnAreWhereTheDamageIs() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        for (String f : List.of("l2_swimlane_records.json", "deps.json", "name_map_pa_level4.json"))
            Files.copy(Path.of("..", "testdata", "runs", "pa_level4", f), run.resolve(f));
        Files.writeString(run.resolve("name_map_pa_level4.json"), "{\"a\": 1,\n  \"b\": x}\n");
        Cli.Result r = Cli.run("check", run.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine())
                .startsWith("Error: " + run.resolve("name_map_pa_level4.json")
                        + ": not valid JSON: 'x' is not a JSON value")
                .endsWith("(at line 2, column 8)");
    }
}
