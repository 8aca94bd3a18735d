package io.ptotrace.diff;

import io.ptotrace.io.MarkdownText;
import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IntList;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** {@code --format markdown}: a pull-request comment — summary table, then one collapsed table per category. */
final class MarkdownRenderer implements Renderer {
    private final int maxList;
    private Writer w;

    MarkdownRenderer(int maxList) {
        this.maxList = maxList <= 0 ? Integer.MAX_VALUE : maxList;
    }

    private void line(String s) throws IOException {
        w.write(s);
        w.write('\n');
    }

    /** Table cell: a code span of text from the inputs, which nothing in it can escape. */
    private static String code(String s) {
        return MarkdownText.code(s);
    }

    /** Table cell or note: plain text from the inputs, with every character Markdown or HTML gives meaning to escaped. */
    private static String cell(String s) {
        return MarkdownText.text(s);
    }

    private boolean open(String title, int n, String tableHeader) throws IOException {
        if (n == 0) return false;
        line("");
        line("<details><summary>" + title + " (" + n + ")</summary>");
        line("");
        line(tableHeader);
        line(tableHeader.replaceAll("[^|]+", "---"));
        return true;
    }

    private void close(int shown, int total) throws IOException {
        if (shown < total) {
            line("");
            line("… and " + (total - shown) + " more (see `--format json` for the full list)");
        }
        line("");
        line("</details>");
    }

    @Override
    public void render(GraphDiff d, Writer out) throws IOException {
        w = out;
        Side a = d.oldSide, b = d.newSide;
        Differ x = d.d;
        GraphDiff.Summary s = d.summary();
        line("### ptotrace diff: " + (s.identical() ? "graphs identical" : "graphs differ"));
        line("");
        line("OLD " + code(a.graph().file().toString()) + " (" + Fmt.sizes(a.graph(), d.oldPairCount()) + ")  ");
        line("NEW " + code(b.graph().file().toString()) + " (" + Fmt.sizes(b.graph(), d.newPairCount()) + ")");
        line("");
        line(Fmt.summary(d).replace("->", "→"));
        line("");
        line("| | added | removed | changed |");
        line("|---|---:|---:|---:|");
        if (!d.options.projected)
            line("| tasks | " + s.tasksAdded() + " | " + s.tasksRemoved() + " | " + s.tasksChanged() + " |");
        line("| dependency edges (pred → succ) | " + s.edgesAdded() + " | " + s.edgesRemoved() + " | |");
        if (!d.options.projected) {
            line("| annotated edges | " + s.annotatedEdgesAdded() + " | " + s.annotatedEdgesRemoved() + " | "
                    + s.annotatedEdgesChanged() + " |");
            line("| tensors | " + s.tensorsAdded() + " | " + s.tensorsRemoved() + " | " + s.tensorsChanged() + " |");
        }
        if (!d.notes().isEmpty()) {
            line("");
            for (String n : d.notes()) line("> " + cell(n) + "  ");
        }

        taskTable("Tasks only in OLD", x.tasksRemoved, a);
        taskTable("Tasks only in NEW", x.tasksAdded, b);
        int n = x.tasksChangedA.size();
        if (open("Tasks changed", n, "| task | field | OLD | NEW |")) {
            int i = 0;
            for (; i < n && i < maxList; i++) {
                String t = code(Fmt.matchedTask(a, x.tasksChangedA.get(i), b, x.tasksChangedB.get(i)));
                changeRows(t, d.taskChanges(i));
            }
            close(i, n);
        }
        pairTable("Dependency edges removed", x.pairsRemoved, a);
        pairTable("Dependency edges added", x.pairsAdded, b);
        edgeTable("Annotated edges removed", x.edgesRemoved, a);
        edgeTable("Annotated edges added", x.edgesAdded, b);
        n = x.edgesChangedA.size();
        if (open("Annotated edges changed", n, "| edge | field | OLD | NEW |")) {
            int i = 0;
            for (; i < n && i < maxList; i++) {
                int eb = x.edgesChangedB.get(i);
                String e = code(Fmt.edgeEnds(b, eb, "→") + "  " + Fmt.edgeKey(b.graph(), eb));
                changeRows(e, d.edgeChanges(i));
            }
            close(i, n);
        }
        tensorTable("Tensors only in OLD", x.tensorsRemoved, a);
        tensorTable("Tensors only in NEW", x.tensorsAdded, b);
        n = x.tensorsChangedA.size();
        if (open("Tensors changed", n, "| tensor | field | OLD | NEW |")) {
            int i = 0;
            for (; i < n && i < maxList; i++) {
                changeRows(code(U64.str(b.graph().tensorId(x.tensorsChangedB.get(i)))), d.tensorChanges(i));
            }
            close(i, n);
        }
        w.flush();
    }

    private void changeRows(String what, List<Change> cs) throws IOException {
        boolean first = true;
        for (Change c : cs) {
            line("| " + (first ? what : "") + " | " + code(c.field()) + " | " + code(Fmt.value(c.oldValue())) + " | "
                    + code(Fmt.value(c.newValue())) + " |");
            first = false;
        }
    }

    private void taskTable(String title, IntList nodes, Side s) throws IOException {
        TaskGraph g = s.graph();
        int n = nodes.size();
        if (!open(title, n, "| task | kernel_ids | block_num | args |")) return;
        int i = 0;
        for (; i < n && i < maxList; i++) {
            int node = nodes.get(i), row = g.taskRow(node);
            line("| " + code(s.display(node)) + " | " + code(Fmt.kernels(s, row)) + " | " + g.blockNum(row) + " | "
                    + (g.argTo(row) - g.argFrom(row)) + " |");
        }
        close(i, n);
    }

    private void pairTable(String title, IntList rows, Side s) throws IOException {
        TaskGraph g = s.graph();
        int n = rows.size();
        if (!open(title + " (pred → succ)", n, "| pred | succ |")) return;
        int i = 0;
        for (; i < n && i < maxList; i++) {
            int e = rows.get(i);
            line("| " + code(s.display(g.edgePred(e))) + " | " + code(s.display(g.edgeSucc(e))) + " |");
        }
        close(i, n);
    }

    private void edgeTable(String title, IntList rows, Side s) throws IOException {
        TaskGraph g = s.graph();
        int n = rows.size();
        if (!open(title, n, "| pred | succ | arg | source | tensor | annotation |")) return;
        int i = 0;
        for (; i < n && i < maxList; i++) {
            int e = rows.get(i);
            String arg = g.edgeArg(e) == TaskGraph.ABSENT ? "" : Integer.toString(g.edgeArg(e));
            String tensor = g.edgeTensor(e) >= 0 ? code(U64.str(g.tensorId(g.edgeTensor(e)))) : "";
            String ann = Fmt.edgeAnnotation(g, e);
            line("| " + code(s.display(g.edgePred(e))) + " | " + code(s.display(g.edgeSucc(e))) + " | " + arg + " | "
                    + cell(Fmt.str(g.edgeSource(e))) + " | " + tensor + " | " + (ann.isEmpty() ? "" : code(ann))
                    + " |");
        }
        close(i, n);
    }

    private void tensorTable(String title, IntList ts, Side s) throws IOException {
        TaskGraph g = s.graph();
        int n = ts.size();
        if (!open(title, n, "| tensor | details |")) return;
        int i = 0;
        for (; i < n && i < maxList; i++) {
            int t = ts.get(i);
            line("| " + code(U64.str(g.tensorId(t))) + " | " + cell(Fmt.tensorDetail(g, t)) + " |");
        }
        close(i, n);
    }
}
