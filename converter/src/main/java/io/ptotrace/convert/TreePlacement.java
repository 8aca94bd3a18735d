package io.ptotrace.convert;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.tree.DispatchIdentity;
import io.ptotrace.model.tree.TreeHostLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The ranks of a {@code dfx_outputs/} tree placed on its Host clock, for tools other than {@code convert} that
 * need to know where each rank started and how sure that is: the same pairing and span containment as the merged
 * trace ({@link RankSplice}); each timeline is moved onto the common base.
 */
public final class TreePlacement {
    private TreePlacement() {}

    /** Where one rank's first AICore start lies on the common base (µs), and its placement slack (µs). */
    public record Placed(int rank, double firstStartUs, double slackUs) {}

    /** One rank's capture as read. */
    public record Capture(int rank, Path dir, Path records, Timeline timeline) {}

    /**
     * Places the captures (moving their timelines); empty when none can be placed (captures before the streams era
     * carry nothing to place them by). A tree whose logs cannot place them is an {@link InputProblem}.
     */
    public static List<Placed> place(Path root, List<Capture> captures, Consumer<String> warn) {
        List<RankSplice.Rank> ranks = new ArrayList<>();
        boolean any = false;
        for (Capture c : captures) {
            Path sidecar = c.dir().resolve(DispatchIdentity.FILE);
            DispatchIdentity id = Files.isRegularFile(sidecar) ? DispatchIdentity.read(sidecar) : null;
            ranks.add(new RankSplice.Rank(c.rank(), RankClock.Summary.of(c.timeline()), c.records(), id));
            any |= RankClock.of(c.timeline()) != null;
        }
        if (!any) return List.of();
        RankSplice s = RankSplice.of(ranks, TreeHostLogs.of(root, List.of()), List.of(), warn);
        if (s == null) return List.of();
        List<Placed> out = new ArrayList<>();
        for (int i = 0; i < captures.size(); i++) {
            Timeline tl = captures.get(i).timeline();
            s.moveOntoBase(i, tl);
            double first = Double.POSITIVE_INFINITY;
            for (int r = 0; r < tl.rows; r++) first = Math.min(first, tl.start[r]);
            out.add(new Placed(captures.get(i).rank(), first, s.pairs.get(i).placement.slackNs / 1000.0));
        }
        return out;
    }
}
