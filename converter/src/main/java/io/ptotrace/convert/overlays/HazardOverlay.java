package io.ptotrace.convert.overlays;

import io.ptotrace.check.Finding;
import io.ptotrace.check.HazardKind;
import io.ptotrace.convert.picture.Overlay;
import io.ptotrace.convert.picture.OverlayContext;
import io.ptotrace.convert.picture.OverlayProducer;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.U64;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The check's findings drawn on a run's trace: on the first slice of each of the two tasks a marker slice of
 * category {@value #CATEGORY} (same track, same time span, so it shows nested in the task), and an arrow from the
 * earlier task's marker to the later's. The markers' args name the kind, tensor, byte range and fix.
 */
public final class HazardOverlay {
    public static final String CATEGORY = "hazard";
    private static final String TASK_CATEGORY = "event";

    private HazardOverlay() {}

    /** {@code convert --check}: checks the deps.json of the run being converted and marks what it finds. */
    public static OverlayProducer producer(Path funcNames, PrintStream out, Consumer<String> warn) {
        return of(ctx -> addChecked(ctx.picture(), ctx.run(), ctx.depsJson(), funcNames, out, warn));
    }

    /** Marks {@code findings} (already checked); {@code drawn[0]} is set to how many were drawn. */
    public static OverlayProducer producer(List<Finding> findings, int[] drawn) {
        return of(ctx -> drawn[0] = add(findings, ctx.picture()));
    }

    private static OverlayProducer of(Consumer<OverlayContext> marks) {
        return new OverlayProducer() {
            @Override
            public String category() {
                return CATEGORY;
            }

            @Override
            public void mark(OverlayContext ctx, Overlay overlay) {
                marks.accept(ctx);
            }
        };
    }

    /** {@code convert --check}: checks the run's deps.json, marks what it finds and says so on {@code out}. */
    public static void addChecked(
            TracePicture pic,
            io.ptotrace.model.Run run,
            java.nio.file.Path deps,
            java.nio.file.Path funcNames,
            java.io.PrintStream out,
            java.util.function.Consumer<String> warn) {
        io.ptotrace.model.graph.TaskGraph g =
                io.ptotrace.check.CheckJob.read(io.ptotrace.model.RunLocator.depsOf(deps), warn);
        java.nio.file.Path names;
        try {
            names = funcNames != null ? funcNames : io.ptotrace.model.RunLocator.uniqueNameMapBeside(deps, w -> {});
        } catch (java.io.IOException e) {
            names = null;
        }
        io.ptotrace.model.NameMap map =
                names == null ? io.ptotrace.model.NameMap.EMPTY : io.ptotrace.model.NameMap.readWithFlatFallback(names);
        io.ptotrace.check.HazardCheck.Result r =
                io.ptotrace.check.HazardCheck.run(g, map, io.ptotrace.check.TaskSpans.of(run.timeline, g), warn);
        int drawn = add(r.findings(), pic);
        long races = r.findings().stream()
                .filter(f -> f.observed() == Finding.Observed.RACE)
                .count();
        out.println("  Hazard check: " + r.findings().size() + " finding(s) in " + deps + " (" + races
                + " observed as race(s)), " + drawn + " marked (category hazard)");
        if (r.unplaced() > 0)
            warn.accept(
                    "Warning: " + r.unplaced() + " access(es) of " + deps + " not checked: their tensor_id names no "
                            + "tensor with a usable buffer_addr in tensors[], so nothing places their bytes");
    }

    /** Adds the findings whose tasks both have a slice; returns how many were drawn. */
    public static int add(List<Finding> findings, TracePicture pic) {
        Map<Long, Integer> firstSlice = new HashMap<>();
        for (int i = 0; i < pic.sliceCount(); i++) {
            if (!TASK_CATEGORY.equals(pic.sliceCategory(i))) continue;
            long id = taskOf(pic.sliceName(i));
            if (id == -1) continue; // host_build_graph's parameter ids p<l> are negative as longs
            Integer had = firstSlice.get(id);
            if (had == null || pic.sliceTs(i) < pic.sliceTs(had)) firstSlice.put(id, i);
        }
        Overlay ov = null;
        int drawn = 0;
        for (Finding f : findings) {
            Integer a = firstSlice.get(f.first().taskId()),
                    b = firstSlice.get(f.second().taskId());
            if (a == null || b == null) continue;
            if (ov == null) ov = pic.overlay(CATEGORY);
            int ma = marker(ov, pic, a, f, "earlier");
            int mb = marker(ov, pic, b, f, "later");
            ov.arrow(ma, mb);
            drawn++;
        }
        return drawn;
    }

    private static int marker(Overlay ov, TracePicture pic, int slice, Finding f, String role) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("kind", f.kind().key);
        args.put("severity", f.severity().word);
        args.put("role", role);
        args.put(
                "earlier",
                f.first().display() + " arg " + f.first().slot()
                        + (f.first().type() == null ? "" : " " + f.first().type()));
        args.put(
                "later",
                f.second().display() + " arg " + f.second().slot()
                        + (f.second().type() == null ? "" : " " + f.second().type()));
        args.put("tensor_id", U64.str(f.tensorId()));
        args.put("buffer_addr", "0x" + Long.toHexString(f.bufferAddr()));
        args.put(
                "bytes",
                f.kind() == HazardKind.EDGE_WITHOUT_OVERLAP
                        ? "none"
                        : ranges(f.bytes()) + " (" + f.byteCount() + " bytes)");
        args.put("certainty", f.certain() ? "certain" : "possible");
        args.put("manual_scope", f.manualScope());
        args.put("observed", f.observed() == null ? "no timing" : f.observed().word);
        if (!Double.isNaN(f.overlapUs())) args.put("overlap_us", f.overlapUs());
        args.put("fix", f.kind().fix(f));
        return ov.slice(
                pic.slicePid(slice),
                pic.sliceTid(slice),
                pic.sliceTs(slice),
                pic.sliceDur(slice),
                "hazard: " + f.kind().words,
                null,
                args);
    }

    private static String ranges(long[] b) {
        StringBuilder sb = new StringBuilder();
        int n = b.length / 2;
        for (int i = 0; i < Math.min(n, 4); i++) {
            if (i > 0) sb.append(", ");
            sb.append("[0x")
                    .append(Long.toHexString(b[2 * i]))
                    .append(", 0x")
                    .append(Long.toHexString(b[2 * i + 1]))
                    .append(')');
        }
        if (n > 4) sb.append(" and ").append(n - 4).append(" more");
        return sb.toString();
    }

    /** The raw task id a task slice's name ends with ({@code QK(t5)}, {@code QK(g7t3)}), or −1. */
    private static long taskOf(String name) {
        if (name == null || !name.endsWith(")")) return -1;
        int open = name.lastIndexOf('(');
        return open < 0 ? -1 : TaskIds.parseDisplay(name.substring(open + 1, name.length() - 1));
    }
}
