package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Change;
import io.ptotrace.compare.Comparison.Family;
import io.ptotrace.compare.Comparison.Part;
import io.ptotrace.compare.Comparison.TaskMove;
import io.ptotrace.io.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The comparison for a terminal: one screen, the verdict first. */
final class TextReport {
    private TextReport() {}

    static String render(Comparison c) {
        StringBuilder sb = new StringBuilder();
        sb.append("ptotrace compare\n");
        side(sb, c.old);
        side(sb, c.neu);
        sb.append("  verdicts: ").append(Summary.rule(c)).append("\n\n");

        Change m = c.makespan;
        sb.append(String.format(
                Locale.ROOT,
                "Makespan  %s \u2192 %s \u00b5s   %s \u00b5s  %s   %s%n",
                Fmt.us(m.oldValue()),
                Fmt.us(m.newValue()),
                Fmt.signedUs(m.delta()),
                Fmt.change(m.oldValue(), m.newValue()),
                TerminalText.of(verdictText(m.verdict()))));
        if (c.old.ranks() > 1 || c.neu.ranks() > 1)
            sb.append(String.format(
                    Locale.ROOT,
                    "  the slowest rank's (wall time) above; the fastest rank's %s \u2192 %s \u00b5s%n",
                    Fmt.us(c.old.fastestRankUs()),
                    Fmt.us(c.neu.fastestRankUs())));
        if (!c.decomposition.isEmpty()) {
            sb.append("  where it came from (the observed critical path; the parts add up to the change):\n");
            double total = 0;
            Long ticks = 0L;
            for (Part p : c.decomposition) {
                sb.append(String.format(
                        Locale.ROOT,
                        "    %-12s %10s \u2192 %10s   %10s \u00b5s%n",
                        p.name(),
                        Fmt.us(p.oldUs()),
                        Fmt.us(p.newUs()),
                        Fmt.signedUs(p.deltaUs())));
                total += p.deltaUs();
                ticks = ticks == null || p.deltaTicks() == null ? null : ticks + p.deltaTicks();
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "    %-12s %10s   %10s   %10s \u00b5s%s%n",
                    "sum",
                    "",
                    "",
                    Fmt.signedUs(total),
                    ticks == null ? "" : "  (" + (ticks > 0 ? "+" : "") + ticks + " ticks)"));
            for (Part p : c.schedulerSplit)
                sb.append(String.format(
                        Locale.ROOT,
                        "    stalls: %-27s %10s \u2192 %10s \u00b5s%n",
                        p.name(),
                        Fmt.us(p.oldUs()),
                        Fmt.us(p.newUs())));
        }
        if (c.staticFloor != null)
            sb.append(String.format(
                    Locale.ROOT,
                    "Static floor (CPM)  %s \u2192 %s \u00b5s  (%s \u2192 %s of the makespan)%n",
                    Fmt.us(c.staticFloor.oldValue()),
                    Fmt.us(c.staticFloor.newValue()),
                    Fmt.pct(c.staticFloor.oldValue() / c.makespan.oldValue()),
                    Fmt.pct(c.staticFloor.newValue() / c.makespan.newValue())));

