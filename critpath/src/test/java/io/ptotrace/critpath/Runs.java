package io.ptotrace.critpath;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Small run folders written from text, and the job run on them with its output captured. */
final class Runs {
    private Runs() {}

    record Outcome(int status, String stdout, String stderr) {}

    static Outcome run(CriticalPathJob.Options o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status;
        try (PrintStream po = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream pe = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            try {
                status = new CriticalPathJob(o, po, pe).run();
            } catch (CriticalPathJob.Refused e) {
                pe.println(e.getMessage());
                status = 2;
            }
        }
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Outcome run(Path root, String... flags) throws IOException {
        CriticalPathJob.Options o = new CriticalPathJob.Options();
        o.root = root;
        for (int i = 0; i < flags.length; i++) {
            switch (flags[i]) {
                case "--stdout":
                    o.stdout = true;
                    break;
                case "--extended":
                    o.extended = true;
                    break;
                case "--json":
                    o.json = true;
                    break;
                case "--report":
                    o.report = flags[++i];
                    break;
                case "--top":
                    o.top = Integer.parseInt(flags[++i]);
                    break;
                case "--tol":
                    o.tol = Long.parseLong(flags[++i]);
                    break;
                default:
                    throw new IllegalArgumentException(flags[i]);
            }
        }
        return run(o);
    }

    /** A records file: {@code rows} as written inside {@code aicore_tasks}. */
    static String records(long freq, String rows) {
        return "{\"l2_swimlane_level\": 1, \"metadata\": {\"clock_freq_hz\": " + freq + "}, \"aicore_tasks\": [" + rows
                + "], \"aicpu_tasks\": []}";
    }

    /** A deps.json with tasks {@code id: kernel_ids} and edges {@code "p>s"}. */
    static String deps(Map<String, String> kernels, String... edges) {
        StringBuilder sb = new StringBuilder("{\"tasks\": [");
        boolean first = true;
        for (Map.Entry<String, String> e : kernels.entrySet()) {
            if (!first) sb.append(',');
            first = false;
            sb.append("{\"task_id\": \"")
                    .append(e.getKey())
                    .append("\", \"kernel_ids\": ")
                    .append(e.getValue())
                    .append(", \"args\": []}");
        }
        sb.append("], \"tensors\": [], \"edges\": [");
        for (int i = 0; i < edges.length; i++) {
            String[] ps = edges[i].split(">");
            if (i > 0) sb.append(',');
            sb.append("{\"pred\": \"")
                    .append(ps[0])
                    .append("\", \"succ\": \"")
                    .append(ps[1])
                    .append("\"}");
        }
        return sb.append("]}").toString();
    }

    static Path folder(Path dir, String records, String deps, String nameMap) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("l2_swimlane_records.json"), records);
        Files.writeString(dir.resolve("deps.json"), deps);
        if (nameMap != null) Files.writeString(dir.resolve("name_map_x.json"), nameMap);
        return dir;
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d);
            }
        }
    }

    /** Every file under {@code dir}, relative, with its bytes. */
    static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator)
                if (Files.isRegularFile(p))
                    m.put(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
        }
        return m;
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        }
    }

    static List<String> lines(String s) {
        return s.isEmpty() ? List.of() : List.of(s.split("\n", -1));
    }
}
