package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Change;
import io.ptotrace.compare.Comparison.Family;
import io.ptotrace.compare.Comparison.Part;
import io.ptotrace.compare.Comparison.TaskMove;
import io.ptotrace.io.MarkdownText;
import java.util.ArrayList;
import java.util.List;

/** The comparison as a pull-request comment: the result first, then tables. Names from the inputs are escaped. */
final class MarkdownReport {
    private MarkdownReport() {}

    static String render(Comparison c) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ptotrace compare\n\n");
        sb.append("**").append(Summary.line(c, MarkdownText::text)).append("**\n\n");
        sb.append(
                "| side | path | runs | era | level | tasks | makespan \u00b5s |\n|---|---|---:|---|---:|---:|---:|\n");
        for (Comparison.Side s : List.of(c.old, c.neu))
            sb.append("| ")
                    .append(s.label())
                    .append(" | ")
                    .append(MarkdownText.text(s.path().toString()))
                    .append(" | ")
                    .append(s.runs().size())
                    .append(" | ")
                    .append(s.era())
                    .append(" | ")
                    .append(s.level())
                    .append(" | ")
                    .append(s.tasks())
                    .append(" | ")
                    .append(Fmt.us(s.makespanUs()))
                    .append(" |\n");
        sb.append("\nVerdicts: ").append(MarkdownText.text(Summary.rule(c))).append(".\n\n");

        sb.append(
                "### Makespan\n\n| figure | OLD \u00b5s | NEW \u00b5s | change | verdict |\n|---|---:|---:|---:|---|\n");
        Change m = c.makespan;
        row(sb, "makespan", m.oldValue(), m.newValue(), MarkdownText.text(TextReport.verdictText(m.verdict())));
        if (c.old.ranks() > 1 || c.neu.ranks() > 1)
            row(sb, "fastest rank's makespan", c.old.fastestRankUs(), c.neu.fastestRankUs(), "");
        for (Part p : c.decomposition)
            row(
                    sb,
                    "\u2003" + p.name(),
                    p.oldUs(),
                    p.newUs(),
                    p.deltaTicks() == null ? "" : (p.deltaTicks() > 0 ? "+" : "") + p.deltaTicks() + " ticks");
        for (Part p : c.schedulerSplit)
            row(sb, "\u2003stalls: " + MarkdownText.text(p.name()), p.oldUs(), p.newUs(), "");
        if (c.staticFloor != null)
            row(sb, "static floor (CPM)", c.staticFloor.oldValue(), c.staticFloor.newValue(), "");
        if (!Double.isNaN(c.submitSpan.oldValue()) || !Double.isNaN(c.submitSpan.newValue()))
            row(sb, "orchestrator submit span", c.submitSpan.oldValue(), c.submitSpan.newValue(), "");
        if (!c.decomposition.isEmpty())
            sb.append(
                    "\nThe parts of the observed critical path add up to the makespan on each side, so their changes add up to its change.\n");

