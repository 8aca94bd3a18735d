package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The contract under mutated inputs: whatever is done to a run's files (cut, spliced, numbers replaced by
 * hostile ones, bytes inserted, a whole array element repeated), convert (also with --split and --window, and of a multi-chip tree), diff (also as Markdown and HTML),
 * deps (text and HTML), check, inspect, critical-path and synth (hostile settings) exit 0, 1 (diff, inspect: findings) or 2; a failure
 * is one {@code Error:} line after at most the reference's warning lines, never a stack trace; inputs are
 * unchanged; nothing but the outputs is left; and the same input gives the same bytes and the same lines.
 */
class MutatedInputsTest {
    static Path base;
    static Path sample;
    /** A generated 2-rank streams-era {@code dfx_outputs/} tree of one dispatch. */
    static Path tree;

    static byte[] sampleTrace;
    static final String[] FILES = {"l2_swimlane_records.json", "deps.json", "name_map_synth.json"};
    static final String[] HOSTILE = {
        "18446744073709551616",
        "1e308",
        "-1",
        "NaN",
        "\"oops\"",
        "null",
        "[[[[",
        "\"\\ud800\"",
        "{",
        "]",
        "\u0000",
        "9".repeat(3000),
        "-0",
        "0.5",
        "true",
        "4294967296",
        "-9223372036854775809",
        "\"\"",
        "[]",
        "{}"
    };

    enum Op {
        TRUNCATE,
        DELETE,
        INSERT,
        REPLACE_NUMBER,
        FLIP,
        DUPLICATE,
        /** Repeats one whole element of a JSON array: a task, tensor or edge listed twice, a repeated row or arg. */
        REPEAT_ELEMENT
    }

    record Mutation(int file, Op op, double at, int length, String payload, int flip) {
        byte[] apply(byte[] in) {
            int pos = (int) Math.min(in.length, Math.floor(at * in.length));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] p = payload.getBytes(StandardCharsets.UTF_8);
            switch (op) {
                case TRUNCATE:
                    out.write(in, 0, pos);
                    break;
                case DELETE:
                    out.write(in, 0, pos);
                    out.write(in, Math.min(in.length, pos + length), in.length - Math.min(in.length, pos + length));
                    break;
                case INSERT:
                    out.write(in, 0, pos);
                    out.write(p, 0, p.length);
                    out.write(in, pos, in.length - pos);
                    break;
                case FLIP: {
                    byte[] c = in.clone();
                    if (pos < c.length) c[pos] ^= (byte) (1 << flip);
                    return c;
                }
                case DUPLICATE: {
                    int end = Math.min(in.length, pos + length);
                    out.write(in, 0, end);
                    out.write(in, pos, end - pos);
                    out.write(in, end, in.length - end);
                    break;
                }
                case REPEAT_ELEMENT:
                    return repeatElement(in, pos);
                default:
                    return replaceNumber(in, pos, p);
            }
            return out.toByteArray();
        }

