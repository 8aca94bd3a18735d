package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task references, id display and repeated ids, the same for every command: one reader of a task reference
 * ({@code --window}, {@code --focus}), every id shown with all its bits, and one rule with one warning for a
 * task_id listed twice.
 */
class TaskReferencesCliTest {
    @TempDir
    Path dir;

    private Path run(String... settings) {
        Path run = dir.resolve("run");
        List<String> args = new java.util.ArrayList<>(List.of("synth", "-n", "300", "-o", run.toString()));
        for (String s : settings) args.addAll(List.of("--set", s));
        assertThat(Cli.run(args.toArray(new String[0])).status()).isZero();
        return run;
    }

    private static List<String> listing(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ------------------------------------------------------------------ --window

    @Test
    void everyFormOfATaskReferenceGivesTheSameWindow() throws IOException {
        Path run = run("rings=2");
        String reference = null;
        // a raw ring-1 id is the task r1t3 the trace prints
        for (String window : List.of(
                "task:t1..task:r1t3",
                "task:r0t1..task:r1t3",
                "task:1..task:r1t3",
                "task:(0, 1)..task:r1t3",
                "task:t1..task:" + ((1L << 32) | 3))) {
            Path out = dir.resolve("w.pftrace");
            Cli.Result r = Cli.run("convert", run.toString(), "--window", window, "-o", out.toString());
            assertThat(r.status()).as(window + ": " + r.stderr()).isZero();
            // the same slices and arrows (the markers name the window as it was written)
            String summary = Cli.run("inspect", out.toString()).stdout().replace(window, "W");
            if (reference == null) reference = summary;
            else assertThat(summary).as(window).isEqualTo(reference);
        }
    }

    @Test
    void aBoundBeyondADoubleIsAUsageErrorNotAnInternalOne() throws IOException {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), "--window", "0.." + "9".repeat(400));
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errLines().get(0))
                .startsWith("Error: Invalid value for option '--window': ")
                .endsWith("is too large a time")
                .doesNotContain("internal error");
        assertThat(listing(run)).doesNotContain("merged_swimlane.window.pftrace");
    }

    @Test
    void aWindowInWhichNothingStartsIsRefusedWithTheRunsSpan() throws IOException {
        Path run = run();
        Cli.Result r = Cli.run("convert", run.toString(), "--window", "1000000000000000..2000000000000000");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine())
                .matches("Error: --window 1000000000000000\\.\\.2000000000000000: nothing starts in this window "
                        + "\\(the run's slices and samples start from [0-9.]+ to [0-9.]+ \u00b5s\\)");
        assertThat(listing(run)).doesNotContain("merged_swimlane.window.pftrace");
    }

    // ------------------------------------------------------------------ ids beyond ring 255

    /** Two tasks whose ids differ only above bit 39: once folded onto one display form. */
    private static final long A = (1L << 32) | 5, B = (257L << 32) | 5;

    private Path deps(String name, boolean withEdge) throws IOException {
        Path p = dir.resolve(name).resolve("deps.json");
        Files.createDirectories(p.getParent());
        Files.writeString(
                p,
                "{\"tasks\": [{\"task_id\": " + A + ", \"kernel_ids\": [0, -1, -1]}, {\"task_id\": " + B
                        + ", \"kernel_ids\": [1, -1, -1]}], \"edges\": ["
                        + (withEdge ? "{\"pred\": " + A + ", \"succ\": " + B + ", \"source\": \"explicit\"}" : "")
                        + "]}");
        return p;
    }

    @Test
    void idsThatDifferAboveRing255AreShownApartByDepsAndDiff() throws IOException {
        Path with = deps("with", true), without = deps("without", false);
        Cli.Result view =
                Cli.run("deps", with.toString(), "-o", dir.resolve("view.txt").toString());
        assertThat(view.status()).as(view.stderr()).isZero();
        String text = Files.readString(dir.resolve("view.txt"));
        assertThat(text).contains("(1, 5)", "(257, 5)");
        Cli.Result diff = Cli.run("diff", without.toString(), with.toString());
        assertThat(diff.status()).isEqualTo(1);
        assertThat(diff.stdout()).contains("r1t5 -> r257t5").doesNotContain("r1t5 -> r1t5");
        assertThat(Cli.run(
                                "deps",
                                with.toString(),
                                "--focus",
                                "r257t5",
                                "--hops",
                                "0",
                                "-o",
                                dir.resolve("f.txt").toString())
                        .status())
                .isZero();
        assertThat(Files.readString(dir.resolve("f.txt"))).contains("(257, 5)").doesNotContain("(1, 5)");
    }

    // ------------------------------------------------------------------ a task_id listed twice

    @Test
    void aRepeatedTaskIdFollowsOneRuleWithOneWarningInEveryCommand() throws IOException {
        Path ref = dir.resolve("ref/deps.json"), dup = dir.resolve("dup/deps.json");
        Files.createDirectories(ref.getParent());
        Files.createDirectories(dup.getParent());
        Files.writeString(ref, "{\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [0, -1, -1]}], \"edges\": []}");
        // the first entry matches the reference, the last one does not: the last one counts everywhere
        Files.writeString(
                dup,
                "{\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [0, -1, -1]}, {\"task_id\": 1, \"kernel_ids\": [7, -1, -1]}], \"edges\": []}");
        String warning = "Warning: " + dup + ": 1 task_id(s) listed more than once; the last entry of each counts";

        Cli.Result diff = Cli.run("diff", ref.toString(), dup.toString());
        assertThat(diff.status()).isEqualTo(1);
        assertThat(diff.errLines()).containsExactly(warning);
        assertThat(diff.stdout()).contains("kernel_ids");

        Cli.Result deps =
                Cli.run("deps", dup.toString(), "-o", dir.resolve("v.txt").toString());
        assertThat(deps.status()).isZero();
        assertThat(deps.errLines()).containsExactly(warning);
        assertThat(Files.readString(dir.resolve("v.txt"))).contains("7");

        Path run = run();
        Files.copy(dup, run.resolve("deps.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Cli.Result convert =
                Cli.run("convert", run.toString(), "-o", dir.resolve("t.json").toString());
        assertThat(convert.status()).as(convert.stderr()).isZero();
        String runWarning = "Warning: " + run.resolve("deps.json")
                + ": 1 task_id(s) listed more than once; the last entry of each counts";
        assertThat(convert.errLines()).contains(runWarning);

        // check --trace reads the graph and converts the run: the warning is still said once
        Cli.Result check = Cli.run(
                "check",
                run.toString(),
                "--trace",
                dir.resolve("c.pftrace").toString(),
                "-o",
                dir.resolve("c.txt").toString());
        assertThat(check.status()).as(check.stderr()).isIn(0, 1);
        assertThat(check.errLines())
                .filteredOn(l -> l.contains("listed more than once"))
                .containsExactly(runWarning);
    }

    // ------------------------------------------------------------------ a tensor_id listed twice

    @Test
    void aRepeatedTensorIdKeepsItsLastEntryInEveryCommand() throws IOException {
        // 13451765318376212391 is FNV-1a(29204938752, 0); the first entry of it says otherwise, the last agrees
        String counted = "{\"tensor_id\": \"13451765318376212391\", \"buffer_addr\": \"29204938752\", \"version\": 0,"
                + " \"dtype\": \"FLOAT32\", \"buffer_numel\": \"1024\"}";
        String replaced = "{\"tensor_id\": \"13451765318376212391\", \"buffer_addr\": \"4096\", \"version\": 3,"
                + " \"dtype\": \"INT8\", \"buffer_numel\": \"7\"}";
        String tasks =
                "\"tasks\": [{\"task_id\": 1, \"kernel_ids\": [0, -1, -1], \"args\": [{\"idx\": 0, \"type\": \"OUTPUT\","
                        + " \"tensor_id\": \"13451765318376212391\"}]}, {\"task_id\": 2, \"kernel_ids\": [1, -1, -1], \"args\": [{\"idx\": 0,"
                        + " \"type\": \"INPUT\", \"tensor_id\": \"13451765318376212391\"}]}]";
        String edges =
                "\"edges\": [{\"pred\": 1, \"succ\": 2, \"arg\": 0, \"source\": \"tensormap\", \"tensor_id\": \"13451765318376212391\"}]";
        Path ref = dir.resolve("ref/deps.json"), dup = dir.resolve("dup/deps.json");
        Files.createDirectories(ref.getParent());
        Files.createDirectories(dup.getParent());
        Files.writeString(ref, "{" + tasks + ", \"tensors\": [" + counted + "], " + edges + "}");
        Files.writeString(dup, "{" + tasks + ", \"tensors\": [" + replaced + ", " + counted + "], " + edges + "}");
        String warning = "Warning: " + dup + ": 1 tensor_id(s) listed more than once; the last entry of each counts";

        for (String format : List.of("text", "json", "markdown")) {
            Cli.Result diff = Cli.run("diff", ref.toString(), dup.toString(), "--format", format);
            assertThat(diff.status()).as(format + ": " + diff.stderr()).isZero();
            assertThat(diff.errLines()).as(format).containsExactly(warning);
        }
        // the replaced entry is gone from both directions, also where the other side is the one repeated
        Cli.Result back = Cli.run("diff", dup.toString(), ref.toString());
        assertThat(back.status()).as(back.stderr()).isZero();
        Cli.Result html = Cli.run(
                "diff",
                ref.toString(),
                dup.toString(),
                "--format",
                "html",
                "-o",
                dir.resolve("d.html").toString());
        assertThat(html.status()).as(html.stderr()).isZero();
        assertThat(html.errLines()).containsExactly(warning);

        for (String format : List.of("text", "html")) {
            Path out = dir.resolve("v." + format);
            Cli.Result deps = Cli.run("deps", dup.toString(), "--format", format, "-o", out.toString());
            assertThat(deps.status()).as(deps.stderr()).isZero();
            assertThat(deps.errLines()).containsExactly(warning);
            assertThat(Files.readString(out)).doesNotContain("INT8");
        }
        Cli.Result check = Cli.run("check", dup.toString());
        assertThat(check.stderr()).doesNotContain("Exception", "internal error");
        assertThat(check.errLines()).contains(warning);
        assertThat(check.status()).isEqualTo(Cli.run("check", ref.toString()).status());
    }
}
