package io.ptotrace.compare;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.tree.RankTree;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Finds the runs a side names: a run folder (or its records file), a multi-rank {@code dfx_outputs/} tree, or a
 * folder whose sub-folders are repeated runs of one test (each a run folder or a tree), taken in name order.
 */
final class SideLocator {
    private SideLocator() {}

    static SideInput locate(String label, Path path, String dispatch, Consumer<String> warn) {
        if (!Files.exists(path)) throw new InputProblem(path, "no such file or folder", null);
        if (Files.isRegularFile(path)) {
            if (!RunLocator.RECORDS_NAMES.contains(path.getFileName().toString()))
                throw new InputProblem(
                        path,
                        "not a run: name a run folder, its records file, a dfx_outputs tree or a folder of runs",
                        null);
            Path dir = path.toAbsolutePath().getParent();
            return new SideInput(label, path, List.of(new Sample(dir, List.of(capture(dir, -1, path, warn)))));
        }
        if (!Files.isDirectory(path)) throw new InputProblem(path, "not a file or folder to read", null);
        Sample one = sampleAt(path, dispatch, warn);
        if (one != null) return new SideInput(label, path, List.of(one));
        List<Sample> runs = new ArrayList<>();
        for (Path child : children(path)) {
            Sample s = sampleAt(child, dispatch, warn);
            if (s != null) runs.add(s);
        }
        if (runs.isEmpty())
            throw new InputProblem(
                    path,
                    "no run found: expected a records file (" + String.join(" or ", RunLocator.CAPTURE_NAMES)
                            + "), a dfx_outputs tree (rankN/dN) or folders of repeated runs holding one",
                    null);
        return new SideInput(label, path, runs);
    }

    /** The run at {@code dir} (a run folder or a tree), or null when it is neither. */
    private static Sample sampleAt(Path dir, String dispatch, Consumer<String> warn) {
        Path records = RunLocator.recordsIn(dir);
        if (records != null) return new Sample(dir, List.of(capture(dir, -1, records, warn)));
        if (RunLocator.isTreeRoot(dir)) return tree(dir, dispatch, warn);
        return null;
    }

    private static Sample tree(Path root, String dispatch, Consumer<String> warn) {
        RankTree tree = RankTree.of(root);
        String dn = dispatch != null ? dispatch : onlyDispatch(tree);
        List<Capture> captures = new ArrayList<>();
        tree.unreadable.values().forEach(why -> warn.accept("Warning: " + root + ": " + why + "; it is left out"));
        for (RankTree.Rank r : tree.ranks) {
            Path dir = r.dir.resolve(dn);
            Path records = Files.isDirectory(dir) ? RunLocator.recordsIn(dir) : null;
            if (records == null) {
                warn.accept("Warning: " + root + ": rank" + r.number + " has no " + dn
                        + "/ capture with a records file; it is left out");
                continue;
            }
            captures.add(capture(dir, r.number, records, warn));
        }
        if (captures.isEmpty())
            throw new InputProblem(root, "no rank of the tree has a " + dn + "/ capture with a records file", null);
        return new Sample(root, captures);
    }

    /** The one dispatch folder name the tree's ranks hold; several are refused (the user picks with --dispatch). */
    private static String onlyDispatch(RankTree tree) {
        TreeSet<String> names = new TreeSet<>((a, b) -> Integer.compare(number(a), number(b)));
        for (RankTree.Rank r : tree.ranks)
            for (Path d : r.captures()) names.add(d.getFileName().toString());
        if (names.isEmpty()) throw new InputProblem(tree.root, "no dN capture folder under any rank", null);
        if (names.size() > 1)
            throw new InputProblem(
                    tree.root,
                    "the tree holds dispatches " + String.join(", ", names) + ": choose one with --dispatch dN",
                    null);
        return names.first();
    }

    private static int number(String dn) {
        try {
            return Integer.parseInt(dn.substring(1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static Capture capture(Path dir, int rank, Path records, Consumer<String> warn) {
        Path deps = dir.resolve(RunLocator.DEPS_NAME);
        try {
            return new Capture(
                    dir,
                    rank,
                    records,
                    Files.isRegularFile(deps) ? deps : null,
                    RunLocator.uniqueNameMapBeside(records, warn));
        } catch (IOException e) {
            throw Inputs.cannotRead(dir, e);
        }
    }

    /** The sub-folders of {@code dir}, by name (links to folders included, as a user's layout may use them). */
    private static List<Path> children(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) if (Files.isDirectory(p)) out.add(p);
        } catch (IOException e) {
            throw Inputs.cannotRead(dir, e);
        }
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }
}
