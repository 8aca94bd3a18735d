package io.ptotrace.model.tree;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The Host logs of a {@code dfx_outputs/} tree: those given with {@code --host-log}, else the ones the runtime leaves in it. */
public final class TreeHostLogs {
    private TreeHostLogs() {}

    /**
     * {@code given} when not empty (each must exist), else the sorted union of {@code <root>/host_clock_alignment.*.log},
     * {@code <root>/host.*.log} and {@code <root>/rank*}{@code /d*}{@code /host_clock_alignment.*.log}; paths are built from
     * {@code root} as given, so the trace's metadata names them the way the user did.
     */
    public static List<Path> of(Path root, List<Path> given) {
        if (given != null && !given.isEmpty()) {
            for (Path p : given) {
                if (Files.isDirectory(p))
                    throw new io.ptotrace.io.InputProblem(p, "--host-log names a folder, not a Host log file", null);
                if (Files.exists(p) && !Files.isRegularFile(p))
                    throw new io.ptotrace.io.InputProblem(p, "--host-log names no regular file to read", null);
            }
            List<Path> absent =
                    given.stream().filter(p -> !Files.isRegularFile(p)).collect(Collectors.toList());
            if (!absent.isEmpty())
                throw RankTree.problem("--host-log names a file that does not exist: "
                        + absent.stream().map(Path::toString).collect(Collectors.joining(", ")));
            return new ArrayList<>(given);
        }
        TreeSet<String> names = new TreeSet<>();
        List<Path> found = new ArrayList<>();
        add(found, names, root, "host_clock_alignment.*.log");
        add(found, names, root, "host.*.log");
        for (Path rank : list(root, "rank*")) {
            if (!Files.isDirectory(rank)) continue;
            for (Path d : list(rank, "d*"))
                if (Files.isDirectory(d)) add(found, names, d, "host_clock_alignment.*.log");
        }
        found.sort((a, b) -> a.toString().compareTo(b.toString()));
        if (found.isEmpty())
            throw RankTree.problem("no host_clock_alignment.*.log or host.*.log under " + root
                    + ": cross-Rank placement reads each Rank's "
                    + "device work out of the chip.run.runner_run window that contains it. Pass --host-log, or re-run with a Host log "
                    + "threshold of TIMING or finer.");
        return found;
    }

    /**
     * Adds the logs matching {@code glob}; one that is there but is no file to read (a folder, a broken link, a
     * device) is an input error: left out silently, its rank would fail later for want of a Host invocation.
     */
    private static void add(List<Path> found, TreeSet<String> names, Path dir, String glob) {
        for (Path p : list(dir, glob)) {
            if (!Files.isRegularFile(p)) throw new InputProblem(p.toString(), notAFile(p), null, null);
            if (names.add(p.toString())) found.add(p);
        }
    }

    private static String notAFile(Path p) {
        String what = Files.isDirectory(p)
                ? "a folder"
                : Files.isSymbolicLink(p) && !Files.exists(p) ? "a link to nothing" : "not a regular file";
        return "a Host log that cannot be read: " + what;
    }

    private static List<Path> list(Path dir, String glob) {
        List<Path> l = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob)) {
            for (Path p : s) l.add(p);
        } catch (IOException e) {
            throw new InputProblem(
                    dir.toString(), "cannot list this folder: " + io.ptotrace.io.IoCause.words(e), null, e);
        }
        return l;
    }
}
