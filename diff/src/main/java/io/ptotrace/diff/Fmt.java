package io.ptotrace.diff;

import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;

/** Shared human-readable wording of the text and markdown reports. */
final class Fmt {
    private Fmt() {}

    static String value(Object v) {
        if (v == null) return "(absent)";
        if (v instanceof long[]) {
            long[] a = (long[]) v;
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) {
                if (i > 0) sb.append(", ");
                sb.append(a[i]);
            }
            return sb.append(']').toString();
        }
        if (v instanceof int[]) {
            int[] a = (int[]) v;
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) {
                if (i > 0) sb.append(", ");
                sb.append(a[i]);
            }
            return sb.append(']').toString();
        }
        if (v instanceof String[]) return "[" + String.join(", ", (String[]) v) + "]";
        return v.toString();
    }

    static String array(long[] a) {
        return a == null ? "(absent)" : value(a);
    }

    static String kernels(Side s, int row) {
        return "[" + s.kernel(row, 0) + ", " + s.kernel(row, 1) + ", " + s.kernel(row, 2) + "]";
    }

    /** {@code QK(t5)} or, when the id changed through alignment, {@code QK(t6) (OLD t5)}. */
    static String matchedTask(Side a, int x, Side b, int y) {
        String s = b.display(y);
        long ida = a.graph().nodeId(x);
        return ida == b.graph().nodeId(y) ? s : s + " (OLD " + a.id(ida) + ")";
    }

    /** One-line description of a task: kernels, block num, args. */
    static String taskDetail(Side s, int node) {
        TaskGraph g = s.graph();
        int row = g.taskRow(node);
        StringBuilder sb = new StringBuilder();
        sb.append("kernel_ids ").append(kernels(s, row)).append("  block_num ").append(g.blockNum(row));
        int from = g.argFrom(row), to = g.argTo(row);
        sb.append("  args ").append(to - from);
        if (to > from) {
            sb.append(" [");
            for (int k = from; k < to; k++) {
                if (k > from) sb.append(", ");
                sb.append(str(g.argType(k)));
                if (g.argDtypeCode(k) >= 0) sb.append(' ').append(g.argDtype(k));
                if (g.argShapeCode(k) >= 0) sb.append(' ').append(array(g.argShape(k)));
            }
            sb.append(']');
        }
        return sb.toString();
    }

    static String str(String s) {
        return s == null ? "(absent)" : s;
    }

    static String edgeEnds(Side s, int e, String arrow) {
        TaskGraph g = s.graph();
        return s.display(g.edgePred(e)) + " " + arrow + " " + s.display(g.edgeSucc(e));
    }

    /** The matching key of an edge after its endpoints: arg, source, tensor. */
    static String edgeKey(TaskGraph g, int e) {
        StringBuilder sb = new StringBuilder();
        sb.append("arg ").append(g.edgeArg(e) == TaskGraph.ABSENT ? "(absent)" : Integer.toString(g.edgeArg(e)));
        sb.append("  ").append(str(g.edgeSource(e)));
        if (g.edgeTensor(e) >= 0) sb.append("  tensor ").append(U64.str(g.tensorId(g.edgeTensor(e))));
        return sb.toString();
    }

    /** The annotation members an edge carries. */
    static String edgeAnnotation(TaskGraph g, int e) {
        StringBuilder sb = new StringBuilder();
        if (g.edgeOverlapCode(e) >= 0) sb.append(" overlap=").append(g.edgeOverlap(e));
        if (g.edgeHazardCode(e) >= 0) sb.append(" hazard=").append(g.edgeHazard(e));
        if (g.edgeAccessKindCode(e) >= 0) sb.append(" access_kind=").append(g.edgeAccessKind(e));
        if (g.edgeFlagsCode(e) >= 0) sb.append(" flags=").append(value(Comparer.flags(g, g.edgeFlagsCode(e))));
        if (g.consumerDtypeCode(e) >= 0 || g.consumerShapeCode(e) >= 0) {
            sb.append("  consumer ")
                    .append(str(g.consumerDtype(e)))
                    .append(' ')
                    .append(array(g.consumerShape(e)))
                    .append(" @")
                    .append(g.consumerOffsetOk(e) ? U64.str(g.consumerOffset(e)) : "(absent)")
                    .append(" strides ")
                    .append(array(g.consumerStrides(e)));
        }
        if (g.producerShapeCode(e) >= 0) {
            sb.append("  producer ")
                    .append(array(g.producerShape(e)))
                    .append(" @")
                    .append(g.producerOffsetOk(e) ? U64.str(g.producerOffset(e)) : "(absent)")
                    .append(" strides ")
                    .append(array(g.producerStrides(e)));
        }
        return sb.length() > 0 && sb.charAt(0) == ' '
                ? sb.substring(1).trim()
                : sb.toString().trim();
    }

    static String tensorDetail(TaskGraph g, int t) {
        int r = g.tensorRow(t);
        StringBuilder sb = new StringBuilder();
        sb.append("buffer_addr ").append(g.bufferAddrOk(r) ? U64.str(g.bufferAddr(r)) : "(absent)");
        sb.append("  version ").append(g.versionPresent(r) ? Long.toString(g.version(r)) : "(absent)");
        sb.append("  ").append(str(g.tensorDtype(r)));
        sb.append("  buffer_numel ").append(g.bufferNumelOk(r) ? U64.str(g.bufferNumel(r)) : "(absent)");
        return sb.toString();
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** The one-paragraph summary, plain text. */
    static String summary(GraphDiff d) {
        GraphDiff.Summary s = d.summary();
        StringBuilder sb = new StringBuilder();
        if (s.identical()) sb.append("Graphs identical");
        else sb.append("Graphs differ");
        if (d.options.projected) {
            sb.append(" (compared dependency edges only, --projected): ");
            sb.append("dependency edges (pred -> succ) ")
                    .append(s.edgesAdded())
                    .append(" added, ")
                    .append(s.edgesRemoved())
                    .append(" removed.");
            return sb.toString();
        }
        sb.append(": tasks ")
                .append(s.tasksAdded())
                .append(" added, ")
                .append(s.tasksRemoved())
                .append(" removed, ")
                .append(s.tasksChanged())
                .append(" changed");
        if (d.options.align) {
            sb.append(" (")
                    .append(plural(s.tasksMatchedByAlignment(), "task", "tasks"))
                    .append(" matched by alignment rather than by id)");
        }
        sb.append("; dependency edges (pred -> succ) ")
                .append(s.edgesAdded())
                .append(" added, ")
                .append(s.edgesRemoved())
                .append(" removed");
        sb.append("; annotated edges ")
                .append(s.annotatedEdgesAdded())
                .append(" added, ")
                .append(s.annotatedEdgesRemoved())
                .append(" removed, ")
                .append(s.annotatedEdgesChanged())
                .append(" changed");
        sb.append("; tensors ")
                .append(s.tensorsAdded())
                .append(" added, ")
                .append(s.tensorsRemoved())
                .append(" removed, ")
                .append(s.tensorsChanged())
                .append(" changed.");
        return sb.toString();
    }

    static String sizes(TaskGraph g, int pairs) {
        return plural(g.taskRowCount(), "task", "tasks") + ", " + plural(pairs, "dependency edge", "dependency edges")
                + ", " + plural(g.edgeCount(), "annotated edge", "annotated edges") + ", "
                + plural(g.tensorRowCount(), "tensor", "tensors");
    }
}
