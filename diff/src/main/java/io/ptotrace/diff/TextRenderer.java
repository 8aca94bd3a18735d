package io.ptotrace.diff;

import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IntList;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** The default report: summary paragraph, then one group per non-empty category. */
final class TextRenderer implements Renderer {
    private static final String RESET = "\u001b[0m",
            BOLD = "\u001b[1m",
            RED = "\u001b[31m",
            GREEN = "\u001b[32m",
            YELLOW = "\u001b[33m",
            DIM = "\u001b[2m";

    private final int maxList;
    private final boolean color;
    private Writer w;

    TextRenderer(int maxList, boolean color) {
        this.maxList = maxList <= 0 ? Integer.MAX_VALUE : maxList;
        this.color = color;
    }

    private String c(String code, String s) {
        return color ? code + s + RESET : s;
    }

    private void line(String s) throws IOException {
        w.write(s);
        w.write('\n');
    }

    private boolean header(String title, int n) throws IOException {
        if (n == 0) return false;
        w.write('\n');
        line(c(BOLD, title + " (" + n + ")"));
        return true;
    }

    private boolean more(int shown, int total) throws IOException {
        if (shown < maxList) return false;
        line(c(DIM, "  ... and " + (total - shown) + " more"));
        return true;
    }

    @Override
    public void render(GraphDiff d, Writer out) throws IOException {
        w = out;
        Side a = d.oldSide, b = d.newSide;
        Differ x = d.d;
        line(c(BOLD, "ptotrace diff"));
        line("  OLD " + a.graph().file() + "  (" + Fmt.sizes(a.graph(), d.oldPairCount()) + ")");
        line("  NEW " + b.graph().file() + "  (" + Fmt.sizes(b.graph(), d.newPairCount()) + ")");
        w.write('\n');
        line(c(BOLD, Fmt.summary(d)));
        for (String n : d.notes()) line("Note: " + n);

        String minus = c(RED, "-"), plus = c(GREEN, "+"), tilde = c(YELLOW, "~");
        if (header("Tasks only in OLD", x.tasksRemoved.size())) {
            for (int i = 0; i < x.tasksRemoved.size(); i++) {
                if (more(i, x.tasksRemoved.size())) break;
                int n = x.tasksRemoved.get(i);
                line("  " + minus + " " + c(RED, a.display(n)) + "  " + Fmt.taskDetail(a, n));
            }
        }
        if (header("Tasks only in NEW", x.tasksAdded.size())) {
            for (int i = 0; i < x.tasksAdded.size(); i++) {
                if (more(i, x.tasksAdded.size())) break;
                int n = x.tasksAdded.get(i);
                line("  " + plus + " " + c(GREEN, b.display(n)) + "  " + Fmt.taskDetail(b, n));
            }
        }
        if (header("Tasks changed", x.tasksChangedA.size())) {
            for (int i = 0; i < x.tasksChangedA.size(); i++) {
                if (more(i, x.tasksChangedA.size())) break;
                line("  " + tilde + " "
                        + c(YELLOW, Fmt.matchedTask(a, x.tasksChangedA.get(i), b, x.tasksChangedB.get(i))));
                changes(d.taskChanges(i));
            }
        }
        pairs("Dependency edges removed (pred -> succ)", x.pairsRemoved, a, minus, RED);
        pairs("Dependency edges added (pred -> succ)", x.pairsAdded, b, plus, GREEN);
        edges("Annotated edges removed", x.edgesRemoved, a, minus, RED);
        edges("Annotated edges added", x.edgesAdded, b, plus, GREEN);
        if (header("Annotated edges changed", x.edgesChangedA.size())) {
            for (int i = 0; i < x.edgesChangedA.size(); i++) {
                if (more(i, x.edgesChangedA.size())) break;
                int ea = x.edgesChangedA.get(i), eb = x.edgesChangedB.get(i);
                String ends = Fmt.edgeEnds(b, eb, "->");
                String was = Fmt.edgeEnds(a, ea, "->");
                String key = Fmt.edgeKey(b.graph(), eb);
                String oldKey = Fmt.edgeKey(a.graph(), ea);
                StringBuilder sb = new StringBuilder("  ")
                        .append(tilde)
                        .append(' ')
                        .append(c(YELLOW, ends))
                        .append("  ")
                        .append(key);
                if (!was.equals(ends) || !oldKey.equals(key))
                    sb.append("  (OLD ").append(was).append("  ").append(oldKey).append(')');
                line(sb.toString());
                changes(d.edgeChanges(i));
            }
        }
        tensors("Tensors only in OLD", x.tensorsRemoved, a, minus, RED);
        tensors("Tensors only in NEW", x.tensorsAdded, b, plus, GREEN);
        if (header("Tensors changed", x.tensorsChangedA.size())) {
            for (int i = 0; i < x.tensorsChangedA.size(); i++) {
                if (more(i, x.tensorsChangedA.size())) break;
                int ta = x.tensorsChangedA.get(i), tb = x.tensorsChangedB.get(i);
                long ida = a.graph().tensorId(ta), idb = b.graph().tensorId(tb);
                String s = U64.str(idb);
                if (ida != idb) s += " (OLD " + U64.str(ida) + ")";
                line("  " + tilde + " " + c(YELLOW, s));
                changes(d.tensorChanges(i));
            }
        }
        w.flush();
    }

    private void changes(List<Change> cs) throws IOException {
        for (Change ch : cs) {
            line("      " + ch.field() + ": " + c(RED, Fmt.value(ch.oldValue())) + " -> "
                    + c(GREEN, Fmt.value(ch.newValue())));
        }
    }

    private void pairs(String title, IntList rows, Side g, String mark, String col) throws IOException {
        if (!header(title, rows.size())) return;
        for (int i = 0; i < rows.size(); i++) {
            if (more(i, rows.size())) break;
            line("  " + mark + " " + c(col, Fmt.edgeEnds(g, rows.get(i), "->")));
        }
    }

    private void edges(String title, IntList rows, Side s, String mark, String col) throws IOException {
        if (!header(title, rows.size())) return;
        for (int i = 0; i < rows.size(); i++) {
            if (more(i, rows.size())) break;
            int e = rows.get(i);
            String ann = Fmt.edgeAnnotation(s.graph(), e);
            line("  " + mark + " " + c(col, Fmt.edgeEnds(s, e, "->")) + "  " + Fmt.edgeKey(s.graph(), e)
                    + (ann.isEmpty() ? "" : "  " + ann));
        }
    }

    private void tensors(String title, IntList ts, Side s, String mark, String col) throws IOException {
        TaskGraph g = s.graph();
        if (!header(title, ts.size())) return;
        for (int i = 0; i < ts.size(); i++) {
            if (more(i, ts.size())) break;
            int t = ts.get(i);
            line("  " + mark + " " + c(col, U64.str(g.tensorId(t))) + "  " + Fmt.tensorDetail(g, t));
        }
    }
}
