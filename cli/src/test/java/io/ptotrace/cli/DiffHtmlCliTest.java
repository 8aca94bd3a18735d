package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace diff --format html}: where the page goes, the exit status, and bad input. */
class DiffHtmlCliTest {
    @TempDir
    Path dir;

    private static final String OLD =
            "{\"tasks\": [{\"task_id\": \"1\", \"kernel_ids\": [0, -1, -1], \"block_num\": 1},"
                    + "{\"task_id\": \"2\", \"kernel_ids\": [-1, 1, -1], \"block_num\": 1}],"
                    + " \"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"arg\": -1, \"source\": \"explicit\"}]}";
    private static final String NEW = OLD.replace("\"block_num\": 1}]", "\"block_num\": 2}]");

    private Path run(String name, String deps) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        return Files.writeString(folder.resolve("deps.json"), deps);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void withoutOutputThePageGoesNextToNewsDepsJson() throws IOException {
        Path a = run("old", OLD), b = run("new", NEW);
        Cli.Result r = Cli.run("diff", a.getParent().toString(), b.getParent().toString(), "--format", "html");
        assertThat(r.status()).isEqualTo(1);
        Path page = b.resolveSibling("deps_diff.html");
        assertThat(r.stdout()).isEqualTo("Wrote " + page + " (2 nodes, 1 edges, format=html)\n");
        assertThat(r.stderr()).isEmpty();
        assertThat(Files.readString(page))
                .startsWith("<!DOCTYPE html>")
                .contains("tasks 0 added, 0 removed, 1 changed");
        assertThat(names(a.getParent())).containsExactly("deps.json");
    }

    @Test
    void identicalGraphsExitZeroAndMatchingOptionsAreAccepted() throws IOException {
        Path a = run("old", OLD);
        Path out = dir.resolve("same.html");
        Cli.Result r = Cli.run(
                "diff",
                a.toString(),
                a.toString(),
                "--format",
                "html",
                "-o",
                out.toString(),
                "--align",
                "--match-tensors",
                "structure",
                "--ignore",
                "block_num");
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).isEqualTo("Wrote " + out + " (2 nodes, 1 edges, format=html)\n");
        Path b = run("new", NEW);
        Cli.Result ignored = Cli.run(
                "diff", a.toString(), b.toString(), "--format", "html", "-o", out.toString(), "--ignore", "block_num");
        assertThat(ignored.status()).isZero(); // the only difference is ignored, as in the text report
    }

    @Test
    void badInputIsOneLineExitTwoAndNothingWritten() throws IOException {
        Path a = run("old", OLD), b = run("new", "{\"tasks\": [{\"task_id\": \"1\", ");
        Cli.Result r = Cli.run("diff", a.toString(), b.toString(), "--format", "html");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).startsWith("Error: " + b + ": not valid JSON");
        assertThat(r.stdout()).isEmpty();
        assertThat(names(b.getParent())).containsExactly("deps.json");
        assertThat(names(a.getParent())).containsExactly("deps.json");
    }

    @Test
    void anOutputThatIsAnInputIsRefused() throws IOException {
        Path a = run("old", OLD), b = run("new", NEW);
        Cli.Result r = Cli.run("diff", a.toString(), b.toString(), "--format", "html", "-o", a.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).startsWith("Error: " + a + ": is an input of this command");
        assertThat(Files.readString(a)).isEqualTo(OLD);
        assertThat(names(b.getParent())).containsExactly("deps.json");
    }
}
