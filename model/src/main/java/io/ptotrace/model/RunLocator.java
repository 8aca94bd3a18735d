package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.IoCause;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Where a run's files are. A run folder holds a records file, {@code deps.json} and {@code name_map*.json};
 * every command finds them here: the records file of a folder, the newest run under {@code outputs/}, the
 * deps.json of a folder or beside a records file, and the name map beside an input — by one of two policies,
 * because convert and diff deliberately differ there (see {@link #uniqueNameMapBeside} and {@link #newestNameMapBeside}).
 */
public final class RunLocator {
    private RunLocator() {}

    /** The records name the critical-path tool also reads; no capture writes it. */
    public static final String L2_PERF_RECORDS = "l2_perf_records.json";

    /**
     * The names that discovery under {@code outputs/} looks for: the names the captures write, newest era first.
     * A run holding only an {@code l2_perf_records.json} is read when its folder or file is named, but never picked on its own.
     */
    public static final List<String> CAPTURE_NAMES =
            Era.newestFirst().stream().map(e -> e.recordsFile).distinct().toList();

    /**
     * Records file names of every era, newest era first: a folder holding files of two eras is read by its
     * newest one; {@link #L2_PERF_RECORDS} comes last.
     */
    public static final List<String> RECORDS_NAMES =
            Stream.concat(CAPTURE_NAMES.stream(), Stream.of(L2_PERF_RECORDS)).toList();

    public static final String DEPS_NAME = "deps.json";

    private static final String NAME_MAPS = "name_map*.json";

    /** The records file of a run folder (by {@link #RECORDS_NAMES}), or null. */
    public static Path recordsIn(Path dir) {
        return first(dir, RECORDS_NAMES);
    }

    private static Path first(Path dir, List<String> names) {
        for (String n : names) {
            Path p = dir.resolve(n);
            if (Files.isRegularFile(p)) return p;
        }
        return null;
    }

    /**
     * The newest (mtime) records file one folder below {@code cwd/outputs}, by {@link #CAPTURE_NAMES} (a folder
     * holding both contributes its chip file), or null. Equal times: the first folder by name.
     */
    public static Path newestUnderOutputs(Path cwd) throws IOException {
        Path outputs = cwd.resolve("outputs");
        if (!Files.isDirectory(outputs)) return null;
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(outputs)) {
            for (Path d : ds) if (Files.isDirectory(d)) dirs.add(d);
        }
        dirs.sort(null);
        Path best = null;
        FileTime bestTime = null;
        for (Path d : dirs) {
            Path f = first(d, CAPTURE_NAMES);
            if (f == null) continue;
            FileTime t = Files.getLastModifiedTime(f);
            if (best == null || t.compareTo(bestTime) > 0) {
                best = f;
                bestTime = t;
            }
        }
        return best;
    }

    /**
     * Newest (mtime) {@code deps.json} anywhere below {@code cwd/outputs} (first in path order among equals), or
     * null; folders that cannot be listed are passed over.
     */
    public static Path newestDepsUnderOutputs(Path cwd) throws IOException {
        Path outputs = cwd.resolve("outputs");
        if (!Files.isDirectory(outputs)) return null;
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(outputs, new java.nio.file.SimpleFileVisitor<Path>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path f, java.nio.file.attribute.BasicFileAttributes a) {
                if (a.isRegularFile() && f.getFileName().toString().equals("deps.json")) found.add(f);
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path f, IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
        found.sort(null);
        Path best = null;
        FileTime bestTime = null;
        for (Path f : found) {
            FileTime t;
            try {
                t = Files.getLastModifiedTime(f);
            } catch (IOException e) {
                continue;
            }
            if (best == null || t.compareTo(bestTime) > 0) {
                best = f;
                bestTime = t;
            }
        }
        return best;
    }

    /** The deps.json beside a records file (it need not exist). */
    public static Path depsBeside(Path recordsFile) {
        Path dir = recordsFile.getParent();
        return dir == null ? Path.of(DEPS_NAME) : dir.resolve(DEPS_NAME);
    }

    /**
     * For the timing pass of a dispatch captured in two passes ({@code dK+1}: records and no deps.json), the graph
     * pass's folder {@code dK} beside it (deps.json and a name map, no records); else null.
     */
    public static Path graphPassOf(Path timing) {
        Path name = timing.getFileName();
        if (name == null || !name.toString().matches("d[0-9]{1,9}") || Files.exists(timing.resolve(DEPS_NAME)))
            return null;
        long k = Long.parseLong(name.toString().substring(1));
        if (k == 0 || recordsIn(timing) == null) return null;
        Path g = timing.resolveSibling("d" + (k - 1));
        return Files.isRegularFile(g.resolve(DEPS_NAME)) && newest(g, NAME_MAPS) != null && recordsIn(g) == null
                ? g
                : null;
    }

    /**
     * For the graph pass of a dispatch captured in two passes ({@code dK}: deps.json and a name map, no records), the
     * timing pass's folder {@code dK+1} beside it; else null. The inverse of {@link #graphPassOf}.
     */
    public static Path timingPassOf(Path graph) {
        Path name = graph.getFileName();
        if (name == null || !name.toString().matches("d[0-9]{1,9}")) return null;
        Path t = graph.resolveSibling("d" + (Long.parseLong(name.toString().substring(1)) + 1));
        Path g = Files.isDirectory(t) ? graphPassOf(t) : null;
        return g != null && g.getFileName().equals(name) ? t : null;
    }

    /** What every command says when it joins the two passes of one dispatch (prefixed by the run it concerns). */
    public static String passesJoined(Path graph, Path timing, Path records) {
        return "one dispatch captured in two passes: the graph of " + graph.getFileName() + "/" + DEPS_NAME
                + " joined with the timing of " + timing.getFileName() + "/" + records.getFileName();
    }

    /** Why the two passes of a dispatch are not joined: the timing pass ran tasks the graph pass does not have. */
    public static String passesDiffer(Path graph, Path timing, int strangers, String first) {
        return "the graph pass " + graph.getFileName() + " and the timing pass " + timing.getFileName()
                + " of one dispatch ran different graphs (" + strangers + " timed task(s), first " + first + ", not in "
                + graph.getFileName() + "/" + DEPS_NAME + "): not joined";
    }

    /** Whether a folder looks like the root of a multi-rank {@code dfx_outputs} tree: it has a {@code rank*} folder. */
    public static boolean isTreeRoot(Path dir) {
        if (!Files.isDirectory(dir)) return false;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "rank*")) {
            for (Path p : ds) if (Files.isDirectory(p)) return true;
        } catch (IOException e) {
            throw new InputProblem(dir.toString(), "cannot list this folder: " + IoCause.words(e), null, e);
        }
        return false;
    }

    /**
     * A deps.json given as itself or as the run folder holding it.
     *
     * @throws InputProblem when the folder has none or the file is not there
     */
    public static Path depsOf(Path fileOrFolder) {
        if (Files.isDirectory(fileOrFolder)) {
            Path f = fileOrFolder.resolve(DEPS_NAME);
            if (Files.isRegularFile(f)) return f;
            if (isTreeRoot(fileOrFolder))
                throw new InputProblem(
                        fileOrFolder,
                        "no deps.json in this folder, which holds a multi-rank tree: name one capture's folder "
                                + "(rankN/dN) or its deps.json",
                        null);
            throw new InputProblem(fileOrFolder, "no deps.json in this folder", null);
        }
        if (!Files.exists(fileOrFolder)) throw new InputProblem(fileOrFolder, "no such file", null);
        return fileOrFolder; // a pipe reads as well as a file
    }

    /**
     * Every entry named {@code name_map*.json} in the folder of {@code input}, by name: the files a command may
     * read besides its named inputs, which its outputs must not replace. None when the folder does not exist.
     */
    public static List<Path> nameMapsBeside(Path input) throws IOException {
        Path dir = input.toAbsolutePath().getParent();
        List<Path> found = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) return found;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, NAME_MAPS)) {
            for (Path p : ds) found.add(p);
        }
        found.sort(
                (a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return found;
    }

    /**
     * Convert's policy: the name map beside {@code input} when it is the only regular {@code name_map*.json}
     * there, else null; several are a warning and no names, since picking one could label every task wrongly.
     */
    public static Path uniqueNameMapBeside(Path input, Consumer<String> warn) throws IOException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(input.toAbsolutePath().getParent(), NAME_MAPS)) {
            for (Path p : ds) if (Files.isRegularFile(p)) found.add(p);
        }
        found.sort(
                (a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        if (found.size() == 1) return found.get(0);
        if (found.size() > 1) {
            StringBuilder sb = new StringBuilder();
            for (Path p : found) {
                if (sb.length() > 0) sb.append(", ");
                sb.append(p.getFileName());
            }
            warn.accept("Warning: multiple sibling name maps found next to " + input + ": " + sb
                    + "; pass --func-names explicitly.");
        }
        return null;
    }

    /**
     * Diff's policy, as the deps viewer's: the newest (mtime) regular {@code name_map*.json} beside {@code input},
     * ties to the last by name, silently; null when there is none or the folder cannot be read.
     */
    public static Path newestNameMapBeside(Path input) {
        Path dir = input.toAbsolutePath().getParent();
        return dir == null ? null : newest(dir, NAME_MAPS);
    }

    /**
     * The newest (mtime) regular file in {@code dir} matching {@code glob}, ties to the last by name, other than
     * a {@code --split} index ({@code *.parts.json}); null when there is none or the folder cannot be read.
     */
    public static Path newest(Path dir, String glob) {
        Path best = null;
        FileTime bestTime = null;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
            for (Path p : ds) {
                if (!Files.isRegularFile(p) || p.getFileName().toString().endsWith(".parts.json")) continue;
                FileTime t = Files.getLastModifiedTime(p);
                int c = bestTime == null ? 1 : t.compareTo(bestTime);
                if (c > 0
                        || (c == 0
                                && p.getFileName()
                                                .toString()
                                                .compareTo(best.getFileName().toString())
                                        > 0)) {
                    best = p;
                    bestTime = t;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return best;
    }
}
