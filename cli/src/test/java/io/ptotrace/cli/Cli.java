package io.ptotrace.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs ptotrace command lines in this JVM (stdout and stderr captured) or in a child JVM, and looks at folders. */
final class Cli {
    private Cli() {}

    /** What one command line did. */
    record Result(int status, String stdout, String stderr) {
        List<String> errLines() {
            return stderr.isEmpty() ? List.of() : Arrays.asList(stderr.split("\\R"));
        }

        /** The one line of a failure (exit 2): "Error: ..." after any warnings, and nothing else. */
        String errorLine() {
            List<String> l = errLines();
            List<String> errors =
                    l.stream().filter(s -> s.startsWith("Error: ")).collect(Collectors.toList());
            if (errors.size() != 1 || !l.get(l.size() - 1).startsWith("Error: "))
                throw new AssertionError("expected one Error line last on stderr, got:\n" + stderr);
            for (String s : l)
                if (!s.startsWith("Error: ") && !s.startsWith("Warning: "))
                    throw new AssertionError("stray stderr line: " + s + "\n" + stderr);
            return errors.get(0);
        }
    }

    /** Runs in this JVM; synchronized because System.out and System.err are global. */
    static synchronized Result run(String... args) {
        PrintStream savedOut = System.out, savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            status = Main.execute(args);
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A child JVM running ptotrace with this test's class path, started through {@code bash -c} for ulimits. */
    static ProcessBuilder child(String shellPrefix, String... args) {
        return child(List.of("-Xmx512m"), shellPrefix, args);
    }

    /** {@link #child(String, String...)} with these JVM options. */
    static ProcessBuilder child(List<String> jvm, String shellPrefix, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        String line = cmd.stream().map(Cli::quote).collect(Collectors.joining(" "));
        return new ProcessBuilder("bash", "-c", (shellPrefix.isEmpty() ? "" : shellPrefix + "; ") + "exec " + line);
    }

    static Result await(Process p, long seconds) throws IOException, InterruptedException {
        byte[][] outErr = new byte[2][];
        Thread o = new Thread(() -> outErr[0] = readAll(p.getInputStream()));
        Thread e = new Thread(() -> outErr[1] = readAll(p.getErrorStream()));
        o.start();
        e.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child ptotrace did not finish in " + seconds + " s");
        }
        o.join();
        e.join();
        return new Result(
                p.exitValue(),
                new String(outErr[0], StandardCharsets.UTF_8),
                new String(outErr[1], StandardCharsets.UTF_8));
    }

    private static byte[] readAll(java.io.InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Every file under {@code dir} (relative name → SHA-256 of its bytes; links and special files by kind). */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (p.equals(dir)) continue;
                String name = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)) m.put(name, "link -> " + Files.readSymbolicLink(p));
                else if (Files.isDirectory(p)) m.put(name, "folder");
                else if (Files.isRegularFile(p)) m.put(name, sha256(Files.readAllBytes(p)));
                else m.put(name, "special");
            }
        }
        return m;
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    static boolean shell(String command) {
        try {
            Process p = new ProcessBuilder("bash", "-c", command)
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
