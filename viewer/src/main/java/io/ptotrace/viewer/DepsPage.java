package io.ptotrace.viewer;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.viewer.page.GraphPage;
import io.ptotrace.viewer.page.Rows;
import io.ptotrace.viewer.page.StringTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The graph page of a deps.json: one node per task (the graph's nodes, then tasks known only from the perf sidecar),
 * one edge per unique pair (the pairs the edge mode does not select are hidden), styled by core type, with each
 * task's args (or, in tensor mode, its input and output slots) and each pair's annotation rows for the panel.
 */
final class DepsPage {
    private final TaskGraph g;
    private final PerfSidecar sidecar;
    private final NameMap names;
    private final boolean tensorMode;
    private final IdText ids;
    /** Tasks known only from the sidecar, ascending; page nodes {@code g.nodeCount() ..}. */
    final long[] extra;
    /** Per arg: the tensor after the OUTPUT back-fill (−1 none). */
    private final int[] argTensor;

    private final BitSet inferred = new BitSet();
    private final String[] tensorNames;
    /** The page's strings, while {@link #build} runs. */
    private StringTable strings;

    /**
     * @param tensorInfo {@code --show-tensor-info}: slots shown as the tensor view's compartments (when the file has
     *     a task table at all)
     */
    DepsPage(TaskGraph g, PerfSidecar sidecar, NameMap names, boolean tensorInfo, IdText ids, long[] extra) {
        this.g = g;
        this.sidecar = sidecar;
        this.names = names;
        this.tensorMode = tensorInfo && g.taskRowCount() > 0;
        this.ids = ids;
        this.extra = extra;
        tensorNames = new String[g.tensorCount()];
        argTensor = new int[g.argCount()];
        for (int a = 0; a < argTensor.length; a++) argTensor[a] = g.argTensor(a);
        if (tensorMode) backFillOutputs();
    }

    int nodeCount() {
        return g.nodeCount() + extra.length;
    }

    GraphPage build(BitSet shown) {
        int n = g.nodeCount();
        GraphPage page = new GraphPage(nodeCount(), g.pairCount());
        strings = page.strings;
        shapeLines = new int[g.arrayCount()];
        strideLines = new int[g.arrayCount()];
        storageLines = new int[g.tensorRowCount()];
        tensorCodes = new int[g.tensorCount()];
        memberCodes = new int[PREFIXES.length + 1][g.stringCount()];
        lowerDtypes = new String[g.stringCount()];
        boolean[] fire = new boolean[nodeCount()];
        Kind[] kinds = new Kind[n];
        for (int v = 0; v < n; v++) {
            kinds[v] = kind(v);
            int row = g.taskRow(v);
            fire[v] = kinds[v] == Kind.ALLOC || (row >= 0 && g.earlyDispatch(row) == 1);
        }
        for (int v = 0; v < n; v++) {
            int row = g.taskRow(v);
            long id = g.nodeId(v);
            Kind k = kinds[v];
            String func = k == Kind.SUBMIT && row >= 0 ? funcName(row) : null;
            String suffix = k == Kind.ALLOC ? "alloc" : k == Kind.DUMMY ? "dummy" : func;
            int flags = (fire[v] ? GraphPage.FIRE : 0) | (starred(v, fire, kinds) ? GraphPage.STAR : 0);
            page.node(
                    v,
                    ids.text(id),
                    suffix,
                    hint(k, row, func),
                    style(k, row, id),
                    flags,
                    row >= 0 ? g.blockNum(row) : 1);
            page.nodeId(v, id);
            if (row >= 0) argRows(page.nodeRows, v, row);
        }
        for (int i = 0; i < extra.length; i++) {
            String type = sidecar.coreType(extra[i]);
            page.node(n + i, ids.text(extra[i]), null, "unknown", byCoreType(type), 0, 1);
            page.nodeId(n + i, extra[i]);
        }
        int explicit = g.code("explicit");
        for (int p = 0; p < g.pairCount(); p++) {
            int flags = shown.get(p) ? 0 : GraphPage.HIDDEN;
            boolean allExplicit = g.pairRowTo(p) > g.pairRowFrom(p);
            String label = null;
            for (int k = g.pairRowFrom(p); k < g.pairRowTo(p); k++) {
                int e = g.pairRow(k);
                allExplicit &= explicit >= 0 && g.edgeSourceCode(e) == explicit;
                String overlap = g.edgeOverlap(e);
                if (label == null && overlap != null && !overlap.equals("covered")) label = overlap;
                annotationRow(page.edgeRows, p, e);
            }
            page.edge(p, g.pairPred(p), g.pairSucc(p), flags | (allExplicit ? GraphPage.DASHED : 0), label);
        }
        return page;
    }

    enum Kind {
        SUBMIT,
        DUMMY,
        ALLOC
    }

    private Kind kind(int v) {
        int row = g.taskRow(v);
        if (row >= 0) return firstActive(row) >= 0 ? Kind.SUBMIT : Kind.DUMMY;
        // it ran (the sidecar has its rows) but deps.json does not say what it is
        return sidecar != null && sidecar.has(g.nodeId(v)) ? Kind.SUBMIT : Kind.ALLOC;
    }

    private int firstActive(int row) {
        for (int s = 0; s < 3; s++) if (g.kernelId(row, s) >= 0) return g.kernelId(row, s);
        return -1;
    }

    /** Every predecessor (over all pairs) is fire-marked and one of them is not an allocation. */
    private boolean starred(int v, boolean[] fire, Kind[] kinds) {
        if (g.inFrom(v) == g.inTo(v)) return false;
        boolean someNotAlloc = false;
        for (int k = g.inFrom(v); k < g.inTo(v); k++) {
            int u = g.inPred(k);
            if (!fire[u]) return false;
            someNotAlloc |= kinds[u] != Kind.ALLOC;
        }
        return someNotAlloc;
    }

    /** The names of the active kernels in slot order, de-duplicated ({@code f<id>} for one the map lacks); null without a map. */
    private String funcName(int row) {
        if (names.size() == 0) return null;
        List<Integer> kernels = List.of(g.kernelId(row, 0), g.kernelId(row, 1), g.kernelId(row, 2));
        return funcNames
                .computeIfAbsent(kernels, k -> Optional.ofNullable(joinedNames(row)))
                .orElse(null);
    }

    /** Function names by kernel ids: few distinct, one String each. */
    private final java.util.Map<List<Integer>, Optional<String>> funcNames = new java.util.HashMap<>();

    private String joinedNames(int row) {
        List<String> parts = new ArrayList<>(3);
        for (int s = 0; s < 3; s++) {
            int k = g.kernelId(row, s);
            if (k < 0) continue;
            String nm = names.name(k);
            String part = nm != null ? nm : "f" + k;
            if (!parts.contains(part)) parts.add(part);
        }
        return parts.isEmpty() ? null : String.join(" + ", parts);
    }

    /** The histogram bucket: a sidecar task without a resolved function takes its first active kernel id. */
    private String hint(Kind k, int row, String func) {
        if (k == Kind.ALLOC) return "alloc";
        if (k == Kind.DUMMY) return "dummy";
        if (func != null) return func;
        int first = row >= 0 ? firstActive(row) : -1;
        return first >= 0 ? "f" + first : "unknown";
    }

    private GraphPage.Style style(Kind k, int row, long id) {
        if (k == Kind.ALLOC) return GraphPage.Style.ALLOC;
        if (k == Kind.DUMMY) return GraphPage.Style.PLAIN;
        String type = sidecar == null ? null : sidecar.coreType(id);
        if (type == null && row >= 0) {
            boolean cube = g.kernelId(row, 0) >= 0, vector = g.kernelId(row, 1) >= 0 || g.kernelId(row, 2) >= 0;
            type = cube && vector ? "mix" : cube ? "aic" : vector ? "aiv" : null;
        }
        return byCoreType(type);
    }

    private static GraphPage.Style byCoreType(String type) {
        if (type == null) return GraphPage.Style.PLAIN;
        switch (type.toLowerCase(Locale.ROOT)) {
            case "aic":
                return GraphPage.Style.AIC;
            case "aiv":
                return GraphPage.Style.AIV;
            case "mix":
                return GraphPage.Style.MIX;
            default:
                return GraphPage.Style.PLAIN;
        }
    }

    // ---- args

    private static boolean isInput(String type) {
        return "INPUT".equals(type) || "INOUT".equals(type) || "TRACKED_INPUT".equals(type) || "NO_DEP".equals(type);
    }

    private static boolean isOutput(String type) {
        return "INOUT".equals(type) || "OUTPUT".equals(type) || "OUTPUT_EXISTING".equals(type);
    }

    /**
     * A creator row names the tensor its producer created; when the producer's args do not hold that tensor and it
     * has exactly one OUTPUT slot without a tensor, that slot is taken to be it (marked as inferred).
     */
    private void backFillOutputs() {
        int creator = g.code("creator");
        if (creator < 0) return;
        for (int e = 0; e < g.edgeCount(); e++) {
            if (g.edgeSourceCode(e) != creator || g.edgeTensor(e) < 0) continue;
            int row = g.taskRow(g.edgePred(e));
            if (row < 0) continue;
            int t = g.edgeTensor(e), open = -1, openCount = 0;
            boolean held = false;
            for (int a = g.argFrom(row); a < g.argTo(row) && !held; a++) {
                String type = g.argType(a);
                if (isOutput(type) && argTensor[a] == t) held = true;
                else if ("OUTPUT".equals(type) && argTensor[a] < 0) {
                    open = a;
                    openCount++;
                }
            }
            if (!held && openCount == 1) {
                argTensor[open] = t;
                inferred.set(open);
            }
        }
    }

    private void argRows(Rows rows, int v, int row) {
        if (!tensorMode) {
            for (int a = g.argFrom(row); a < g.argTo(row); a++) rows.addCodes(v, Rows.TEXT, fields, argFields(a));
            return;
        }
        for (int a = g.argFrom(row); a < g.argTo(row); a++)
            if (isInput(g.argType(a))) rows.addCodes(v, Rows.INPUT, fields, argFields(a));
        for (int a = g.argFrom(row); a < g.argTo(row); a++)
            if (isOutput(g.argType(a))) rows.addCodes(v, Rows.OUTPUT, fields, argFields(a));
    }

    /** Scratch for the codes of one row's fields. */
    private final int[] fields = new int[16];

    private final StringBuilder line = new StringBuilder(64);

    /**
     * Puts the codes of one slot's lines into {@link #fields}, returning how many: its identity line, then storage,
     * shape, strides and start offset (a slot without tensor: one line). Lines that many slots share
     * (storage, shape, strides, offset, the slot's head) are built once and their codes kept.
     */
    private int argFields(int a) {
        int t = argTensor[a];
        line.setLength(0);
        line.append(head(a));
        if (t < 0) {
            fields[0] = strings.code(line.append(" (alloc)").toString());
            return 1;
        }
        boolean guessed = inferred.get(a);
        int trow = g.tensorRow(t);
        int dtype = g.argDtypeCode(a);
        if (dtype < 0 && trow >= 0) dtype = g.tensorDtypeCode(trow);
        line.append(guessed ? " ? " : " ").append(tensorName(t));
        if (dtype >= 0) line.append(':').append(lowerDtype(dtype));
        fields[0] = strings.code(line.toString());
        boolean numelKnown = trow >= 0 && g.bufferNumelOk(trow);
        fields[1] = numelKnown ? storageCode(trow) : strings.code("storage: ?");
        if (!guessed) {
            fields[2] = arrayLine(shapeLines, "shape: ", g.argShapeCode(a));
            fields[3] = arrayLine(strideLines, "strides: ", g.argStridesCode(a));
            fields[4] = g.argOffsetOk(a) ? offsetCode(g.argOffset(a)) : strings.code("start_offset: ? (elem)");
            return 5;
        }
        long[] shape = g.argShape(a), strides = g.argStrides(a);
        if ((shape == null || shape.length == 0) && numelKnown) shape = new long[] {g.bufferNumel(trow)};
        if (strides == null || strides.length == 0) {
            strides = new long[shape == null ? 0 : shape.length];
            Arrays.fill(strides, 1);
        }
        fields[2] = strings.code("shape: " + list(shape));
        fields[3] = strings.code("strides: " + list(strides));
        fields[4] = g.argOffsetOk(a) ? offsetCode(g.argOffset(a)) : strings.code("start_offset: 0 (elem)");
        return 5;
    }

    private final java.util.Map<Long, String> heads = new java.util.HashMap<>();

    /** {@code arg<idx> <type>}, one String per (idx, type). */
    private String head(int a) {
        long k = ((long) g.argIdx(a) << 32) | (g.argTypeCode(a) & 0xFFFFFFFFL);
        String h = heads.get(k);
        if (h == null) heads.put(k, h = "arg" + idx(g.argIdx(a)) + " " + g.argType(a));
        return h;
    }

    private String[] lowerDtypes = new String[0];

    /** The lower-cased dtype of the graph's string code {@code c}. */
    private String lowerDtype(int c) {
        String d = lowerDtypes[c];
        if (d == null) lowerDtypes[c] = d = g.string(c).toLowerCase(Locale.ROOT);
        return d;
    }

    private int[] shapeLines = new int[0], strideLines = new int[0];

    /** The code of {@code prefix + list(array)} of the graph's array code {@code c}, kept per code. */
    private int arrayLine(int[] cache, String prefix, int c) {
        if (c < 0) return strings.code(prefix + "[]");
        int code = cache[c];
        if (code == 0) cache[c] = code = strings.code(prefix + list(g.array(c))) + 1;
        return code - 1;
    }

    private int[] storageLines = new int[0];
    private final java.util.Map<Long, Integer> offsetLines = new java.util.HashMap<>();

    private int storageCode(int trow) {
        int c = storageLines[trow];
        if (c == 0) storageLines[trow] = c = strings.code("storage: " + g.bufferNumel(trow) + " elems") + 1;
        return c - 1;
    }

    private int offsetCode(long offset) {
        return offsetLines.computeIfAbsent(offset, o -> strings.code("start_offset: " + o + " (elem)"));
    }

    private static String idx(int i) {
        return i == TaskGraph.ABSENT ? "?" : Integer.toString(i);
    }

    /** Each tensor's name is built once: the same String object interns fast (its hash is kept). */
    private String tensorName(int t) {
        String name = tensorNames[t];
        if (name == null) {
            int trow = g.tensorRow(t);
            name = trow >= 0
                    ? "T" + g.rowIndex(trow)
                    : "T?" + java.util.HexFormat.of().toHexDigits((short) g.tensorId(t));
            tensorNames[t] = name;
        }
        return name;
    }

    private final int[] argTextCodes = new int[64];

    /** The code of {@code arg <n>}, kept for the small slot numbers. */
    private int argTextCode(int arg) {
        if (arg < 0 || arg >= argTextCodes.length) return strings.code("arg " + arg);
        int c = argTextCodes[arg];
        if (c == 0) argTextCodes[arg] = c = strings.code("arg " + arg) + 1;
        return c - 1;
    }

    private static String list(long[] a) {
        if (a == null) return "[]";
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) sb.append(i == 0 ? "" : ",").append(a[i]);
        return sb.append(']').toString();
    }

    // ---- annotation rows

    /** One annotation row of a pair: source, tensor, consumer slot, overlap, hazard, access kind, flags, and (tensor view) ports. */
    private void annotationRow(Rows rows, int pair, int e) {
        int n = 0;
        int source = g.edgeSourceCode(e);
        fields[n++] = source < 0 ? strings.code("(no source)") : member(PREFIXES.length, source);
        int t = g.edgeTensor(e);
        if (t >= 0) {
            int c = tensorCodes[t];
            if (c == 0) tensorCodes[t] = c = strings.code(tensorName(t)) + 1;
            fields[n++] = c - 1;
        }
        if (g.edgeArg(e) != TaskGraph.ABSENT) fields[n++] = argTextCode(g.edgeArg(e));
        if (g.edgeOverlapCode(e) >= 0) fields[n++] = member(0, g.edgeOverlapCode(e));
        if (g.edgeHazardCode(e) >= 0) fields[n++] = member(1, g.edgeHazardCode(e));
        if (g.edgeAccessKindCode(e) >= 0) fields[n++] = member(2, g.edgeAccessKindCode(e));
        if (g.edgeFlagsCode(e) >= 0) fields[n++] = member(3, g.edgeFlagsCode(e));
        if (tensorMode) {
            String ports = ports(e);
            if (ports != null) fields[n++] = strings.code(ports);
        }
        rows.addCodes(pair, Rows.TEXT, fields, n);
    }

    /** What the overlap, hazard, access kind and flags fields start with; a member's own value is the last kind. */
    private static final String[] PREFIXES = {"overlap ", "hazard ", "access ", "flags "};

    private int[] tensorCodes = new int[0];
    private int[][] memberCodes = new int[0][];

    /** The page code of {@code PREFIXES[kind] + value} (the bare value past the prefixes) of the graph's string code {@code c}. */
    private int member(int kind, int c) {
        int code = memberCodes[kind][c];
        if (code == 0)
            memberCodes[kind][c] =
                    code = strings.code(kind < PREFIXES.length ? PREFIXES[kind] + g.string(c) : g.string(c)) + 1;
        return code - 1;
    }

    /** The slots a row connects, each only where that slot is drawn: {@code out_k → in_a}, or null for neither. */
    private String ports(int e) {
        String tail = null, head = null;
        int predRow = g.taskRow(g.edgePred(e)), succRow = g.taskRow(g.edgeSucc(e));
        int t = g.edgeTensor(e);
        if (predRow >= 0 && t >= 0) {
            for (int a = g.argFrom(predRow); a < g.argTo(predRow); a++) {
                if (isOutput(g.argType(a)) && argTensor[a] == t) {
                    tail = "out_" + idx(g.argIdx(a));
                    break;
                }
            }
        }
        int arg = g.edgeArg(e);
        if (succRow >= 0 && arg != TaskGraph.ABSENT && arg >= 0) {
            for (int a = g.argFrom(succRow); a < g.argTo(succRow); a++) {
                if (g.argIdx(a) == arg && isInput(g.argType(a))) {
                    head = "in_" + arg;
                    break;
                }
            }
        }
        if (tail == null && head == null) return null;
        return (tail == null ? "·" : tail) + " → " + (head == null ? "·" : head);
    }
}
