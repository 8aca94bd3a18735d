package io.ptotrace.model.tree;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which capture of each rank one merged trace takes: {@code --dispatch dN} (the same {@code dN} folder of
 * every rank) or {@code --dispatch-id RUN:SLOT} (the captures whose sidecars name that parent dispatch,
 * wherever they sit). Also how the captures were paired, for the trace's metadata.
 */
public final class DispatchSelection {
    public static final String RECORDS = "chip_swimlane_records.json";
    private static final Pattern DISPATCH = Pattern.compile("d[0-9]+"),
            DISPATCH_ID = Pattern.compile("([0-9]+):([0-9]+)");

    /** One rank's capture in the merge. */
    public static final class Capture {
        public final int rank;
        public final Path dir;
        public final Path records;
        /** Null when the capture has no sidecar. */
        public final DispatchIdentity identity;

        /**
         * Where the capture's graph (deps.json, name map) is: its own folder, or — for a dispatch the runtime
         * captured in two passes, the graph in {@code dK} and the timing in {@code dK+1} — the graph pass's folder.
         */
        public final Path graphDir;

        Capture(int rank, Path dir, DispatchIdentity identity) {
            this(rank, dir, identity, dir);
        }

        Capture(int rank, Path dir, DispatchIdentity identity, Path graphDir) {
            this.rank = rank;
            this.dir = dir;
            this.records = dir.resolve(RECORDS);
            this.identity = identity;
            this.graphDir = graphDir;
        }

        /** Whether the graph comes from another folder than the timing (a dispatch split over two folders). */
        public boolean joined() {
            return !graphDir.equals(dir);
        }
    }

    /** A rank that takes no part, and why (one line naming it). */
    public static final class Missing {
        public final int rank;
        public final String reason;

        Missing(int rank, String reason) {
            this.rank = rank;
            this.reason = reason;
        }
    }

    /** {@code dN}, or null under {@code --dispatch-id}. */
    public final String dispatch;
    /** {@code RUN:SLOT}, or null under {@code --dispatch}. */
    public final String dispatchId;

    public final List<Capture> captures;
    public final List<Missing> missing;
    /** {@code dispatch_pairing} and what goes with it, in the trace metadata's order. */
    public final Map<String, Object> pairing;

    private DispatchSelection(
            String dispatch,
            String dispatchId,
            List<Capture> captures,
            List<Missing> missing,
            Map<String, Object> pairing) {
        this.dispatch = dispatch;
        this.dispatchId = dispatchId;
        this.captures = Collections.unmodifiableList(captures);
        this.missing = Collections.unmodifiableList(missing);
        this.pairing = Collections.unmodifiableMap(pairing);
    }

    /** Checks the form of a {@code --dispatch} value. */
    public static String checkDispatch(String d) {
        if (d == null || !DISPATCH.matcher(d).matches())
            throw new IllegalArgumentException("--dispatch must name dN (for example, --dispatch d0)");
        return d;
    }

    /** The (run id, task slot) of a {@code --dispatch-id} value. */
    public static long[] parseDispatchId(String v) {
        Matcher m = v == null ? null : DISPATCH_ID.matcher(v);
        if (m == null || !m.matches())
            throw new IllegalArgumentException("--dispatch-id must use RUN_ID:TASK_SLOT (for example, 17:5)");
        try {
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--dispatch-id must use RUN_ID:TASK_SLOT (for example, 17:5)");
        }
    }