        /**
         * Repeats the first object or array at or after {@code pos} that is an element of an array: {@code [a, b]}
         * becomes {@code [a, a, b]}. Strings are skipped, so a bracket inside a name is never taken for one.
         */
        static byte[] repeatElement(byte[] in, int pos) {
            java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>(); // start of each open container
            int start = -1;
            for (int i = 0; i < in.length; i++) {
                byte c = in[i];
                if (c == '"') {
                    for (i++; i < in.length && in[i] != '"'; i++) if (in[i] == '\\') i++;
                } else if (c == '{' || c == '[') {
                    if (start < 0 && i >= pos && !open.isEmpty() && in[open.peek()] == '[') start = i;
                    open.push(i);
                } else if ((c == '}' || c == ']') && !open.isEmpty() && open.pop() == start) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.write(in, 0, i + 1);
                    out.write(',');
                    out.write(in, start, i + 1 - start);
                    out.write(in, i + 1, in.length - i - 1);
                    return out.toByteArray();
                }
            }
            return in;
        }

        /** Replaces the first number at or after {@code pos} with {@code p}. */
        private static byte[] replaceNumber(byte[] in, int pos, byte[] p) {
            int s = pos;
            while (s < in.length && !(in[s] >= '0' && in[s] <= '9')) s++;
            if (s >= in.length) return in;
            int e = s;
            while (e < in.length && ((in[e] >= '0' && in[e] <= '9') || in[e] == '.' || in[e] == 'e' || in[e] == '-'))
                e++;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(in, 0, s);
            out.write(p, 0, p.length);
            out.write(in, e, in.length - e);
            return out.toByteArray();
        }
    }

    @BeforeContainer
    static void makeSample() throws IOException {
        base = Files.createTempDirectory("ptotrace-mutations");
        sample = base.resolve("sample");
        SynthRun.write(SynthOptions.builder().tasks(60).level(4).seed(11).build(), sample);
        Path t = base.resolve("sample-trace.json");
        assertThat(Cli.run("convert", sample.toString(), "-o", t.toString()).status())
                .isZero();
        sampleTrace = Files.readAllBytes(t);
        tree = base.resolve("dfx_outputs");
        io.ptotrace.synth.SynthTree.write(
                SynthOptions.builder()
                        .tasks(50)
                        .level(4)
                        .seed(12)
                        .era(io.ptotrace.model.Era.STREAMS)
                        .build(),
                2,
                1,
                tree);
    }

    /** Removes the samples and every try; a file that appears while they are removed is named (no command may leave a writer running). */
    @AfterContainer
    static void removeSample() throws IOException {
        try (Stream<Path> s = Files.walk(base)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                try {
                    Files.deleteIfExists(p);
                } catch (java.nio.file.DirectoryNotEmptyException e) {
                    try (Stream<Path> left = Files.list(p)) {
                        throw new AssertionError(
                                p + " still holds "
                                        + left.map(Path::getFileName).toList(),
                                e);
                    }
                }
            }
        }
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, FILES.length - 1),
                        Arbitraries.of(Op.class),
                        Arbitraries.doubles().between(0, 1),
                        Arbitraries.integers().between(1, 400),
                        Arbitraries.oneOf(
                                Arbitraries.of(HOSTILE), Arbitraries.strings().ofMaxLength(8)),
                        Arbitraries.integers().between(0, 7))
                .as(Mutation::new);
    }

    @Property(tries = 60)
    void convertKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "try");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Path victim = run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(work.resolve("out"));

        Cli.Result first =
                Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        checkOutcome(first, List.of(0, 2));
        Map<String, String> written = Cli.snapshot(out);
        assertThat(written.keySet())
                .isEqualTo(first.status() == 0 ? java.util.Set.of("t.json", "t.pftrace") : java.util.Set.of());
        Cli.Result second =
                Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.stderr()).isEqualTo(first.stderr());
        assertThat(Cli.snapshot(out)).isEqualTo(written);

        if (m.file() == 1) {
            Cli.Result diff =
                    Cli.run("diff", sample.resolve("deps.json").toString(), victim.toString(), "--format", "json");
            checkOutcome(diff, List.of(0, 1, 2));
        }
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    /** A streams-era capture placed by the Host log beside it: any of its inputs mutated. */
    static final Path STREAMS = Path.of("..", "testdata", "conformance", "streams_sample_hbg_host_placed");

    static final String[] STREAMS_FILES = {
        "chip_swimlane_records.json", "host.4242.log", "dispatch_identity.json", "deps.json"
    };

    @Property(tries = 40)
    void streamsCaptureKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "streams");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : STREAMS_FILES) Files.copy(STREAMS.resolve(f), run.resolve(f));
        Path victim = run.resolve(STREAMS_FILES[(m.file() + (int) (m.at() * 7)) % STREAMS_FILES.length]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(work.resolve("out"));
        Cli.Result r =
                Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        checkOutcome(r, List.of(0, 2));
        assertThat(Cli.snapshot(out).keySet())
                .isEqualTo(r.status() == 0 ? java.util.Set.of("t.json", "t.pftrace") : java.util.Set.of());
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    static final String[] TREE_FILES = {
        "rank0/d0/chip_swimlane_records.json",
        "rank1/d0/chip_swimlane_records.json",
        "rank1/d0/deps.json",
        "rank0/d0/dispatch_identity.json",
        "rank1/d0/name_map_synth.json",
        "host.5001.log"
    };

    /**
     * A multi-chip tree with one of its files mutated (a rank's records, deps.json, name map or sidecar, a Host
     * log): directory mode converts (a broken rank named and left out: exit 1) or refuses with one line, twice
     * alike, and writes nothing into the tree.
     */
    @Property(tries = 30)
    void treeKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "tree");
        Path root = work.resolve("dfx_outputs");
        try (Stream<Path> s = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path to = root.resolve(tree.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        Path victim = root.resolve(TREE_FILES[(m.file() + (int) (m.at() * 11)) % TREE_FILES.length]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(root);
        Path out = Files.createDirectories(work.resolve("out"));
        Cli.Result r = twiceInto(
                out,
                List.of(0, 1, 2),
                "convert",
                root.toString(),
                "--dispatch",
                "d0",
                "-o",
                out.resolve("t.json").toString(),
                "--format",
                "both");
        assertThat(Cli.snapshot(out).keySet())
                .isEqualTo(r.status() == 2 ? java.util.Set.of() : java.util.Set.of("t.json", "t.pftrace"));
        if (r.status() == 1) assertThat(r.stderr()).contains("the merged trace leaves it out");
        assertThat(Cli.snapshot(root)).isEqualTo(inputs);
    }

    @Property(tries = 40)
    void compareKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "compare");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Path victim = run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run), reference = Cli.snapshot(sample);
        Path out = Files.createDirectories(work.resolve("out"));
        Cli.Result r = Cli.run(
                "compare",
                sample.toString(),
                run.toString(),
                "--align",
                "--format",
                "json",
                "-o",
                out.resolve("c.json").toString(),
                "--trace",
                out.resolve("c.pftrace").toString());
        checkOutcome(r, List.of(0, 1, 2));
        assertThat(Cli.snapshot(out).keySet())
                .isEqualTo(r.status() == 2 ? java.util.Set.of() : java.util.Set.of("c.json", "c.pftrace"));
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
        assertThat(Cli.snapshot(sample)).isEqualTo(reference);
    }

    @Property(tries = 40)
    void checkKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "check");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Path victim = run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(work.resolve("out"));
        Cli.Result first = Cli.run(
                "check",
                run.toString(),
                "--format",
                "json",
                "-o",
                out.resolve("check.json").toString());
        checkOutcome(first, List.of(0, 1, 2));
        assertThat(Cli.snapshot(out).keySet())
                .isEqualTo(first.status() == 2 ? java.util.Set.of() : java.util.Set.of("check.json"));
        Cli.Result second = Cli.run(
                "check",
                run.toString(),
                "--format",
                "json",
                "-o",
                out.resolve("check.json").toString());
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.stderr()).isEqualTo(first.stderr());
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    @Property(tries = 40)
    void inspectKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "inspect");
        Path trace = Files.write(work.resolve("trace.json"), m.apply(sampleTrace));
        Cli.Result r = Cli.run("inspect", trace.toString());
        checkOutcome(r, List.of(0, 1, 2));
        assertThat(Cli.snapshot(work).keySet()).containsExactly("trace.json");
    }

    /** A fresh copy of the sample run with one mutation applied; returns the run folder. */
    static Path mutatedRun(Mutation m, String prefix) throws IOException {
        Path work = Files.createTempDirectory(base, prefix);
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Path victim = run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        return run;
    }

    /** Runs a command twice into an empty folder: same status, lines and bytes; on failure the folder stays empty. */
    static Cli.Result twiceInto(Path out, List<Integer> allowed, String... args) throws IOException {
        Cli.Result first = Cli.run(args);
        checkOutcome(first, allowed);
        Map<String, String> written = Cli.snapshot(out);
        if (first.status() == 2) assertThat(written).as(first.stderr()).isEmpty();
        Cli.Result second = Cli.run(args);
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.stderr()).isEqualTo(first.stderr());
        assertThat(Cli.snapshot(out)).isEqualTo(written);
        return first;
    }

    @Property(tries = 25)
    void splitAndWindowKeepTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path run = mutatedRun(m, "split");
        Map<String, String> inputs = Cli.snapshot(run);
        Path split = Files.createDirectories(run.resolveSibling("split"));
        Cli.Result s = twiceInto(
                split,
                List.of(0, 2),
                "convert",
                run.toString(),
                "-o",
                split.resolve("t.pftrace").toString(),
                "--split",
                "40M");
        if (s.status() == 0)
            assertThat(Cli.snapshot(split).keySet()).contains("t.pftrace", "t.parts.json", "t.part-01.pftrace");
        Path window = Files.createDirectories(run.resolveSibling("window"));
        Cli.Result w = twiceInto(
                window,
                List.of(0, 2),
                "convert",
                run.toString(),
                "-o",
                window.resolve("w.pftrace").toString(),
                "--window",
                "task:t1..task:r0t30");
        if (w.status() == 0) assertThat(Cli.snapshot(window).keySet()).containsExactly("w.pftrace");
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    @Property(tries = 30)
    void depsAndDiffReportsKeepTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path run = mutatedRun(m, "deps");
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(run.resolveSibling("out"));
        for (String format : List.of("text", "html")) {
            Path o = Files.createDirectories(out.resolve("deps-" + format));
            twiceInto(
                    o,
                    List.of(0, 2),
                    "deps",
                    run.toString(),
                    "--format",
                    format,
                    "-o",
                    o.resolve("view").toString());
        }
        for (String format : List.of("markdown", "html")) {
            Path o = Files.createDirectories(out.resolve("diff-" + format));
            Cli.Result d = twiceInto(
                    o,
                    List.of(0, 1, 2),
                    "diff",
                    sample.toString(),
                    run.toString(),
                    "--format",
                    format,
                    "-o",
                    o.resolve("report").toString());
            if (d.status() != 2 && format.equals("markdown")) {
                String md = Files.readString(o.resolve("report"));
                // whatever the mutation put into names and strings, no line but the heading starts a heading
                assertThat(md.lines().skip(1)).noneMatch(l -> l.startsWith("#"));
            }
        }
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    static final String[] SETTINGS = {
        "tasks",
        "level",
        "seed",
        "rings",
        "era",
        "cores",
        "clock-freq-hz",
        "hb-violation-share",
        "edges-per-task",
        "with-deps",
        "with-name-map",
        "streams"
    };

    @Provide
    Arbitrary<String[]> synthSettings() {
        Arbitrary<String> value = Arbitraries.oneOf(
                Arbitraries.of(HOSTILE),
                Arbitraries.strings().ofMaxLength(6),
                Arbitraries.integers().between(-3, 300).map(String::valueOf));
        return Combinators.combine(Arbitraries.of(SETTINGS), value)
                .as((k, v) -> k + "=" + v)
                .array(String[].class)
                .ofMinSize(1)
                .ofMaxSize(3);
    }

    @Property(tries = 30)
    void synthKeepsTheContract(@ForAll("synthSettings") String[] settings) throws IOException {
        Path work = Files.createTempDirectory(base, "synth");
        Path run = work.resolve("run");
        List<String> args = new java.util.ArrayList<>(List.of("synth", "-n", "40", "-o", run.toString()));
        for (String s : settings) args.addAll(List.of("--set", s));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.status()).as(r.stderr()).isIn(0, 2);
        assertThat(r.stderr()).doesNotContain("\tat ", "Exception", "internal error");
        if (r.status() == 2) {
            // a refused setting is a usage error: its line and the hint
            assertThat(r.errLines().get(0)).startsWith("Error: ");
            assertThat(r.errLines().subList(1, r.errLines().size()))
                    .allMatch(l -> l.startsWith("Try 'ptotrace synth --help'"));
            assertThat(Files.exists(run)).as(r.stderr()).isFalse();
        } else assertThat(Cli.snapshot(run).keySet()).allMatch(n -> n.endsWith(".json"));
        // a second run gives the same bytes
        if (r.status() == 0) {
            Map<String, String> first = Cli.snapshot(run);
            assertThat(Cli.run(args.toArray(new String[0])).status()).isZero();
            assertThat(Cli.snapshot(run)).isEqualTo(first);
        }
    }

    @Property(tries = 40)
    void criticalPathKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "critpath").toRealPath();
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Files.write(run.resolve("merged_swimlane.json"), sampleTrace);
        // one of the run's files, or its merged trace
        Path victim =
                m.file() == 0 && m.flip() >= 4 ? run.resolve("merged_swimlane.json") : run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);

        Cli.Result first = Cli.run("critical-path", work.toString(), "--stdout");
        assertThat(first.status()).as(first.stderr()).isIn(0, 2);
        assertThat(first.stderr()).doesNotContain("\tat ", "Exception", "internal error", "StackOverflow");
        for (String l : first.errLines()) assertThat(l).matches("(Error|Warning): .*");
        if (first.status() == 2)
            assertThat(first.errLines()).anySatisfy(l -> assertThat(l).startsWith("Error: "));
        Map<String, String> after = Cli.snapshot(run);
        java.util.Set<String> added = new java.util.TreeSet<>(after.keySet());
        added.removeAll(inputs.keySet());
        assertThat(added).isSubsetOf("critical_path_report.md", "CPM_static.json", "CPM_observed.json");
        assertThat(added.contains("CPM_static.json")).isEqualTo(added.contains("CPM_observed.json"));
        if (added.contains("CPM_static.json")) assertThat(added).contains("critical_path_report.md");
        for (String f : inputs.keySet()) assertThat(after.get(f)).as(f).isEqualTo(inputs.get(f));

        Cli.Result second = Cli.run("critical-path", work.toString(), "--stdout");
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.stdout()).isEqualTo(first.stdout());
        assertThat(second.stderr()).isEqualTo(first.stderr());
        assertThat(Cli.snapshot(run)).isEqualTo(after);
    }

    @Example
    void repeatElementRepeatsAWholeArrayElement() {
        String json = "{\"tasks\": [{\"task_id\": \"1\", \"n\": \"[{\\\"\"}, {\"task_id\": \"2\"}], \"k\": {\"a\": 1}}";
        // the first element at or after the position, whole; a bracket inside a string is not one
        assertThat(new String(Mutation.repeatElement(json.getBytes(StandardCharsets.UTF_8), 0), StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"tasks\": [{\"task_id\": \"1\", \"n\": \"[{\\\"\"},{\"task_id\": \"1\", \"n\": \"[{\\\"\"},"
                                + " {\"task_id\": \"2\"}], \"k\": {\"a\": 1}}");
        assertThat(new String(
                        Mutation.repeatElement(
                                json.getBytes(StandardCharsets.UTF_8), json.indexOf("{\"task_id\": \"2")),
                        StandardCharsets.UTF_8))
                .contains("{\"task_id\": \"2\"},{\"task_id\": \"2\"}]");
        // no array element after the position (only a member's object): unchanged
        assertThat(Mutation.repeatElement(json.getBytes(StandardCharsets.UTF_8), json.indexOf("\"k\"")))
                .isEqualTo(json.getBytes(StandardCharsets.UTF_8));
    }

    static void checkOutcome(Cli.Result r, List<Integer> allowed) {
        assertThat(r.status()).as(r.stderr()).isIn(allowed.toArray());
        assertThat(r.stderr()).doesNotContain("\tat ", "Exception", "internal error", "StackOverflow");
        if (r.status() == 2) r.errorLine();
        else for (String l : r.errLines()) assertThat(l).startsWith("Warning: ");
    }
}
