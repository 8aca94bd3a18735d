package io.ptotrace.diff;

import io.ptotrace.model.TaskIds;
import io.ptotrace.model.U64;

/** Shared human-readable wording of the text and markdown reports. */
final class Fmt {
    private Fmt() {}

    static String value(Object v) {
        if (v == null) return "(absent)";
        if (v instanceof long[]) {
            long[] a = (long[]) v;
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) { if (i > 0) sb.append(", "); sb.append(a[i]); }
            return sb.append(']').toString();
        }
        if (v instanceof int[]) {
            int[] a = (int[]) v;
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) { if (i > 0) sb.append(", "); sb.append(a[i]); }
            return sb.append(']').toString();
        }
        if (v instanceof String[]) return "[" + String.join(", ", (String[]) v) + "]";
        return v.toString();
    }

    static String array(Graph g, int ref) { return ref < 0 ? "(absent)" : value(g.values.array(ref)); }

    static String kernels(Graph g, int row) {
        return "[" + g.taskKernels[row * 3] + ", " + g.taskKernels[row * 3 + 1] + ", " + g.taskKernels[row * 3 + 2] + "]";
    }

    /** {@code QK(t5)} or, when the id changed through alignment, {@code QK(t6) (OLD t5)}. */
    static String matchedTask(Graph a, int x, Graph b, int y) {
        String s = b.display(y);
        return a.nodeId[x] == b.nodeId[y] ? s : s + " (OLD " + TaskIds.display(a.nodeId[x]) + ")";
    }

    /** One-line description of a task: kernels, block num, args. */
    static String taskDetail(Graph g, int node) {
        int row = g.nodeTask[node];
        StringBuilder sb = new StringBuilder();
        sb.append("kernel_ids ").append(kernels(g, row)).append("  block_num ").append(g.taskBlock[row]);
        int from = g.argStart[row], to = g.argStart[row + 1];
        sb.append("  args ").append(to - from);
        if (to > from) {
            sb.append(" [");
            for (int k = from; k < to; k++) {
                if (k > from) sb.append(", ");
                sb.append(str(g, g.argType[k]));
                if (g.argDtype[k] >= 0) sb.append(' ').append(g.values.text(g.argDtype[k]));
                if (g.argShape[k] >= 0) sb.append(' ').append(array(g, g.argShape[k]));
            }
            sb.append(']');
        }
        return sb.toString();
    }

    static String str(Graph g, int code) {
        String s = g.values.text(code);
        return s == null ? "(absent)" : s;
    }

    static String edgeEnds(Graph g, int e, String arrow) {
        return g.display(g.ePred[e]) + " " + arrow + " " + g.display(g.eSucc[e]);
    }

    /** The matching key of an edge after its endpoints: arg, source, tensor. */
    static String edgeKey(Graph g, int e) {
        StringBuilder sb = new StringBuilder();
        sb.append("arg ").append(g.eArg[e] == Graph.ABSENT_INT ? "(absent)" : Integer.toString(g.eArg[e]));
        sb.append("  ").append(str(g, g.eSource[e]));
        if (g.eTensor[e] >= 0) sb.append("  tensor ").append(U64.str(g.tensorId[g.eTensor[e]]));
        return sb.toString();
    }

    /** The annotation members an edge carries. */
    static String edgeAnnotation(Graph g, int e) {
        StringBuilder sb = new StringBuilder();
        if (g.eOverlap[e] >= 0) sb.append(" overlap=").append(g.values.text(g.eOverlap[e]));
        if (g.eHazard[e] >= 0) sb.append(" hazard=").append(g.values.text(g.eHazard[e]));
        if (g.eAccess[e] >= 0) sb.append(" access_kind=").append(g.values.text(g.eAccess[e]));
        if (g.eFlags[e] >= 0) sb.append(" flags=").append(value(Comparer.flags(g, g.eFlags[e])));
        if (g.eCDtype[e] >= 0 || g.eCShape[e] >= 0) {
            sb.append("  consumer ").append(str(g, g.eCDtype[e])).append(' ').append(array(g, g.eCShape[e]))
                .append(" @").append((g.eBits[e] & Graph.E_COFF) != 0 ? U64.str(g.eCOff[e]) : "(absent)")
                .append(" strides ").append(array(g, g.eCStrides[e]));
        }
        if (g.ePShape[e] >= 0) {
            sb.append("  producer ").append(array(g, g.ePShape[e]))
                .append(" @").append((g.eBits[e] & Graph.E_POFF) != 0 ? U64.str(g.ePOff[e]) : "(absent)")
                .append(" strides ").append(array(g, g.ePStrides[e]));
        }
        return sb.length() > 0 && sb.charAt(0) == ' ' ? sb.substring(1).trim() : sb.toString().trim();
    }

    static String tensorDetail(Graph g, int t) {
        int r = g.tensorRow[t];
        StringBuilder sb = new StringBuilder();
        sb.append("buffer_addr ").append((g.tBits[r] & Graph.T_ADDR) != 0 ? U64.str(g.tAddr[r]) : "(absent)");
        sb.append("  version ").append((g.tBits[r] & Graph.T_VERSION) != 0 ? Long.toString(g.tVersion[r]) : "(absent)");
        sb.append("  ").append(str(g, g.tDtype[r]));
        sb.append("  buffer_numel ").append((g.tBits[r] & Graph.T_NUMEL) != 0 ? U64.str(g.tNumel[r]) : "(absent)");
        return sb.toString();
    }

    static String plural(int n, String one, String many) { return n + " " + (n == 1 ? one : many); }

    /** The one-paragraph summary, plain text. */
    static String summary(GraphDiff d) {
        GraphDiff.Summary s = d.summary();
        StringBuilder sb = new StringBuilder();
        if (s.identical()) sb.append("Graphs identical");
        else sb.append("Graphs differ");
        if (d.options.projected) {
            sb.append(" (compared dependency edges only, --projected): ");
            sb.append("dependency edges (pred -> succ) ").append(s.edgesAdded()).append(" added, ")
                .append(s.edgesRemoved()).append(" removed.");
            return sb.toString();
        }
        sb.append(": tasks ").append(s.tasksAdded()).append(" added, ").append(s.tasksRemoved()).append(" removed, ")
            .append(s.tasksChanged()).append(" changed");
        if (d.options.align) {
            sb.append(" (").append(plural(s.tasksMatchedByAlignment(), "task", "tasks"))
                .append(" matched by alignment rather than by id)");
        }
        sb.append("; dependency edges (pred -> succ) ").append(s.edgesAdded()).append(" added, ")
            .append(s.edgesRemoved()).append(" removed");
        sb.append("; annotated edges ").append(s.annotatedEdgesAdded()).append(" added, ")
            .append(s.annotatedEdgesRemoved()).append(" removed, ").append(s.annotatedEdgesChanged()).append(" changed");
        sb.append("; tensors ").append(s.tensorsAdded()).append(" added, ").append(s.tensorsRemoved()).append(" removed, ")
            .append(s.tensorsChanged()).append(" changed.");
        return sb.toString();
    }

    static String sizes(Graph g, int pairs) {
        return plural(g.taskCount, "task", "tasks") + ", " + plural(pairs, "dependency edge", "dependency edges") + ", "
            + plural(g.edgeCount, "annotated edge", "annotated edges") + ", " + plural(g.tensorRowCount, "tensor", "tensors");
    }
}
