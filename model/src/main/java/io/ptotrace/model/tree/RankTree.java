package io.ptotrace.model.tree;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code rankN} folders of a {@code dfx_outputs/} root, in rank order. */
public final class RankTree {
    private static final Pattern RANK = Pattern.compile("rank([0-9]+)"), CAPTURE = Pattern.compile("d([0-9]+)");

    /** One {@code rankN} folder. */
    public static final class Rank {
        public final int number;
        public final Path dir;

        Rank(int number, Path dir) {
            this.number = number;
            this.dir = dir;
        }

        /** The {@code dN} folders below it, by number. */
        public List<Path> captures() {
            TreeMap<Integer, Path> found = new TreeMap<>();
            for (Path p : list(dir, "d*")) {
                Integer n = number(p.getFileName().toString(), 'd');
                if (n != null && Files.isDirectory(p)) found.putIfAbsent(n, p);
            }
            return new ArrayList<>(found.values());
        }
    }

    public final Path root;
    public final List<Rank> ranks;
    /**
     * The {@code rankN} entries that are no folder to read (a plain file, a link to nothing or to a file), each
     * with the line that names it: a rank the tree should have and that cannot take part.
     */
    public final java.util.Map<Integer, String> unreadable;

    private RankTree(Path root, List<Rank> ranks, java.util.Map<Integer, String> unreadable) {
        this.root = root;
        this.ranks = Collections.unmodifiableList(ranks);
        this.unreadable = Collections.unmodifiableMap(unreadable);
    }

    /** The ranks under {@code root}; refuses a tree without ranks, a misnamed rank folder or a rank number twice. */
    public static RankTree of(Path root) {
        List<Rank> ranks = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (Path p : list(root, "rank*")) if (Files.isDirectory(p)) dirs.add(p);
        dirs.sort(Comparator.comparing(p -> p.getFileName().toString()));
        if (dirs.isEmpty()) throw problem("no rankN directories found under " + root);
        TreeMap<Integer, Rank> byNumber = new TreeMap<>();
        for (Path d : dirs) {
            String name = d.getFileName().toString();
            Integer n = number(name, 'r');
            if (n == null) throw problem("invalid Rank directory name: " + name + " (expected rankN)");
            if (byNumber.containsKey(n)) throw problem("duplicate Rank number " + n + " under " + root);
            byNumber.put(n, new Rank(n, d));
        }
        ranks.addAll(byNumber.values());
        TreeMap<Integer, String> unreadable = new TreeMap<>();
        for (Path p : list(root, "rank*")) {
            Integer n = number(p.getFileName().toString(), 'r');
            if (n == null || Files.isDirectory(p) || byNumber.containsKey(n)) continue;
            String what =
                    Files.isSymbolicLink(p) ? Files.exists(p) ? "a link to a file" : "a link to nothing" : "a file";
            unreadable.put(n, "rank" + n + " is not a folder to read (" + what + ")");
        }
        return new RankTree(root, ranks, unreadable);
    }

    /** The number of a {@code rankN} ({@code kind} 'r') or {@code dN} ({@code kind} 'd') name, or null. */
    static Integer number(String name, char kind) {
        Matcher m = (kind == 'r' ? RANK : CAPTURE).matcher(name);
        if (!m.matches()) return null;
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            return null;
        }
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

    static InputProblem problem(String message) {
        return new InputProblem((String) null, message, null, null);
    }
}
