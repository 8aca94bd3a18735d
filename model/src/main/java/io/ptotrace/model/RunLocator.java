package io.ptotrace.model;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Finds a run's files: the records file in a folder, the newest run under outputs/, sibling name maps. */
public final class RunLocator {
    private RunLocator() {}

    /** Records file names in order of preference inside one folder: the newer era's first. */
    public static final String[] RECORDS_NAMES = {"chip_swimlane_records.json", "l2_swimlane_records.json", "l2_perf_records.json"};

    /** The records file of a run folder, or null. */
    public static Path recordsIn(Path dir) {
        for (String n : RECORDS_NAMES) {
            Path p = dir.resolve(n);
            if (Files.isRegularFile(p)) return p;
        }
        return null;
    }

    /** Newest (mtime) {@code outputs/*}{@code /{chip,l2}_swimlane_records.json} under {@code cwd}, or null. */
    public static Path newestUnderOutputs(Path cwd) throws IOException {
        Path outputs = cwd.resolve("outputs");
        if (!Files.isDirectory(outputs)) return null;
        Path best = null;
        FileTime bestTime = null;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(outputs)) {
            List<Path> dirs = new ArrayList<>();
            for (Path d : ds) if (Files.isDirectory(d)) dirs.add(d);
            dirs.sort(null);
            for (Path d : dirs) {
                Path f = null;
                for (String n : new String[] {"chip_swimlane_records.json", "l2_swimlane_records.json"}) {
                    if (Files.isRegularFile(d.resolve(n))) { f = d.resolve(n); break; }
                }
                if (f == null) continue;
                FileTime t = Files.getLastModifiedTime(f);
                if (best == null || t.compareTo(bestTime) > 0) { best = f; bestTime = t; }
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
            try { t = Files.getLastModifiedTime(f); } catch (IOException e) { continue; }
            if (best == null || t.compareTo(bestTime) > 0) { best = f; bestTime = t; }
        }
        return best;
    }

    /**
     * The newest (mtime; among equals the last by name) regular {@code name_map*.json} next to a file, or null.
     * The path returned is the sibling of {@code input} as given.
     */
    public static Path newestSiblingNameMap(Path input) throws IOException {
        Path dir = input.toAbsolutePath().getParent();
        if (dir == null) return null;
        Path best = null;
        FileTime bestTime = null;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "name_map*.json")) {
            for (Path p : ds) {
                if (!Files.isRegularFile(p)) continue;
                FileTime t = Files.getLastModifiedTime(p);
                int c = bestTime == null ? 1 : t.compareTo(bestTime);
                if (c > 0 || (c == 0 && p.getFileName().toString().compareTo(best.getFileName().toString()) > 0)) {
                    best = p;
                    bestTime = t;
                }
            }
        }
        return best == null ? null : input.resolveSibling(best.getFileName().toString());
    }

    /** The unique sibling {@code name_map*.json} of a file, or null (warning when ambiguous). */
    public static Path siblingNameMap(Path input, Consumer<String> warn) throws IOException {
        Path dir = input.toAbsolutePath().getParent();
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "name_map*.json")) {
            for (Path p : ds) if (Files.isRegularFile(p)) found.add(p);
        }
        found.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        if (found.size() == 1) return found.get(0);
        if (found.size() > 1) {
            StringBuilder sb = new StringBuilder();
            for (Path p : found) { if (sb.length() > 0) sb.append(", "); sb.append(p.getFileName()); }
            warn.accept("Warning: multiple sibling name maps found next to " + input + ": " + sb + "; pass --func-names explicitly.");
        }
        return null;
    }
}
