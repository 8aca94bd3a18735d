package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff --format markdown} with hostile names and strings from the inputs: nothing can leave its table
 * cell, forge a line of the report, or become HTML or a Markdown link, image or emphasis.
 */
class MarkdownEscapingCliTest {
    @TempDir
    Path dir;

    static final String FORGED =
            "x\n\n### ptotrace diff: graphs identical\n**Graphs are identical**\r\n<img src=x onerror=alert(1)>|`![i](http://e/x.png)`";

    @Test
    void namesWithLineBreaksAndMarkupStayInTheirCells() throws IOException {
        Path oldDeps = dir.resolve("old/deps.json"), newDeps = dir.resolve("new/deps.json");
        Files.createDirectories(oldDeps.getParent());
        Files.createDirectories(newDeps.getParent());
        Files.writeString(oldDeps, "{\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [3, -1, -1]}], \"edges\": []}");
        String source = new String(
                com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString("creator" + FORGED));
        Files.writeString(
                newDeps,
                "{\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [3, -1, -1]}, {\"task_id\": 2, \"kernel_ids\": [3, -1, -1]}],"
                        + " \"edges\": [{\"pred\": 1, \"succ\": 2, \"source\": \"" + source + "\"}]}");
        String name = new String(
                com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(FORGED));
        Files.writeString(
                newDeps.resolveSibling("name_map_x.json"), "{\"callable_id_to_name\": {\"3\": \"" + name + "\"}}");

        Cli.Result r = Cli.run("diff", oldDeps.toString(), newDeps.toString(), "--format", "markdown");
        assertThat(r.status()).as(r.stderr()).isEqualTo(1);
        List<String> lines = r.stdout().lines().toList();
        assertThat(lines.get(0)).isEqualTo("### ptotrace diff: graphs differ");
        assertThat(r.stdout()).doesNotContain("\r");
        for (String l : lines.subList(1, lines.size())) {
            // no forged heading, emphasis or image line: whatever carries the name is one table row
            assertThat(l)
                    .doesNotStartWith("#")
                    .doesNotStartWith("**")
                    .doesNotStartWith("<img")
                    .doesNotStartWith("!");
            if (l.contains("onerror")) {
                assertThat(l).startsWith("| ").endsWith(" |");
                // raw markup only inside a code span fenced longer than the backticks it holds
                int raw = l.indexOf("<img");
                if (raw >= 0) assertThat(l.substring(0, raw)).contains("``");
            }
        }
        // plain-text cells (an edge's source) escape what HTML and Markdown read
        assertThat(r.stdout())
                .contains(
                        "creatorx\u23CE\u23CE\\#\\#\\# ptotrace diff: graphs identical\u23CE\\*\\*Graphs are identical\\*\\*\u23CE&lt;img src=x onerror=alert(1)&gt;\\|");
    }

    /** check's text and Markdown reports with a name map whose names carry line breaks, markup and terminal escapes. */
    @Test
    void checkReportsKeepHostileNamesInTheirPlace() throws IOException {
        Path run = Files.createDirectories(dir.resolve("check-run"));
        Path from = CheckCliTest.CASES.resolve("hand-kv_cache_race");
        for (String f : List.of("deps.json", "l2_swimlane_records.json")) Files.copy(from.resolve(f), run.resolve(f));
        String evil = FORGED + "\u001b[2J\u001b]0;pwned\u0007";
        String name = new String(
                com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(evil));
        Files.writeString(
                run.resolve("name_map_kv_decode.json"),
                "{\"callable_id_to_name\": {\"0\": \"" + name + "\", \"2\": \"" + name + "\"}}");

        Cli.Result md = Cli.run("check", run.toString(), "--format", "markdown");
        assertThat(md.status()).as(md.stderr()).isEqualTo(1);
        assertThat(md.stdout())
                .doesNotContain("\r")
                .doesNotContain("\u001b")
                .doesNotContain("<img")
                .contains("onerror");
        List<String> lines = md.stdout().lines().toList();
        assertThat(lines.get(0)).startsWith("## ptotrace check: ");
        for (String l : lines.subList(1, lines.size()))
            assertThat(l).doesNotStartWith("#").doesNotStartWith("**").doesNotStartWith("!");
        assertThat(lines.stream().filter(l -> l.contains("onerror")))
                .allMatch(l -> l.startsWith("| ") && l.endsWith(" |"));

        Cli.Result text = Cli.run("check", run.toString());
        assertThat(text.status()).isEqualTo(1);
        assertThat(text.stdout())
                .doesNotContain("\u001b")
                .doesNotContain("\u0007")
                .doesNotContain("\r");
        assertThat(text.stdout().lines()).noneMatch(l -> l.startsWith("### ptotrace diff") || l.startsWith("**Graphs"));
    }
}
