package io.ptotrace.compare;

import io.ptotrace.compare.Comparison.Change;
import io.ptotrace.compare.Comparison.Family;
import io.ptotrace.compare.Comparison.Part;
import io.ptotrace.compare.Comparison.TaskMove;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as one self-contained page (no script, no network): the result, three pictures drawn as SVG — the
 * kernels' ratios with their spread, the makespan's change as a waterfall of its parts, both runs' core utilisation
 * over time — and the tables of the other formats.
 */
final class HtmlReport {
    private HtmlReport() {}

    private static final String SLOWER = "#c0392b",
            FASTER = "#1e8449",
            SAME = "#7f8c8d",
            OLD = "#2e86c1",
            NEW = "#d35400";

    static String render(Comparison c) {
        StringBuilder sb = new StringBuilder(64 * 1024);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>ptotrace compare</title><style>")
                .append(
                        "body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}")
                .append(
                        "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd}")
                .append(".result{font-size:16px;padding:10px 14px;border-radius:6px;margin:12px 0}")
                .append(
                        ".sig{background:#fdecea;border:1px solid #f5b7b1}.nosig{background:#eafaf1;border:1px solid #abebc6}")
                .append(
                        "table{border-collapse:collapse;margin:6px 0}td,th{padding:3px 9px;border-bottom:1px solid #eee;text-align:right}")
                .append("td:first-child,th:first-child{text-align:left}th{background:#f7f7f7}")
                .append(".slower{color:" + SLOWER + ";font-weight:600}.faster{color:" + FASTER
                        + ";font-weight:600}.same{color:#888}")
                .append(".note{color:#666;font-size:13px}.warn{color:#8a6d00}svg text{font:12px system-ui,sans-serif}")
                .append("</style></head><body>\n");
        sb.append("<h1>ptotrace compare</h1>\n<p class=\"note\">OLD ")
                .append(esc(c.old.path().toString()))
                .append(" (")
                .append(c.old.runs().size())
                .append(" run(s)) \u2192 NEW ")
                .append(esc(c.neu.path().toString()))
                .append(" (")
                .append(c.neu.runs().size())
                .append(" run(s)); ")
                .append(esc(Summary.rule(c)))
                .append(".</p>\n");
        boolean sig = c.anySignificant();
        sb.append("<div class=\"result ")
                .append(sig ? "sig" : "nosig")
                .append("\" id=\"result\">")
                .append(esc(Summary.line(c, s -> s)))
                .append("</div>\n");
        for (String w : c.warnings)
            sb.append("<p class=\"warn\">").append(esc(w)).append("</p>\n");

        Change m = c.makespan;
        sb.append("<h2>Makespan</h2>\n<p>")
                .append(Fmt.us(m.oldValue()))
                .append(" \u2192 ")
                .append(Fmt.us(m.newValue()))
                .append(" \u00b5s (")
                .append(Fmt.signedUs(m.delta()))
                .append(" \u00b5s, ")
                .append(Fmt.change(m.oldValue(), m.newValue()))
                .append("): <span class=\"")
                .append(cls(m.verdict()))
                .append("\">")
                .append(esc(TextReport.verdictText(m.verdict())))
                .append("</span></p>\n");
        if (!c.decomposition.isEmpty()) {
            waterfall(sb, c);
            sb.append(
                    "<table><tr><th>part of the critical path</th><th>OLD \u00b5s</th><th>NEW \u00b5s</th><th>change \u00b5s</th></tr>");
            for (Part p : c.decomposition)
                sb.append("<tr><td>")
                        .append(esc(p.name()))
                        .append("</td><td>")
                        .append(Fmt.us(p.oldUs()))
                        .append("</td><td>")
                        .append(Fmt.us(p.newUs()))
                        .append("</td><td>")
                        .append(Fmt.signedUs(p.deltaUs()))
                        .append("</td></tr>");
            if (c.staticFloor != null)
                sb.append("<tr><td>static floor (CPM)</td><td>")
                        .append(Fmt.us(c.staticFloor.oldValue()))
                        .append("</td><td>")
                        .append(Fmt.us(c.staticFloor.newValue()))
                        .append("</td><td>")
                        .append(Fmt.signedUs(c.staticFloor.delta()))
                        .append("</td></tr>");
            sb.append("</table>\n");
        }

        sb.append("<h2>Kernels</h2>\n");
        ratios(sb, c);
        sb.append("<table id=\"families\"><tr><th>kernel</th><th>n OLD</th><th>n NEW</th><th>mean OLD \u00b5s</th>")
                .append("<th>mean NEW \u00b5s</th><th>ratio</th><th>p95 OLD</th><th>p95 NEW</th><th>verdict</th></tr>");
        List<Family> rows = new ArrayList<>(c.families);
        if (c.readyLatency != null) rows.add(c.readyLatency);
        for (Family f : rows)
            sb.append("<tr><td>")
                    .append(esc(f.name()))
                    .append("</td><td>")
                    .append(f.old().count())
                    .append("</td><td>")
                    .append(f.neu().count())
                    .append("</td><td>")
                    .append(Fmt.us(f.old().mean()))
                    .append("</td><td>")
                    .append(Fmt.us(f.neu().mean()))
                    .append("</td><td>")
                    .append(Fmt.ratio(f.ratio()))
                    .append("</td><td>")
                    .append(Fmt.us(f.old().p95()))
                    .append("</td><td>")
                    .append(Fmt.us(f.neu().p95()))
                    .append("</td><td class=\"")
                    .append(cls(f.verdict()))
                    .append("\">")
                    .append(Fmt.verdict(f.verdict()))
                    .append(' ')
                    .append(Fmt.p(f.verdict().p()))
                    .append("</td></tr>");
        sb.append("</table>\n");

        sb.append("<h2>Core utilisation over time</h2>\n");
        utilisation(sb, c);
        if (!c.utilisation.isEmpty() || !c.schedulerPhases.isEmpty()) {
            sb.append("<table><tr><th>figure</th><th>OLD</th><th>NEW</th></tr>");
            for (Change x : c.utilisation)
                sb.append("<tr><td>utilisation ")
                        .append(esc(x.name()))
                        .append("</td><td>")
                        .append(Fmt.pct(x.oldValue()))
                        .append("</td><td>")
                        .append(Fmt.pct(x.newValue()))
                        .append("</td></tr>");
            for (Change x : c.schedulerPhases)
                sb.append("<tr><td>scheduler ")
                        .append(esc(x.name()))
                        .append(" \u00b5s</td><td>")
                        .append(Fmt.us(x.oldValue()))
                        .append("</td><td>")
                        .append(Fmt.us(x.newValue()))
                        .append("</td></tr>");
            sb.append("</table>\n");
        }

        Comparison.Tasks t = c.tasks;
        sb.append("<h2>Tasks</h2>\n<p>First run of each side, matched by ")
                .append(esc(t.matchedBy()))
                .append(": ")
                .append(t.matched())
                .append(" matched, ")
                .append(t.onlyOldCount())
                .append(" only in OLD, ")
                .append(t.onlyNewCount())
                .append(" only in NEW.</p>\n");
        if (!t.durationMoved().isEmpty()) {
            sb.append(
                    "<table><tr><th>task</th><th>duration OLD \u00b5s</th><th>duration NEW \u00b5s</th><th>\u0394</th><th>start \u0394</th></tr>");
            for (TaskMove mv : t.durationMoved())
                sb.append("<tr><td>")
                        .append(esc(
                                mv.oldTask().equals(mv.newTask()) ? mv.oldTask() : mv.oldTask() + " = " + mv.newTask()))
                        .append("</td><td>")
                        .append(Fmt.us(mv.oldDurUs()))
                        .append("</td><td>")
                        .append(Fmt.us(mv.newDurUs()))
                        .append("</td><td>")
                        .append(Fmt.signedUs(mv.durDelta()))
                        .append("</td><td>")
                        .append(Fmt.signedUs(mv.startDelta()))
                        .append("</td></tr>");
            sb.append("</table>\n");
        }
        if (!t.onlyNew().isEmpty())
            sb.append("<p>Only in NEW: ")
                    .append(esc(String.join(", ", t.onlyNew())))
                    .append("</p>\n");
        if (!t.onlyOld().isEmpty())
            sb.append("<p>Only in OLD: ")
                    .append(esc(String.join(", ", t.onlyOld())))
                    .append("</p>\n");
        sb.append("</body></html>\n");
        return sb.toString();
    }