        sb.append("\nKernels (AICore execution time per row, \u00b5s)\n");
        sb.append(String.format(
                Locale.ROOT,
                "  %-22s %7s %7s %9s %9s %8s %9s %9s %9s  %s%n",
                "kernel",
                "n old",
                "n new",
                "mean old",
                "mean new",
                "ratio",
                "p50 new",
                "p95 new",
                "max new",
                "verdict"));
        List<Family> rows = new ArrayList<>(c.families);
        if (c.readyLatency != null) rows.add(c.readyLatency);
        for (Family f : rows)
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-22s %7d %7d %9s %9s %8s %9s %9s %9s  %s %s%n",
                    TerminalText.of(f.name()),
                    f.old().count(),
                    f.neu().count(),
                    Fmt.us(f.old().mean()),
                    Fmt.us(f.neu().mean()),
                    Fmt.ratio(f.ratio()),
                    Fmt.us(f.neu().p50()),
                    Fmt.us(f.neu().p95()),
                    Fmt.us(f.neu().max()),
                    Fmt.verdict(f.verdict()),
                    Fmt.p(f.verdict().p())));

        sb.append('\n');
        if (!c.utilisation.isEmpty()) {
            List<String> u = new ArrayList<>();
            for (Change x : c.utilisation)
                u.add(TerminalText.of(x.name()) + " " + Fmt.pct(x.oldValue()) + " \u2192 " + Fmt.pct(x.newValue()));
            sb.append("Core utilisation: ").append(String.join(", ", u)).append('\n');
        }
        if (!c.schedulerPhases.isEmpty()) {
            List<String> u = new ArrayList<>();
            for (Change x : c.schedulerPhases)
                u.add(TerminalText.of(x.name()) + " " + Fmt.us(x.oldValue()) + " \u2192 " + Fmt.us(x.newValue()));
            sb.append("Scheduler phases (all threads, \u00b5s): ")
                    .append(String.join(", ", u))
                    .append('\n');
        }
        if (!Double.isNaN(c.submitSpan.oldValue()) || !Double.isNaN(c.submitSpan.newValue()))
            sb.append("Orchestrator submit span: ")
                    .append(Fmt.us(c.submitSpan.oldValue()))
                    .append(" \u2192 ")
                    .append(Fmt.us(c.submitSpan.newValue()))
                    .append(" \u00b5s\n");
        if (c.hbViolations != null)
            sb.append("hb_violation pairs: ")
                    .append(Fmt.count(c.hbViolations.oldValue()))
                    .append(" \u2192 ")
                    .append(Fmt.count(c.hbViolations.newValue()))
                    .append('\n');
        if (!c.ranks.isEmpty()) {
            sb.append("Ranks (makespan, and start after the first rank's, \u00b5s):\n");
            for (Comparison.Rank r : c.ranks)
                sb.append(String.format(
                        Locale.ROOT,
                        "  rank%-4d %10s \u2192 %10s   starts %8s \u2192 %8s   placement slack %s%n",
                        r.rank(),
                        Fmt.us(r.oldMakespanUs()),
                        Fmt.us(r.newMakespanUs()),
                        Fmt.us(r.oldStartUs()),
                        Fmt.us(r.newStartUs()),
                        Fmt.us(r.slackUs())));
            sb.append("Start skew between ranks: ")
                    .append(
                            Double.isNaN(c.oldSkewUs)
                                    ? "not known (the ranks are not placed on one clock)"
                                    : Fmt.us(c.oldSkewUs) + " \u2192 " + Fmt.us(c.newSkewUs) + " \u00b5s")
                    .append('\n');
        }

        Comparison.Tasks t = c.tasks;
        sb.append(String.format(
                Locale.ROOT,
                "%nTasks (first run of each side, matched by %s): %d matched, %d only in OLD, %d only in NEW%n",
                t.matchedBy(),
                t.matched(),
                t.onlyOldCount(),
                t.onlyNewCount()));
        moves(sb, "duration moved most", t.durationMoved(), true);
        moves(sb, "start moved most", t.startMoved(), false);
        names(sb, "only in OLD", t.onlyOld(), t.onlyOldCount());
        names(sb, "only in NEW", t.onlyNew(), t.onlyNewCount());

        sb.append('\n').append(Summary.line(c, TerminalText::of)).append('\n');
        return sb.toString();
    }

    private static void side(StringBuilder sb, Comparison.Side s) {
        sb.append(String.format(
                Locale.ROOT,
                "  %-4s %s  (%d run%s, %s era, level %d%s, %d tasks)%n",
                s.label(),
                TerminalText.of(s.path().toString()),
                s.runs().size(),
                s.runs().size() == 1 ? "" : "s",
                s.era(),
                s.level(),
                s.ranks() > 1 ? ", " + s.ranks() + " ranks" : "",
                s.tasks()));
    }

    static String verdictText(Comparison.Verdict v) {
        if (v.significant())
            return v.direction().label + " (significant: " + v.why() + (Double.isNaN(v.p()) ? "" : ", " + Fmt.p(v.p()))
                    + ")";
        return "~ (" + v.why() + (Double.isNaN(v.p()) ? "" : ", " + Fmt.p(v.p())) + ")";
    }

    private static void moves(StringBuilder sb, String title, List<TaskMove> l, boolean duration) {
        if (l.isEmpty()) return;
        sb.append("  ").append(title).append(":\n");
        for (TaskMove m : l) {
            String who = m.oldTask().equals(m.newTask())
                    ? TerminalText.of(m.oldTask())
                    : TerminalText.of(m.oldTask()) + " = " + TerminalText.of(m.newTask());
            if (duration)
                sb.append(String.format(
                        Locale.ROOT,
                        "    %-32s %9s \u2192 %9s \u00b5s  %s%n",
                        who,
                        Fmt.us(m.oldDurUs()),
                        Fmt.us(m.newDurUs()),
                        Fmt.signedUs(m.durDelta())));
            else
                sb.append(String.format(
                        Locale.ROOT,
                        "    %-32s starts %9s \u2192 %9s \u00b5s  %s%n",
                        who,
                        Fmt.us(m.oldStartUs()),
                        Fmt.us(m.newStartUs()),
                        Fmt.signedUs(m.startDelta())));
        }
    }

    private static void names(StringBuilder sb, String title, List<String> l, int count) {
        if (l.isEmpty()) return;
        List<String> safe = new ArrayList<>();
        for (String s : l) safe.add(TerminalText.of(s));
        sb.append("  ")
                .append(title)
                .append(": ")
                .append(String.join(", ", safe))
                .append(count > l.size() ? ", \u2026 (" + count + " in all)" : "")
                .append('\n');
    }
}