        sb.append("\n### Kernels (AICore execution time per row, \u00b5s)\n\n");
        sb.append("| kernel | n OLD | n NEW | mean OLD | mean NEW | ratio | p95 OLD | p95 NEW | max NEW | verdict |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        List<Family> rows = new ArrayList<>(c.families);
        if (c.readyLatency != null) rows.add(c.readyLatency);
        for (Family f : rows)
            sb.append("| ")
                    .append(MarkdownText.text(f.name()))
                    .append(" | ")
                    .append(f.old().count())
                    .append(" | ")
                    .append(f.neu().count())
                    .append(" | ")
                    .append(Fmt.us(f.old().mean()))
                    .append(" | ")
                    .append(Fmt.us(f.neu().mean()))
                    .append(" | ")
                    .append(Fmt.ratio(f.ratio()))
                    .append(" | ")
                    .append(Fmt.us(f.old().p95()))
                    .append(" | ")
                    .append(Fmt.us(f.neu().p95()))
                    .append(" | ")
                    .append(Fmt.us(f.neu().max()))
                    .append(" | ")
                    .append(f.verdict().significant() ? "**" + Fmt.verdict(f.verdict()) + "**" : "~")
                    .append(' ')
                    .append(Fmt.p(f.verdict().p()))
                    .append(" |\n");

        if (!c.utilisation.isEmpty() || !c.schedulerPhases.isEmpty()) {
            sb.append("\n### Cores and scheduler\n\n| figure | OLD | NEW |\n|---|---:|---:|\n");
            for (Change x : c.utilisation)
                sb.append("| utilisation ")
                        .append(MarkdownText.text(x.name()))
                        .append(" | ")
                        .append(Fmt.pct(x.oldValue()))
                        .append(" | ")
                        .append(Fmt.pct(x.newValue()))
                        .append(" |\n");
            for (Change x : c.schedulerPhases)
                sb.append("| scheduler ")
                        .append(MarkdownText.text(x.name()))
                        .append(" \u00b5s | ")
                        .append(Fmt.us(x.oldValue()))
                        .append(" | ")
                        .append(Fmt.us(x.newValue()))
                        .append(" |\n");
            if (c.hbViolations != null)
                sb.append("| hb_violation pairs | ")
                        .append(Fmt.count(c.hbViolations.oldValue()))
                        .append(" | ")
                        .append(Fmt.count(c.hbViolations.newValue()))
                        .append(" |\n");
        }
        if (!c.ranks.isEmpty()) {
            sb.append(
                    "\n### Ranks\n\n| rank | OLD makespan \u00b5s | NEW makespan \u00b5s | compute \u0394 | data-wait \u0394 | core-wait \u0394 | front-gap \u0394 |\n|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Comparison.Rank r : c.ranks) {
                sb.append("| ")
                        .append(r.rank())
                        .append(" | ")
                        .append(Fmt.us(r.oldMakespanUs()))
                        .append(" | ")
                        .append(Fmt.us(r.newMakespanUs()))
                        .append(" |");
                for (int k = 0; k < 4; k++)
                    sb.append(' ')
                            .append(
                                    k < r.parts().size()
                                            ? Fmt.signedUs(r.parts().get(k).deltaUs())
                                            : "-")
                            .append(" |");
                sb.append('\n');
            }
        }

        Comparison.Tasks t = c.tasks;
        sb.append("\n### Tasks\n\nFirst run of each side, matched by ")
                .append(t.matchedBy())
                .append(": ")
                .append(t.matched())
                .append(" matched, ")
                .append(t.onlyOldCount())
                .append(" only in OLD, ")
                .append(t.onlyNewCount())
                .append(" only in NEW.\n");
        if (!t.durationMoved().isEmpty()) {
            sb.append(
                    "\n| task (OLD) | task (NEW) | duration OLD \u00b5s | duration NEW \u00b5s | \u0394 \u00b5s | start \u0394 \u00b5s |\n");
            sb.append("|---|---|---:|---:|---:|---:|\n");
            for (TaskMove mv : t.durationMoved())
                sb.append("| ")
                        .append(MarkdownText.text(mv.oldTask()))
                        .append(" | ")
                        .append(MarkdownText.text(mv.newTask()))
                        .append(" | ")
                        .append(Fmt.us(mv.oldDurUs()))
                        .append(" | ")
                        .append(Fmt.us(mv.newDurUs()))
                        .append(" | ")
                        .append(Fmt.signedUs(mv.durDelta()))
                        .append(" | ")
                        .append(Fmt.signedUs(mv.startDelta()))
                        .append(" |\n");
        }
        only(sb, "Only in OLD", t.onlyOld(), t.onlyOldCount());
        only(sb, "Only in NEW", t.onlyNew(), t.onlyNewCount());
        for (String w : c.warnings)
            sb.append("\n> ").append(MarkdownText.text(w)).append('\n');
        return sb.toString();
    }

    private static void row(StringBuilder sb, String name, double o, double n, String verdict) {
        sb.append("| ")
                .append(name)
                .append(" | ")
                .append(Fmt.us(o))
                .append(" | ")
                .append(Fmt.us(n))
                .append(" | ")
                .append(Fmt.signedUs(n - o))
                .append(" (")
                .append(Fmt.change(o, n))
                .append(") | ")
                .append(verdict)
                .append(" |\n");
    }

    private static void only(StringBuilder sb, String title, List<String> l, int count) {
        if (l.isEmpty()) return;
        List<String> safe = new ArrayList<>();
        for (String s : l) safe.add(MarkdownText.text(s));
        sb.append('\n')
                .append(title)
                .append(": ")
                .append(String.join(", ", safe))
                .append(count > l.size() ? ", \u2026 (" + count + " in all)" : "")
                .append('\n');
    }
}