    /** Each kernel's ratio NEW/OLD: a dot at the ratio of means, a line over the ratios of p50 and p95. */
    private static void ratios(StringBuilder sb, Comparison c) {
        List<Family> fs = new ArrayList<>(c.families);
        fs.removeIf(f -> Double.isNaN(f.ratio()));
        if (fs.isEmpty()) return;
        double lo = 1, hi = 1;
        for (Family f : fs) {
            for (double r : spread(f)) {
                lo = Math.min(lo, r);
                hi = Math.max(hi, r);
            }
        }
        lo = Math.max(0, lo - 0.05);
        hi = hi + 0.05;
        int w = 760, left = 170, row = 22, h = fs.size() * row + 40;
        sb.append("<svg id=\"ratios\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" role=\"img\" aria-label=\"kernel ratios\">");
        double x1 = x(1, lo, hi, left, w - 20);
        sb.append(line(x1, 8, x1, h - 24, "#999", 1, "4 3"));
        for (double tick : ticks(lo, hi)) {
            double tx = x(tick, lo, hi, left, w - 20);
            sb.append(text(tx, h - 8, String.format(Locale.ROOT, "%.2f\u00d7", tick), "middle", "#555"));
            sb.append(line(tx, h - 24, tx, h - 20, "#555", 1, null));
        }
        int y = 20;
        for (Family f : fs) {
            double[] s = spread(f);
            String col = f.verdict().significant()
                    ? (f.verdict().direction() == Comparison.Direction.SLOWER ? SLOWER : FASTER)
                    : SAME;
            sb.append(text(left - 8, y + 4, f.name(), "end", "#222"));
            sb.append(line(x(s[1], lo, hi, left, w - 20), y, x(s[2], lo, hi, left, w - 20), y, col, 2, null));
            sb.append(String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"%s\"><title>%s: %s (p50 %s, p95 %s)</title></circle>",
                    x(s[0], lo, hi, left, w - 20),
                    y,
                    col,
                    esc(f.name()),
                    Fmt.ratio(s[0]),
                    Fmt.ratio(s[1] == s[0] ? s[2] : s[1]),
                    Fmt.ratio(s[2])));
            y += row;
        }
        sb.append(
                "</svg>\n<p class=\"note\">Dot: NEW mean / OLD mean; line: from the lowest to the highest of the mean, p50 and p95 ratios. Red slower, green faster (significant); grey ~.</p>\n");
    }

    private static double[] spread(Family f) {
        double r = f.ratio();
        double p50 = f.neu().p50() / f.old().p50(),
                p95 = f.neu().p95() / f.old().p95();
        double a = finite(p50, r), b = finite(p95, r);
        return new double[] {r, Math.min(r, Math.min(a, b)), Math.max(r, Math.max(a, b))};
    }

    private static double finite(double v, double dflt) {
        return Double.isNaN(v) || Double.isInfinite(v) ? dflt : v;
    }

    /** OLD's makespan, each part's change as a floating bar, NEW's makespan. */
    private static void waterfall(StringBuilder sb, Comparison c) {
        List<String> names = new ArrayList<>();
        List<double[]> bars = new ArrayList<>(); // {from, to}
        double level = c.makespan.oldValue();
        names.add("OLD makespan");
        bars.add(new double[] {0, level});
        for (Part p : c.decomposition) {
            names.add(p.name());
            bars.add(new double[] {level, level + p.deltaUs()});
            level += p.deltaUs();
        }
        names.add("NEW makespan");
        bars.add(new double[] {0, c.makespan.newValue()});
        double max = 0, min = Double.POSITIVE_INFINITY;
        for (double[] b : bars) {
            max = Math.max(max, Math.max(b[0], b[1]));
            if (b != bars.get(0) && b != bars.get(bars.size() - 1)) min = Math.min(min, Math.min(b[0], b[1]));
        }
        double base = Math.max(0, Math.min(min, Math.min(c.makespan.oldValue(), c.makespan.newValue())) * 0.9);
        int w = 760, h = 230, left = 60, bottom = 190, top = 20, slot = (w - left - 20) / bars.size();
        sb.append("<svg id=\"waterfall\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" role=\"img\" aria-label=\"makespan waterfall\">");
        sb.append(line(left, top, left, bottom, "#555", 1, null))
                .append(line(left, bottom, w - 20, bottom, "#555", 1, null));
        sb.append(text(left - 6, top + 4, Fmt.us(max), "end", "#555"));
        sb.append(text(left - 6, bottom, Fmt.us(base), "end", "#555"));
        for (int i = 0; i < bars.size(); i++) {
            double[] b = bars.get(i);
            boolean ends = i == 0 || i == bars.size() - 1;
            double from = ends ? base : b[0];
            double y1 = yv(Math.max(from, b[1]), base, max, top, bottom),
                    y2 = yv(Math.min(from, b[1]), base, max, top, bottom);
            String col = ends ? (i == 0 ? OLD : NEW) : b[1] > b[0] ? SLOWER : b[1] < b[0] ? FASTER : SAME;
            double xb = left + 10 + i * slot;
            sb.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>%s: %s</title></rect>",
                    xb,
                    y1,
                    slot - 20,
                    Math.max(1, y2 - y1),
                    col,
                    esc(names.get(i)),
                    ends ? Fmt.us(b[1]) + " \u00b5s" : Fmt.signedUs(b[1] - b[0]) + " \u00b5s"));
            sb.append(text(xb + (slot - 20) / 2.0, bottom + 16, names.get(i), "middle", "#222"));
            sb.append(text(
                    xb + (slot - 20) / 2.0, y1 - 4, ends ? Fmt.us(b[1]) : Fmt.signedUs(b[1] - b[0]), "middle", "#222"));
        }
        sb.append(
                        "</svg>\n<p class=\"note\">The observed critical path's compute and stalls tile each run's makespan, so the bars between the two makespans add up to the change (axis from ")
                .append(Fmt.us(base))
                .append(" \u00b5s).</p>\n");
    }

    /** The share of all cores busy over each run's makespan, both runs on one time axis. */
    private static void utilisation(StringBuilder sb, Comparison c) {
        int w = 760, h = 200, left = 50, top = 15, bottom = 165;
        double span = Math.max(c.makespan.oldValue(), c.makespan.newValue());
        if (!(span > 0)) return;
        sb.append("<svg id=\"utilisation\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" role=\"img\" aria-label=\"core utilisation\">");
        sb.append(line(left, top, left, bottom, "#555", 1, null))
                .append(line(left, bottom, w - 20, bottom, "#555", 1, null));
        sb.append(text(left - 6, top + 4, "100 %", "end", "#555")).append(text(left - 6, bottom, "0", "end", "#555"));
        sb.append(text(w - 20, bottom + 16, Fmt.us(span) + " \u00b5s", "end", "#555"));
        sb.append(text(left, bottom + 16, "0", "start", "#555"));
        poly(sb, c.oldUtilisation, c.makespan.oldValue(), span, left, w - 20, top, bottom, OLD);
        poly(sb, c.neu == null ? null : c.newUtilisation, c.makespan.newValue(), span, left, w - 20, top, bottom, NEW);
        sb.append(text(w - 150, top + 12, "\u25a0 OLD", "start", OLD))
                .append(text(w - 90, top + 12, "\u25a0 NEW", "start", NEW));
        sb.append("</svg>\n<p class=\"note\">Share of the cores busy (AICore start \u2192 end) in ")
                .append(RunFigures.BINS)
                .append(
                        " slices of each run's makespan (the first run of each side; the slowest rank of a tree).</p>\n");
    }

    private static void poly(
            StringBuilder sb,
            double[] bins,
            double runSpan,
            double span,
            int x0,
            int x1,
            int top,
            int bottom,
            String col) {
        if (bins == null || bins.length == 0) return;
        StringBuilder pts = new StringBuilder();
        for (int k = 0; k < bins.length; k++) {
            double t = (k + 0.5) / bins.length * runSpan;
            double x = x0 + t / span * (x1 - x0);
            double y = bottom - bins[k] * (bottom - top);
            pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        sb.append("<polyline fill=\"none\" stroke=\"")
                .append(col)
                .append("\" stroke-width=\"2\" points=\"")
                .append(pts.toString().trim())
                .append("\"/>");
    }

    private static double x(double v, double lo, double hi, int x0, int x1) {
        return x0 + (v - lo) / (hi - lo) * (x1 - x0);
    }

    private static double yv(double v, double lo, double hi, int top, int bottom) {
        return hi == lo ? bottom : bottom - (v - lo) / (hi - lo) * (bottom - top);
    }

    private static List<Double> ticks(double lo, double hi) {
        double step = (hi - lo) > 1 ? 0.25 : (hi - lo) > 0.4 ? 0.1 : 0.05;
        List<Double> l = new ArrayList<>();
        for (double t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) l.add(t);
        return l;
    }

    private static String line(double x1, double y1, double x2, double y2, String col, int width, String dash) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%d\"%s/>",
                x1,
                y1,
                x2,
                y2,
                col,
                width,
                dash == null ? "" : " stroke-dasharray=\"" + dash + "\"");
    }

    private static String text(double x, double y, String s, String anchor, String col) {
        return String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>",
                x,
                y,
                anchor,
                col,
                esc(s));
    }

    private static String cls(Comparison.Verdict v) {
        return v.significant() ? v.direction().label : "same";
    }

    /** Text from the inputs in HTML: nothing in it can open a tag, an attribute or an entity. */
    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (Character.isISOControl(ch)) sb.append(String.format("\\u%04X", (int) ch));
                    else sb.append(ch);
                }
            }
        }
        return sb.toString();
    }
}
