package io.ptotrace.critpath;

import io.ptotrace.model.RunLocator;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Finds the run folders under a root: every folder holding a records file (either era's name, or
 * {@code l2_perf_records.json}) together with {@code deps.json} and at least one {@code name_map*.json}, in
 * path order compared name by name. Symbolic links to folders are not followed.
 */
public final class Discovery {
    private Discovery() {}

    /** One run folder and the files of it that are read. */
    public record RunFolder(Path dir, String label, Path records, Path deps, Path nameMap, Path mergedTrace) {}

    public static List<RunFolder> find(Path root) throws IOException {
        TreeSet<Path> dirs = new TreeSet<>(Discovery::byComponents);
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                // a linked records file counts as its target does (links to folders are not walked)
                boolean file = a.isRegularFile() || (a.isSymbolicLink() && Files.isRegularFile(f));
                if (file && RunLocator.RECORDS_NAMES.contains(f.getFileName().toString())) {
                    Path d = f.getParent();
                    if (Files.isRegularFile(d.resolve(RunLocator.DEPS_NAME)) && newest(d, "name_map*.json") != null)
                        dirs.add(d);
                    else if (graphPass(d) != null) dirs.add(d);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        List<RunFolder> out = new ArrayList<>();
        for (Path d : dirs) {
            String label = d.equals(root)
                    ? d.getFileName() == null ? d.toString() : d.getFileName().toString()
                    : root.relativize(d).toString().replace(d.getFileSystem().getSeparator(), "/");
            Path graph = Files.isRegularFile(d.resolve(RunLocator.DEPS_NAME)) ? d : graphPass(d);
            out.add(new RunFolder(
                    d,
                    label,
                    RunLocator.recordsIn(d),
                    graph.resolve(RunLocator.DEPS_NAME),
                    newest(graph, "name_map*.json"),
                    newestTrace(d)));
        }
        return out;
    }

    /** The graph pass's folder of a timing pass ({@link RunLocator#graphPassOf}), or null. */
    static Path graphPass(Path timing) {
        return RunLocator.graphPassOf(timing);
    }

    /** Path order of the established tool: component by component, case-sensitive. */
    static int byComponents(Path a, Path b) {
        int n = Math.min(a.getNameCount(), b.getNameCount());
        for (int i = 0; i < n; i++) {
            int c = a.getName(i).toString().compareTo(b.getName(i).toString());
            if (c != 0) return c;
        }
        return Integer.compare(a.getNameCount(), b.getNameCount());
    }

    /**
     * The merged trace of a folder: the newest {@code merged_swimlane*.json}, leaving out the index ptotrace's
     * {@code convert --split} writes beside it ({@code *.parts.json}), which is not a trace.
     */
    static Path newestTrace(Path dir) {
        return newest(dir, "merged_swimlane*.json");
    }

    /** The newest regular file matching {@code glob} (modification time; ties: the last name), or null. */
    static Path newest(Path dir, String glob) {
        return RunLocator.newest(dir, glob);
    }
}
