package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.JsonValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A streams-era conformance case: its {@code case.json} lists checks, each with the exact arguments of one
 * conversion and the golden trace it must equal. Each check runs in a fresh copy of the case folder (so paths
 * are relative, as the goldens carry them), and no file of the copy may change: not its bytes, not its mtime.
 */
final class StreamsCase {
    private StreamsCase() {}

    static boolean is(Path c) {
        Path f = c.resolve("case.json");
        if (!Files.isRegularFile(f)) return false;
        Object v = JsonValues.readFile(f);
        return v instanceof Map && "streams".equals(((Map<?, ?>) v).get("era"));
    }

    static List<Check> checks(Path c) {
        Map<?, ?> m = (Map<?, ?>) JsonValues.readFile(c.resolve("case.json"));
        List<Check> out = new ArrayList<>();
        for (Object o : (List<?>) m.get("checks")) {
            Map<?, ?> k = (Map<?, ?>) o;
            List<String> argv = new ArrayList<>();
            for (Object a : (List<?>) k.get("argv")) argv.add((String) a);
            Object golden = k.get("golden");
            out.add(new Check(c, (String) k.get("kind"), argv, golden instanceof String ? (String) golden : null));
        }
        return out;
    }

    static final class Check {
        final Path caseDir;
        final String kind;
        final List<String> argv;
        final String golden;

        Check(Path caseDir, String kind, List<String> argv, String golden) {
            this.caseDir = caseDir;
            this.kind = kind;
            this.argv = argv;
            this.golden = golden;
        }

        void run(Path tmp, Path comparator) throws Exception {
            Path work = Files.createDirectories(tmp.resolve(caseDir.getFileName() + "-" + kind));
            copyInputs(caseDir, work);
            Path outDir = Files.createDirectories(tmp.resolve(caseDir.getFileName() + "-" + kind + "-out"));
            Path out = outDir.resolve("trace.json");
            ConvertOptions o = options(work, out);
            Map<String, String> before = fingerprint(work);

            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
            if ("error".equals(kind)) {
                InputProblem refused =
                        catchThrowableOfType(InputProblem.class, () -> new ConvertJob(o, quiet, quiet, false).run());
                assertThat(refused).isNotNull();
                ReferenceWords.sameError(caseDir, caseDir.resolve("expected_error.txt"), refused);
                try (Stream<Path> s = Files.list(outDir)) {
                    assertThat(s.count()).as("no output or temp file left").isZero();
                }
            } else {
                ByteArrayOutputStream stderr = new ByteArrayOutputStream();
                new ConvertJob(
                                o,
                                new PrintStream(stdout, true, StandardCharsets.UTF_8),
                                new PrintStream(stderr, true, StandardCharsets.UTF_8),
                                false)
                        .run();
                if ("plain".equals(kind))
                    ReferenceWords.sameWarnings(
                            work, caseDir.resolve("golden_stderr.txt"), stderr.toString(StandardCharsets.UTF_8));
                Process p = new ProcessBuilder(
                                "python3",
                                comparator.toString(),
                                out.toString(),
                                caseDir.resolve(golden).toString())
                        .redirectErrorStream(true)
                        .start();
                String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as(report).isZero();
                Path goldenStdout = caseDir.resolve("golden_stdout.txt");
                if ("plain".equals(kind) && Files.exists(goldenStdout))
                    assertThat(ConformanceTest.statisticsBlock(stdout.toString(StandardCharsets.UTF_8)))
                            .isEqualTo(ConformanceTest.statisticsBlock(Files.readString(goldenStdout)));
            }
            assertThat(fingerprint(work)).as("the inputs are never written").isEqualTo(before);
        }

        private ConvertOptions options(Path work, Path out) {
            ConvertOptions o = new ConvertOptions();
            List<Path> logs = new ArrayList<>();
            for (int i = 0; i < argv.size(); i++) {
                String a = argv.get(i);
                switch (a) {
                    case "-o":
                        i++;
                        o.output = out;
                        break;
                    case "--deps-json":
                        o.depsJson = work.resolve(argv.get(++i));
                        break;
                    case "--func-names":
                        o.funcNames = work.resolve(argv.get(++i));
                        break;
                    case "--host-log":
                        logs.add(work.resolve(argv.get(++i)));
                        break;
                    case "--overhead":
                        o.overhead = true;
                        break;
                    default:
                        if (a.startsWith("-"))
                            throw new IllegalArgumentException("option this test does not map: " + a);
                        o.input = work.resolve(a);
                }
            }
            o.hostLogs = logs;
            o.cwd = work;
            return o;
        }
    }

    /** Everything of a case but its goldens (what the conversion is given). */
    static void copyInputs(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path rel = from.relativize(p);
                if (rel.toString().startsWith("golden_") || rel.toString().equals("expected_error.txt")) continue;
                Path dst = to.resolve(rel.toString());
                if (Files.isDirectory(p)) Files.createDirectories(dst);
                else {
                    Files.copy(p, dst);
                    dst.toFile().setWritable(true);
                }
            }
        }
    }

    /** Every file below a folder: its SHA-256 and mtime. */
    static Map<String, String> fingerprint(Path dir) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
                FileTime t = Files.getLastModifiedTime(p);
                m.put(dir.relativize(p).toString(), HexFormat.of().formatHex(d) + " " + t.toMillis());
            }
        }
        return m;
    }
}