    /**
     * {@code --dispatch dN}: each rank's {@code dN}. A rank without its records file is named in
     * {@link #missing}; the others are checked as one dispatch.
     */
    public static DispatchSelection byDispatch(RankTree tree, String dn) {
        checkDispatch(dn);
        List<Capture> found = new ArrayList<>();
        List<Missing> missing = new ArrayList<>();
        int dNumber = Integer.parseInt(dn.substring(1));
        for (RankTree.Rank r : tree.ranks) {
            Path dir = r.dir.resolve(dn), graph = dir;
            // a dispatch captured in two passes: the graph pass's folder dK holds deps.json and no records, the
            // timing pass's dK+1 the records and no deps.json; either folder names the one dispatch
            if (!Files.isRegularFile(dir.resolve(RECORDS))
                    && graphOnly(dir)
                    && timingOnly(r.dir.resolve("d" + (dNumber + 1)))) dir = r.dir.resolve("d" + (dNumber + 1));
            else if (Files.isRegularFile(dir.resolve(RECORDS))
                    && timingOnly(dir)
                    && dNumber > 0
                    && graphOnly(r.dir.resolve("d" + (dNumber - 1)))) graph = r.dir.resolve("d" + (dNumber - 1));
            if (!Files.isRegularFile(dir.resolve(RECORDS))) {
                missing.add(new Missing(r.number, "rank" + r.number + " is missing " + dn + "/" + RECORDS));
                continue;
            }
            Path side = dir.resolve(DispatchIdentity.FILE);
            if (!Files.isRegularFile(side)) side = graph.resolve(DispatchIdentity.FILE);
            found.add(
                    new Capture(r.number, dir, Files.isRegularFile(side) ? DispatchIdentity.read(side) : null, graph));
        }
        tree.unreadable.forEach((n, why) -> missing.add(new Missing(n, why)));
        missing.sort(java.util.Comparator.comparingInt(m -> m.rank));
        long withSidecar = found.stream().filter(c -> c.identity != null).count();
        if (withSidecar != 0 && withSidecar != found.size())
            throw RankTree.problem(
                    dn + " has dispatch identity metadata for only " + withSidecar + "/" + found.size() + " Ranks");
        Map<String, Object> pairing = new LinkedHashMap<>();
        boolean grouped = found.stream().anyMatch(c -> c.identity != null && c.identity.groupSize > 1);
        if (withSidecar > 0 && grouped) {
            DispatchIdentity first = found.get(0).identity;
            for (Capture c : found)
                if (c.identity.runId != first.runId || c.identity.taskSlot != first.taskSlot)
                    throw RankTree.problem(
                            dn
                                    + " refers to different parent dispatches across Ranks; use --dispatch-id RUN_ID:TASK_SLOT");
            groupCheck(first.runId + ":" + first.taskSlot, found, missing.isEmpty());
            parentPairing(pairing, first);
        } else {
            pairing.put("dispatch_pairing", "local_capture_index");
            if (withSidecar > 0) pairing.put("dispatch_identity_status", "individual_submissions");
        }
        return new DispatchSelection(dn, null, found, missing, pairing);
    }

    /**
     * The dispatches a tree holds, for a user who has to pick one: {@code d0, d1}, a dispatch captured in two passes
     * shown as {@code d2+d3 (one dispatch captured in two passes)}; empty when no rank has a capture folder.
     */
    public static String listing(RankTree tree) {
        TreeSet<Integer> numbers = new TreeSet<>();
        for (RankTree.Rank r : tree.ranks)
            for (Path d : r.captures())
                numbers.add(Integer.parseInt(d.getFileName().toString().substring(1)));
        List<String> parts = new ArrayList<>();
        for (Integer k : numbers) {
            if (numbers.contains(k - 1) && splitPair(tree, k - 1)) continue; // shown with its graph pass
            if (numbers.contains(k + 1) && splitPair(tree, k))
                parts.add("d" + k + "+d" + (k + 1) + " (one dispatch captured in two passes)");
            else parts.add("d" + k);
        }
        return String.join(", ", parts);
    }

    /** Whether every rank holding {@code dK} holds its graph there and its timing in {@code dK+1}. */
    private static boolean splitPair(RankTree tree, int k) {
        boolean any = false;
        for (RankTree.Rank r : tree.ranks) {
            Path g = r.dir.resolve("d" + k), t = r.dir.resolve("d" + (k + 1));
            if (!Files.isDirectory(g) && !Files.isDirectory(t)) continue;
            if (!graphOnly(g) || !timingOnly(t)) return false;
            any = true;
        }
        return any;
    }

    /** A graph pass's folder: deps.json and no records. */
    private static boolean graphOnly(Path dir) {
        return Files.isRegularFile(dir.resolve(io.ptotrace.model.RunLocator.DEPS_NAME))
                && io.ptotrace.model.RunLocator.recordsIn(dir) == null;
    }

    /** A timing pass's folder: records and no deps.json. */
    private static boolean timingOnly(Path dir) {
        return io.ptotrace.model.RunLocator.recordsIn(dir) != null
                && !Files.exists(dir.resolve(io.ptotrace.model.RunLocator.DEPS_NAME));
    }

    /** {@code --dispatch-id R:S}: every capture whose sidecar names that parent dispatch. */
    public static DispatchSelection byDispatchId(RankTree tree, String value) {
        long[] key = parseDispatchId(value);
        String name = key[0] + ":" + key[1];
        List<Capture> found = new ArrayList<>();
        TreeSet<Integer> twice = new TreeSet<>();
        for (RankTree.Rank r : tree.ranks) {
            int before = found.size();
            for (Path dir : r.captures()) {
                Path side = dir.resolve(DispatchIdentity.FILE);
                if (!Files.isRegularFile(dir.resolve(RECORDS)) || !Files.isRegularFile(side)) continue;
                DispatchIdentity id = DispatchIdentity.read(side);
                if (id.runId == key[0] && id.taskSlot == key[1]) found.add(new Capture(r.number, dir, id));
            }
            if (found.size() - before > 1) twice.add(r.number);
        }
        if (found.isEmpty()) throw RankTree.problem("no Rank captures found for parent dispatch " + name);
        DispatchIdentity first = found.get(0).identity;
        for (Capture c : found)
            if (c.identity.groupSize != first.groupSize
                    || !Objects.equals(c.identity.callableDigest, first.callableDigest))
                throw RankTree.problem("inconsistent metadata for parent dispatch " + name);
        if (first.groupSize <= 1)
            throw RankTree.problem("parent dispatch " + name + " is an individual submission; pair it by dN");
        if (!twice.isEmpty())
            throw RankTree.problem("parent dispatch " + name + " has several captures on the same Rank " + pyList(twice)
                    + "; one Rank contributes at most one capture to a group");
        // a rank of the tree that holds no capture of this dispatch is a missing member of the group
        List<Missing> missing = new ArrayList<>();
        TreeSet<Integer> ranksFound = found.stream().map(c -> c.rank).collect(Collectors.toCollection(TreeSet::new));
        for (RankTree.Rank r : tree.ranks)
            if (!ranksFound.contains(r.number) && found.size() < first.groupSize)
                missing.add(new Missing(r.number, "rank" + r.number + " holds no capture of parent dispatch " + name));
        tree.unreadable.forEach((n, why) -> missing.add(new Missing(n, why)));
        missing.sort(java.util.Comparator.comparingInt(m -> m.rank));
        groupCheck(name, found, missing.isEmpty());
        Map<String, Object> pairing = new LinkedHashMap<>();
        parentPairing(pairing, first);
        return new DispatchSelection(null, name, found, missing, pairing);
    }

    private static void groupCheck(String name, List<Capture> found, boolean complete) {
        long size = found.get(0).identity.groupSize;
        for (Capture c : found)
            if (c.identity.groupSize != size
                    || !Objects.equals(c.identity.callableDigest, found.get(0).identity.callableDigest))
                throw RankTree.problem("inconsistent metadata for parent dispatch " + name);
        TreeSet<Long> indexes = new TreeSet<>();
        List<Long> all = new ArrayList<>();
        for (Capture c : found) {
            indexes.add(c.identity.groupIndex);
            all.add(c.identity.groupIndex);
        }
        Collections.sort(all);
        boolean exact =
                all.size() == size && indexes.size() == size && indexes.first() == 0 && indexes.last() == size - 1;
        // with a rank missing the group is known to be incomplete; the rank is named instead
        boolean plausible = indexes.size() == all.size();
        if (complete ? !exact : !plausible)
            throw RankTree.problem("incomplete parent dispatch " + name + ": expected group indexes 0.." + (size - 1)
                    + ", found " + pyList(all));
    }

    private static void parentPairing(Map<String, Object> pairing, DispatchIdentity first) {
        pairing.put("dispatch_pairing", "parent_dispatch_identity");
        Map<String, Object> id = new LinkedHashMap<>();
        id.put("run_id", first.runId);
        id.put("task_slot", first.taskSlot);
        id.put("group_size", first.groupSize);
        id.put("callable_digest", first.callableDigest);
        pairing.put("dispatch_identity", id);
    }

    private static String pyList(java.util.Collection<?> c) {
        return c.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
    }
}
